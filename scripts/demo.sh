#!/usr/bin/env bash
# The first README command: install what is missing, build dagcc, and run it on the FSDP
# example: the counts of its graph, then its DAG as textual IR in build/fsdp_mlp.ir.
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/deps.sh
cmake -S . -B build -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
cmake --build build -j "$(nproc)" >/dev/null

echo "== dagcc --stats examples/fsdp_mlp.c"
build/bin/dagcc --stats examples/fsdp_mlp.c
echo "== dagcc --emit=ir examples/fsdp_mlp.c -o build/fsdp_mlp.ir"
build/bin/dagcc --emit=ir examples/fsdp_mlp.c -o build/fsdp_mlp.ir
head -n 8 build/fsdp_mlp.ir
echo "... ($(wc -l < build/fsdp_mlp.ir) lines in build/fsdp_mlp.ir)"
