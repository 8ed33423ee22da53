/* fsdp_mlp.c - one FSDP-style training step of an MLP.
 *
 * Each rank keeps 1/DP of every weight. The step gathers a layer's full weight into a
 * stream-ordered temporary just before using it (forward and again in backward), and
 * reduce-scatters each weight gradient back to its shards. Written in program order: dagcc
 * prefetches the gathers and defers the waits.
 *
 *   dagcc --stats examples/fsdp_mlp.c
 *   dagcc --emit=ir -DH=8192 examples/fsdp_mlp.c */
#include <stdio.h>
#include <stdlib.h>

#include "dagcc.h"

#ifndef LAYERS
#define LAYERS 4
#endif
#ifndef H
#define H 256 /* hidden size */
#endif
#ifndef B
#define B 8 /* tokens per rank */
#endif
#ifndef DP
#define DP 4 /* ranks in the data-parallel group */
#endif
#define SHARD (H * H / DP)

struct model {
	dagcc_group *dp;
	float *shard[LAYERS]; /* this rank's SHARD floats of each weight */
	float *gshard[LAYERS]; /* this rank's part of each weight's gradient */
	float *act[LAYERS + 1]; /* B x H activations */
	float *dact[LAYERS + 1]; /* their gradients */
};

/* y[m x n] = x[m x k] w[k x n] */
DAGCC_COMPUTE(flops = 2.0 * m * n * k, bytes = sizeof(float) * (m * k + k * n + m * n))
void matmul(dagcc_stream_t s, DAGCC_IN const float *x, DAGCC_IN const float *w, DAGCC_OUT float *y,
	    int m, int n, int k);

/* dx[m x k] = dy[m x n] w[k x n]^T */
DAGCC_COMPUTE(flops = 2.0 * m * n * k, bytes = sizeof(float) * (m * k + k * n + m * n))
void matmul_dx(dagcc_stream_t s, DAGCC_IN const float *dy, DAGCC_IN const float *w,
	       DAGCC_OUT float *dx, int m, int n, int k);

/* dw[k x n] = x[m x k]^T dy[m x n] */
DAGCC_COMPUTE(flops = 2.0 * m * n * k, bytes = sizeof(float) * (m * k + k * n + m * n))
void matmul_dw(dagcc_stream_t s, DAGCC_IN const float *x, DAGCC_IN const float *dy,
	       DAGCC_OUT float *dw, int m, int n, int k);

/* d = y - 1: the gradient of a squared-error loss against ones */
DAGCC_COMPUTE(bytes = 2 * sizeof(float) * n)
void loss_grad(dagcc_stream_t s, DAGCC_IN const float *y, DAGCC_OUT float *d, int n);

DAGCC_GRAPH void train_step(struct model *md, dagcc_stream_t s)
{
	for (int i = 0; i < LAYERS; i++) {
		float *w = dagcc_alloc_async(H * H * sizeof(float), s);
		dagcc_all_gather(md->dp, md->shard[i], w, SHARD, DAGCC_F32, s);
		matmul(s, md->act[i], w, md->act[i + 1], B, H, H);
		dagcc_free_async(w, s);
	}
	loss_grad(s, md->act[LAYERS], md->dact[LAYERS], B * H);
	for (int i = LAYERS - 1; i >= 0; i--) {
		float *w = dagcc_alloc_async(H * H * sizeof(float), s);
		float *dw = dagcc_alloc_async(H * H * sizeof(float), s);
		dagcc_all_gather(md->dp, md->shard[i], w, SHARD, DAGCC_F32, s);
		matmul_dw(s, md->act[i], md->dact[i + 1], dw, B, H, H);
		matmul_dx(s, md->dact[i + 1], w, md->dact[i], B, H, H);
		dagcc_reduce_scatter(md->dp, dw, md->gshard[i], SHARD, DAGCC_F32, DAGCC_AVG, s);
		dagcc_free_async(w, s);
		dagcc_free_async(dw, s);
	}
}

/* Host kernels, for the mpi backend: the stream is in order by construction. */
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

void loss_grad(dagcc_stream_t s, const float *y, float *d, int n)
{
	(void)s;
	for (int i = 0; i < n; i++)
		d[i] = y[i] - 1.0f;
}

static float *filled(size_t n, unsigned seed)
{
	float *host = malloc(n * sizeof *host);
	if (!host)
		abort();
	for (size_t i = 0; i < n; i++) {
		seed = seed * 1103515245u + 12345u;
		host[i] = (float)((seed >> 16) % 1000) / 1000.0f * 0.1f - 0.05f;
	}
	float *dev = dagcc_malloc(n * sizeof *dev);
	dagcc_copy_to_device(dev, host, n * sizeof *dev);
	free(host);
	return dev;
}

int main(int argc, char **argv)
{
	dagcc_init(&argc, &argv);
	struct model md;
	md.dp = dagcc_world();
	int rank = dagcc_group_rank(md.dp);
	if (dagcc_group_size(md.dp) != DP) {
		if (rank == 0)
			fprintf(stderr, "fsdp_mlp: built for DP=%d ranks, run with %d\n", DP,
				dagcc_group_size(md.dp));
		dagcc_finalize();
		return 1;
	}
	for (int i = 0; i < LAYERS; i++) {
		md.shard[i] = filled(SHARD, 7u * (unsigned)i + 1u + 100u * (unsigned)rank);
		md.gshard[i] = filled(SHARD, 0);
	}
	for (int i = 0; i <= LAYERS; i++) {
		md.act[i] = filled(B * H, 3u + (unsigned)i + 10u * (unsigned)rank);
		md.dact[i] = filled(B * H, 5u);
	}
	dagcc_stream_t s = dagcc_stream_default();
	train_step(&md, s);
	dagcc_stream_sync(s);
	double sum = 0;
	float *g = malloc(SHARD * sizeof *g);
	for (int i = 0; i < LAYERS; i++) {
		dagcc_copy_to_host(g, md.gshard[i], SHARD * sizeof *g);
		for (int j = 0; j < SHARD; j++)
			sum += g[j] * (double)(j % 7 + 1);
	}
	printf("rank %d grad checksum %.9e\n", rank, sum);
	free(g);
	dagcc_finalize();
	return 0;
}
