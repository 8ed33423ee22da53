/* mismatch.c - ranks that disagree on their collectives, chosen by argv[1]: rank 1 runs
 * another order, op, dtype, count or root than rank 0, or one collective more. Checked mode
 * must report each naming both ranks' operations and lines; "good" agrees and passes. */
#include <stdio.h>
#include <string.h>

#include "dagcc_rt.h"

enum { N = 64 };

int main(int argc, char **argv)
{
	dagcc_init(&argc, &argv);
	const char *what = argc > 1 ? argv[1] : "good";
	dagcc_stream_t s = dagcc_stream_default();
	dagcc_group *g = dagcc_world();
	int rank = dagcc_group_rank(g), size = dagcc_group_size(g), odd = rank == 1;
	float *a = dagcc_malloc(N * sizeof(float)), *all = dagcc_malloc(size * N * sizeof(float));
	float host[N];
	for (int i = 0; i < N; i++)
		host[i] = (float)i;
	dagcc_copy_to_device(a, host, sizeof host);
	dagcc_all_reduce(g, a, N, DAGCC_F32, DAGCC_SUM, s); /* one that agrees first */
	if (!strcmp(what, "order")) {
		if (!odd) {
			dagcc_all_reduce(g, a, N, DAGCC_F32, DAGCC_SUM, s);
			dagcc_all_gather(g, a, all, N, DAGCC_F32, s);
		} else {
			dagcc_all_gather(g, a, all, N, DAGCC_F32, s);
			dagcc_all_reduce(g, a, N, DAGCC_F32, DAGCC_SUM, s);
		}
	} else if (!strcmp(what, "op")) {
		dagcc_all_reduce(g, a, N, DAGCC_F32, odd ? DAGCC_MAX : DAGCC_SUM, s);
	} else if (!strcmp(what, "dtype")) {
		dagcc_all_reduce(g, a, N, odd ? DAGCC_I32 : DAGCC_F32, DAGCC_SUM, s);
	} else if (!strcmp(what, "count")) {
		dagcc_future f = dagcc_all_gather_start(g, a, all, odd ? N / 2 : N, DAGCC_F32, s);
		dagcc_future_wait(&f, s);
	} else if (!strcmp(what, "root")) {
		dagcc_broadcast(g, a, N, DAGCC_F32, odd ? 1 : 0, s);
	} else if (!strcmp(what, "extra")) {
		if (!odd)
			dagcc_all_reduce(g, a, N, DAGCC_F32, DAGCC_SUM, s);
	}
	dagcc_stream_sync(s);
	dagcc_copy_to_host(host, a, sizeof host);
	dagcc_free(a);
	dagcc_free(all);
	if (rank == 0)
		printf("%s: finished\n", what);
	dagcc_finalize();
	return 0;
}
