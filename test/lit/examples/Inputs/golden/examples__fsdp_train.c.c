status 0
--- stdout
--- stderr
ROOT/examples/fsdp_train.c:85:3: warning: loop whose trip count is known only at run time: its body is scheduled on its own and may overlap one trip with the next, and its last trip with what follows it, but nothing moves into the loop (--assume NAME=VALUE unrolls it)
		for (int mb = 0; mb < nmicro; mb++) {
		^
ROOT/examples/fsdp_train.c:84:2: warning: loop whose trip count is known only at run time: its body is scheduled on its own and may overlap one trip with the next, and its last trip with what follows it, but nothing moves into the loop (--assume NAME=VALUE unrolls it)
	for (int step = 0; step < nsteps; step++) {
	^
--- file
#include "dagcc_rt.h" /* added by dagcc */
/* dagcc: the nodes of train as checked and profile mode name them */
static const struct dagcc_acc_train {
	dagcc_site_access load_act_0[2];
	dagcc_site_access matmul_act_1[3], matmul_act_2[3], matmul_act_3[3];
	dagcc_site_access loss_grad_dact_LAYERS[2];
	dagcc_site_access matmul_dw_gfull_2[3], matmul_dw_gfull_1[3], matmul_dw_gfull_0[3];
	dagcc_site_access matmul_dx_dact_2[3], matmul_dx_dact_1[3], matmul_dx_dact_0[3];
	dagcc_site_access accumulate_gacc_2[2], accumulate_gacc_1_2[2], accumulate_gacc_1[2], accumulate_gacc_0_2[2],
	   accumulate_gacc_0[2];
	dagcc_site_access sgd_gacc_0[2], sgd_gacc_1[2], sgd_gacc_2[2];
} dagcc_acc_train = {
	.load_act_0 = {{2048, DAGCC_READ, "md->tokens"}, {2048, DAGCC_WRITE, "md->act[0]"}},
	.matmul_act_1 = {{0, DAGCC_READ, "md->act[0]"}, {0, DAGCC_READ, "md->full[0]"},
		{0, DAGCC_WRITE, "md->act[1]"}},
	.matmul_act_2 = {{0, DAGCC_READ, "md->act[1]"}, {0, DAGCC_READ, "md->full[1]"},
		{0, DAGCC_WRITE, "md->act[2]"}},
	.matmul_act_3 = {{0, DAGCC_READ, "md->act[2]"}, {0, DAGCC_READ, "md->full[2]"},
		{0, DAGCC_WRITE, "md->act[3]"}},
	.loss_grad_dact_LAYERS = {{0, DAGCC_READ, "md->act[3]"}, {0, DAGCC_WRITE, "md->dact[3]"}},
	.matmul_dw_gfull_2 = {{0, DAGCC_READ, "md->act[2]"}, {0, DAGCC_READ, "md->dact[3]"},
		{0, DAGCC_WRITE, "md->gfull[2]"}},
	.matmul_dw_gfull_1 = {{0, DAGCC_READ, "md->act[1]"}, {0, DAGCC_READ, "md->dact[2]"},
		{0, DAGCC_WRITE, "md->gfull[1]"}},
	.matmul_dw_gfull_0 = {{0, DAGCC_READ, "md->act[0]"}, {0, DAGCC_READ, "md->dact[1]"},
		{0, DAGCC_WRITE, "md->gfull[0]"}},
	.matmul_dx_dact_2 = {{0, DAGCC_READ, "md->dact[3]"}, {0, DAGCC_READ, "md->full[2]"},
		{0, DAGCC_WRITE, "md->dact[2]"}},
	.matmul_dx_dact_1 = {{0, DAGCC_READ, "md->dact[2]"}, {0, DAGCC_READ, "md->full[1]"},
		{0, DAGCC_WRITE, "md->dact[1]"}},
	.matmul_dx_dact_0 = {{0, DAGCC_READ, "md->dact[1]"}, {0, DAGCC_READ, "md->full[0]"},
		{0, DAGCC_WRITE, "md->dact[0]"}},
	.accumulate_gacc_2 = {{0, DAGCC_READ, "md->gpart[2]"}, {0, DAGCC_READWRITE, "md->gacc[2]"}},
	.accumulate_gacc_1_2 = {{0, DAGCC_READ, "md->gpart[1]"}, {0, DAGCC_READWRITE, "md->gacc[1]"}},
	.accumulate_gacc_1 = {{0, DAGCC_READ, "md->gpart[1]"}, {0, DAGCC_READWRITE, "md->gacc[1]"}},
	.accumulate_gacc_0_2 = {{0, DAGCC_READ, "md->gpart[0]"}, {0, DAGCC_READWRITE, "md->gacc[0]"}},
	.accumulate_gacc_0 = {{0, DAGCC_READ, "md->gpart[0]"}, {0, DAGCC_READWRITE, "md->gacc[0]"}},
	.sgd_gacc_0 = {{0, DAGCC_READWRITE, "md->gacc[0]"}, {0, DAGCC_READWRITE, "md->shard[0]"}},
	.sgd_gacc_1 = {{0, DAGCC_READWRITE, "md->gacc[1]"}, {0, DAGCC_READWRITE, "md->shard[1]"}},
	.sgd_gacc_2 = {{0, DAGCC_READWRITE, "md->gacc[2]"}, {0, DAGCC_READWRITE, "md->shard[2]"}},
};
static const struct dagcc_sites_train {
	dagcc_site load_act_0;
	dagcc_site matmul_act_1, matmul_act_2, matmul_act_3;
	dagcc_site loss_grad_dact_LAYERS;
	dagcc_site matmul_dw_gfull_2, matmul_dw_gfull_1, matmul_dw_gfull_0;
	dagcc_site matmul_dx_dact_2, matmul_dx_dact_1, matmul_dx_dact_0;
	dagcc_site accumulate_gacc_2, accumulate_gacc_1_2, accumulate_gacc_1, accumulate_gacc_0_2, accumulate_gacc_0;
	dagcc_site sgd_gacc_0, sgd_gacc_1, sgd_gacc_2;
} dagcc_sites_train DAGCC_MAYBE_UNUSED = {
	.load_act_0 = {"load", 0, 4, 0, 2, dagcc_acc_train.load_act_0, NULL},
	.matmul_act_1 = {"matmul", 90, 5, 0, 3, dagcc_acc_train.matmul_act_1, NULL},
	.matmul_act_2 = {"matmul", 90, 5, 1, 3, dagcc_acc_train.matmul_act_2, NULL},
	.matmul_act_3 = {"matmul", 90, 5, 2, 3, dagcc_acc_train.matmul_act_3, NULL},
	.loss_grad_dact_LAYERS = {"loss_grad", 92, 4, 0, 2, dagcc_acc_train.loss_grad_dact_LAYERS, NULL},
	.matmul_dw_gfull_2 = {"matmul_dw", 94, 5, 0, 3, dagcc_acc_train.matmul_dw_gfull_2, NULL},
	.matmul_dw_gfull_1 = {"matmul_dw", 94, 5, 1, 3, dagcc_acc_train.matmul_dw_gfull_1, NULL},
	.matmul_dw_gfull_0 = {"matmul_dw", 94, 5, 2, 3, dagcc_acc_train.matmul_dw_gfull_0, NULL},
	.matmul_dx_dact_2 = {"matmul_dx", 95, 5, 0, 3, dagcc_acc_train.matmul_dx_dact_2, NULL},
	.matmul_dx_dact_1 = {"matmul_dx", 95, 5, 1, 3, dagcc_acc_train.matmul_dx_dact_1, NULL},
	.matmul_dx_dact_0 = {"matmul_dx", 95, 5, 2, 3, dagcc_acc_train.matmul_dx_dact_0, NULL},
	.accumulate_gacc_2 = {"accumulate", 98, 5, 0, 2, dagcc_acc_train.accumulate_gacc_2, NULL},
	.accumulate_gacc_1_2 = {"accumulate", 98, 5, 1, 2, dagcc_acc_train.accumulate_gacc_1_2, NULL},
	.accumulate_gacc_1 = {"accumulate", 98, 5, 1, 2, dagcc_acc_train.accumulate_gacc_1, NULL},
	.accumulate_gacc_0_2 = {"accumulate", 98, 5, 2, 2, dagcc_acc_train.accumulate_gacc_0_2, NULL},
	.accumulate_gacc_0 = {"accumulate", 98, 5, 2, 2, dagcc_acc_train.accumulate_gacc_0, NULL},
	.sgd_gacc_0 = {"sgd", 0, 4, 0, 2, dagcc_acc_train.sgd_gacc_0, NULL},
	.sgd_gacc_1 = {"sgd", 0, 4, 1, 2, dagcc_acc_train.sgd_gacc_1, NULL},
	.sgd_gacc_2 = {"sgd", 0, 4, 2, 2, dagcc_acc_train.sgd_gacc_2, NULL},
};
#line 1 "ROOT/examples/fsdp_train.c"
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
	/* dagcc: scheduled for h100-8x. Simulated: as written 102.8 us (68.7 us of communication exposed),
	 * scheduled 69.0 us (34.9 us exposed); lower bound 48.4 us. */
	const struct dagcc_sites_train *const dagcc_at = &dagcc_sites_train;
#line 84
	for (int step = 0; step < nsteps; step++) {
		int dagcc_lp0 = 0;
		for (int mb = 0; mb < nmicro; mb++) {
			dagcc_future rs_gpart_1 = {0};
			dagcc_future rs_gpart_0 = {0};
#line 86
			const float *batch = md->tokens + (size_t)(step * nmicro + mb) * B * H; (void)batch;
#line 89
			dagcc_coalesce_begin(md->dp, s);
#line 89
			dagcc_future ag_full_0 = dagcc_all_gather_start(md->dp, md->shard[0], md->full[0], SHARD, DAGCC_F32, s);
#line 89
			dagcc_future ag_full_1 = dagcc_all_gather_start(md->dp, md->shard[1], md->full[1], SHARD, DAGCC_F32, s);
#line 89
			dagcc_future ag_full_2 = dagcc_all_gather_start(md->dp, md->shard[2], md->full[2], SHARD, DAGCC_F32, s);
#line 89
			dagcc_coalesce_end(md->dp, s);
			if (dagcc_lp0) {
#line 96
				dagcc_coalesce_begin(md->dp, s);
#line 96
				rs_gpart_1 = dagcc_reduce_scatter_start(md->dp, md->gfull[1], md->gpart[1], SHARD, DAGCC_F32,
									     DAGCC_SUM, s);
#line 96
				rs_gpart_0 = dagcc_reduce_scatter_start(md->dp, md->gfull[0], md->gpart[0], SHARD, DAGCC_F32,
									     DAGCC_SUM, s);
#line 96
				dagcc_coalesce_end(md->dp, s);
			}
#line 87
			DAGCC_CHECK_RUN_PTRS(load_act_0, s, load(s, batch, md->act[0], B * H), batch, md->act[0]);

			dagcc_future_wait(&ag_full_0, s);
			dagcc_future_wait(&ag_full_1, s);
			dagcc_future_wait(&ag_full_2, s);
#line 90
			DAGCC_CHECK_RUN_PTRS(matmul_act_1, s, matmul(s, md->act[0], md->full[0], md->act[1], B, H, H), md->act[0],
				md->full[0], md->act[1]);
#line 90
			DAGCC_CHECK_RUN_PTRS(matmul_act_2, s, matmul(s, md->act[1], md->full[1], md->act[2], B, H, H), md->act[1],
				md->full[1], md->act[2]);
#line 90
			DAGCC_CHECK_RUN_PTRS(matmul_act_3, s, matmul(s, md->act[2], md->full[2], md->act[3], B, H, H), md->act[2],
				md->full[2], md->act[3]);
			DAGCC_CHECK_RUN_PTRS(loss_grad_dact_LAYERS, s, loss_grad(s, md->act[LAYERS], md->dact[LAYERS], B * H),
				md->act[LAYERS], md->dact[LAYERS]);
			DAGCC_CHECK_RUN_PTRS(matmul_dw_gfull_2, s, matmul_dw(s, md->act[2], md->dact[3], md->gfull[2], B, H, H),
				md->act[2], md->dact[3], md->gfull[2]);
			dagcc_future rs_gpart_2 = dagcc_reduce_scatter_start(md->dp, md->gfull[2], md->gpart[2], SHARD, DAGCC_F32,
								     DAGCC_SUM, s);
#line 95
			DAGCC_CHECK_RUN_PTRS(matmul_dx_dact_2, s, matmul_dx(s, md->dact[3], md->full[2], md->dact[2], B, H, H),
				md->dact[3], md->full[2], md->dact[2]);
#line 95
			DAGCC_CHECK_RUN_PTRS(matmul_dx_dact_1, s, matmul_dx(s, md->dact[2], md->full[1], md->dact[1], B, H, H),
				md->dact[2], md->full[1], md->dact[1]);
#line 95
			DAGCC_CHECK_RUN_PTRS(matmul_dx_dact_0, s, matmul_dx(s, md->dact[1], md->full[0], md->dact[0], B, H, H),
				md->dact[1], md->full[0], md->dact[0]);
			if (dagcc_lp0) {
#line 96
				dagcc_future_wait(&rs_gpart_1, s);
				dagcc_future_wait(&rs_gpart_0, s);
				DAGCC_CHECK_RUN_PTRS(accumulate_gacc_1_2, s, accumulate(s, md->gpart[1], md->gacc[1], SHARD), md->gpart[1],
					md->gacc[1]);
#line 98
				DAGCC_CHECK_RUN_PTRS(accumulate_gacc_0_2, s, accumulate(s, md->gpart[0], md->gacc[0], SHARD), md->gpart[0],
					md->gacc[0]);
			}
#line 94
			DAGCC_CHECK_RUN_PTRS(matmul_dw_gfull_1, s, matmul_dw(s, md->act[1], md->dact[2], md->gfull[1], B, H, H),
				md->act[1], md->dact[2], md->gfull[1]);
#line 94
			DAGCC_CHECK_RUN_PTRS(matmul_dw_gfull_0, s, matmul_dw(s, md->act[0], md->dact[1], md->gfull[0], B, H, H),
				md->act[0], md->dact[1], md->gfull[0]);
			dagcc_future_wait(&rs_gpart_2, s);

			DAGCC_CHECK_RUN_PTRS(accumulate_gacc_2, s, accumulate(s, md->gpart[2], md->gacc[2], SHARD), md->gpart[2],
				md->gacc[2]);
			dagcc_lp0 = 1;
		}
		dagcc_future rs_gpart_1_2 = {0};
		dagcc_future rs_gpart_0_2 = {0};
		if (dagcc_lp0) {
#line 96
			dagcc_coalesce_begin(md->dp, s);
#line 96
			rs_gpart_1_2 = dagcc_reduce_scatter_start(md->dp, md->gfull[1], md->gpart[1], SHARD, DAGCC_F32,
								     DAGCC_SUM, s);
#line 96
			rs_gpart_0_2 = dagcc_reduce_scatter_start(md->dp, md->gfull[0], md->gpart[0], SHARD, DAGCC_F32,
								     DAGCC_SUM, s);
#line 96
			dagcc_coalesce_end(md->dp, s);
		}
#line 102
		DAGCC_CHECK_RUN_PTRS(sgd_gacc_2, s, sgd(s, md->gacc[2], md->shard[2], SHARD), md->gacc[2], md->shard[2]);
		if (dagcc_lp0) {
#line 96
			dagcc_future_wait(&rs_gpart_1_2, s);
			dagcc_future_wait(&rs_gpart_0_2, s);
			DAGCC_CHECK_RUN_PTRS(accumulate_gacc_1, s, accumulate(s, md->gpart[1], md->gacc[1], SHARD), md->gpart[1],
				md->gacc[1]);
#line 98
			DAGCC_CHECK_RUN_PTRS(accumulate_gacc_0, s, accumulate(s, md->gpart[0], md->gacc[0], SHARD), md->gpart[0],
				md->gacc[0]);
		}

		DAGCC_CHECK_RUN_PTRS(sgd_gacc_0, s, sgd(s, md->gacc[0], md->shard[0], SHARD), md->gacc[0], md->shard[0]);
#line 102
		DAGCC_CHECK_RUN_PTRS(sgd_gacc_1, s, sgd(s, md->gacc[1], md->shard[1], SHARD), md->gacc[1], md->shard[1]);
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
/* dagcc: the macro values the graphs above were built for */
#if !defined(B) || (B) != (8)
#line 86
#pragma message("B is " DAGCC_XSTR(B) " in this build")
#line 86
#error "dagcc overlapped this file with B = 8: run dagcc again with this build's flags"
#endif
#if !defined(H) || (H) != (64)
#line 86
#pragma message("H is " DAGCC_XSTR(H) " in this build")
#line 86
#error "dagcc overlapped this file with H = 64: run dagcc again with this build's flags"
#endif
#if !defined(LAYERS) || (LAYERS) != (3)
#line 88
#pragma message("LAYERS is " DAGCC_XSTR(LAYERS) " in this build")
#line 88
#error "dagcc overlapped this file with LAYERS = 3: run dagcc again with this build's flags"
#endif
#if !defined(SHARD) || (SHARD) != ((64 * 64 / 2))
#line 89
#pragma message("SHARD is " DAGCC_XSTR(SHARD) " in this build")
#line 89
#error "dagcc overlapped this file with SHARD = (64 * 64 / 2): run dagcc again with this build's flags"
#endif
