"""Source locations, as dispatch-resolve prints them and as claims spell them."""
import os
import re
from dataclasses import dataclass


def norm_path(path, base=None):
    """Absolute, symlink-free path, so that paths from clang-tidy, from
    dispatch-resolve and from the user compare equal."""
    if base and not os.path.isabs(path):
        path = os.path.join(base, path)
    return os.path.realpath(path)


@dataclass(frozen=True, order=True)
class Loc:
    file: str
    line: int
    col: int

    def __str__(self):
        return f"{display_path(self.file)}:{self.line}:{self.col}"


def display_path(path):
    """A path as short as it can be while still naming the file."""
    rel = os.path.relpath(path)
    return rel if not rel.startswith("..") else path


def from_json(obj):
    """Loc from dispatch-resolve's {file, line, col}, or None."""
    if not obj:
        return None
    return Loc(norm_path(obj["file"]), obj["line"], obj["col"])


_LOC = re.compile(r"^(?:(?P<file>.*):)?(?P<line>\d+):(?P<col>\d+)$")


def parse(text, main_file, base_dir):
    """Loc from `LINE:COL` (in main_file) or `PATH:LINE:COL` (PATH relative
    to base_dir), the spelling of claims files."""
    m = _LOC.match(text.strip())
    if not m:
        raise ValueError(f"not a location: {text!r} (want LINE:COL or PATH:LINE:COL)")
    file = norm_path(m["file"], base_dir) if m["file"] else main_file
    return Loc(file, int(m["line"]), int(m["col"]))
