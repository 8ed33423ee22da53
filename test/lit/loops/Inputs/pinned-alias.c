/* pinned-alias.c - headers that read memory (loops/pinned.c) */
#include "dagcc.h"
DAGCC_COMPUTE(us = 20)
void fwd(dagcc_stream_t s, DAGCC_IN const float *w, DAGCC_INOUT float *act, int n);
DAGCC_COMPUTE(us = 1)
void shrink(dagcc_stream_t s, DAGCC_INOUT int *n);
struct cfg {
	int n;
};
int steps;
DAGCC_GRAPH void train(dagcc_group *g, float *w, float *act, float *x, float *out, int *limit,
		       struct cfg *cfg, int *k, dagcc_stream_t s)
{
	int *lim = limit;
	for (int i = 0; i < *lim; i++) {
		fwd(s, w, act, 16);
		fwd(s, act, x, 16);
		dagcc_all_reduce(g, x, 16, DAGCC_F32, DAGCC_SUM, s);
		fwd(s, x, out, 16);
		shrink(s, limit);
	}
	for (int i = 0; i < steps; i++) {
		fwd(s, w, act, 16);
		fwd(s, act, x, 16);
		dagcc_all_reduce(g, x, 16, DAGCC_F32, DAGCC_SUM, s);
		fwd(s, x, out, 16);
		shrink(s, k);
	}
	for (int i = 0; i < cfg->n; i++) {
		fwd(s, w, act, 16);
		fwd(s, act, x, 16);
		dagcc_all_reduce(g, x, 16, DAGCC_F32, DAGCC_SUM, s);
		fwd(s, x, out, 16);
		shrink(s, k);
	}
}
