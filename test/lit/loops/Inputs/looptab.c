/* looptab.c - a run-time loop whose body declares p from a pointer table that a node of the body
 * then overwrites: made again a trip late, the declaration would read the table before the
 * late node of the trip before wrote it, so the loop is not rotated (pinned). */
#include "dagcc.h"
#define N 16
DAGCC_COMPUTE(us = 20)
void axpy(dagcc_stream_t s, DAGCC_IN_N(n) const float *a, DAGCC_INOUT_N(n) float *y, int n);
DAGCC_COMPUTE(us = 5)
void clobber(dagcc_stream_t s, DAGCC_OUT_N(n) void *y, int n);
DAGCC_GRAPH void step(dagcc_group *g, float **tab, float *grad, float *w, int nmicro, dagcc_stream_t s)
{
	for (int mb = 0; mb < nmicro; mb++) {
		float *p = tab[0];
		axpy(s, p, grad, N);
		dagcc_all_reduce(g, grad, N, DAGCC_F32, DAGCC_AVG, s);
		axpy(s, grad, w, N);
		clobber(s, tab, 8);
	}
}
