#include "dispatch/CudaArchBranches.h"

#include "clang/Lex/Lexer.h"
#include "clang/Lex/PPCallbacks.h"

using namespace clang;

namespace dispatch {

namespace {
class Recorder : public PPCallbacks {
public:
  Recorder(const SourceManager &SM, const LangOptions &LO,
           std::shared_ptr<std::vector<std::pair<SourceLocation, SourceLocation>>> Out)
      : SM(SM), LO(LO), Out(std::move(Out)) {}

  void If(SourceLocation Loc, SourceRange Cond, ConditionValueKind) override {
    Open.push_back({Loc, testsArch(Cond)});
  }
  void Ifdef(SourceLocation Loc, const Token &Name, const MacroDefinition &) override {
    Open.push_back({Loc, isArch(Name)});
  }
  void Ifndef(SourceLocation Loc, const Token &Name, const MacroDefinition &) override {
    Open.push_back({Loc, isArch(Name)});
  }
  void Elif(SourceLocation Loc, SourceRange Cond, ConditionValueKind, SourceLocation) override {
    next(Loc, testsArch(Cond));
  }
  void Else(SourceLocation Loc, SourceLocation) override { next(Loc, false); }
  void Endif(SourceLocation Loc, SourceLocation) override {
    if (Open.empty())
      return;
    close(Loc);
    Open.pop_back();
  }

private:
  struct Chain {
    SourceLocation RegionBegin;
    bool TestsArch; ///< some condition of the chain so far names __CUDA_ARCH__
  };
  static bool isArch(const Token &Name) {
    return Name.getIdentifierInfo() && Name.getIdentifierInfo()->getName() == "__CUDA_ARCH__";
  }
  bool testsArch(SourceRange Cond) const {
    llvm::StringRef Text = Lexer::getSourceText(CharSourceRange::getCharRange(Cond), SM, LO);
    return Text.contains("__CUDA_ARCH__");
  }
  void close(SourceLocation End) {
    if (Open.back().TestsArch)
      Out->push_back({Open.back().RegionBegin, End});
  }
  void next(SourceLocation Loc, bool Tests) {
    if (Open.empty())
      return;
    close(Loc);
    Open.back().RegionBegin = Loc;
    Open.back().TestsArch |= Tests;
  }

  const SourceManager &SM;
  const LangOptions &LO;
  std::shared_ptr<std::vector<std::pair<SourceLocation, SourceLocation>>> Out;
  std::vector<Chain> Open;
};
} // namespace

void CudaArchBranches::attach(Preprocessor &PP) {
  auto Pairs = std::make_shared<std::vector<std::pair<SourceLocation, SourceLocation>>>();
  PairsStore = Pairs;
  PP.addPPCallbacks(std::make_unique<Recorder>(PP.getSourceManager(), PP.getLangOpts(), Pairs));
}

bool CudaArchBranches::contains(SourceLocation Loc, const SourceManager &SM) const {
  if (!PairsStore || Loc.isInvalid())
    return false;
  Loc = SM.getExpansionLoc(Loc);
  for (const auto &[Begin, End] : *PairsStore)
    if (SM.getFileID(Begin) == SM.getFileID(Loc) && !SM.isBeforeInTranslationUnit(Loc, Begin) &&
        SM.isBeforeInTranslationUnit(Loc, End))
      return true;
  return false;
}

} // namespace dispatch
