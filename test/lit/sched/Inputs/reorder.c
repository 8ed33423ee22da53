/* reorder.c - a group's all-reduce that program order puts last but that needs nothing from
 * the step: the gradient-norm statistics the host filled in before it. dagcc starts it first,
 * ahead of the gradients' all-reduces of the same group, on every rank alike. */
#include <stdio.h>

#include "dagcc.h"

#define L 4
#define N 64

struct state {
	dagcc_group *dp;
	float *w[L], *g[L], *stats;
};

DAGCC_COMPUTE(us = 40)
void grad(dagcc_stream_t s, DAGCC_OUT_N(n) float *g, DAGCC_IN_N(n) const float *w, int n);
DAGCC_COMPUTE(us = 2)
void apply(dagcc_stream_t s, DAGCC_INOUT_N(n) float *w, DAGCC_IN_N(n) const float *g,
	   DAGCC_IN_N(1) const float *scale, int n);

DAGCC_GRAPH void step(struct state *st, dagcc_stream_t s)
{
	for (int i = 0; i < L; i++) {
		grad(s, st->g[i], st->w[i], N);
		dagcc_all_reduce(st->dp, st->g[i], N, DAGCC_F32, DAGCC_SUM, s);
	}
	dagcc_all_reduce(st->dp, st->stats, 1, DAGCC_F32, DAGCC_MAX, s);
	for (int i = 0; i < L; i++)
		apply(s, st->w[i], st->g[i], st->stats, N);
}

void grad(dagcc_stream_t s, float *g, const float *w, int n)
{
	(void)s;
	for (int i = 0; i < n; i++)
		g[i] = w[i] * w[i] / 3 - w[(i + 1) % n];
}

void apply(dagcc_stream_t s, float *w, const float *g, const float *scale, int n)
{
	(void)s;
	for (int i = 0; i < n; i++)
		w[i] -= g[i] / (1 + *scale);
}

int main(int argc, char **argv)
{
	dagcc_init(&argc, &argv);
	struct state st = {.dp = dagcc_world()};
	int rank = dagcc_group_rank(st.dp);
	for (int l = 0; l < L; l++) {
		st.w[l] = dagcc_malloc(N * sizeof(float));
		st.g[l] = dagcc_malloc(N * sizeof(float));
		for (int i = 0; i < N; i++)
			st.w[l][i] = (float)((i * 7 + l * 5 + rank * 3) % 17) / 8;
	}
	st.stats = dagcc_malloc(sizeof(float));
	*st.stats = (float)(rank % 3) + 0.5f;
	dagcc_stream_t s = dagcc_stream_default();
	for (int it = 0; it < 3; it++)
		step(&st, s);
	dagcc_stream_sync(s);
	unsigned long h = 14695981039346656037ul; /* FNV-1a over the weights' bits */
	for (int l = 0; l < L; l++)
		for (int i = 0; i < N; i++) {
			unsigned char *b = (unsigned char *)&st.w[l][i];
			for (size_t k = 0; k < sizeof(float); k++)
				h = (h ^ b[k]) * 1099511628211ul;
		}
	printf("rank %d weights %016lx w[0][0] %a stats %a\n", rank, h, (double)st.w[0][0],
	       (double)*st.stats);
	dagcc_finalize();
	return 0;
}
