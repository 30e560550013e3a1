// Who a copyright notice names. A library copied into a project's tree
// without its licence file (tiny-dnn's cereal/, a header from another
// project) still carries its authors' notice at the top of each file; a
// notice that names none of the holders of the project's own licence marks
// the file as somebody else's code.
#pragma once

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <set>
#include <string>

namespace dispatch {

/// The holders named by the copyright lines of Text, as lower-case words:
/// "Copyright (c) 2014, Randolph Voorhies, Shane Grant" gives {randolph,
/// voorhies, shane, grant}. A copyright line starts (after comment marks, or
/// an SPDX-FileCopyrightText tag) with "Copyright" followed by "(c)", a year
/// or a capitalised name; the holders are its capitalised words up to the
/// end of the first sentence, without StopWords ("inc", "authors", "all
/// rights reserved"). Lines with template placeholders ("[yyyy]", "<name>")
/// and the licence text's own mentions of copyright ("the above copyright
/// notice", "COPYRIGHT HOLDERS") name nobody.
std::set<std::string> copyrightHolders(llvm::StringRef Text, llvm::ArrayRef<std::string> StopWords);

/// Whether Text says it is licensed by the licence file at the root of the
/// tree it is in: a line naming one of LicenceFiles ("LICENSE") together with
/// "root" or "top-level" — "licensed under the MIT license found in the
/// LICENSE file in the root directory of this source tree" (faiss, whose
/// files say "Meta Platforms" and whose LICENSE "Facebook"). A copied file
/// carries its own licence's text or name instead.
bool refersToRootLicence(llvm::StringRef Text, llvm::ArrayRef<std::string> LicenceFiles);

/// Whether both sets are non-empty and share no holder.
bool namesOtherHolders(const std::set<std::string> &File, const std::set<std::string> &Project);

} // namespace dispatch
