#include "dagcc_rt.h" /* added by dagcc */
#line 1 "/work/main/examples/fsdp_mlp.c"
/* fsdp_mlp.c - one FSDP-style training step of an MLP.
 *
 * Each rank keeps 1/DP of every weight. The step gathers a layer's full weight into a
 * stream-ordered temporary just before using it (forward and again in backward), and
 * reduce-scatters each weight gradient back to its shards. Written in program order: dagcc
 * prefetches the gathers and defers the waits.
 *
 *   dagcc --stats examples/fsdp_mlp.c
 *   dagcc --emit=ir -DH=8192 examples/fsdp_mlp.c */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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
	/* dagcc: scheduled for h100-8x. Simulated: as written 105219.8 us (6649.9 us of communication exposed), scheduled 99124.0 us (554.2 us exposed); lower bound 98569.9 us. */
#line 61 "/work/main/examples/fsdp_mlp.c"
	float *w__0 = dagcc_alloc_async(H * H * sizeof(float), s);
#line 62 "/work/main/examples/fsdp_mlp.c"
	dagcc_future dagcc_f1 = dagcc_all_gather_start(md->dp, md->shard[0], w__0, SHARD, DAGCC_F32, s);
#line 61 "/work/main/examples/fsdp_mlp.c"
	float *w__1 = dagcc_alloc_async(H * H * sizeof(float), s);
#line 62 "/work/main/examples/fsdp_mlp.c"
	dagcc_future dagcc_f5 = dagcc_all_gather_start(md->dp, md->shard[1], w__1, SHARD, DAGCC_F32, s);
#line 61 "/work/main/examples/fsdp_mlp.c"
	float *w__2 = dagcc_alloc_async(H * H * sizeof(float), s);
#line 62 "/work/main/examples/fsdp_mlp.c"
	dagcc_future dagcc_f9 = dagcc_all_gather_start(md->dp, md->shard[2], w__2, SHARD, DAGCC_F32, s);
#line 61 "/work/main/examples/fsdp_mlp.c"
	float *w__3 = dagcc_alloc_async(H * H * sizeof(float), s);
#line 62 "/work/main/examples/fsdp_mlp.c"
	dagcc_future dagcc_f13 = dagcc_all_gather_start(md->dp, md->shard[3], w__3, SHARD, DAGCC_F32, s);
#line 62 "/work/main/examples/fsdp_mlp.c"
	dagcc_future_wait(&dagcc_f1, s);
#line 63 "/work/main/examples/fsdp_mlp.c"
	DAGCC_CHECKED("matmul", s, {(md->act[0]), 0, DAGCC_READ, "md->act[0]"}, {(w__0), 0, DAGCC_READ, "w.0"}, {(md->act[0 + 1]), 0, DAGCC_WRITE, "md->act[1]"});
	matmul(s, md->act[0], w__0, md->act[0 + 1], B, H, H);
#line 64 "/work/main/examples/fsdp_mlp.c"
	dagcc_free_async(w__0, s);
#line 68 "/work/main/examples/fsdp_mlp.c"
	float *w_v2__3 = dagcc_alloc_async(H * H * sizeof(float), s);
#line 70 "/work/main/examples/fsdp_mlp.c"
	dagcc_future dagcc_f19 = dagcc_all_gather_start(md->dp, md->shard[3], w_v2__3, SHARD, DAGCC_F32, s);
#line 62 "/work/main/examples/fsdp_mlp.c"
	dagcc_future_wait(&dagcc_f5, s);
#line 63 "/work/main/examples/fsdp_mlp.c"
	DAGCC_CHECKED("matmul", s, {(md->act[1]), 0, DAGCC_READ, "md->act[1]"}, {(w__1), 0, DAGCC_READ, "w.1"}, {(md->act[1 + 1]), 0, DAGCC_WRITE, "md->act[2]"});
	matmul(s, md->act[1], w__1, md->act[1 + 1], B, H, H);
#line 64 "/work/main/examples/fsdp_mlp.c"
	dagcc_free_async(w__1, s);
#line 62 "/work/main/examples/fsdp_mlp.c"
	dagcc_future_wait(&dagcc_f9, s);
#line 63 "/work/main/examples/fsdp_mlp.c"
	DAGCC_CHECKED("matmul", s, {(md->act[2]), 0, DAGCC_READ, "md->act[2]"}, {(w__2), 0, DAGCC_READ, "w.2"}, {(md->act[2 + 1]), 0, DAGCC_WRITE, "md->act[3]"});
	matmul(s, md->act[2], w__2, md->act[2 + 1], B, H, H);
#line 64 "/work/main/examples/fsdp_mlp.c"
	dagcc_free_async(w__2, s);
