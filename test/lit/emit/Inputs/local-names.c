/* local-names.c - two graphs, each with a local a kernel writes through its address. The two
 * calls' locals may sit at the same stack address: checked mode must not take them for two
 * buffers the program treats as distinct that share memory. */
#include <stdio.h>

#include "dagcc.h"

#define N 8

DAGCC_COMPUTE(us = 1)
void ksum(dagcc_stream_t s, DAGCC_OUT_N(1) float *out, DAGCC_IN_N(n) const float *x, int n);
DAGCC_COMPUTE(us = 1)
void kaddc(dagcc_stream_t s, DAGCC_INOUT_N(n) float *y, float c, int n);

DAGCC_GRAPH void first(dagcc_group *g, dagcc_stream_t s, float *x)
{
	dagcc_all_reduce(g, x, N, DAGCC_F32, DAGCC_SUM, s);
	float loss = 0;
	ksum(s, &loss, x, N);
	kaddc(s, x, loss, N);
}

DAGCC_GRAPH void second(dagcc_group *g, dagcc_stream_t s, float *y)
{
	float total = 0;
	ksum(s, &total, y, N);
	kaddc(s, y, total, N);
	dagcc_all_reduce(g, y, N, DAGCC_F32, DAGCC_SUM, s);
}

void ksum(dagcc_stream_t s, float *out, const float *x, int n)
{
	(void)s;
	*out = 0;
	for (int i = 0; i < n; i++)
		*out += x[i];
}

void kaddc(dagcc_stream_t s, float *y, float c, int n)
{
	(void)s;
	for (int i = 0; i < n; i++)
		y[i] = y[i] * 0.5f + c;
}

int main(int argc, char **argv)
{
	dagcc_init(&argc, &argv);
	dagcc_group *g = dagcc_world();
	int rank = dagcc_group_rank(g);
	float *x = dagcc_malloc(N * sizeof(float)), *y = dagcc_malloc(N * sizeof(float));
	for (int i = 0; i < N; i++) {
		x[i] = (float)(i + rank);
		y[i] = (float)(2 * i - rank);
	}
	dagcc_stream_t s = dagcc_stream_default();
	first(g, s, x);
	second(g, s, y);
	dagcc_stream_sync(s);
	for (int i = 0; i < N; i++)
		printf("rank %d %d %a %a\n", rank, i, x[i], y[i]);
	dagcc_free(x);
	dagcc_free(y);
	dagcc_finalize();
	return 0;
}
