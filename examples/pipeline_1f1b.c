/* pipeline_1f1b.c - one training step of a pipeline-parallel model, 1F1B schedule, written as
 * one SPMD program for every stage: stage = the rank in the pipeline group, activations go to
 * rank + 1, gradients back to rank - 1. Each stage runs P - rank - 1 warm-up forwards, then
 * alternates one forward and one backward, then drains the remaining backwards.
 *
 * The loop bounds, the ifs and the peers depend on the rank, so dagcc compiles the graph once
 * per rank (the number of ranks: --group-size, or the target's world size) and the program
 * dispatches on the rank at run time:
 *
 *   dagcc --group-size 'st->pp=4' --report examples/pipeline_1f1b.c */
#include "pipeline_stage.h"

DAGCC_GRAPH void step(struct stage *st, dagcc_stream_t s)
{
	int rank = dagcc_group_rank(st->pp), P = dagcc_group_size(st->pp);
	int warm = P - rank - 1 < M ? P - rank - 1 : M;
	for (int f = 0; f < warm; f++) {
		if (rank > 0)
			dagcc_recv(st->pp, st->x[f], T * H, DAGCC_F32, rank - 1, s);
		matmul(s, st->x[f], st->w, st->y[f], T, H, H);
		if (rank < P - 1)
			dagcc_send(st->pp, st->y[f], T * H, DAGCC_F32, rank + 1, s);
	}
	for (int b = 0; b < M; b++) {
		int f = b + warm;
		if (f < M) {
			if (rank > 0)
				dagcc_recv(st->pp, st->x[f], T * H, DAGCC_F32, rank - 1, s);
			matmul(s, st->x[f], st->w, st->y[f], T, H, H);
		}
		/* the last stage's gradient comes from the loss; the others' from the next stage,
		 * received before this forward's output goes there: the next stage sends that
		 * gradient before it receives this output, and a send waits for its receive */
		if (rank < P - 1) {
			dagcc_recv(st->pp, st->dy[b], T * H, DAGCC_F32, rank + 1, s);
			if (f < M)
				dagcc_send(st->pp, st->y[f], T * H, DAGCC_F32, rank + 1, s);
		} else {
			loss_grad(s, st->y[b], st->dy[b], T * H);
		}
		matmul_dx(s, st->dy[b], st->w, st->dx[b], T, H, H);
		matmul_dw_acc(s, st->x[b], st->dy[b], st->gw, T, H, H);
		if (rank > 0)
			dagcc_send(st->pp, st->dx[b], T * H, DAGCC_F32, rank - 1, s);
	}
}

static void run(struct stage *st, int rank, dagcc_stream_t s)
{
	(void)rank; /* the graph reads it itself */
	step(st, s);
}

int main(int argc, char **argv)
{
	return stage_main(argc, argv, "pipeline_1f1b", run);
}
