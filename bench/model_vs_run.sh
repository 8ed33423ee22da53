#!/usr/bin/env bash
# How far dagcc's model is from a real run, on the mpi backend: each example overlapped for the
# ranks it runs with, run REPS times with DAGCC_PROFILE (the progress thread on), and each
# profile read back: the step it measured (the slowest rank's median) beside the schedule that
# ran, rebuilt from the profile and simulated with its costs (dagcc --report's second profile
# line). Prints one row per example and run.
# usage: bench/model_vs_run.sh [BUILD_DIR] [REPS]   (a Release build on a quiet machine)
set -euo pipefail
build=$(cd "${1:-build-rel}" && pwd)
reps=${2:-3}
cd "$(dirname "$0")/.."
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# row NAME NP SOURCE DEFINES... -- DAGCC-FLAGS...
row() {
	local name=$1 np=$2 src=$3
	shift 3
	local defs=() flags=()
	while [ $# -gt 0 ] && [ "$1" != -- ]; do defs+=("$1"); shift; done
	[ $# -gt 0 ] && shift
	flags=("$@")
	"$build/bin/dagcc" -I examples "${defs[@]}" "${flags[@]}" "$src" -o "$tmp/$name.c"
	cc -O2 -std=c11 -Iinclude -Iexamples "${defs[@]}" "$tmp/$name.c" -L"$build/lib" \
		-Wl,-rpath,"$build/lib" -ldagcc_rt_mpi -lm -o "$tmp/$name"
	for k in $(seq "$reps"); do
		rm -f "$tmp/$name.prof".rank*
		(cd "$tmp" && DAGCC_PROFILE="$tmp/$name.prof" mpirun --oversubscribe -np "$np" \
			"./$name" >/dev/null)
		local profs=()
		for f in "$tmp/$name.prof".rank*; do profs+=(--profile "$f"); done
		printf '%-34s %s\n' "$name np $np, run $k:" "$("$build/bin/dagcc" -I examples \
			"${defs[@]}" "${flags[@]}" "${profs[@]}" "$src" -o "$tmp/again.c" --report 2>&1 |
			sed -n 's/^  profile: measured step //p' | head -1)"
	done
}
row fsdp_mlp 2 examples/fsdp_mlp.c -DDP=2 -- --group-size 'md->dp=2'
row fsdp_mlp_nb 2 examples/fsdp_mlp.c -DDP=2 -- --group-size 'md->dp=2' --bucket-cap 0
row ddp_backward 2 examples/ddp_backward.c -- --group-size 'nt->world=2'
row tp_dp_block 2 examples/tp_dp_block.c -- --group-size 'b->tp=2' --group-size 'b->dp=1'
row moe_layer 4 examples/moe_layer.c -- --group-size 'm->ep=4'
row llmc_backward 2 examples/llmc_backward.c -- --group-size 'model->world=2'
row pipeline_1f1b 2 examples/pipeline_1f1b.c -- --group-size 'st->pp=2'
