/* fsdp_train.c - an FSDP training loop with gradient accumulation: a run-time number of steps
 * (argv[1]), each a run-time number of micro-batches (argv[2]) of an MLP's forward and
 * backward passes, then an SGD update of each rank's weight shards. Each micro-batch first
 * loads its own B x H inputs, the (step * nmicro + mb)-th block of tokens.
 *
 * Each rank keeps 1/DP of every weight. A micro-batch gathers each layer's full weight before
 * its forward matmul, and reduce-scatters each weight gradient into this rank's part, which it
 * adds to the step's accumulated gradient; the step's update applies and clears it. Written in
 * program order, one micro-batch and one step at a time: dagcc schedules the micro-batch
 * loop's body as a region of its own and rotates it across its back edge (a micro-batch's
 * reduce-scatters and accumulations run under the next one's forward pass), and the step
 * loop around it. Build it overlapped with the dagcc_overlap CMake function
 * (examples/CMakeLists.txt: fsdp_train_overlapped), or by hand:
 *
 *   dagcc --report --trips nsteps=4 --trips nmicro=4 examples/fsdp_train.c
 *   mpirun -np 2 build/examples/fsdp_train 3 4 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dagcc.h"
#include "host.h"

#ifndef LAYERS
#define LAYERS 3
#endif
#ifndef H
#define H 64 /* hidden size */
#endif
#ifndef B
#define B 8 /* tokens per micro-batch */
#endif
#ifndef DP
#define DP 2 /* ranks in the data-parallel group */
#endif
#define SHARD (H * H / DP)

struct model {
	dagcc_group *dp;
	float *shard[LAYERS]; /* this rank's SHARD floats of each weight */
	float *full[LAYERS]; /* each weight gathered whole */
	float *gfull[LAYERS]; /* a micro-batch's weight gradients, whole */
	float *gpart[LAYERS]; /* this rank's part of them, summed over the ranks */
	float *gacc[LAYERS]; /* ... accumulated over the step's micro-batches */
	float *tokens; /* every micro-batch's B x H inputs, one after another */
	float *act[LAYERS + 1]; /* B x H activations */
	float *dact[LAYERS + 1]; /* their gradients */
};

/* dst = src: a micro-batch's inputs */
DAGCC_COMPUTE(bytes = sizeof(float) * 2 * n)
void load(dagcc_stream_t s, DAGCC_IN_N(n) const float *src, DAGCC_OUT_N(n) float *dst, int n);

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

/* d = y - 1: the gradient of a squared loss against ones */
DAGCC_COMPUTE(bytes = sizeof(float) * 2 * n)
void loss_grad(dagcc_stream_t s, DAGCC_IN const float *y, DAGCC_OUT float *d, int n);

/* acc += g / ranks */
DAGCC_COMPUTE(bytes = sizeof(float) * 3 * n)
void accumulate(dagcc_stream_t s, DAGCC_IN const float *g, DAGCC_INOUT float *acc, int n);

/* w -= lr * acc; acc = 0 */
DAGCC_COMPUTE(bytes = sizeof(float) * 4 * n)
void sgd(dagcc_stream_t s, DAGCC_INOUT float *acc, DAGCC_INOUT float *w, int n);

DAGCC_GRAPH void train(struct model *md, int nsteps, int nmicro, dagcc_stream_t s)
{
	for (int step = 0; step < nsteps; step++) {
		for (int mb = 0; mb < nmicro; mb++) {
			const float *batch = md->tokens + (size_t)(step * nmicro + mb) * B * H;
			load(s, batch, md->act[0], B * H);
			for (int l = 0; l < LAYERS; l++) {
				dagcc_all_gather(md->dp, md->shard[l], md->full[l], SHARD, DAGCC_F32, s);
				matmul(s, md->act[l], md->full[l], md->act[l + 1], B, H, H);
			}
			loss_grad(s, md->act[LAYERS], md->dact[LAYERS], B * H);
			for (int l = LAYERS - 1; l >= 0; l--) {
				matmul_dw(s, md->act[l], md->dact[l + 1], md->gfull[l], B, H, H);
				matmul_dx(s, md->dact[l + 1], md->full[l], md->dact[l], B, H, H);
				dagcc_reduce_scatter(md->dp, md->gfull[l], md->gpart[l], SHARD, DAGCC_F32,
						     DAGCC_SUM, s);
				accumulate(s, md->gpart[l], md->gacc[l], SHARD);
			}
		}
		for (int l = 0; l < LAYERS; l++)
			sgd(s, md->gacc[l], md->shard[l], SHARD);
	}
}

