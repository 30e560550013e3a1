// Facts no single TU has: a hijacked call's other function may be a run-time
// dispatcher that hands the call back to the template (CTranslate2's
// `StorageView::view(void *, Shape)`, a switch over the dtype calling
// `view<T>(T *, Shape)`), defined in another TU than the call's. The check
// reports the call there, with a note; the project's facts settle it.
#pragma once

#include "Facts.h"

namespace dispatch::scan {

/// Makes latent every hijacked-call finding whose alternative (recorded by
/// the check when its body was elsewhere) calls a specialisation of the
/// template in some TU, with a note naming where. Returns how many.
unsigned settleDispatchers(Facts &F);

} // namespace dispatch::scan
