#!/usr/bin/env bash
# The second README command, and what CI runs: install what is missing, then build and run the
# whole lit suite twice, once plainly and once under AddressSanitizer and UBSan.
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/deps.sh
jobs=$(nproc)
status=0
for cfg in plain asan; do
	dir=build-test-$cfg
	san=OFF
	[ "$cfg" = asan ] && san=ON
	echo "== $cfg build ($dir)"
	cmake -S . -B "$dir" -DCMAKE_BUILD_TYPE=Debug -DDAGCC_SANITIZE=$san >/dev/null
	cmake --build "$dir" -j "$jobs" >/dev/null
	echo "== $cfg: lit"
	if ! ASAN_OPTIONS=detect_leaks=1:abort_on_error=0 cmake --build "$dir" --target check; then
		status=1
	fi
done
exit $status
