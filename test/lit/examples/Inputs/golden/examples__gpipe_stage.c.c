status 0
--- stdout
--- stderr
ROOT/examples/gpipe_stage.c:15:2: warning: call to 'dagcc_group_size', which is neither a compute function nor a collective, is an ordering barrier
	int P = dagcc_group_size(st->pp);
	^
ROOT/examples/gpipe_stage.c:18:4: warning: collective inside a run-time if: not scheduled, it runs where it stands and blocks
			dagcc_recv(st->pp, st->x[f], T * H, DAGCC_F32, stage - 1, s);
			^
ROOT/examples/gpipe_stage.c:17:3: warning: statement is an ordering barrier: nothing moves across it (its condition is known only at run time)
		if (stage > 0)
		^
ROOT/examples/gpipe_stage.c:21:4: warning: collective inside a run-time if: not scheduled, it runs where it stands and blocks
			dagcc_send(st->pp, st->y[f], T * H, DAGCC_F32, stage + 1, s);
			^
ROOT/examples/gpipe_stage.c:20:3: warning: statement is an ordering barrier: nothing moves across it (its condition is known only at run time)
		if (stage < P - 1)
		^
ROOT/examples/gpipe_stage.c:25:4: warning: collective inside a run-time if: not scheduled, it runs where it stands and blocks
			dagcc_recv(st->pp, st->dy[b], T * H, DAGCC_F32, stage + 1, s);
			^
ROOT/examples/gpipe_stage.c:24:3: warning: statement is an ordering barrier: nothing moves across it (its condition is known only at run time)
		if (stage < P - 1)
		^
ROOT/examples/gpipe_stage.c:31:4: warning: collective inside a run-time if: not scheduled, it runs where it stands and blocks
			dagcc_send(st->pp, st->dx[b], T * H, DAGCC_F32, stage - 1, s);
			^
ROOT/examples/gpipe_stage.c:30:3: warning: statement is an ordering barrier: nothing moves across it (its condition is known only at run time)
		if (stage > 0)
		^
