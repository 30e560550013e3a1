#include "dispatch/Location.h"

namespace dispatch {

std::string Location::str() const {
  return File + ":" + std::to_string(Line) + ":" + std::to_string(Column);
}

} // namespace dispatch
