#!/bin/sh
# A stand-in for dagcc that misbehaves as $FAKE says: c_fuzz.py's oracles must catch each.
out=
while [ $# -gt 0 ]; do
	[ "$1" = -o ] && out=$2
	shift
done
case $FAKE in
segv) kill -SEGV $$ ;;
status) exit 3 ;;
silent) exit 1 ;;
unlocated) echo "dagcc: error: something went wrong" >&2; exit 1 ;;
output) echo "x.c:1:2: error: located" >&2; : >"$out"; exit 1 ;;
asan) echo "==1==ERROR: AddressSanitizer: heap-buffer-overflow" >&2; exit 1 ;;
hang) while :; do :; done ;;
slow) exec python3 -c 'import sys, time
while time.process_time() < 1.5: pass
sys.exit("x.c:1:2: error: located")' ;;
esac
echo "x.c:1:2: error: located" >&2
exit 1
