// A graph whose count comes from a header found with -I, included twice (no guard).
#include <stddef.h>

#include "dagcc.h"

#include "count.h"
#include "count.h"

DAGCC_GRAPH void step(dagcc_group *g, float *a, dagcc_stream_t s)
{
	for (int i = 0; i < 2; i++)
		dagcc_all_reduce(g, a + i * COUNT, COUNT, DAGCC_F32, DAGCC_SUM, s);
}
