#!/usr/bin/env bash
# A profile makes the schedule faster on a real run (the mpi backend, two ranks): the program of
# test/lit/profile/Inputs/misannotated.c at a size where communication costs as much as compute
# (N floats per all-reduce, heavy spinning HEAVY_MS). dagcc schedules it from its (wrong)
# annotations, the schedule runs once with DAGCC_PROFILE, dagcc schedules it again from that
# profile, and each program (as written, annotations' schedule, profile's schedule) runs REPS
# times with the progress thread and once with DAGCC_PROGRESS=host, whose collectives cannot
# overlap host compute. Prints the median measured ms per step (the slower rank) and what dagcc
# simulates for both schedules with the profile's costs; then, for each schedule profiled, the
# step the profile measured beside the schedule that ran, rebuilt from the profile and simulated
# with its costs (dagcc --report's second profile line: how far the model is from the run).
# usage: bench/profile_run.sh [BUILD_DIR] [REPS]   (a Release build gives the numbers worth quoting)
set -euo pipefail
build=$(cd "${1:-build-rel}" && pwd)
reps=${2:-5}
cd "$(dirname "$0")/.."
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
src=test/lit/profile/Inputs/misannotated.c
defs=(-DN=4194304 -DSTEPS=20 -DHEAVY_MS=20 -DTIMED)
gs=(--group-size 'st->dp=2')
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cc_() { cc -O2 -std=c11 -Wall -Wextra -Werror -Iinclude "${defs[@]}" "$1" -L"$build/lib" \
	-Wl,-rpath,"$build/lib" -ldagcc_rt_mpi -o "$2"; }
# step PROGRAM [ENV...]: ms per step of the slower rank of one run
step() {
	local p=$1
	shift
	env "$@" mpirun --oversubscribe -np 2 "$p" 2>&1 >/dev/null |
		awk '/ms\/step/ { if ($4 > m) m = $4 } END { print m }'
}
# median PROGRAM: the median over reps runs with the progress thread
median() {
	for _ in $(seq "$reps"); do step "$1" DAGCC_PROGRESS=thread; done | sort -g |
		awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'
}
"$build/bin/dagcc" "${gs[@]}" "${defs[@]}" "$src" -o "$tmp/ann.c"
"$build/bin/dagcc" "${gs[@]}" "${defs[@]}" --emit=ir "$src" -o "$tmp/ann.ir"
cc_ "$src" "$tmp/orig"
cc_ "$tmp/ann.c" "$tmp/ann"
DAGCC_PROFILE="$tmp/prof" mpirun --oversubscribe -np 2 "$tmp/ann" >/dev/null 2>&1
prof=(--profile "$tmp/prof.rank0" --profile "$tmp/prof.rank1")
"$build/bin/dagcc" "${gs[@]}" "${defs[@]}" "${prof[@]}" "$src" -o "$tmp/new.c" \
	--report=json > "$tmp/new.json"
"$build/bin/dagcc" --from-ir --keep-order "${gs[@]}" "${prof[@]}" "$tmp/ann.ir" --emit=ir \
	-o "$tmp/ann-kept.ir" --report=json > "$tmp/ann.json"
cc_ "$tmp/new.c" "$tmp/new"
sim() { python3 -c "import json,sys; print('%.1f' % (json.load(open(sys.argv[1]))['graphs'][0]['after']['makespan_us'] / 1e3))" "$1"; }
printf '%-26s %14s %14s %16s\n' program "ms/step thread" "ms/step host" "simulated ms"
for p in orig ann new; do
	case $p in
	orig) name="as written" s=- ;;
	ann) name="annotations' schedule" s=$(sim "$tmp/ann.json") ;;
	new) name="profile's schedule" s=$(sim "$tmp/new.json") ;;
	esac
	printf '%-26s %14s %14s %16s\n' "$name" "$(median "$tmp/$p")" \
		"$(step "$tmp/$p" DAGCC_PROGRESS=host)" "$s"
done
DAGCC_PROFILE="$tmp/prof2" mpirun --oversubscribe -np 2 "$tmp/new" >/dev/null 2>&1
for p in ann new; do
	f=prof
	[ $p = new ] && f=prof2
	printf '%-26s ' "$p, profiled:"
	"$build/bin/dagcc" "${gs[@]}" "${defs[@]}" --profile "$tmp/$f.rank0" --profile "$tmp/$f.rank1" \
		"$src" -o "$tmp/again.c" --report 2>&1 | sed -n 's/^  profile: measured step //p'
done
