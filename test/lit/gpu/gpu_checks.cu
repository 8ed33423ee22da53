// The cuda backend on a real GPU, one rank: every collective on a single-GPU group (send/recv
// need two ranks), start/wait with a kernel between, host copies without a sync, event-pool
// reuse over 100k futures, buckets (coalesced and packed), the overlap of a long collective with
// compute (`gpu_checks all`), and a collective that cannot finish, which must be reported and
// aborted (`gpu_checks timeout`).
// REQUIRES: cuda-gpu, cuda-toolkit
// RUN: nvcc -O2 -std=c++17 -arch=native -I%include %s -L%libdir -ldagcc_rt_cuda -Xlinker -rpath -Xlinker %libdir -o %t
// RUN: timeout 240 %t all 2>&1 | FileCheck %s
// CHECK-NOT: FAIL
// CHECK: gpu checks: all ok
// RUN: env DAGCC_CHECK=1 timeout 120 %t all 2>&1 | FileCheck %s --check-prefix=CHECKED
// CHECKED-NOT: dagcc: race
// CHECKED: gpu checks: all ok
// the runtime itself reports and aborts (exit 1), before the outer timeout (exit 124)
// RUN: env DAGCC_TIMEOUT_S=3 bash -c 'timeout 60 %t timeout; echo "exit $?"' 2>&1 | FileCheck %s --check-prefix=TIMEOUT
// TIMEOUT: not finished after 3 s
// TIMEOUT-NOT: timeout: not detected
// TIMEOUT: exit 1
#include <cuda_runtime.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "dagcc_rt.h"

extern "C" long dagcc_rt_events_created(void);
extern "C" long dagcc_rt_futures_allocated(void);

static int fails;
#define EXPECT(cond, ...)                                   \
	do {                                                \
		if (!(cond)) {                              \
			fprintf(stderr, "FAIL: " __VA_ARGS__); \
			fprintf(stderr, "\n");              \
			fails++;                            \
		}                                           \
	} while (0)

