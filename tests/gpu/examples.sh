#!/usr/bin/env bash
# The FSDP example on a GPU with the cuda backend and CUDA kernels (examples/cuda/; the other
# examples build the same way as CMake's *_cuda targets): the
# original program and its overlapped form (made beforehand by dagcc, which needs libclang:
# `dagcc -DDP=1 --group-size 'md->dp=1' examples/fsdp_mlp.c -o OVERLAPPED.c`) built with
# -DDAGCC_CUDA_KERNELS, run as one rank; their outputs must match and checked mode be clean.
# usage: tests/gpu/examples.sh OVERLAPPED.c [OUTDIR]
set -uo pipefail
cd "$(dirname "$0")/../.."
overlapped=$1
out=${2:-build-gpu}
tests/gpu/run.sh "$out" --build-only > "$out.build.log" 2>&1 || { cat "$out.build.log"; exit 1; }
lib=$(sed -n 's/^NCCL: include .*, lib //p' "$out.build.log")
cuda=$(dirname "$(dirname "$(command -v nvcc)")")
arch=-arch=native
[ "${GPU_ARCH:-}" ] && arch=-arch=$GPU_ARCH
objs=("$out/common.o" "$out/check.o" "$out/cuda.o" "$out/bootstrap.o")
nvcc -O2 $arch -Iinclude -c examples/cuda/fsdp_mlp_kernels.cu -o "$out/kernels.o" || exit 1
status=0
for prog in original overlapped; do
	src=examples/fsdp_mlp.c
	[ $prog = overlapped ] && src=$overlapped
	${CC:-cc} -O2 -std=c11 -Wall -Wextra -Werror -Iinclude -Iexamples -I"$cuda/include" -DDP=1 -DDAGCC_CUDA_KERNELS \
		-c "$src" -o "$out/$prog.o" || exit 1
	nvcc $arch "$out/$prog.o" "$out/kernels.o" "${objs[@]}" -L"$lib" -lnccl -Xlinker -rpath -Xlinker "$lib" \
		-o "$out/fsdp_$prog" || exit 1
	timeout 120 "$out/fsdp_$prog" --verify > "$out/$prog.out" 2>&1 || status=1
	cat "$out/$prog.out"
	grep -q "verify: .*: ok" "$out/$prog.out" || status=1
done
cmp "$out/original.out" "$out/overlapped.out" && echo "fsdp on the GPU: overlapped output identical to the original" || status=1
DAGCC_CHECK=1 timeout 120 "$out/fsdp_overlapped" > "$out/checked.out" 2>&1 || status=1
grep -q "dagcc:" "$out/checked.out" && { cat "$out/checked.out"; status=1; } || echo "checked mode on the GPU: clean"
exit $status
