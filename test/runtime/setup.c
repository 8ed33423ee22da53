/* setup.c - rank 1 misbehaves around the setup calls, chosen by argv[1]: it comes late to
 * dagcc_init, never calls dagcc_group_split, comes late to dagcc_finalize, or dies while a
 * collective is in flight. The other ranks must report it within DAGCC_TIMEOUT_S, naming the
 * call or the operation, instead of waiting forever. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "dagcc_rt.h"

enum { N = 64 };

int main(int argc, char **argv)
{
	const char *what = argc > 1 ? argv[1] : "good";
	const char *r = getenv("OMPI_COMM_WORLD_RANK");
	int odd = r && atoi(r) == 1;
	if (odd && !strcmp(what, "late-init"))
		sleep(30);
	dagcc_init(&argc, &argv);
	dagcc_stream_t s = dagcc_stream_default();
	dagcc_group *g = dagcc_world();
	float *a = dagcc_malloc(N * sizeof(float));
	dagcc_all_reduce(g, a, N, DAGCC_F32, DAGCC_SUM, s);
	if (odd && !strcmp(what, "late-split"))
		sleep(30);
	if (strcmp(what, "no-split") != 0 || !odd) {
		dagcc_group *h = dagcc_group_split(g, 0, dagcc_group_rank(g));
		dagcc_all_reduce(h, a, N, DAGCC_F32, DAGCC_SUM, s);
	}
	if (!strcmp(what, "die")) {
		dagcc_future f = dagcc_all_reduce_start(g, a, N, DAGCC_F32, DAGCC_SUM, s);
		if (odd)
			_exit(3);
		dagcc_future_wait(&f, s);
	}
	if (odd && !strcmp(what, "late-finalize"))
		sleep(30);
	dagcc_free(a);
	if (dagcc_group_rank(g) == 0)
		printf("%s: finished\n", what);
	dagcc_finalize();
	return 0;
}
