#!/usr/bin/env bash
# Installs what dagcc needs on Debian 12 that is not there yet. Safe to run again.
set -euo pipefail

pkgs=(cmake make gcc clang-14 python3 pkgconf libclang-14-dev llvm-14-tools
      libopenmpi-dev openmpi-bin graphviz clang-format-14
      ninja-build meson bear clang-tidy ccache) # the last line: the build tests (test/lit/build)
missing=()
for p in "${pkgs[@]}"; do
	dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then
	exit 0
fi
echo "installing: ${missing[*]}"
sudo=""
if [ "$(id -u)" != 0 ]; then
	sudo="sudo"
fi
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
