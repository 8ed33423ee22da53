#!/usr/bin/env bash
# GPU checks of the cuda runtime, for a machine with a GPU (never CI): builds the runtime
# without MPI and gpu_checks.cu with nvcc, then runs every check and the timeout path.
# Finishes in well under 5 minutes. Usage: tests/gpu/run.sh [OUTDIR [--build-only]]
set -uo pipefail
cd "$(dirname "$0")/../.."
out=${1:-build-gpu}
mkdir -p "$out"

# NCCL: the CUDA toolkit's, or the one a Python wheel brought
inc="" lib=""
for d in /usr/local/cuda /usr; do
	[ -f "$d/include/nccl.h" ] && inc="$d/include"
	for l in "$d/lib64" "$d/lib/x86_64-linux-gnu" "$d/lib"; do
		[ -e "$l/libnccl.so.2" ] && lib="$l" && break
	done
	[ -n "$inc" ] && [ -n "$lib" ] && break
done
if [ -z "$inc" ] || [ -z "$lib" ]; then
	wheel=$(python3 -c 'import nvidia.nccl, os; print(list(nvidia.nccl.__path__)[0])' 2>/dev/null)
	[ -n "$wheel" ] && inc=${inc:-$wheel/include} && lib=${lib:-$wheel/lib}
fi
[ -f "$inc/nccl.h" ] || inc=.gpu-carry # a header carried along to the GPU machine, as a last resort
echo "NCCL: include $inc, lib $lib"
[ -e "$lib/libnccl.so.2" ] || { echo "no libnccl.so.2 found"; exit 1; }
[ -e "$lib/libnccl.so" ] || { mkdir -p "$out/ncclink"; ln -sf "$lib/libnccl.so.2" "$out/ncclink/libnccl.so"; lib2="$out/ncclink"; }

cuda=$(dirname "$(dirname "$(command -v nvcc)")")
objs=()
for f in common check cuda bootstrap; do
	${CC:-$(command -v cc || command -v gcc)} -O2 -std=gnu11 -Wall -Wextra -Werror -Iinclude -I"$cuda/include" -I"$inc" \
		-c runtime/$f.c -o "$out/$f.o" || { echo "build failed: $f.c"; exit 1; }
	objs+=("$out/$f.o")
done
arch=-arch=native
[ "${GPU_ARCH:-}" ] && arch=-arch=$GPU_ARCH
nvcc -O2 -std=c++17 $arch -Iinclude tests/gpu/gpu_checks.cu "${objs[@]}" \
	-L"$lib" ${lib2:+-L"$lib2"} -lnccl -Xlinker -rpath -Xlinker "$lib" \
	-o "$out/gpu_checks" || { echo "build failed"; exit 1; }
[ "${2:-}" = --build-only ] && { echo "built $out/gpu_checks"; exit 0; }
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader || true

status=0
timeout 240 "$out/gpu_checks" all || status=1
DAGCC_CHECK=1 timeout 120 "$out/gpu_checks" all > "$out/checked.log" 2>&1 || status=1
grep -q "gpu checks: all ok" "$out/checked.log" && ! grep -q "dagcc: race" "$out/checked.log" \
	&& echo "checked mode: clean" || { echo "checked mode: FAIL"; cat "$out/checked.log"; status=1; }
t0=$(date +%s)
DAGCC_TIMEOUT_S=3 timeout 60 "$out/gpu_checks" timeout > "$out/timeout.log" 2>&1
rc=$?
t1=$(date +%s)
cat "$out/timeout.log"
if [ $rc -ne 0 ] && [ $rc -ne 124 ] && grep -q "not finished after 3 s" "$out/timeout.log"; then
	echo "timeout: reported and aborted after $((t1 - t0)) s (exit $rc): ok"
else
	echo "timeout: FAIL (exit $rc)"
	status=1
fi
exit $status
