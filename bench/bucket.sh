#!/usr/bin/env bash
# Bucketing (issue 6): for each example at production sizes, the scheduled makespan without
# buckets (--bucket-cap 0) and with them (the default 25 MiB cap), the exposed communication,
# the peak of temporaries and the buckets formed. usage: bench/bucket.sh [BUILD_DIR]
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build-rel}
dagcc=$build/bin/dagcc

row() { # name, then dagcc arguments
	local name=$1
	shift
	local off on
	off=$("$dagcc" --report=json --bucket-cap 0 "$@")
	on=$("$dagcc" --report=json "$@")
	python3 - "$name" "$off" "$on" <<'PY'
import json, sys
name, off, on = sys.argv[1], json.loads(sys.argv[2]), json.loads(sys.argv[3])
for x, y in zip(off['graphs'], on['graphs']):
    a, b = x['after'], y['after']
    print('%-32s %-8s as written %10.1f us | no buckets %10.1f us (exposed %8.1f) | buckets %3d: %10.1f us (exposed %8.1f)  %+6.1f%%  peak %.1f -> %.1f MiB'
          % (name, y['target'], x['before']['makespan_us'], a['makespan_us'], a['exposed_comm_us'],
             y['buckets'], b['makespan_us'], b['exposed_comm_us'],
             100 * (b['makespan_us'] - a['makespan_us']) / a['makespan_us'],
             a['peak_bytes'] / 2**20, b['peak_bytes'] / 2**20))
PY
}

row "fsdp_mlp H=8192 B=4096 DP=8" examples/fsdp_mlp.c -DH=8192 -DB=4096 -DDP=8 --target h100-8x
row "fsdp_mlp H=8192 B=4096 DP=16" examples/fsdp_mlp.c -DH=8192 -DB=4096 -DDP=16 --target h100-2x8
row "tp_dp_block H=8192 TP=8 DP=2" examples/tp_dp_block.c -DH=8192 -DFF=32768 -DT=4096 -DTP=8 \
	--group-size 'b->tp=8' --group-size 'b->dp=2' --target h100-2x8
row "tp_dp_block H=4096 TP=2 DP=4" examples/tp_dp_block.c -DH=4096 -DFF=16384 -DT=4096 -DTP=2 \
	--group-size 'b->tp=2' --group-size 'b->dp=4' --target h100-8x
row "moe_layer H=4096 FF=14336 EP=8" examples/moe_layer.c -DH=4096 -DFF=14336 -DEP=8 -DCAP=512 \
	--group-size 'm->ep=8' --target h100-8x
row "ddp_backward L=24 H=2048 T=2048" examples/ddp_backward.c -DL=24 -DH=2048 -DT=2048 --target h100-8x
row "ddp_backward L=24 H=2048 T=2048 2x8" examples/ddp_backward.c -DL=24 -DH=2048 -DT=2048 --target h100-2x8
row "ddp_backward L=12 H=768 T=512" examples/ddp_backward.c -DL=12 -DH=768 -DT=512 --target h100-8x