#line 62 "/work/main/examples/fsdp_mlp.c"
	dagcc_future_wait(&dagcc_f13, s);
#line 63 "/work/main/examples/fsdp_mlp.c"
	DAGCC_CHECKED("matmul", s, {(md->act[3]), 0, DAGCC_READ, "md->act[3]"}, {(w__3), 0, DAGCC_READ, "w.3"}, {(md->act[3 + 1]), 0, DAGCC_WRITE, "md->act[4]"});
	matmul(s, md->act[3], w__3, md->act[3 + 1], B, H, H);
#line 64 "/work/main/examples/fsdp_mlp.c"
	dagcc_free_async(w__3, s);
#line 66 "/work/main/examples/fsdp_mlp.c"
	DAGCC_CHECKED("loss_grad", s, {(md->act[LAYERS]), 0, DAGCC_READ, "md->act[4]"}, {(md->dact[LAYERS]), 0, DAGCC_WRITE, "md->dact[4]"});
	loss_grad(s, md->act[LAYERS], md->dact[LAYERS], B * H);
#line 69 "/work/main/examples/fsdp_mlp.c"
	float *dw__3 = dagcc_alloc_async(H * H * sizeof(float), s);
#line 71 "/work/main/examples/fsdp_mlp.c"
	DAGCC_CHECKED("matmul_dw", s, {(md->act[3]), 0, DAGCC_READ, "md->act[3]"}, {(md->dact[3 + 1]), 0, DAGCC_READ, "md->dact[4]"}, {(dw__3), 0, DAGCC_WRITE, "dw.3"});
	matmul_dw(s, md->act[3], md->dact[3 + 1], dw__3, B, H, H);
#line 73 "/work/main/examples/fsdp_mlp.c"
	dagcc_future dagcc_f22 = dagcc_reduce_scatter_start(md->dp, dw__3, md->gshard[3], SHARD, DAGCC_F32, DAGCC_AVG, s);
#line 68 "/work/main/examples/fsdp_mlp.c"
	float *w_v2__2 = dagcc_alloc_async(H * H * sizeof(float), s);
#line 70 "/work/main/examples/fsdp_mlp.c"
	dagcc_future dagcc_f27 = dagcc_all_gather_start(md->dp, md->shard[2], w_v2__2, SHARD, DAGCC_F32, s);
#line 70 "/work/main/examples/fsdp_mlp.c"
	dagcc_future_wait(&dagcc_f19, s);
#line 72 "/work/main/examples/fsdp_mlp.c"
	DAGCC_CHECKED("matmul_dx", s, {(md->dact[3 + 1]), 0, DAGCC_READ, "md->dact[4]"}, {(w_v2__3), 0, DAGCC_READ, "w#2.3"}, {(md->dact[3]), 0, DAGCC_WRITE, "md->dact[3]"});
	matmul_dx(s, md->dact[3 + 1], w_v2__3, md->dact[3], B, H, H);
#line 74 "/work/main/examples/fsdp_mlp.c"
	dagcc_free_async(w_v2__3, s);
#line 73 "/work/main/examples/fsdp_mlp.c"
	dagcc_future_wait(&dagcc_f22, s);
#line 75 "/work/main/examples/fsdp_mlp.c"
	dagcc_free_async(dw__3, s);
#line 69 "/work/main/examples/fsdp_mlp.c"
	float *dw__2 = dagcc_alloc_async(H * H * sizeof(float), s);
#line 71 "/work/main/examples/fsdp_mlp.c"
	DAGCC_CHECKED("matmul_dw", s, {(md->act[2]), 0, DAGCC_READ, "md->act[2]"}, {(md->dact[2 + 1]), 0, DAGCC_READ, "md->dact[3]"}, {(dw__2), 0, DAGCC_WRITE, "dw.2"});
	matmul_dw(s, md->act[2], md->dact[2 + 1], dw__2, B, H, H);
#line 73 "/work/main/examples/fsdp_mlp.c"
	dagcc_future dagcc_f30 = dagcc_reduce_scatter_start(md->dp, dw__2, md->gshard[2], SHARD, DAGCC_F32, DAGCC_AVG, s);
#line 68 "/work/main/examples/fsdp_mlp.c"
	float *w_v2__1 = dagcc_alloc_async(H * H * sizeof(float), s);
#line 70 "/work/main/examples/fsdp_mlp.c"
	dagcc_future dagcc_f35 = dagcc_all_gather_start(md->dp, md->shard[1], w_v2__1, SHARD, DAGCC_F32, s);
#line 70 "/work/main/examples/fsdp_mlp.c"
	dagcc_future_wait(&dagcc_f27, s);
