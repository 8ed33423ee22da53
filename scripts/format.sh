#!/usr/bin/env bash
# Formats dagcc's own C sources and headers with clang-format-14 and the repository's
# .clang-format; with --check, changes nothing and fails, naming them, if any would change
# (what scripts/test.sh and so CI run). Usage: scripts/format.sh [--check] [FILE...]
#
# Not formatted: examples/ and everything under test/lit (tests pin their bytes and line
# numbers), and the runtime test programs whose line numbers the lit tests check in the
# checker's and the timeout's reports (file:line): test/runtime/bad.c, checked.c, extents.c
# and order.c.
set -uo pipefail
check=0
[ "${1:-}" = --check ] && check=1 && shift
args=()
for f in "$@"; do args+=("$(realpath -m "$f")"); done
cd "$(dirname "$0")/.."
cf=$(command -v clang-format-14) || { echo "format.sh: clang-format-14 not found (scripts/deps.sh installs it)"; exit 1; }

keep=(test/runtime/bad.c test/runtime/checked.c test/runtime/extents.c test/runtime/order.c)
if [ ${#args[@]} -gt 0 ]; then
	files=("${args[@]}")
else
	mapfile -t files < <(git ls-files -- 'tools/*.[ch]' 'frontend/*.[ch]' 'ir/*.[ch]' 'passes/*.[ch]' \
		'emit/*.[ch]' 'runtime/*.[ch]' 'include/*.[ch]' 'bench/*.c' 'fuzz/*.c' 'test/runtime/*.c' \
		| grep -v -x -F "${keep[@]/#/-e}")
fi
[ ${#files[@]} -gt 0 ] || { echo "format.sh: no files"; exit 1; }

if [ $check = 0 ]; then
	exec "$cf" --style="file:$PWD/.clang-format" -i "${files[@]}"
fi
bad=0
for f in "${files[@]}"; do
	if ! "$cf" --style="file:$PWD/.clang-format" --dry-run -Werror "$f" >/dev/null 2>&1; then
		echo "format.sh: $f is not formatted (clang-format-14 --dry-run $f shows where)"
		bad=$((bad + 1))
	fi
done
echo "format.sh: ${#files[@]} files, $bad not formatted"
[ $bad = 0 ]