--- file
#include "dagcc_rt.h" /* added by dagcc */
#define DAGCC_PTRS_matmul(a0, a1, a2, a3, a4, a5, a6) (a1), (a2), (a3)
#define DAGCC_PTRS_matmul_dw_acc(a0, a1, a2, a3, a4, a5, a6) (a1), (a2), (a3)
#define DAGCC_PTRS_matmul_dx(a0, a1, a2, a3, a4, a5, a6) (a1), (a2), (a3)
/* dagcc: the nodes of step as checked and profile mode name them */
static const struct dagcc_acc_step {
	dagcc_site_access matmul_y_0[3], matmul_y_1[3], matmul_y_2[3], matmul_y_3[3];
	dagcc_site_access matmul_dx_dx_3[3], matmul_dx_dx_2[3], matmul_dx_dx_1[3], matmul_dx_dx_0[3];
	dagcc_site_access matmul_dw_acc_gw[3], matmul_dw_acc_gw_2[3], matmul_dw_acc_gw_3[3], matmul_dw_acc_gw_4[3];
} dagcc_acc_step = {
	.matmul_y_0 = {{0, DAGCC_READ, "st->x[0]"}, {0, DAGCC_READ, "st->w"}, {0, DAGCC_WRITE, "st->y[0]"}},
	.matmul_y_1 = {{0, DAGCC_READ, "st->x[1]"}, {0, DAGCC_READ, "st->w"}, {0, DAGCC_WRITE, "st->y[1]"}},
	.matmul_y_2 = {{0, DAGCC_READ, "st->x[2]"}, {0, DAGCC_READ, "st->w"}, {0, DAGCC_WRITE, "st->y[2]"}},
	.matmul_y_3 = {{0, DAGCC_READ, "st->x[3]"}, {0, DAGCC_READ, "st->w"}, {0, DAGCC_WRITE, "st->y[3]"}},
	.matmul_dx_dx_3 = {{0, DAGCC_READ, "st->dy[3]"}, {0, DAGCC_READ, "st->w"}, {0, DAGCC_WRITE, "st->dx[3]"}},
	.matmul_dx_dx_2 = {{0, DAGCC_READ, "st->dy[2]"}, {0, DAGCC_READ, "st->w"}, {0, DAGCC_WRITE, "st->dx[2]"}},
	.matmul_dx_dx_1 = {{0, DAGCC_READ, "st->dy[1]"}, {0, DAGCC_READ, "st->w"}, {0, DAGCC_WRITE, "st->dx[1]"}},
	.matmul_dx_dx_0 = {{0, DAGCC_READ, "st->dy[0]"}, {0, DAGCC_READ, "st->w"}, {0, DAGCC_WRITE, "st->dx[0]"}},
	.matmul_dw_acc_gw = {{0, DAGCC_READ, "st->x[3]"}, {0, DAGCC_READ, "st->dy[3]"},
		{0, DAGCC_READWRITE, "st->gw"}},
	.matmul_dw_acc_gw_2 = {{0, DAGCC_READ, "st->x[2]"}, {0, DAGCC_READ, "st->dy[2]"},
		{0, DAGCC_READWRITE, "st->gw"}},
	.matmul_dw_acc_gw_3 = {{0, DAGCC_READ, "st->x[1]"}, {0, DAGCC_READ, "st->dy[1]"},
		{0, DAGCC_READWRITE, "st->gw"}},
	.matmul_dw_acc_gw_4 = {{0, DAGCC_READ, "st->x[0]"}, {0, DAGCC_READ, "st->dy[0]"},
		{0, DAGCC_READWRITE, "st->gw"}},
};
static const struct dagcc_sites_step {
	dagcc_site matmul_y_0, matmul_y_1, matmul_y_2, matmul_y_3;
	dagcc_site matmul_dx_dx_3, matmul_dx_dx_2, matmul_dx_dx_1, matmul_dx_dx_0;
	dagcc_site matmul_dw_acc_gw, matmul_dw_acc_gw_2, matmul_dw_acc_gw_3, matmul_dw_acc_gw_4;
} dagcc_sites_step DAGCC_MAYBE_UNUSED = {
	.matmul_y_0 = {"matmul", 0, 3, 0, 3, dagcc_acc_step.matmul_y_0, NULL},
	.matmul_y_1 = {"matmul", 0, 3, 1, 3, dagcc_acc_step.matmul_y_1, NULL},
	.matmul_y_2 = {"matmul", 0, 3, 2, 3, dagcc_acc_step.matmul_y_2, NULL},
	.matmul_y_3 = {"matmul", 0, 3, 3, 3, dagcc_acc_step.matmul_y_3, NULL},
	.matmul_dx_dx_3 = {"matmul_dx", 0, 3, 0, 3, dagcc_acc_step.matmul_dx_dx_3, NULL},
	.matmul_dx_dx_2 = {"matmul_dx", 0, 3, 1, 3, dagcc_acc_step.matmul_dx_dx_2, NULL},
	.matmul_dx_dx_1 = {"matmul_dx", 0, 3, 2, 3, dagcc_acc_step.matmul_dx_dx_1, NULL},
	.matmul_dx_dx_0 = {"matmul_dx", 0, 3, 3, 3, dagcc_acc_step.matmul_dx_dx_0, NULL},
	.matmul_dw_acc_gw = {"matmul_dw_acc", 0, 3, 0, 3, dagcc_acc_step.matmul_dw_acc_gw, NULL},
	.matmul_dw_acc_gw_2 = {"matmul_dw_acc", 0, 3, 1, 3, dagcc_acc_step.matmul_dw_acc_gw_2, NULL},
	.matmul_dw_acc_gw_3 = {"matmul_dw_acc", 0, 3, 2, 3, dagcc_acc_step.matmul_dw_acc_gw_3, NULL},
	.matmul_dw_acc_gw_4 = {"matmul_dw_acc", 0, 3, 3, 3, dagcc_acc_step.matmul_dw_acc_gw_4, NULL},
};
#line 1 "ROOT/examples/gpipe_stage.c"
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
	/* dagcc: scheduled for h100-8x. Simulated: as written 213.1 us (188.9 us of communication exposed),
	 * scheduled 213.1 us (188.9 us exposed); lower bound 213.1 us. */
	DAGCC_GRAPH_BEGIN(step, "step", 14, s);
#line 15
	int P = dagcc_group_size(st->pp); (void)P;

	if (stage > 0)
			dagcc_recv(st->pp, st->x[0], T * H, DAGCC_F32, stage - 1, s);
	DAGCC_RUN(matmul_y_0, s, matmul(s, st->x[0], st->w, st->y[0], T, H, H));
	if (stage < P - 1)
			dagcc_send(st->pp, st->y[0], T * H, DAGCC_F32, stage + 1, s);
#line 17
	if (stage > 0)
			dagcc_recv(st->pp, st->x[1], T * H, DAGCC_F32, stage - 1, s);
	DAGCC_RUN(matmul_y_1, s, matmul(s, st->x[1], st->w, st->y[1], T, H, H));
	if (stage < P - 1)
			dagcc_send(st->pp, st->y[1], T * H, DAGCC_F32, stage + 1, s);