#line 72 "/work/main/examples/fsdp_mlp.c"
	DAGCC_CHECKED("matmul_dx", s, {(md->dact[2 + 1]), 0, DAGCC_READ, "md->dact[3]"}, {(w_v2__2), 0, DAGCC_READ, "w#2.2"}, {(md->dact[2]), 0, DAGCC_WRITE, "md->dact[2]"});
	matmul_dx(s, md->dact[2 + 1], w_v2__2, md->dact[2], B, H, H);
#line 74 "/work/main/examples/fsdp_mlp.c"
	dagcc_free_async(w_v2__2, s);
#line 73 "/work/main/examples/fsdp_mlp.c"
	dagcc_future_wait(&dagcc_f30, s);
#line 75 "/work/main/examples/fsdp_mlp.c"
	dagcc_free_async(dw__2, s);
#line 69 "/work/main/examples/fsdp_mlp.c"
	float *dw__1 = dagcc_alloc_async(H * H * sizeof(float), s);
#line 71 "/work/main/examples/fsdp_mlp.c"
	DAGCC_CHECKED("matmul_dw", s, {(md->act[1]), 0, DAGCC_READ, "md->act[1]"}, {(md->dact[1 + 1]), 0, DAGCC_READ, "md->dact[2]"}, {(dw__1), 0, DAGCC_WRITE, "dw.1"});
	matmul_dw(s, md->act[1], md->dact[1 + 1], dw__1, B, H, H);
#line 73 "/work/main/examples/fsdp_mlp.c"
	dagcc_future dagcc_f38 = dagcc_reduce_scatter_start(md->dp, dw__1, md->gshard[1], SHARD, DAGCC_F32, DAGCC_AVG, s);
#line 68 "/work/main/examples/fsdp_mlp.c"
	float *w_v2__0 = dagcc_alloc_async(H * H * sizeof(float), s);
#line 70 "/work/main/examples/fsdp_mlp.c"
	dagcc_future dagcc_f43 = dagcc_all_gather_start(md->dp, md->shard[0], w_v2__0, SHARD, DAGCC_F32, s);
#line 70 "/work/main/examples/fsdp_mlp.c"
	dagcc_future_wait(&dagcc_f35, s);
#line 72 "/work/main/examples/fsdp_mlp.c"
	DAGCC_CHECKED("matmul_dx", s, {(md->dact[1 + 1]), 0, DAGCC_READ, "md->dact[2]"}, {(w_v2__1), 0, DAGCC_READ, "w#2.1"}, {(md->dact[1]), 0, DAGCC_WRITE, "md->dact[1]"});
	matmul_dx(s, md->dact[1 + 1], w_v2__1, md->dact[1], B, H, H);
#line 74 "/work/main/examples/fsdp_mlp.c"
	dagcc_free_async(w_v2__1, s);
#line 73 "/work/main/examples/fsdp_mlp.c"
	dagcc_future_wait(&dagcc_f38, s);
#line 75 "/work/main/examples/fsdp_mlp.c"
	dagcc_free_async(dw__1, s);
#line 69 "/work/main/examples/fsdp_mlp.c"
	float *dw__0 = dagcc_alloc_async(H * H * sizeof(float), s);
#line 71 "/work/main/examples/fsdp_mlp.c"
	DAGCC_CHECKED("matmul_dw", s, {(md->act[0]), 0, DAGCC_READ, "md->act[0]"}, {(md->dact[0 + 1]), 0, DAGCC_READ, "md->dact[1]"}, {(dw__0), 0, DAGCC_WRITE, "dw.0"});
	matmul_dw(s, md->act[0], md->dact[0 + 1], dw__0, B, H, H);
#line 73 "/work/main/examples/fsdp_mlp.c"
	dagcc_future dagcc_f46 = dagcc_reduce_scatter_start(md->dp, dw__0, md->gshard[0], SHARD, DAGCC_F32, DAGCC_AVG, s);
#line 70 "/work/main/examples/fsdp_mlp.c"
	dagcc_future_wait(&dagcc_f43, s);
#line 72 "/work/main/examples/fsdp_mlp.c"
	DAGCC_CHECKED("matmul_dx", s, {(md->dact[0 + 1]), 0, DAGCC_READ, "md->dact[1]"}, {(w_v2__0), 0, DAGCC_READ, "w#2.0"}, {(md->dact[0]), 0, DAGCC_WRITE, "md->dact[0]"});
	matmul_dx(s, md->dact[0 + 1], w_v2__0, md->dact[0], B, H, H);
#line 74 "/work/main/examples/fsdp_mlp.c"
	dagcc_free_async(w_v2__0, s);
