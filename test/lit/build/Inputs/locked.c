// The graph's shape comes from macros: N from -D (or its default), COUNT from a header, SIZE
// from both (a macro of macros); PTR is no integer and STEP's graph does not depend on it.
#include "dagcc.h"

#include "count.h"

#ifndef N
#define N 2
#endif
#define SIZE (N * COUNT)
#define PTR ((float *)0)

DAGCC_GRAPH void step(dagcc_group *g, float *a, dagcc_stream_t s)
{
	for (int i = 0; i < N; i++)
		dagcc_all_reduce(g, a + i * COUNT, COUNT, DAGCC_F32, DAGCC_SUM, s);
	dagcc_broadcast(g, a + SIZE, 1, DAGCC_F32, 0, s);
	(void)PTR;
}