#line 17
	if (stage > 0)
			dagcc_recv(st->pp, st->x[2], T * H, DAGCC_F32, stage - 1, s);
	DAGCC_RUN(matmul_y_2, s, matmul(s, st->x[2], st->w, st->y[2], T, H, H));
	if (stage < P - 1)
			dagcc_send(st->pp, st->y[2], T * H, DAGCC_F32, stage + 1, s);
#line 17
	if (stage > 0)
			dagcc_recv(st->pp, st->x[3], T * H, DAGCC_F32, stage - 1, s);
	DAGCC_RUN(matmul_y_3, s, matmul(s, st->x[3], st->w, st->y[3], T, H, H));
	if (stage < P - 1)
			dagcc_send(st->pp, st->y[3], T * H, DAGCC_F32, stage + 1, s);
#line 24
	if (stage < P - 1)
			dagcc_recv(st->pp, st->dy[3], T * H, DAGCC_F32, stage + 1, s);
		else
			loss_grad(s, st->y[3], st->dy[3], T * H);

	DAGCC_RUN(matmul_dw_acc_gw, s, matmul_dw_acc(s, st->x[3], st->dy[3], st->gw, T, H, H));
#line 28
	DAGCC_RUN(matmul_dx_dx_3, s, matmul_dx(s, st->dy[3], st->w, st->dx[3], T, H, H));

	if (stage > 0)
			dagcc_send(st->pp, st->dx[3], T * H, DAGCC_F32, stage - 1, s);
#line 24
	if (stage < P - 1)
			dagcc_recv(st->pp, st->dy[2], T * H, DAGCC_F32, stage + 1, s);
		else
			loss_grad(s, st->y[2], st->dy[2], T * H);

	DAGCC_RUN(matmul_dw_acc_gw_2, s, matmul_dw_acc(s, st->x[2], st->dy[2], st->gw, T, H, H));
#line 28
	DAGCC_RUN(matmul_dx_dx_2, s, matmul_dx(s, st->dy[2], st->w, st->dx[2], T, H, H));

	if (stage > 0)
			dagcc_send(st->pp, st->dx[2], T * H, DAGCC_F32, stage - 1, s);
#line 24
	if (stage < P - 1)
			dagcc_recv(st->pp, st->dy[1], T * H, DAGCC_F32, stage + 1, s);
		else
			loss_grad(s, st->y[1], st->dy[1], T * H);

	DAGCC_RUN(matmul_dw_acc_gw_3, s, matmul_dw_acc(s, st->x[1], st->dy[1], st->gw, T, H, H));
#line 28
	DAGCC_RUN(matmul_dx_dx_1, s, matmul_dx(s, st->dy[1], st->w, st->dx[1], T, H, H));

	if (stage > 0)
			dagcc_send(st->pp, st->dx[1], T * H, DAGCC_F32, stage - 1, s);
#line 24
	if (stage < P - 1)
			dagcc_recv(st->pp, st->dy[0], T * H, DAGCC_F32, stage + 1, s);
		else
			loss_grad(s, st->y[0], st->dy[0], T * H);

	DAGCC_RUN(matmul_dw_acc_gw_4, s, matmul_dw_acc(s, st->x[0], st->dy[0], st->gw, T, H, H));
#line 28
	DAGCC_RUN(matmul_dx_dx_0, s, matmul_dx(s, st->dy[0], st->w, st->dx[0], T, H, H));

	if (stage > 0)
			dagcc_send(st->pp, st->dx[0], T * H, DAGCC_F32, stage - 1, s);
	DAGCC_PROFILE_STEP_END(s);
}

static void run(struct stage *st, int rank, dagcc_stream_t s)
{
	step(st, rank, s);
}

int main(int argc, char **argv)
{
	return stage_main(argc, argv, "gpipe_stage", run);
}
/* dagcc: the macro values the graphs above were built for */
#if !defined(M) || (M) != (4)
#line 16
#pragma message("M is " DAGCC_XSTR(M) " in this build")
#line 16
#error "dagcc overlapped this file with M = 4: run dagcc again with this build's flags"
#endif
#if !defined(T) || (T) != (16)
#line 18
#pragma message("T is " DAGCC_XSTR(T) " in this build")
#line 18
#error "dagcc overlapped this file with T = 16: run dagcc again with this build's flags"
#endif
#if !defined(H) || (H) != (64)
#line 18
#pragma message("H is " DAGCC_XSTR(H) " in this build")
#line 18
#error "dagcc overlapped this file with H = 64: run dagcc again with this build's flags"
#endif
