// The real clangd, run as a child process on a pair of pipes.
#pragma once

#include <string>
#include <sys/types.h>
#include <vector>

namespace dispatch::clangd {

class ClangdChild {
public:
  ClangdChild(std::string Path, std::vector<std::string> Args)
      : Path(std::move(Path)), Args(std::move(Args)) {}
  ~ClangdChild() {
    stop();
    closeOutput();
  }

  /// Starts clangd; false (with Error set) when it cannot be started.
  bool start(std::string &Error);
  /// Closes its input, waits up to TimeoutMs for it to exit, then kills it.
  void stop(int TimeoutMs = 2000);
  /// Closes the read end (by the thread that reads it, once it is done).
  void closeOutput();

  int toClangd() const { return In; }   ///< write end of clangd's stdin
  int fromClangd() const { return Out; } ///< read end of clangd's stdout
  pid_t pid() const { return Pid; }

private:
  std::string Path;
  std::vector<std::string> Args;
  pid_t Pid = -1;
  int In = -1, Out = -1;
};

} // namespace dispatch::clangd
