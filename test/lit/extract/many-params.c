// A graph function's body is found after however many parameters (it was missed past 7).
// RUN: %dagcc --assume n=16 --stats %s | FileCheck %s
// CHECK: "name":"step","nodes":2,
#include "dagcc.h"

DAGCC_GRAPH void step(dagcc_group *g, float *a, float *b, float *c, float *d, float *e, float *f,
		      float *h, dagcc_stream_t s1, dagcc_stream_t s2, int n)
{
	dagcc_all_reduce(g, a, 16, DAGCC_F32, DAGCC_SUM, s1);
	dagcc_all_reduce(g, h, n, DAGCC_F32, DAGCC_SUM, s2);
}
