/* tp_dp_block.c - a tensor-parallel MLP stack trained with data parallelism.
 *
 * The world is a TP x DP grid split with dagcc_group_split: ranks in one row share a tensor-
 * parallel group (the first matmul is split by columns, the second by rows, and an all-reduce
 * over tp sums the partial outputs); ranks in one column share a data-parallel group that
 * averages weight gradients. Two groups, two collective streams to overlap.
 *
 *   dagcc --stats examples/tp_dp_block.c */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "dagcc.h"

#ifndef L
#define L 2 /* layers */
#endif
#ifndef T
#define T 16 /* tokens per data-parallel rank */
#endif
#ifndef H
#define H 128 /* model width */
#endif
#ifndef FF
#define FF 512 /* feed-forward width */
#endif
#ifndef TP
#define TP 2 /* ranks in a tensor-parallel group */
#endif
#define FP (FF / TP) /* this rank's slice of the feed-forward width */

struct block {
	dagcc_group *tp, *dp;
	float *x[L + 1]; /* T x H inputs of each layer */
	float *h[L]; /* T x FP activations */
	float *w1[L], *w2[L]; /* H x FP and FP x H weight slices */
	float *g1[L], *g2[L]; /* their gradients */
	float *dx[L + 1], *dh[L];
};

DAGCC_COMPUTE(flops = 2.0 * m * n * k, bytes = sizeof(float) * (m * k + k * n + m * n))
void matmul(dagcc_stream_t s, DAGCC_IN const float *x, DAGCC_IN const float *w, DAGCC_OUT float *y,
	    int m, int n, int k);
DAGCC_COMPUTE(flops = 2.0 * m * n * k, bytes = sizeof(float) * (m * k + k * n + m * n))
void matmul_dx(dagcc_stream_t s, DAGCC_IN const float *dy, DAGCC_IN const float *w,
	       DAGCC_OUT float *dx, int m, int n, int k);
DAGCC_COMPUTE(flops = 2.0 * m * n * k, bytes = sizeof(float) * (m * k + k * n + m * n))
void matmul_dw(dagcc_stream_t s, DAGCC_IN const float *x, DAGCC_IN const float *dy,
	       DAGCC_OUT float *dw, int m, int n, int k);
DAGCC_COMPUTE(flops = 8 * n, bytes = 2 * sizeof(float) * n)
void relu(dagcc_stream_t s, DAGCC_INOUT float *x, int n);
DAGCC_COMPUTE(flops = n, bytes = 3 * sizeof(float) * n)
void relu_grad(dagcc_stream_t s, DAGCC_IN const float *y, DAGCC_INOUT float *dy, int n);

DAGCC_GRAPH void block_step(struct block *b, dagcc_stream_t s)
{
	for (int l = 0; l < L; l++) {
		matmul(s, b->x[l], b->w1[l], b->h[l], T, FP, H);
		relu(s, b->h[l], T * FP);
		matmul(s, b->h[l], b->w2[l], b->x[l + 1], T, H, FP);
		dagcc_all_reduce(b->tp, b->x[l + 1], T * H, DAGCC_F32, DAGCC_SUM, s);
	}
	for (int l = L - 1; l >= 0; l--) {
		matmul_dw(s, b->h[l], b->dx[l + 1], b->g2[l], T, H, FP);
		dagcc_all_reduce(b->dp, b->g2[l], FP * H, DAGCC_F32, DAGCC_AVG, s);
		matmul_dx(s, b->dx[l + 1], b->w2[l], b->dh[l], T, H, FP);
		relu_grad(s, b->h[l], b->dh[l], T * FP);
		matmul_dw(s, b->x[l], b->dh[l], b->g1[l], T, FP, H);
		dagcc_all_reduce(b->dp, b->g1[l], H * FP, DAGCC_F32, DAGCC_AVG, s);
		matmul_dx(s, b->dh[l], b->w1[l], b->dx[l], T, FP, H);
		dagcc_all_reduce(b->tp, b->dx[l], T * H, DAGCC_F32, DAGCC_SUM, s);
	}
}

