/* directives.c - graphs whose bodies hold preprocessor directives, for directives.test: a
 * signature chosen by #ifdef with the opening brace in each branch, a body whose end is inside
 * a conditional, and #if/#ifdef, #define/#undef and #pragma inside a body. The kernels are
 * order-sensitive (y = 1.5 y + x), so a misplaced statement changes the output. */
#include <stdio.h>
#include <string.h>

#include "dagcc.h"

#define N 16

DAGCC_COMPUTE(flops = n)
void axpy(dagcc_stream_t s, DAGCC_INOUT_N(n) float *y, DAGCC_IN_N(n) const float *x, int n);

void axpy(dagcc_stream_t s, float *y, const float *x, int n)
{
	(void)s;
	for (int i = 0; i < n; i++)
		y[i] = 1.5f * y[i] + x[i];
}

#ifdef WIDE
DAGCC_GRAPH void step(dagcc_group *g, float *a, float *b, dagcc_stream_t s) {
	int k = 2;
#else
DAGCC_GRAPH void step(dagcc_group *g, float *a, dagcc_stream_t s) {
	int k = 1;
	float *b = a + 2 * N;
#endif
	axpy(s, a, b, N * k);
	dagcc_all_reduce(g, a, N, DAGCC_F32, DAGCC_SUM, s);
	axpy(s, b, a, N);
}

DAGCC_GRAPH void tail(dagcc_group *g, float *a, dagcc_stream_t s)
{
	axpy(s, a + N, a, N);
	dagcc_all_reduce(g, a + N, N, DAGCC_F32, DAGCC_SUM, s);
#ifdef WIDE
	axpy(s, a, a + N, N);
}
#else
	axpy(s, a + 2 * N, a + N, N);
}
#endif

DAGCC_GRAPH void inside(dagcc_group *g, float *a, dagcc_stream_t s)
{
#define HALF (N / 2)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-variable"
#if defined(WIDE) && HALF > 4
	axpy(s, a + HALF, a, HALF);
#else
	axpy(s, a + N, a, HALF);
#endif
#pragma GCC unroll 2
	for (int l = 0; l < 2; l++) {
#ifndef WIDE
		axpy(s, a + l * HALF, a + 2 * N, HALF);
#endif
		dagcc_all_reduce(g, a + l * HALF, HALF, DAGCC_F32, DAGCC_SUM, s);
	}
#pragma GCC diagnostic pop
#undef HALF
}

int main(int argc, char **argv)
{
	dagcc_init(&argc, &argv);
	dagcc_group *g = dagcc_world();
	int r = dagcc_group_rank(g);
	dagcc_stream_t s = dagcc_stream_default();
	float h[4 * N];
	for (int i = 0; i < 4 * N; i++)
		h[i] = (float)((r * 7 + i * 5) % 11);
	float *a = dagcc_malloc(sizeof h);
	dagcc_copy_to_device(a, h, sizeof h);
#ifdef WIDE
	step(g, a, a + 2 * N, s);
#else
	step(g, a, s);
#endif
	tail(g, a, s);
	inside(g, a, s);
	dagcc_stream_sync(s);
	dagcc_copy_to_host(h, a, sizeof h);
	for (int i = 0; i < 4 * N; i++)
		printf("rank %d %d %a\n", r, i, h[i]);
	dagcc_free(a);
	dagcc_finalize();
	return 0;
}
