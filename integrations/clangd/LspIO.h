// LSP base protocol: `Content-Length: N\r\n\r\n` + N bytes of JSON-RPC.
// Messages are kept as raw text so that what is not ours is relayed
// byte for byte.
#pragma once

#include <cstdio>
#include <mutex>
#include <optional>
#include <string>

namespace dispatch::clangd {

/// Reads framed messages from a file descriptor.
class LspReader {
public:
  explicit LspReader(int Fd) : Fd(Fd) {}
  /// The next message body; nullopt at end of input. A header block
  /// without Content-Length yields an empty body (a framing error the
  /// caller reports) and reading goes on.
  std::optional<std::string> read();

private:
  bool fill();
  int Fd;
  std::string Buf;
  size_t Pos = 0;
};

/// Writes framed messages to a file descriptor; one writer per stream,
/// safe to call from several threads.
class LspWriter {
public:
  explicit LspWriter(int Fd) : Fd(Fd) {}
  void setFd(int F) {
    std::lock_guard<std::mutex> L(M);
    Fd = F;
  }
  /// False when the other end is gone.
  bool write(const std::string &Body);

private:
  std::mutex M;
  int Fd;
};

} // namespace dispatch::clangd