void matmul(dagcc_stream_t s, const float *x, const float *w, float *y, int m, int n, int k)
{
	(void)s;
	for (int i = 0; i < m; i++)
		for (int j = 0; j < n; j++) {
			float acc = 0;
			for (int l = 0; l < k; l++)
				acc += x[i * k + l] * w[l * n + j];
			y[i * n + j] = acc;
		}
}

void matmul_dx(dagcc_stream_t s, const float *dy, const float *w, float *dx, int m, int n, int k)
{
	(void)s;
	for (int i = 0; i < m; i++)
		for (int l = 0; l < k; l++) {
			float acc = 0;
			for (int j = 0; j < n; j++)
				acc += dy[i * n + j] * w[l * n + j];
			dx[i * k + l] = acc;
		}
}

void matmul_dw(dagcc_stream_t s, const float *x, const float *dy, float *dw, int m, int n, int k)
{
	(void)s;
	for (int l = 0; l < k; l++)
		for (int j = 0; j < n; j++) {
			float acc = 0;
			for (int i = 0; i < m; i++)
				acc += x[i * k + l] * dy[i * n + j];
			dw[l * n + j] = acc;
		}
}

void relu(dagcc_stream_t s, float *x, int n)
{
	(void)s;
	for (int i = 0; i < n; i++)
		x[i] = fmaxf(x[i], 0.0f);
}

void relu_grad(dagcc_stream_t s, const float *y, float *dy, int n)
{
	(void)s;
	for (int i = 0; i < n; i++)
		if (y[i] <= 0.0f)
			dy[i] = 0.0f;
}

static float *filled(size_t n, unsigned seed)
{
	float *host = malloc(n * sizeof *host);
	if (!host)
		abort();
	for (size_t i = 0; i < n; i++) {
		seed = seed * 1664525u + 1013904223u;
		host[i] = (float)((seed >> 12) % 2001) / 1000.0f * 0.05f - 0.05f;
	}
	float *dev = dagcc_malloc(n * sizeof *dev);
	dagcc_copy_to_device(dev, host, n * sizeof *dev);
	free(host);
	return dev;
}

int main(int argc, char **argv)
{
	dagcc_init(&argc, &argv);
	dagcc_group *world = dagcc_world();
	int rank = dagcc_group_rank(world), size = dagcc_group_size(world);
	if (size % TP) {
		if (rank == 0)
			fprintf(stderr, "tp_dp_block: %d ranks do not split into TP=%d groups\n", size, TP);
		dagcc_finalize();
		return 1;
	}
	struct block b;
	b.tp = dagcc_group_split(world, rank / TP, rank);
	b.dp = dagcc_group_split(world, rank % TP, rank);
	unsigned tpr = (unsigned)dagcc_group_rank(b.tp), dpr = (unsigned)dagcc_group_rank(b.dp);
	for (int l = 0; l < L; l++) {
		b.w1[l] = filled(H * FP, 11u + 3u * (unsigned)l + 97u * tpr);
		b.w2[l] = filled(FP * H, 13u + 5u * (unsigned)l + 89u * tpr);
		b.g1[l] = filled(H * FP, 0);
		b.g2[l] = filled(FP * H, 0);
		b.h[l] = filled(T * FP, 0);
		b.dh[l] = filled(T * FP, 0);
	}
	for (int l = 0; l <= L; l++) {
		b.x[l] = filled(T * H, 17u + 31u * dpr);
		b.dx[l] = filled(T * H, 19u + 37u * dpr);
	}
	dagcc_stream_t s = dagcc_stream_default();
	block_step(&b, s);
	dagcc_stream_sync(s);
	double sum = 0;
	float *g = malloc(H * FP * sizeof *g);
	for (int l = 0; l < L; l++) {
		dagcc_copy_to_host(g, b.g1[l], H * FP * sizeof *g);
		for (int j = 0; j < H * FP; j++)
			sum += g[j] * (double)(j % 5 + 1);
	}
	printf("rank %d grad checksum %.9e\n", rank, sum);
	free(g);
	dagcc_finalize();
	return 0;
}
