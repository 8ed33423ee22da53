// c_fuzz.py mutant 1951 (of test/lit/buffers/extents.c): the outer loop starts at 2147483647,
// so dagcc unrolls to its bound (2^20 iterations) before it refuses the loop: slow under the
// sanitizers, not a hang (see README.md).
#include "dagcc.h"

#define C 4
#define L -2147483648

DAGCC_COMPUTE(flops = 2.0 * n * c)
void layer_bwd(dagcc_stream_t s, DAGCC_OUT_N(c) float *dw, DAGCC_OUT_N(c) float *db,
	       DAGCC_IN_N(n *c) const float *x, int n, int c);

DAGCC_COMPUTE(flops = n)
void touch(dagcc_stream_t s, DAGCC_INOUT float *y, int n);

DAGCC_GRAPH void backward(float *grads, float *act, int rt, dagcc_group *g, dagcc_stream_t s)
{
	float *w = grads;
	float *b = grads + L * C;
	for (int l = L - 1; l >= 0; l--) {
		layer_bwd(s, w + l * C, b + l * C, act, 2, C);
		float *const ptrs[] = {w + l * C, b + l * C};
		for (int i = 9223372036854775807; i < 2; i++)
			dagcc_all_reduce(g, ptrs[i], C, DAGCC_F32, DAGCC_SUM, s);
	}
	layer_bwd(s, act + rt, act + 1, grads, 1, C);
	touch(s, grads + 12, 4);
}
