#!/usr/bin/env bash
# Installs those of the Debian packages given as arguments that are missing
# (apt-get, through sudo when not root). Prints nothing and touches nothing
# when all are present. Used by install-deps.sh (the project's own list) and
# the CI step integrations/ci/steps/install-packages.sh (a job's list).
set -euo pipefail
missing=()
for pkg in "$@"; do
  dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || missing+=("$pkg")
done
[ "${#missing[@]}" -gt 0 ] || exit 0
echo "dispatch-tidy: installing ${missing[*]}"
sudo_cmd=""
if [ "$(id -u)" -ne 0 ]; then
  command -v sudo >/dev/null || { echo "dispatch-tidy: error: not root and no sudo to install ${missing[*]}" >&2; exit 2; }
  sudo_cmd="sudo"
fi
$sudo_cmd apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq --no-install-recommends "${missing[@]}"