static double now(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

// Spins for about ns nanoseconds of GPU time.
__global__ void delay(long long ns)
{
	long long start = clock64();
	// clock64 counts SM cycles; ~2 GHz on an H200 at load, so cycles ~ 2 * ns
	while (clock64() - start < ns * 2)
		;
}

__global__ void addone(float *x, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		x[i] += 1.0f;
}

static const size_t dtsize[] = {4, 2, 2, 8, 1, 1, 4, 8};

static void collectives(dagcc_group *g, dagcc_stream_t s)
{
	const int n = 1000;
	unsigned char host[8 * 1000], back[8 * 1000];
	for (int t = DAGCC_F32; t <= DAGCC_I64; t++) {
		size_t bytes = n * dtsize[t];
		for (size_t i = 0; i < bytes; i++)
			host[i] = (unsigned char)(i * 7 + t);
		// small integers in every type, so AVG and PROD on one rank leave them unchanged
		for (int i = 0; i < n; i++) {
			float f = (float)(i % 8);
			switch (t) {
			case DAGCC_F32: ((float *)host)[i] = f; break;
			case DAGCC_F64: ((double *)host)[i] = f; break;
			case DAGCC_F16: { unsigned short h[] = {0x0000, 0x3c00, 0x4000, 0x4200, 0x4400, 0x4500, 0x4600, 0x4700}; ((unsigned short *)host)[i] = h[i % 8]; break; }
			case DAGCC_BF16: { unsigned short h[] = {0x0000, 0x3f80, 0x4000, 0x4040, 0x4080, 0x40a0, 0x40c0, 0x40e0}; ((unsigned short *)host)[i] = h[i % 8]; break; }
			case DAGCC_I8: ((signed char *)host)[i] = (signed char)(i % 8); break;
			case DAGCC_U8: ((unsigned char *)host)[i] = (unsigned char)(i % 8); break;
			case DAGCC_I32: ((int *)host)[i] = i % 8; break;
			case DAGCC_I64: ((long long *)host)[i] = i % 8; break;
			}
		}
		void *a = dagcc_malloc(bytes), *b = dagcc_malloc(bytes);
		for (int op = DAGCC_SUM; op <= DAGCC_AVG; op++) {
			dagcc_copy_to_device(a, host, bytes);
			dagcc_all_reduce(g, a, n, (dagcc_dtype)t, (dagcc_op)op, s);
			dagcc_reduce_scatter(g, a, b, n, (dagcc_dtype)t, (dagcc_op)op, s);
			dagcc_stream_sync(s);
			dagcc_copy_to_host(back, b, bytes);
			EXPECT(memcmp(host, back, bytes) == 0, "all_reduce/reduce_scatter dtype %d op %d", t, op);
		}
		dagcc_copy_to_device(a, host, bytes);
		dagcc_all_gather(g, a, b, n, (dagcc_dtype)t, s);
		dagcc_all_to_all(g, b, a, n, (dagcc_dtype)t, s);
		dagcc_broadcast(g, a, n, (dagcc_dtype)t, 0, s);
		dagcc_all_to_all(g, a, a, n, (dagcc_dtype)t, s); // in place
		dagcc_stream_sync(s);
		dagcc_copy_to_host(back, a, bytes);
		EXPECT(memcmp(host, back, bytes) == 0, "all_gather/all_to_all/broadcast dtype %d", t);
		dagcc_free(a);
		dagcc_free(b);
	}
	printf("collectives: every collective x dtype x op on 1 GPU: %s\n", fails ? "FAIL" : "ok");
}

static void async_kernel(dagcc_group *g, dagcc_stream_t s)
{
	const int n = 1 << 20;
	float *a = (float *)dagcc_malloc(n * sizeof(float)), *b = (float *)dagcc_malloc(n * sizeof(float));
	float *h = (float *)malloc(n * sizeof(float));
	for (int i = 0; i < n; i++)
		h[i] = (float)(i % 100);
	dagcc_copy_to_device(a, h, n * sizeof(float));
	dagcc_copy_to_device(b, h, n * sizeof(float));
	addone<<<(n + 255) / 256, 256, 0, s>>>(a, n); // written on s before the start: must be seen
	dagcc_future f = dagcc_all_reduce_start(g, a, n, DAGCC_F32, DAGCC_SUM, s);
	addone<<<(n + 255) / 256, 256, 0, s>>>(b, n); // independent work between start and wait
	dagcc_future_wait(&f, s);
	addone<<<(n + 255) / 256, 256, 0, s>>>(a, n); // after the wait: sees the result
	dagcc_stream_sync(s);
	dagcc_copy_to_host(h, a, n * sizeof(float));
	int bad = 0;
	for (int i = 0; i < n; i++)
		bad += h[i] != (float)(i % 100) + 2;
	dagcc_copy_to_host(h, b, n * sizeof(float));
	for (int i = 0; i < n; i++)
		bad += h[i] != (float)(i % 100) + 1;
	EXPECT(bad == 0, "async start/wait with kernels between: %d wrong", bad);
	printf("async: start, kernel, wait, kernel: %s\n", bad ? "FAIL" : "ok");
	dagcc_free(a);
	dagcc_free(b);
	free(h);
}

// Host copies have cudaMemcpy's order: without a sync they see what a kernel on the default
// stream wrote and the result of a collective still in flight on the copied buffer; a copy to
// the device lands before the work issued after it.
static void host_copies(dagcc_group *g, dagcc_stream_t s)
{
	const int n = 1 << 20;
	float *a = (float *)dagcc_malloc(n * sizeof(float));
	float *h = (float *)malloc(n * sizeof(float));
	for (int i = 0; i < n; i++)
		h[i] = (float)(i % 100);
	dagcc_copy_to_device(a, h, n * sizeof(float));
	delay<<<1, 1, 0, s>>>(20 * 1000 * 1000);
	addone<<<(n + 255) / 256, 256, 0, s>>>(a, n);
	dagcc_copy_to_host(h, a, n * sizeof(float));
	int bad = 0;
	for (int i = 0; i < n; i++)
		bad += h[i] != (float)(i % 100) + 1;
	delay<<<1, 1, 0, s>>>(20 * 1000 * 1000);
	dagcc_future f = dagcc_all_reduce_start(g, a, n, DAGCC_F32, DAGCC_SUM, s);
	dagcc_copy_to_host(h, a, n * sizeof(float));
	for (int i = 0; i < n; i++)
		bad += h[i] != (float)(i % 100) + 1; // one rank: the sum is the value, after the delay
	dagcc_future_wait(&f, s);
	for (int i = 0; i < n; i++)
		h[i] = 5;
	dagcc_copy_to_device(a, h, n * sizeof(float));
	addone<<<(n + 255) / 256, 256, 0, s>>>(a, n);
	dagcc_copy_to_host(h, a, n * sizeof(float));
	for (int i = 0; i < n; i++)
		bad += h[i] != 6;
	EXPECT(bad == 0, "host copies without a sync: %d wrong", bad);
	printf("host copies: after the default stream and the collectives: %s\n", bad ? "FAIL" : "ok");
	dagcc_free(a);
	free(h);
}

// Buckets as dagcc emits them: three all-reduces coalesced into one NCCL group, each with its
// own future, with kernels written before the begin and read after the waits; then a packed
// bucket (copies into a stream-ordered buffer, one all-reduce, copies out).
static void buckets(dagcc_group *g, dagcc_stream_t s)
{
	const int n = 1 << 16;
	float *x[3], *h = (float *)malloc(n * sizeof(float));
	for (int i = 0; i < n; i++)
		h[i] = (float)(i % 50);
	for (int k = 0; k < 3; k++) {
		x[k] = (float *)dagcc_malloc(n * sizeof(float));
		dagcc_copy_to_device(x[k], h, n * sizeof(float));
		addone<<<(n + 255) / 256, 256, 0, s>>>(x[k], n);
	}
	dagcc_coalesce_begin(g, s);
	dagcc_future f[3];
	for (int k = 0; k < 3; k++)
		f[k] = dagcc_all_reduce_start(g, x[k], n, DAGCC_F32, DAGCC_SUM, s);
	dagcc_coalesce_end(g, s);
	for (int k = 0; k < 3; k++)
		dagcc_future_wait(&f[k], s);
	for (int k = 0; k < 3; k++)
		addone<<<(n + 255) / 256, 256, 0, s>>>(x[k], n);
	char *b = (char *)dagcc_alloc_async(3 * n * sizeof(float), s);
	for (int k = 0; k < 3; k++)
		dagcc_copy_async(b + k * n * sizeof(float), x[k], n * sizeof(float), s);
	dagcc_future p = dagcc_all_reduce_start(g, b, 3 * n, DAGCC_F32, DAGCC_SUM, s);
	dagcc_future_wait(&p, s);
	for (int k = 0; k < 3; k++) {
		dagcc_copy_async(x[k], b + k * n * sizeof(float), n * sizeof(float), s);
		addone<<<(n + 255) / 256, 256, 0, s>>>(x[k], n);
	}
	dagcc_free_async(b, s);
	dagcc_stream_sync(s);
	int bad = 0;
	for (int k = 0; k < 3; k++) {
		dagcc_copy_to_host(h, x[k], n * sizeof(float));
		for (int i = 0; i < n; i++)
			bad += h[i] != (float)(i % 50) + 3;
		dagcc_free(x[k]);
	}
	EXPECT(bad == 0, "buckets: %d wrong", bad);
	printf("buckets: coalesced and packed all-reduces between kernels: %s\n", bad ? "FAIL" : "ok");
	free(h);
}

static void pool(dagcc_group *g, dagcc_stream_t s)
{
	float *a = (float *)dagcc_malloc(256 * sizeof(float));
	long after10k = 0;
	double t0 = now();
	for (int i = 1; i <= 100000; i++) {
		dagcc_future f = dagcc_all_reduce_start(g, a, 256, DAGCC_F32, DAGCC_SUM, s);
		dagcc_future_wait(&f, s);
		if (i % 1000 == 0)
			dagcc_stream_sync(s);
		if (i == 10000)
			after10k = dagcc_rt_events_created();
	}
	dagcc_stream_sync(s);
	double t = now() - t0;
	long events = dagcc_rt_events_created(), futures = dagcc_rt_futures_allocated();
	EXPECT(events == after10k, "event pool grew from %ld to %ld", after10k, events);
	EXPECT(futures <= 4, "future pool holds %ld", futures);
	printf("pool: 100000 futures, %ld events created (%ld after 10000), %ld future records, %.2f us per start+wait: %s\n",
	       events, after10k, futures, t / 100000 * 1e6, events == after10k ? "ok" : "FAIL");
	dagcc_free(a);
}

// A long "collective" (a delay kernel queued on the group's stream ahead of a real all-reduce)
// against a compute kernel of the same length: overlapped, the pair takes about the time of
// one; in program order (synchronous forms), the sum.
extern "C" cudaStream_t dagcc_rt_group_stream(dagcc_group *g);
static void overlap(dagcc_group *g, dagcc_stream_t s)
{
	const long long ns = 50 * 1000 * 1000; // 50 ms each
	float *a = (float *)dagcc_malloc(1024 * sizeof(float));
	cudaStream_t gs = dagcc_rt_group_stream(g);
	double best[2] = {1e9, 1e9};
	for (int rep = 0; rep < 3; rep++) {
		for (int mode = 0; mode < 2; mode++) {
			dagcc_stream_sync(s);
			double t0 = now();
			delay<<<1, 1, 0, gs>>>(ns);
			if (mode == 0) { // overlapped: start, compute, wait
				dagcc_future f = dagcc_all_reduce_start(g, a, 1024, DAGCC_F32, DAGCC_SUM, s);
				delay<<<1, 1, 0, s>>>(ns);
				dagcc_future_wait(&f, s);
			} else { // in order: the compute waits for the collective
				dagcc_all_reduce(g, a, 1024, DAGCC_F32, DAGCC_SUM, s);
				delay<<<1, 1, 0, s>>>(ns);
			}
			dagcc_stream_sync(s);
			double t = now() - t0;
			if (t < best[mode])
				best[mode] = t;
		}
	}
	double ratio = best[0] / best[1];
	EXPECT(ratio < 0.7, "overlap: overlapped %.1f ms vs in order %.1f ms", best[0] * 1e3, best[1] * 1e3);
	printf("overlap: collective 50 ms + compute 50 ms: overlapped %.1f ms, in order %.1f ms (ratio %.2f): %s\n",
	       best[0] * 1e3, best[1] * 1e3, ratio, ratio < 0.7 ? "ok" : "FAIL");
	dagcc_free(a);
}

// The group's stream waits for a kernel on s that runs far past DAGCC_TIMEOUT_S, so the
// collective cannot finish: the runtime must report it and abort, not hang.
static void timeout(dagcc_group *g, dagcc_stream_t s)
{
	float *a = (float *)dagcc_malloc(1024 * sizeof(float));
	delay<<<1, 1, 0, s>>>(20LL * 1000 * 1000 * 1000); // 20 s
	dagcc_future f = dagcc_all_reduce_start(g, a, 1024, DAGCC_F32, DAGCC_SUM, s);
	dagcc_future_wait(&f, s);
	dagcc_stream_sync(s); // polls; must fail after DAGCC_TIMEOUT_S
	printf("timeout: not detected\n");
}

int main(int argc, char **argv)
{
	dagcc_init(&argc, &argv);
	dagcc_group *g = dagcc_world();
	dagcc_stream_t s = dagcc_stream_default();
	const char *what = argc > 1 ? argv[1] : "all";
	if (!strcmp(what, "timeout")) {
		timeout(g, s);
		dagcc_finalize();
		return 0;
	}
	collectives(g, s);
	async_kernel(g, s);
	host_copies(g, s);
	buckets(g, s);
	pool(g, s);
	overlap(g, s);
	dagcc_finalize();
	printf("gpu checks: %s\n", fails ? "FAIL" : "all ok");
	return fails != 0;
}
