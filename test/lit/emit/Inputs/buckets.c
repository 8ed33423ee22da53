/* buckets.c - collectives dagcc buckets in every form: all-gathers and reduce-scatters (whose
 * packed buffers are rank-major), all-reduces of separate buffers, and all-reduces of adjacent
 * slices of one buffer (one collective, no copies). The program prints every output's bits,
 * so the overlapped build must print the same bytes. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dagcc.h"

#define N 24 /* elements per rank and collective */
#define K 3 /* collectives of each kind */

struct state {
	dagcc_group *g;
	float *shard[K], *full[K]; /* all_gather: N in, N * size out */
	float *grad[K], *part[K]; /* reduce_scatter: N * size in, N out */
	int *cnt[K]; /* all_reduce, separate buffers */
	float *flat; /* all_reduce of K adjacent slices */
	float *out;
};

DAGCC_COMPUTE(us = 5)
void scale(dagcc_stream_t s, DAGCC_INOUT float *x, int n);
DAGCC_COMPUTE(us = 5)
void combine(dagcc_stream_t s, DAGCC_IN const float *a, DAGCC_IN const float *b,
	     DAGCC_OUT float *out, int n);

DAGCC_GRAPH void step(struct state *st, dagcc_stream_t s)
{
	scale(s, st->flat, K * N);
	for (int k = 0; k < K; k++)
		dagcc_all_gather(st->g, st->shard[k], st->full[k], N, DAGCC_F32, s);
	for (int k = 0; k < K; k++)
		dagcc_reduce_scatter(st->g, st->grad[k], st->part[k], N, DAGCC_F32, DAGCC_SUM, s);
	for (int k = 0; k < K; k++)
		dagcc_all_reduce(st->g, st->cnt[k], N, DAGCC_I32, DAGCC_SUM, s);
	for (int k = 0; k < K; k++)
		dagcc_all_reduce(st->g, st->flat + k * N, N, DAGCC_F32, DAGCC_AVG, s);
	combine(s, st->full[0], st->part[0], st->out, N);
}

void scale(dagcc_stream_t s, float *x, int n)
{
	(void)s;
	for (int i = 0; i < n; i++)
		x[i] *= 1.5f;
}

void combine(dagcc_stream_t s, const float *a, const float *b, float *out, int n)
{
	(void)s;
	for (int i = 0; i < n; i++)
		out[i] = a[i] - b[i];
}

static void *upload(const void *host, size_t bytes)
{
	void *p = dagcc_malloc(bytes);
	dagcc_copy_to_device(p, host, bytes);
	return p;
}

static void show(const char *what, int k, const void *dev, size_t bytes, int rank)
{
	unsigned char *h = malloc(bytes);
	dagcc_copy_to_host(h, dev, bytes);
	unsigned long long sum = 1469598103934665603ull; /* FNV-1a of the bytes */
	for (size_t i = 0; i < bytes; i++)
		sum = (sum ^ h[i]) * 1099511628211ull;
	printf("rank %d %s[%d] %016llx\n", rank, what, k, sum);
	free(h);
}

int main(int argc, char **argv)
{
	dagcc_init(&argc, &argv);
	struct state st;
	st.g = dagcc_world();
	int rank = dagcc_group_rank(st.g), size = dagcc_group_size(st.g);
	float *f = malloc(sizeof(float) * N * size * K);
	int *c = malloc(sizeof(int) * N);
	for (int k = 0; k < K; k++) {
		for (int i = 0; i < N * size; i++)
			f[i] = (float)((i * 7 + k * 13 + rank * 29) % 101) / 7.0f;
		st.shard[k] = upload(f, sizeof(float) * N);
		st.grad[k] = upload(f, sizeof(float) * N * size);
		st.full[k] = dagcc_malloc(sizeof(float) * N * size);
		st.part[k] = dagcc_malloc(sizeof(float) * N);
		for (int i = 0; i < N; i++)
			c[i] = i * (k + 1) + rank * 1000;
		st.cnt[k] = upload(c, sizeof(int) * N);
	}
	for (int i = 0; i < N * K; i++)
		f[i] = (float)((i * 3 + rank * 17) % 37) / 3.0f;
	st.flat = upload(f, sizeof(float) * N * K);
	st.out = dagcc_malloc(sizeof(float) * N);
	dagcc_stream_t s = dagcc_stream_default();
	step(&st, s);
	dagcc_stream_sync(s);
	for (int k = 0; k < K; k++) {
		show("full", k, st.full[k], sizeof(float) * N * size, rank);
		show("part", k, st.part[k], sizeof(float) * N, rank);
		show("cnt", k, st.cnt[k], sizeof(int) * N, rank);
		dagcc_free(st.shard[k]);
		dagcc_free(st.grad[k]);
		dagcc_free(st.full[k]);
		dagcc_free(st.part[k]);
		dagcc_free(st.cnt[k]);
	}
	show("flat", 0, st.flat, sizeof(float) * N * K, rank);
	show("out", 0, st.out, sizeof(float) * N, rank);
	dagcc_free(st.flat);
	dagcc_free(st.out);
	free(f);
	free(c);
	dagcc_finalize();
	return 0;
}
