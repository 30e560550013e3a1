#include "LspIO.h"

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <unistd.h>

namespace dispatch::clangd {

bool LspReader::fill() {
  char Chunk[65536];
  for (;;) {
    ssize_t N = ::read(Fd, Chunk, sizeof Chunk);
    if (N > 0) {
      if (Pos > 0 && Pos == Buf.size()) {
        Buf.clear();
        Pos = 0;
      }
      Buf.append(Chunk, size_t(N));
      return true;
    }
    if (N < 0 && errno == EINTR)
      continue;
    return false;
  }
}

std::optional<std::string> LspReader::read() {
  for (;;) {
    size_t End = Buf.find("\r\n\r\n", Pos);
    if (End == std::string::npos) {
      if (!fill())
        return std::nullopt;
      continue;
    }
    long Length = -1;
    for (size_t Line = Pos; Line < End;) {
      size_t Eol = Buf.find("\r\n", Line);
      if (Eol == std::string::npos || Eol > End)
        Eol = End;
      std::string Header = Buf.substr(Line, Eol - Line);
      if (strncasecmp(Header.c_str(), "Content-Length:", 15) == 0)
        Length = std::strtol(Header.c_str() + 15, nullptr, 10);
      Line = Eol + 2;
    }
    Pos = End + 4;
    if (Length < 0)
      return std::string(); // framing error: no length
    while (Buf.size() - Pos < size_t(Length))
      if (!fill())
        return std::nullopt;
    std::string Body = Buf.substr(Pos, size_t(Length));
    Pos += size_t(Length);
    if (Pos == Buf.size()) {
      Buf.clear();
      Pos = 0;
    } else if (Pos > (1u << 20)) {
      Buf.erase(0, Pos);
      Pos = 0;
    }
    return Body;
  }
}

bool LspWriter::write(const std::string &Body) {
  std::string Msg = "Content-Length: " + std::to_string(Body.size()) + "\r\n\r\n" + Body;
  std::lock_guard<std::mutex> L(M);
  const char *P = Msg.data();
  size_t Left = Msg.size();
  while (Left > 0) {
    ssize_t N = ::write(Fd, P, Left);
    if (N < 0 && errno == EINTR)
      continue;
    if (N <= 0)
      return false;
    P += N;
    Left -= size_t(N);
  }
  return true;
}

} // namespace dispatch::clangd
