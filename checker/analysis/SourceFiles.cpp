#include "dispatch/SourceFiles.h"

namespace dispatch {

llvm::DenseMap<const clang::FileEntry *, clang::FileID>
fileIdsOf(const clang::SourceManager &SM) {
  llvm::DenseMap<const clang::FileEntry *, clang::FileID> Out;
  for (unsigned I = 1, N = SM.local_sloc_entry_size(); I < N; ++I) {
    const clang::SrcMgr::SLocEntry &E = SM.getLocalSLocEntry(I);
    if (!E.isFile())
      continue;
    if (clang::OptionalFileEntryRef FE = E.getFile().getContentCache().OrigEntry)
      Out.try_emplace(&FE->getFileEntry(), SM.getFileID(clang::SourceLocation::getFromRawEncoding(E.getOffset())));
  }
  return Out;
}

} // namespace dispatch
