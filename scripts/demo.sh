#!/usr/bin/env bash
# The first README command: install what is missing, build dagcc and its runtime, and run
# dagcc on the FSDP example at production sizes: the simulated before/after report, and the
# scheduled DAG as textual IR in build/fsdp_mlp.ir. Then the example itself runs on the mpi
# runtime under mpirun and checks its gradients against a single-rank reference.
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/deps.sh
cmake -S . -B build -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
cmake --build build -j "$(nproc)" >/dev/null

flags=(-DH=8192 -DB=4096 -DDP=8 --target h100-8x)
echo "== dagcc --report --emit=ir ${flags[*]} examples/fsdp_mlp.c -o build/fsdp_mlp.ir"
build/bin/dagcc --report --emit=ir "${flags[@]}" examples/fsdp_mlp.c -o build/fsdp_mlp.ir
sed -n '/schedule {/,/^  }/p' build/fsdp_mlp.ir | head -n 14
echo "  ... ($(wc -l < build/fsdp_mlp.ir) lines in build/fsdp_mlp.ir)"
echo "== mpirun -np 4 build/examples/fsdp_mlp --verify"
OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 \
	mpirun --oversubscribe -np 4 build/examples/fsdp_mlp --verify