/* With the mpi backend a stream is in order by construction and the kernels run on the host. */
void matmul(dagcc_stream_t s, const float *x, const float *w, float *y, int m, int n, int k)
{
	(void)s;
	host_matmul(x, w, y, m, n, k);
}

void load(dagcc_stream_t s, const float *src, float *dst, int n)
{
	(void)s;
	memcpy(dst, src, (size_t)n * sizeof *dst);
}

void matmul_dx(dagcc_stream_t s, const float *dy, const float *w, float *dx, int m, int n, int k)
{
	(void)s;
	host_matmul_dx(dy, w, dx, m, n, k);
}

void matmul_dw(dagcc_stream_t s, const float *x, const float *dy, float *dw, int m, int n, int k)
{
	(void)s;
	host_matmul_dw(x, dy, dw, m, n, k);
}

void loss_grad(dagcc_stream_t s, const float *y, float *d, int n)
{
	(void)s;
	for (int i = 0; i < n; i++)
		d[i] = y[i] - 1.0f;
}

void accumulate(dagcc_stream_t s, const float *g, float *acc, int n)
{
	(void)s;
	for (int i = 0; i < n; i++)
		acc[i] += g[i] / DP;
}

void sgd(dagcc_stream_t s, float *acc, float *w, int n)
{
	(void)s;
	for (int i = 0; i < n; i++) {
		w[i] -= 0.01f * acc[i];
		acc[i] = 0;
	}
}

int main(int argc, char **argv)
{
	dagcc_init(&argc, &argv);
	int nsteps = argc > 1 ? atoi(argv[1]) : 2, nmicro = argc > 2 ? atoi(argv[2]) : 2;
	struct model md;
	md.dp = dagcc_world();
	int rank = dagcc_group_rank(md.dp);
	if (dagcc_group_size(md.dp) != DP) {
		if (rank == 0)
			fprintf(stderr, "fsdp_train: built for DP=%d ranks, run with %d\n", DP,
				dagcc_group_size(md.dp));
		dagcc_finalize();
		return 1;
	}
	for (int i = 0; i < LAYERS; i++) {
		md.shard[i] = filled(SHARD, 7u * (unsigned)i + 1u + 100u * (unsigned)rank);
		md.full[i] = filled(H * H, 0);
		md.gfull[i] = filled(H * H, 0);
		md.gpart[i] = filled(SHARD, 0);
		md.gacc[i] = filled(SHARD, 0);
		dagcc_copy_to_device(md.gacc[i], (float[SHARD]){0}, SHARD * sizeof(float));
	}
	for (int i = 0; i <= LAYERS; i++) {
		md.act[i] = filled(B * H, i == 0 ? 3u + 10u * (unsigned)rank : 5u);
		md.dact[i] = filled(B * H, 5u);
	}
	size_t batches = (size_t)(nsteps > 0 ? nsteps : 1) * (size_t)(nmicro > 0 ? nmicro : 1);
	md.tokens = filled(batches * B * H, 3u + 10u * (unsigned)rank);
	dagcc_stream_t s = dagcc_stream_default();
	train(&md, nsteps, nmicro, s);
	dagcc_stream_sync(s);
	float *w = malloc(SHARD * sizeof *w);
	double sum = 0;
	unsigned long long bits = 1469598103934665603ull; /* FNV-1a of the weights' bytes */
	for (int i = 0; i < LAYERS; i++) {
		dagcc_copy_to_host(w, md.shard[i], SHARD * sizeof *w);
		for (int j = 0; j < SHARD; j++)
			sum += w[j] * (double)(j % 7 + 1);
		for (size_t j = 0; j < SHARD * sizeof *w; j++)
			bits = (bits ^ ((unsigned char *)w)[j]) * 1099511628211ull;
	}
	printf("rank %d weights checksum %.9e (bits %016llx) after %d steps of %d micro-batches\n",
	       rank, sum, bits, nsteps, nmicro);
	free(w);
	for (int i = 0; i < LAYERS; i++) {
		float *bufs[] = {md.shard[i], md.full[i], md.gfull[i], md.gpart[i], md.gacc[i]};
		for (size_t k = 0; k < sizeof bufs / sizeof *bufs; k++)
			dagcc_free(bufs[k]);
	}
	for (int i = 0; i <= LAYERS; i++) {
		dagcc_free(md.act[i]);
		dagcc_free(md.dact[i]);
	}
	dagcc_free(md.tokens);
	dagcc_finalize();
	return 0;
}
