// Links with dep.c's graph and runs it once on every rank.
#include <stdio.h>

#include "dagcc.h"

void step(dagcc_group *g, float *a, dagcc_stream_t s);

int main(int argc, char **argv)
{
	dagcc_init(&argc, &argv);
	float *a = dagcc_malloc(2 * 256 * sizeof(float));
	step(dagcc_world(), a, dagcc_stream_default());
	dagcc_stream_sync(dagcc_stream_default());
	printf("rank %d: ran\n", dagcc_group_rank(dagcc_world()));
	dagcc_free(a);
	dagcc_finalize();
	return 0;
}
