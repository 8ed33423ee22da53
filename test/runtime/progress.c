/* progress.c - with DAGCC_PROGRESS=thread the mpi backend moves collectives on while the host
 * computes and never enters the runtime, as a GPU's communication runs beside its compute.
 *
 * Every rank starts an in-place i32 all-reduce of its rank + 1 and then only spins on the host,
 * reading the buffer (an atomic load: the progress thread writes it), until it holds the sum or
 * SPIN_S seconds have passed; then it waits the future as a program must. It prints whether the
 * sum arrived during the spin, and the result after the wait. A chain of a reduce-scatter and
 * an all-gather of its result, started together, must come out right too. argv[1] "profile": a
 * profiled collective is measured start to completion, not to the next runtime call, so its
 * time is far below the spin, which goes on EXTRA_S after the sum arrived. */
#define _POSIX_C_SOURCE 199309L
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "dagcc_rt.h"

enum { SPIN_S = 20, EXTRA_S = 2, N = 4 };

static double now(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

int main(int argc, char **argv)
{
	dagcc_init(&argc, &argv);
	dagcc_group *g = dagcc_world();
	dagcc_stream_t s = dagcc_stream_default();
	int rank = dagcc_group_rank(g), size = dagcc_group_size(g);
	int32_t want = size * (size + 1) / 2;
	int32_t *x = dagcc_malloc(sizeof *x);
	*x = rank + 1;
	int profile = argc > 1 && !strcmp(argv[1], "profile");
	if (profile)
		DAGCC_PROFILE_COLL("all_reduce", 40, 2, 0);
	dagcc_future f = dagcc_all_reduce_start(g, x, 1, DAGCC_I32, DAGCC_SUM, s);
	double end = now() + SPIN_S;
	int seen = 0;
	while (!(seen = __atomic_load_n(x, __ATOMIC_ACQUIRE) == want) && now() < end)
		;
	for (end = now() + EXTRA_S; profile && now() < end;)
		;
	dagcc_future_wait(&f, s);
	/* a chain: the all-gather reads what the reduce-scatter writes */
	float *in = dagcc_malloc((size_t)size * N * sizeof *in),
	      *part = dagcc_malloc(N * sizeof *part);
	float *all = dagcc_malloc((size_t)size * N * sizeof *all);
	for (int i = 0; i < size * N; i++)
		in[i] = (float)(rank * 100 + i);
	dagcc_future rs = dagcc_reduce_scatter_start(g, in, part, N, DAGCC_F32, DAGCC_SUM, s);
	dagcc_future ag = dagcc_all_gather_start(g, part, all, N, DAGCC_F32, s);
	dagcc_future_wait(&ag, s);
	dagcc_future_wait(&rs, s);
	dagcc_stream_sync(s);
	int ok = 1;
	for (int i = 0; i < size * N; i++)
		ok &= all[i] == (float)(100 * size * (size - 1) / 2 + size * i);
	printf("rank %d: %s during the spin; after the wait %d; chain %s\n", rank,
	       seen ? "arrived" : "did not arrive", (int)*x, ok ? "ok" : "WRONG");
	dagcc_free(x);
	dagcc_free(in);
	dagcc_free(part);
	dagcc_free(all);
	dagcc_finalize();
	return 0;
}
