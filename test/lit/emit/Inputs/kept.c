/* kept.c - statements dagcc keeps in place rather than schedules, next to the nodes they
 * depend on: a value read on the host from a buffer a collective wrote, a local a kernel
 * writes through its address, a call through a function pointer, and a pointer carved out of
 * a temporary. Moving any of them across a node changes what the program prints. */
#include <stdio.h>
#include <stdlib.h>

#include "dagcc.h"

#define N 8

struct state {
	dagcc_group *g;
	float *x, *y, *out;
	void (*hook)(float *x, int n);
};

DAGCC_COMPUTE(us = 5)
void sumk(dagcc_stream_t s, DAGCC_OUT_N(1) float *total, DAGCC_IN_N(n) const float *x, int n);
DAGCC_COMPUTE(us = 5)
void axpy(dagcc_stream_t s, DAGCC_INOUT_N(n) float *y, DAGCC_IN_N(n) const float *x, float a,
	  int n);

DAGCC_GRAPH void step(struct state *st, dagcc_stream_t s)
{
	dagcc_all_reduce(st->g, st->x, N, DAGCC_F32, DAGCC_SUM, s);
	float first = st->x[0]; /* the reduced value */
	axpy(s, st->out, st->x, first, N);
	float total;
	sumk(s, &total, st->out, N);
	float half = total / 2;
	axpy(s, st->y, st->x, half, N);
	st->hook(st->y, N);
	dagcc_all_reduce(st->g, st->y, N, DAGCC_F32, DAGCC_SUM, s);
	float *w = dagcc_alloc_async(2 * N * sizeof(float), s);
	float *hi = w + N;
	dagcc_all_gather(st->g, st->x, hi, 1, DAGCC_F32, s);
	axpy(s, st->out, hi, 0.5f, 1);
	dagcc_free_async(w, s);
}

void sumk(dagcc_stream_t s, float *total, const float *x, int n)
{
	(void)s;
	*total = 0;
	for (int i = 0; i < n; i++)
		*total += x[i];
}

void axpy(dagcc_stream_t s, float *y, const float *x, float a, int n)
{
	(void)s;
	for (int i = 0; i < n; i++)
		y[i] += a * x[i];
}

static void square(float *x, int n)
{
	for (int i = 0; i < n; i++)
		x[i] *= x[i];
}

static float *filled(int rank, int k)
{
	float *p = dagcc_malloc(sizeof(float) * N);
	for (int i = 0; i < N; i++)
		p[i] = (float)((i * 5 + k * 11 + rank * 3) % 13) / 4.0f;
	return p;
}

int main(int argc, char **argv)
{
	dagcc_init(&argc, &argv);
	struct state st = {dagcc_world(), NULL, NULL, NULL, square};
	int rank = dagcc_group_rank(st.g);
	st.x = filled(rank, 1);
	st.y = filled(rank, 2);
	st.out = filled(rank, 3);
	dagcc_stream_t s = dagcc_stream_default();
	step(&st, s);
	dagcc_stream_sync(s);
	for (int i = 0; i < N; i++)
		printf("rank %d %d %a %a %a\n", rank, i, st.x[i], st.y[i], st.out[i]);
	dagcc_free(st.x);
	dagcc_free(st.y);
	dagcc_free(st.out);
	dagcc_finalize();
	return 0;
}
