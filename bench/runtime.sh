#!/usr/bin/env bash
# Runtime benchmarks on the mpi backend: the per-future overhead of start+wait against raw MPI
# non-blocking calls (plain and in checked mode), and checked mode's slowdown on the examples.
# usage: bench/runtime.sh [BUILD_DIR]   (a Release build gives the numbers worth quoting)
set -euo pipefail
source "$(dirname "$0")/lib.sh"
build=${1:-build-rel}
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
mpirun="mpirun --oversubscribe -np"
for np in 2 4; do
	$mpirun $np "$build/bench/rt_overhead" 20000 16
	DAGCC_CHECK=1 $mpirun $np "$build/bench/rt_overhead" 20000 16
done
$mpirun 2 "$build/bench/rt_overhead" 2000 262144

for ex in "fsdp_mlp 4" "tp_dp_block 4"; do
	set -- $ex
	plain=$(best $mpirun "$2" "$build/examples/$1")
	checked=$(export DAGCC_CHECK=1; best $mpirun "$2" "$build/examples/$1")
	python3 -c "print('checked mode on $1 (np $2): %.3f s plain, %.3f s checked, slowdown %.2fx' % ($plain, $checked, $checked / $plain))"
done
