#!/usr/bin/env bash
# The GPU checks, for a machine with an NVIDIA GPU (never CI): configures and builds dagcc and
# the cuda runtime in BUILD (default build-gpu-check), then runs exactly the lit tests under
# test/lit/gpu, which all REQUIRE cuda-gpu. Fails if any fails or is unsupported (no GPU found).
# Needs what the build and lit need (scripts/deps.sh: libclang-14, FileCheck, lit), nvcc, NCCL.
# Usage: test/lit/gpu/run.sh [BUILD]
#
# On the lent H200 machine, one call of the device tool's run from the repository root:
#     run(command="test/lit/gpu/run.sh", carry=[".gpu-carry"])
# Its image has nvcc, CMake and NCCL (as the nvidia-nccl-cu13 wheel, found below) but neither
# libclang-14 nor FileCheck and lit, and no network: put them in .gpu-carry beforehand, here,
#     mkdir .gpu-carry && cd .gpu-carry && cp -r /usr/lib/llvm-14/include/clang-c . &&
#     apt-get download libllvm14 libclang1-14 libclang-common-14-dev llvm-14-tools libz3-4 \
#         libedit2 libbsd0 libmd0 libxml2 libicu72
# (45 MB; list .gpu-carry/ in .git/info/exclude); this script unpacks them into BUILD. The run
# sends the checkout the session started in: run it there, with this branch checked out.
set -uo pipefail
cd "$(dirname "$0")/../../.."
build=${1:-build-gpu-check}
mkdir -p "$build"
command -v nvcc >/dev/null || export PATH=/usr/local/cuda/bin:$PATH

cmakeargs=(-DCMAKE_BUILD_TYPE=RelWithDebInfo)
carry=${GPU_CARRY:-.gpu-carry}
if ls "$carry"/*.deb >/dev/null 2>&1; then
	deps=$(realpath "$build")/deps
	for d in "$carry"/*.deb; do dpkg -x "$d" "$deps" || exit 1; done
	llvm=$deps/usr/lib/llvm-14
	mkdir -p "$llvm/include" && cp -r "$carry/clang-c" "$llvm/include/" || exit 1
	# libclang finds its builtin headers (lib/clang/14.0.6) from the directory it was loaded from
	ln -sf libclang-14.so.1 "$llvm/lib/libclang-14.so"
	ln -sf ../../x86_64-linux-gnu/libclang-14.so.13 "$llvm/lib/libclang-14.so.13"
	export LD_LIBRARY_PATH=$llvm/lib:$deps/usr/lib/x86_64-linux-gnu${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
	cmakeargs+=(-DDAGCC_LLVM_ROOT="$llvm")
fi

# NCCL: CMake looks beside CUDA; else the one a Python wheel brought (its nccl.h, or a carried one)
if ! ls /usr/local/cuda/lib64/libnccl.so* /usr/lib/x86_64-linux-gnu/libnccl.so* >/dev/null 2>&1; then
	wheel=$(python3 -c 'import nvidia.nccl, os; print(list(nvidia.nccl.__path__)[0])' 2>/dev/null)
	if [ -n "$wheel" ] && [ -e "$wheel/lib/libnccl.so.2" ]; then
		inc=$wheel/include
		[ -f "$inc/nccl.h" ] || inc=$PWD/.gpu-carry
		cmakeargs+=(-DNCCL_LIBRARY="$wheel/lib/libnccl.so.2" -DNCCL_INCLUDE_DIR="$inc")
	fi
fi

cmake -S . -B "$build" "${cmakeargs[@]}" >"$build/configure.log" 2>&1 || { cat "$build/configure.log"; exit 1; }
cmake --build "$build" -j "$(nproc)" --target dagcc dagcc_rt_cuda >"$build/build.log" 2>&1 \
	|| { tail -n 50 "$build/build.log"; exit 1; }
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader || true

lit=$(sed -n 's/^LIT_EXECUTABLE:[A-Z]*=//p' "$build/CMakeCache.txt")
python3 "$lit" -v --filter '^dagcc :: gpu/' "$build/test/lit" 2>&1 | tee "$build/lit.log"
status=${PIPESTATUS[0]}
if grep -q '^ *Unsupported' "$build/lit.log"; then
	echo "run.sh: GPU tests unsupported here (lit found no cuda-gpu or no cuda-toolkit)"
	status=1
fi
grep -q '^ *Passed' "$build/lit.log" || status=1
# the model against the run (profile.test, part 3)
grep -h 'measured step' "$build"/test/lit/gpu/Output/*.tmp/model-vs-run.report 2>/dev/null
exit $status
