#!/usr/bin/env bash
# The CI integrations (action.yml, the GitLab template, the pre-commit hook)
# in a fresh Debian 12 root filesystem, as a `container: debian:12` job meets
# them: debootstrap bookworm (minbase, as the debian:12 image), a clean clone
# of this repository's HEAD in it, and ci_templates.py --fresh run there under
# chroot. The root gets only what the test harness itself needs (python3,
# python3-yaml, git); the jobs' own steps install the compiler, CMake and
# LLVM and build dispatch-tidy, and the gate's verdicts on the example
# project's pull request are checked. Needs root and the Debian mirror; slow
# (about 20 minutes on 2 cores: docs/integrations.md), so it is not part of
# .ci/run: run it before a release and after changing integrations/ci/ or
# integrations/setup/.
#
#   sudo test/integrations/fresh_root.sh [--llvm-version 16|19] [--keep]
#
# DISPATCH_FRESH_ROOT_CACHE (default /var/tmp/dispatch-fresh-root) keeps the
# debootstrapped base between runs; every run starts from a copy of it.
set -euo pipefail
src="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
v=16
keep=0
while [ $# -gt 0 ]; do
  case "$1" in
    --llvm-version) v="$2"; shift 2 ;;
    --keep) keep=1; shift ;;
    *) echo "fresh_root.sh: unknown argument $1" >&2; exit 2 ;;
  esac
done
[ "$(id -u)" -eq 0 ] || { echo "fresh_root.sh: needs root (debootstrap, chroot)" >&2; exit 2; }
command -v debootstrap >/dev/null || { echo "fresh_root.sh: needs debootstrap (apt-get install debootstrap)" >&2; exit 2; }
cache="${DISPATCH_FRESH_ROOT_CACHE:-/var/tmp/dispatch-fresh-root}"
base="$cache/base-bookworm"
mkdir -p "$cache"
if [ ! -f "$base/etc/debian_version" ]; then
  rm -rf "$base.partial"
  debootstrap --variant=minbase bookworm "$base.partial" http://deb.debian.org/debian
  mv "$base.partial" "$base"
fi
root="$(mktemp -d "$cache/run.XXXXXX")"
cleanup() {
  for m in dev/pts dev proc; do umount "$root/$m" 2>/dev/null || true; done
  [ "$keep" = 1 ] && echo "fresh_root.sh: kept $root" || rm -rf "$root"
}
trap cleanup EXIT
cp -a "$base/." "$root/"
cp /etc/resolv.conf "$root/etc/resolv.conf"
mount -t proc proc "$root/proc"
mount --bind /dev "$root/dev"
mount --bind /dev/pts "$root/dev/pts"
# What is committed, nothing of this checkout's build directories.
git clone -q "$src" "$root/opt/dispatch-tidy"
in_root() {
  chroot "$root" env -i HOME=/root LANG=C.UTF-8 DEBIAN_FRONTEND=noninteractive \
    PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin "$@"
}
# The harness's own needs, not the jobs'.
in_root apt-get update -qq
in_root apt-get install -y -qq --no-install-recommends python3 python3-yaml git >/dev/null
echo "fresh_root.sh: $(in_root cat /etc/debian_version) root at $root; running the jobs (LLVM $v)"
start=$(date +%s)
status=0
in_root python3 /opt/dispatch-tidy/test/integrations/ci_templates.py --fresh --llvm-version "$v" \
  --work /tmp/ci-work || status=$?
echo "fresh_root.sh: the jobs took $(( $(date +%s) - start )) s; exit $status"
exit $status
