/* gpipe_stage.c - one training step of a pipeline-parallel model, GPipe schedule: every
 * microbatch's forward, then every backward (last microbatch first). One SPMD program for all
 * stages: the stage is a parameter of the graph, and the command line says it is the rank in
 * the pipeline group, so dagcc compiles the graph once per stage and the program switches on
 * the parameter:
 *
 *   dagcc --rank stage=st->pp --group-size 'st->pp=4' --report examples/gpipe_stage.c
 *
 * Without --rank, the ifs on the stage are run-time conditions: their sends and receives run
 * where they stand, in order, and only the compute is scheduled. */
#include "pipeline_stage.h"

DAGCC_GRAPH void step(struct stage *st, int stage, dagcc_stream_t s)
{
	int P = dagcc_group_size(st->pp);
	for (int f = 0; f < M; f++) {
		if (stage > 0)
			dagcc_recv(st->pp, st->x[f], T * H, DAGCC_F32, stage - 1, s);
		matmul(s, st->x[f], st->w, st->y[f], T, H, H);
		if (stage < P - 1)
			dagcc_send(st->pp, st->y[f], T * H, DAGCC_F32, stage + 1, s);
	}
	for (int b = M - 1; b >= 0; b--) {
		if (stage < P - 1)
			dagcc_recv(st->pp, st->dy[b], T * H, DAGCC_F32, stage + 1, s);
		else
			loss_grad(s, st->y[b], st->dy[b], T * H);
		matmul_dx(s, st->dy[b], st->w, st->dx[b], T, H, H);
		matmul_dw_acc(s, st->x[b], st->dy[b], st->gw, T, H, H);
		if (stage > 0)
			dagcc_send(st->pp, st->dx[b], T * H, DAGCC_F32, stage - 1, s);
	}
}

static void run(struct stage *st, int rank, dagcc_stream_t s)
{
	step(st, rank, s);
}

int main(int argc, char **argv)
{
	return stage_main(argc, argv, "gpipe_stage", run);
}
