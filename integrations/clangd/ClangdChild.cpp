#include "ClangdChild.h"

#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstring>
#include <fcntl.h>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

namespace dispatch::clangd {

bool ClangdChild::start(std::string &Error) {
  int ToChild[2], FromChild[2];
  if (pipe2(ToChild, O_CLOEXEC) != 0 || pipe2(FromChild, O_CLOEXEC) != 0) {
    Error = std::string("pipe: ") + strerror(errno);
    return false;
  }
  // Reports an exec failure through a close-on-exec pipe.
  int ExecErr[2];
  if (pipe2(ExecErr, O_CLOEXEC) != 0) {
    Error = std::string("pipe: ") + strerror(errno);
    return false;
  }
  std::vector<char *> Argv;
  Argv.push_back(const_cast<char *>(Path.c_str()));
  for (std::string &A : Args)
    Argv.push_back(A.data());
  Argv.push_back(nullptr);
  Pid = fork();
  if (Pid < 0) {
    Error = std::string("fork: ") + strerror(errno);
    return false;
  }
  if (Pid == 0) {
    dup2(ToChild[0], 0);
    dup2(FromChild[1], 1);
    execvp(Path.c_str(), Argv.data());
    int E = errno;
    (void)!::write(ExecErr[1], &E, sizeof E);
    _exit(127);
  }
  close(ToChild[0]);
  close(FromChild[1]);
  close(ExecErr[1]);
  int E = 0;
  ssize_t N = ::read(ExecErr[0], &E, sizeof E);
  close(ExecErr[0]);
  if (N == sizeof E) {
    Error = "cannot run " + Path + ": " + strerror(E);
    waitpid(Pid, nullptr, 0);
    Pid = -1;
    close(ToChild[1]);
    close(FromChild[0]);
    return false;
  }
  In = ToChild[1];
  Out = FromChild[0];
  return true;
}

void ClangdChild::stop(int TimeoutMs) {
  if (In >= 0)
    close(In);
  In = -1;
  if (Pid > 0) {
    auto Deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(TimeoutMs);
    while (waitpid(Pid, nullptr, WNOHANG) == 0) {
      if (std::chrono::steady_clock::now() > Deadline) {
        kill(Pid, SIGKILL);
        waitpid(Pid, nullptr, 0);
        break;
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    Pid = -1;
  }
}

void ClangdChild::closeOutput() {
  if (Out >= 0)
    close(Out);
  Out = -1;
}

} // namespace dispatch::clangd
