#!/usr/bin/env bash
# The second README command, and what CI runs: install what is missing, check the formatting
# (scripts/format.sh --check), then build and run the whole lit suite twice, once plainly (cc)
# and once under AddressSanitizer and UBSan, built with clang (gcc's -fsanitize=undefined leaves
# out float-cast-overflow) and with the fuzzers (-DDAGCC_FUZZ=ON), which the sanitized suite
# runs for a fixed number of deterministic executions (test/lit/fuzz). Both are Debug builds
# (assertions on) compiled with optimization.
set -uo pipefail
cd "$(dirname "$0")/.."

scripts/deps.sh || exit 1
jobs=$(nproc)
status=0
# formatting deviates: the suite still runs, and the run fails
echo "== format"
scripts/format.sh --check || status=1
passed=0
failed=0
log=$(mktemp)
trap 'rm -f "$log"' EXIT
for cfg in plain asan; do
	dir=build-test-$cfg
	san=OFF
	cc=${CC:-cc}
	opt=-O2 # Debug keeps assert() (no NDEBUG); optimized, the scheduler-heavy tests run faster
	if [ "$cfg" = asan ]; then
		san=ON
		cc=clang
		opt=-O1 # what AddressSanitizer's documentation advises
	fi
	cc=$(command -v "$cc") || { echo "no C compiler for the $cfg build"; exit 1; }
	# a tree configured with another compiler is configured afresh
	if [ -f "$dir/CMakeCache.txt" ] && ! grep -qx "CMAKE_C_COMPILER:[A-Z]*=$cc" "$dir/CMakeCache.txt"; then
		rm -rf "$dir"
	fi
	echo "== $cfg build ($dir, $cc)"
	CC=$cc cmake -S . -B "$dir" -DCMAKE_BUILD_TYPE=Debug -DCMAKE_C_FLAGS="$opt" -DDAGCC_SANITIZE=$san -DDAGCC_FUZZ=$san >/dev/null || exit 1
	cmake --build "$dir" -j "$jobs" >/dev/null || exit 1
	echo "== $cfg: lit"
	if ! ASAN_OPTIONS=detect_leaks=1:abort_on_error=0 cmake --build "$dir" --target check 2>&1 | tee "$log"; then
		status=1
	fi
	passed=$((passed + $(sed -n 's/^ *Passed *: *\([0-9]*\).*/\1/p' "$log" | tail -n 1 | grep . || echo 0)))
	failed=$((failed + $(sed -n 's/^ *Failed *: *\([0-9]*\).*/\1/p' "$log" | tail -n 1 | grep . || echo 0)))
done
[ $passed -gt 0 ] || status=1
echo "lit: $passed passed, $failed failed"
exit $status