#line 73 "/work/main/examples/fsdp_mlp.c"
	dagcc_future_wait(&dagcc_f46, s);
#line 75 "/work/main/examples/fsdp_mlp.c"
	dagcc_free_async(dw__0, s);
#line 77 "/work/main/examples/fsdp_mlp.c"
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

/* Deterministic inputs: every rank can regenerate any rank's data. */
static void fill(float *x, size_t n, unsigned seed)
{
	for (size_t i = 0; i < n; i++) {
		seed = seed * 1103515245u + 12345u;
		x[i] = (float)((seed >> 16) % 1000) / 1000.0f * 0.1f - 0.05f;
	}
}

static unsigned shardseed(int layer, int rank)
{
	return 7u * (unsigned)layer + 1u + 100u * (unsigned)rank;
}

static unsigned actseed(int rank)
{
	return 3u + 10u * (unsigned)rank;
}

static float *filled(size_t n, unsigned seed)
{
	float *host = malloc(n * sizeof *host);
	if (!host)
		abort();
	fill(host, n, seed);
	float *dev = dagcc_malloc(n * sizeof *dev);
	dagcc_copy_to_device(dev, host, n * sizeof *dev);
	free(host);
	return dev;
}

/* The step on one rank's data, with full weights and no collectives: this rank's slice of the
 * weight gradients, averaged over the ranks' data, is what train_step must produce. */
static double reference(int rank, const float *got)
{
	static float w[LAYERS][H * H], act[LAYERS + 1][B * H], dact[LAYERS + 1][B * H], dw[H * H];
	static float want[LAYERS][SHARD];
	memset(want, 0, sizeof want);
	for (int i = 0; i < LAYERS; i++)
		for (int r = 0; r < DP; r++)
			fill(w[i] + (size_t)r * SHARD, SHARD, shardseed(i, r));
	for (int r = 0; r < DP; r++) {
		fill(act[0], B * H, actseed(r));
		for (int i = 0; i < LAYERS; i++)
			matmul(NULL, act[i], w[i], act[i + 1], B, H, H);
		loss_grad(NULL, act[LAYERS], dact[LAYERS], B * H);
		for (int i = LAYERS - 1; i >= 0; i--) {
			matmul_dw(NULL, act[i], dact[i + 1], dw, B, H, H);
			matmul_dx(NULL, dact[i + 1], w[i], dact[i], B, H, H);
			for (int j = 0; j < SHARD; j++)
				want[i][j] += dw[(size_t)rank * SHARD + j] / DP;
		}
	}
	double diff = 0, norm = 0; /* the largest difference against the largest value */
	for (int i = 0; i < LAYERS; i++)
		for (int j = 0; j < SHARD; j++) {
			diff = fmax(diff, fabs((double)got[i * SHARD + j] - want[i][j]));
			norm = fmax(norm, fabs((double)want[i][j]));
		}
	return diff / norm;
}

int main(int argc, char **argv)
{
	dagcc_init(&argc, &argv);
	int verify = argc > 1 && strcmp(argv[1], "--verify") == 0;
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
		md.shard[i] = filled(SHARD, shardseed(i, rank));
		md.gshard[i] = filled(SHARD, 0);
	}
	for (int i = 0; i <= LAYERS; i++) {
		md.act[i] = filled(B * H, i == 0 ? actseed(rank) : 5u);
		md.dact[i] = filled(B * H, 5u);
	}
	dagcc_stream_t s = dagcc_stream_default();
	train_step(&md, s);
	dagcc_stream_sync(s);
	float *g = malloc((size_t)LAYERS * SHARD * sizeof *g);
	double sum = 0;
	for (int i = 0; i < LAYERS; i++) {
		dagcc_copy_to_host(g + (size_t)i * SHARD, md.gshard[i], SHARD * sizeof *g);
		for (int j = 0; j < SHARD; j++)
			sum += g[(size_t)i * SHARD + j] * (double)(j % 7 + 1);
	}
	printf("rank %d grad checksum %.9e\n", rank, sum);
	int bad = 0;
	if (verify) {
		double err = reference(rank, g);
		bad = !(err < 1e-4);
		printf("rank %d verify: relative error %.2e against the single-rank reference: %s\n",
		       rank, err, bad ? "FAIL" : "ok");
	}
	free(g);
	for (int i = 0; i < LAYERS; i++) {
		dagcc_free(md.shard[i]);
		dagcc_free(md.gshard[i]);
	}
	for (int i = 0; i <= LAYERS; i++) {
		dagcc_free(md.act[i]);
		dagcc_free(md.dact[i]);
	}
	dagcc_finalize();
	return bad;
}
