#include "dagcc.h"
DAGCC_COMPUTE(flops = n) void k(DAGCC_INOUT float *x, int n, dagcc_stream_t s);
void other(void);
DAGCC_GRAPH void step(dagcc_group *g, float *a, dagcc_stream_t s)
{
	k(a, 8, s);
	dagcc_all_reduce(g, a + 8, 8, DAGCC_F32, DAGCC_SUM, s);
	other();
}
