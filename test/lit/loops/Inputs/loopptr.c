/* loopptr.c - a run-time loop over a buffer by a pointer variable: p points into x, which the
 * node after it reads, so the two must stay in order. */
#include "dagcc.h"
#define N 16
DAGCC_COMPUTE(us = 20)
void axpy(dagcc_stream_t s, DAGCC_IN_N(n) const float *a, DAGCC_INOUT_N(n) float *y, int n);
DAGCC_GRAPH void step(dagcc_group *g, float *w, float *grad, float *x, float *out, int nmicro,
		      dagcc_stream_t s)
{
	for (float *p = x; p < x + nmicro * N; p += N) {
		axpy(s, w, grad, N);
		dagcc_all_reduce(g, grad, N, DAGCC_F32, DAGCC_AVG, s);
		axpy(s, grad, p, N);
		axpy(s, x, out, N);
	}
}
