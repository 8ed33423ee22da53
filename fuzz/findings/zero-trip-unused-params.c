#include "dagcc.h"

DAGCC_GRAPH void step(float *x, dagcc_group *g, dagcc_stream_t s)
{
	for (int i = 0; i < 0; i++)
		dagcc_all_reduce(g, x, 1, DAGCC_F32, DAGCC_SUM, s);
}
