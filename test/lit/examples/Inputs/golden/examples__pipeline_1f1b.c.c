status 0
--- stdout
--- stderr
--- file
#include "dagcc_rt.h" /* added by dagcc */
#line 1 "ROOT/examples/pipeline_1f1b.c"
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
	/* dagcc: specialized on the rank in st->pp: 8 ranks, 8 distinct bodies */
#line 14 "ROOT/examples/pipeline_1f1b.c"
	dagcc_expect_group_size(st->pp, 8);
	switch (dagcc_group_rank(st->pp)) {
	case 0: {
	/* dagcc: scheduled for h100-8x. Simulated: as written 118.6 us (94.5 us of communication exposed), scheduled 59.3 us (35.2 us exposed); lower bound 51.3 us. */
	DAGCC_PROFILE_STEP_BEGIN("step", 14, s);
#line 20 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_CHECKED("matmul", s, {(st->x[0]), 0, DAGCC_READ, "st->x[0]"}, {(st->w), 0, DAGCC_READ, "st->w"}, {(st->y[0]), 0, DAGCC_WRITE, "st->y[0]"});
	DAGCC_PROFILE_BEGIN("matmul", 20, 3, 0, s); matmul(s, st->x[0], st->w, st->y[0], T, H, H); DAGCC_PROFILE_END(s);
#line 22 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_CHECKED_GROUP(st->pp, "st->pp");
	DAGCC_PROFILE_COLL("send", 22, 4, 0);
#line 22 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future dagcc_f1 = dagcc_send_start(st->pp, st->y[0], T * H, DAGCC_F32, 0 + 1, s);
#line 20 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_CHECKED("matmul", s, {(st->x[1]), 0, DAGCC_READ, "st->x[1]"}, {(st->w), 0, DAGCC_READ, "st->w"}, {(st->y[1]), 0, DAGCC_WRITE, "st->y[1]"});
	DAGCC_PROFILE_BEGIN("matmul", 20, 3, 1, s); matmul(s, st->x[1], st->w, st->y[1], T, H, H); DAGCC_PROFILE_END(s);
#line 22 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_PROFILE_COLL("send", 22, 4, 1);
#line 22 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future dagcc_f3 = dagcc_send_start(st->pp, st->y[1], T * H, DAGCC_F32, 0 + 1, s);
#line 20 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_CHECKED("matmul", s, {(st->x[2]), 0, DAGCC_READ, "st->x[2]"}, {(st->w), 0, DAGCC_READ, "st->w"}, {(st->y[2]), 0, DAGCC_WRITE, "st->y[2]"});
	DAGCC_PROFILE_BEGIN("matmul", 20, 3, 2, s); matmul(s, st->x[2], st->w, st->y[2], T, H, H); DAGCC_PROFILE_END(s);
#line 22 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_PROFILE_COLL("send", 22, 4, 2);
#line 22 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future dagcc_f5 = dagcc_send_start(st->pp, st->y[2], T * H, DAGCC_F32, 0 + 1, s);
#line 20 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_CHECKED("matmul", s, {(st->x[3]), 0, DAGCC_READ, "st->x[3]"}, {(st->w), 0, DAGCC_READ, "st->w"}, {(st->y[3]), 0, DAGCC_WRITE, "st->y[3]"});
	DAGCC_PROFILE_BEGIN("matmul", 20, 3, 3, s); matmul(s, st->x[3], st->w, st->y[3], T, H, H); DAGCC_PROFILE_END(s);
#line 22 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_PROFILE_COLL("send", 22, 4, 3);
#line 22 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future dagcc_f7 = dagcc_send_start(st->pp, st->y[3], T * H, DAGCC_F32, 0 + 1, s);
#line 35 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_PROFILE_COLL("recv", 35, 4, 0);
#line 35 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future dagcc_f8 = dagcc_recv_start(st->pp, st->dy[0], T * H, DAGCC_F32, 0 + 1, s);
#line 35 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_PROFILE_COLL("recv", 35, 4, 1);
#line 35 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future dagcc_f11 = dagcc_recv_start(st->pp, st->dy[1], T * H, DAGCC_F32, 0 + 1, s);
#line 35 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_PROFILE_COLL("recv", 35, 4, 2);
#line 35 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future dagcc_f14 = dagcc_recv_start(st->pp, st->dy[2], T * H, DAGCC_F32, 0 + 1, s);
#line 35 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_PROFILE_COLL("recv", 35, 4, 3);
#line 35 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future dagcc_f17 = dagcc_recv_start(st->pp, st->dy[3], T * H, DAGCC_F32, 0 + 1, s);
#line 35 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future_wait(&dagcc_f8, s);
#line 41 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_CHECKED("matmul_dx", s, {(st->dy[0]), 0, DAGCC_READ, "st->dy[0]"}, {(st->w), 0, DAGCC_READ, "st->w"}, {(st->dx[0]), 0, DAGCC_WRITE, "st->dx[0]"});
	DAGCC_PROFILE_BEGIN("matmul_dx", 41, 3, 0, s); matmul_dx(s, st->dy[0], st->w, st->dx[0], T, H, H); DAGCC_PROFILE_END(s);
#line 42 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_CHECKED("matmul_dw_acc", s, {(st->x[0]), 0, DAGCC_READ, "st->x[0]"}, {(st->dy[0]), 0, DAGCC_READ, "st->dy[0]"}, {(st->gw), 0, DAGCC_READWRITE, "st->gw"});
	DAGCC_PROFILE_BEGIN("matmul_dw_acc", 42, 3, 0, s); matmul_dw_acc(s, st->x[0], st->dy[0], st->gw, T, H, H); DAGCC_PROFILE_END(s);
#line 35 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future_wait(&dagcc_f11, s);
#line 41 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_CHECKED("matmul_dx", s, {(st->dy[1]), 0, DAGCC_READ, "st->dy[1]"}, {(st->w), 0, DAGCC_READ, "st->w"}, {(st->dx[1]), 0, DAGCC_WRITE, "st->dx[1]"});
	DAGCC_PROFILE_BEGIN("matmul_dx", 41, 3, 1, s); matmul_dx(s, st->dy[1], st->w, st->dx[1], T, H, H); DAGCC_PROFILE_END(s);
#line 42 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_CHECKED("matmul_dw_acc", s, {(st->x[1]), 0, DAGCC_READ, "st->x[1]"}, {(st->dy[1]), 0, DAGCC_READ, "st->dy[1]"}, {(st->gw), 0, DAGCC_READWRITE, "st->gw"});
	DAGCC_PROFILE_BEGIN("matmul_dw_acc", 42, 3, 1, s); matmul_dw_acc(s, st->x[1], st->dy[1], st->gw, T, H, H); DAGCC_PROFILE_END(s);
#line 35 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future_wait(&dagcc_f14, s);
#line 41 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_CHECKED("matmul_dx", s, {(st->dy[2]), 0, DAGCC_READ, "st->dy[2]"}, {(st->w), 0, DAGCC_READ, "st->w"}, {(st->dx[2]), 0, DAGCC_WRITE, "st->dx[2]"});
	DAGCC_PROFILE_BEGIN("matmul_dx", 41, 3, 2, s); matmul_dx(s, st->dy[2], st->w, st->dx[2], T, H, H); DAGCC_PROFILE_END(s);
#line 42 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_CHECKED("matmul_dw_acc", s, {(st->x[2]), 0, DAGCC_READ, "st->x[2]"}, {(st->dy[2]), 0, DAGCC_READ, "st->dy[2]"}, {(st->gw), 0, DAGCC_READWRITE, "st->gw"});
	DAGCC_PROFILE_BEGIN("matmul_dw_acc", 42, 3, 2, s); matmul_dw_acc(s, st->x[2], st->dy[2], st->gw, T, H, H); DAGCC_PROFILE_END(s);
#line 35 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future_wait(&dagcc_f17, s);
#line 41 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_CHECKED("matmul_dx", s, {(st->dy[3]), 0, DAGCC_READ, "st->dy[3]"}, {(st->w), 0, DAGCC_READ, "st->w"}, {(st->dx[3]), 0, DAGCC_WRITE, "st->dx[3]"});
	DAGCC_PROFILE_BEGIN("matmul_dx", 41, 3, 3, s); matmul_dx(s, st->dy[3], st->w, st->dx[3], T, H, H); DAGCC_PROFILE_END(s);
#line 42 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_CHECKED("matmul_dw_acc", s, {(st->x[3]), 0, DAGCC_READ, "st->x[3]"}, {(st->dy[3]), 0, DAGCC_READ, "st->dy[3]"}, {(st->gw), 0, DAGCC_READWRITE, "st->gw"});
	DAGCC_PROFILE_BEGIN("matmul_dw_acc", 42, 3, 3, s); matmul_dw_acc(s, st->x[3], st->dy[3], st->gw, T, H, H); DAGCC_PROFILE_END(s);
#line 22 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future_wait(&dagcc_f1, s);
#line 22 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future_wait(&dagcc_f3, s);
#line 22 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future_wait(&dagcc_f5, s);
#line 22 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future_wait(&dagcc_f7, s);
	DAGCC_PROFILE_STEP_END(s);
	}
	break;
	case 1: {
	/* dagcc: scheduled for h100-8x. Simulated: as written 213.1 us (188.9 us of communication exposed), scheduled 122.3 us (98.2 us exposed); lower bound 108.3 us. */
	DAGCC_PROFILE_STEP_BEGIN("step", 14, s);
#line 19 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_CHECKED_GROUP(st->pp, "st->pp");
	DAGCC_PROFILE_COLL("recv", 19, 4, 0);
#line 19 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future dagcc_f0 = dagcc_recv_start(st->pp, st->x[0], T * H, DAGCC_F32, 1 - 1, s);
#line 19 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future_wait(&dagcc_f0, s);
#line 20 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_CHECKED("matmul", s, {(st->x[0]), 0, DAGCC_READ, "st->x[0]"}, {(st->w), 0, DAGCC_READ, "st->w"}, {(st->y[0]), 0, DAGCC_WRITE, "st->y[0]"});
	DAGCC_PROFILE_BEGIN("matmul", 20, 3, 0, s); matmul(s, st->x[0], st->w, st->y[0], T, H, H); DAGCC_PROFILE_END(s);
#line 22 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_PROFILE_COLL("send", 22, 4, 0);
#line 22 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future dagcc_f2 = dagcc_send_start(st->pp, st->y[0], T * H, DAGCC_F32, 1 + 1, s);
#line 19 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_PROFILE_COLL("recv", 19, 4, 1);
#line 19 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future dagcc_f3 = dagcc_recv_start(st->pp, st->x[1], T * H, DAGCC_F32, 1 - 1, s);
#line 19 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future_wait(&dagcc_f3, s);
#line 20 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_CHECKED("matmul", s, {(st->x[1]), 0, DAGCC_READ, "st->x[1]"}, {(st->w), 0, DAGCC_READ, "st->w"}, {(st->y[1]), 0, DAGCC_WRITE, "st->y[1]"});
	DAGCC_PROFILE_BEGIN("matmul", 20, 3, 1, s); matmul(s, st->x[1], st->w, st->y[1], T, H, H); DAGCC_PROFILE_END(s);
#line 22 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_PROFILE_COLL("send", 22, 4, 1);
#line 22 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future dagcc_f5 = dagcc_send_start(st->pp, st->y[1], T * H, DAGCC_F32, 1 + 1, s);
#line 19 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_PROFILE_COLL("recv", 19, 4, 2);
#line 19 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future dagcc_f6 = dagcc_recv_start(st->pp, st->x[2], T * H, DAGCC_F32, 1 - 1, s);
#line 19 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future_wait(&dagcc_f6, s);
#line 20 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_CHECKED("matmul", s, {(st->x[2]), 0, DAGCC_READ, "st->x[2]"}, {(st->w), 0, DAGCC_READ, "st->w"}, {(st->y[2]), 0, DAGCC_WRITE, "st->y[2]"});
	DAGCC_PROFILE_BEGIN("matmul", 20, 3, 2, s); matmul(s, st->x[2], st->w, st->y[2], T, H, H); DAGCC_PROFILE_END(s);
#line 22 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_PROFILE_COLL("send", 22, 4, 2);
#line 22 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future dagcc_f8 = dagcc_send_start(st->pp, st->y[2], T * H, DAGCC_F32, 1 + 1, s);
#line 19 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_PROFILE_COLL("recv", 19, 4, 3);
#line 19 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future dagcc_f9 = dagcc_recv_start(st->pp, st->x[3], T * H, DAGCC_F32, 1 - 1, s);
#line 19 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future_wait(&dagcc_f9, s);
#line 20 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_CHECKED("matmul", s, {(st->x[3]), 0, DAGCC_READ, "st->x[3]"}, {(st->w), 0, DAGCC_READ, "st->w"}, {(st->y[3]), 0, DAGCC_WRITE, "st->y[3]"});
	DAGCC_PROFILE_BEGIN("matmul", 20, 3, 3, s); matmul(s, st->x[3], st->w, st->y[3], T, H, H); DAGCC_PROFILE_END(s);
#line 22 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_PROFILE_COLL("send", 22, 4, 3);
#line 22 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future dagcc_f11 = dagcc_send_start(st->pp, st->y[3], T * H, DAGCC_F32, 1 + 1, s);
#line 35 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_PROFILE_COLL("recv", 35, 4, 0);
#line 35 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future dagcc_f12 = dagcc_recv_start(st->pp, st->dy[0], T * H, DAGCC_F32, 1 + 1, s);
#line 35 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future_wait(&dagcc_f12, s);
#line 41 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_CHECKED("matmul_dx", s, {(st->dy[0]), 0, DAGCC_READ, "st->dy[0]"}, {(st->w), 0, DAGCC_READ, "st->w"}, {(st->dx[0]), 0, DAGCC_WRITE, "st->dx[0]"});
	DAGCC_PROFILE_BEGIN("matmul_dx", 41, 3, 0, s); matmul_dx(s, st->dy[0], st->w, st->dx[0], T, H, H); DAGCC_PROFILE_END(s);
#line 44 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_PROFILE_COLL("send", 44, 4, 0);
#line 44 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future dagcc_f15 = dagcc_send_start(st->pp, st->dx[0], T * H, DAGCC_F32, 1 - 1, s);
#line 35 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_PROFILE_COLL("recv", 35, 4, 1);
#line 35 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future dagcc_f16 = dagcc_recv_start(st->pp, st->dy[1], T * H, DAGCC_F32, 1 + 1, s);
#line 42 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_CHECKED("matmul_dw_acc", s, {(st->x[0]), 0, DAGCC_READ, "st->x[0]"}, {(st->dy[0]), 0, DAGCC_READ, "st->dy[0]"}, {(st->gw), 0, DAGCC_READWRITE, "st->gw"});
	DAGCC_PROFILE_BEGIN("matmul_dw_acc", 42, 3, 0, s); matmul_dw_acc(s, st->x[0], st->dy[0], st->gw, T, H, H); DAGCC_PROFILE_END(s);
#line 35 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future_wait(&dagcc_f16, s);
#line 41 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_CHECKED("matmul_dx", s, {(st->dy[1]), 0, DAGCC_READ, "st->dy[1]"}, {(st->w), 0, DAGCC_READ, "st->w"}, {(st->dx[1]), 0, DAGCC_WRITE, "st->dx[1]"});
	DAGCC_PROFILE_BEGIN("matmul_dx", 41, 3, 1, s); matmul_dx(s, st->dy[1], st->w, st->dx[1], T, H, H); DAGCC_PROFILE_END(s);
#line 44 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_PROFILE_COLL("send", 44, 4, 1);
#line 44 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future dagcc_f19 = dagcc_send_start(st->pp, st->dx[1], T * H, DAGCC_F32, 1 - 1, s);
#line 35 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_PROFILE_COLL("recv", 35, 4, 2);
#line 35 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future dagcc_f20 = dagcc_recv_start(st->pp, st->dy[2], T * H, DAGCC_F32, 1 + 1, s);
#line 42 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_CHECKED("matmul_dw_acc", s, {(st->x[1]), 0, DAGCC_READ, "st->x[1]"}, {(st->dy[1]), 0, DAGCC_READ, "st->dy[1]"}, {(st->gw), 0, DAGCC_READWRITE, "st->gw"});
	DAGCC_PROFILE_BEGIN("matmul_dw_acc", 42, 3, 1, s); matmul_dw_acc(s, st->x[1], st->dy[1], st->gw, T, H, H); DAGCC_PROFILE_END(s);
#line 35 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future_wait(&dagcc_f20, s);
#line 41 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_CHECKED("matmul_dx", s, {(st->dy[2]), 0, DAGCC_READ, "st->dy[2]"}, {(st->w), 0, DAGCC_READ, "st->w"}, {(st->dx[2]), 0, DAGCC_WRITE, "st->dx[2]"});
	DAGCC_PROFILE_BEGIN("matmul_dx", 41, 3, 2, s); matmul_dx(s, st->dy[2], st->w, st->dx[2], T, H, H); DAGCC_PROFILE_END(s);
#line 44 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_PROFILE_COLL("send", 44, 4, 2);
#line 44 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future dagcc_f23 = dagcc_send_start(st->pp, st->dx[2], T * H, DAGCC_F32, 1 - 1, s);
#line 35 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_PROFILE_COLL("recv", 35, 4, 3);
#line 35 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future dagcc_f24 = dagcc_recv_start(st->pp, st->dy[3], T * H, DAGCC_F32, 1 + 1, s);
#line 42 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_CHECKED("matmul_dw_acc", s, {(st->x[2]), 0, DAGCC_READ, "st->x[2]"}, {(st->dy[2]), 0, DAGCC_READ, "st->dy[2]"}, {(st->gw), 0, DAGCC_READWRITE, "st->gw"});
	DAGCC_PROFILE_BEGIN("matmul_dw_acc", 42, 3, 2, s); matmul_dw_acc(s, st->x[2], st->dy[2], st->gw, T, H, H); DAGCC_PROFILE_END(s);
#line 35 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future_wait(&dagcc_f24, s);
#line 41 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_CHECKED("matmul_dx", s, {(st->dy[3]), 0, DAGCC_READ, "st->dy[3]"}, {(st->w), 0, DAGCC_READ, "st->w"}, {(st->dx[3]), 0, DAGCC_WRITE, "st->dx[3]"});
	DAGCC_PROFILE_BEGIN("matmul_dx", 41, 3, 3, s); matmul_dx(s, st->dy[3], st->w, st->dx[3], T, H, H); DAGCC_PROFILE_END(s);
#line 44 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_PROFILE_COLL("send", 44, 4, 3);
#line 44 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future dagcc_f27 = dagcc_send_start(st->pp, st->dx[3], T * H, DAGCC_F32, 1 - 1, s);
#line 42 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_CHECKED("matmul_dw_acc", s, {(st->x[3]), 0, DAGCC_READ, "st->x[3]"}, {(st->dy[3]), 0, DAGCC_READ, "st->dy[3]"}, {(st->gw), 0, DAGCC_READWRITE, "st->gw"});
	DAGCC_PROFILE_BEGIN("matmul_dw_acc", 42, 3, 3, s); matmul_dw_acc(s, st->x[3], st->dy[3], st->gw, T, H, H); DAGCC_PROFILE_END(s);
#line 22 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future_wait(&dagcc_f2, s);
#line 22 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future_wait(&dagcc_f5, s);
#line 22 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future_wait(&dagcc_f8, s);
#line 22 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future_wait(&dagcc_f11, s);
#line 44 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future_wait(&dagcc_f15, s);
#line 44 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future_wait(&dagcc_f19, s);
#line 44 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future_wait(&dagcc_f23, s);
#line 44 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future_wait(&dagcc_f27, s);
	DAGCC_PROFILE_STEP_END(s);
	}
	break;
	case 2: {
	/* dagcc: scheduled for h100-8x. Simulated: as written 213.1 us (188.9 us of communication exposed), scheduled 122.3 us (98.2 us exposed); lower bound 108.3 us. */
	DAGCC_PROFILE_STEP_BEGIN("step", 14, s);
#line 19 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_CHECKED_GROUP(st->pp, "st->pp");
	DAGCC_PROFILE_COLL("recv", 19, 4, 0);
#line 19 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future dagcc_f0 = dagcc_recv_start(st->pp, st->x[0], T * H, DAGCC_F32, 2 - 1, s);
#line 19 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future_wait(&dagcc_f0, s);
#line 20 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_CHECKED("matmul", s, {(st->x[0]), 0, DAGCC_READ, "st->x[0]"}, {(st->w), 0, DAGCC_READ, "st->w"}, {(st->y[0]), 0, DAGCC_WRITE, "st->y[0]"});
	DAGCC_PROFILE_BEGIN("matmul", 20, 3, 0, s); matmul(s, st->x[0], st->w, st->y[0], T, H, H); DAGCC_PROFILE_END(s);
#line 22 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_PROFILE_COLL("send", 22, 4, 0);
#line 22 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future dagcc_f2 = dagcc_send_start(st->pp, st->y[0], T * H, DAGCC_F32, 2 + 1, s);
#line 19 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_PROFILE_COLL("recv", 19, 4, 1);
#line 19 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future dagcc_f3 = dagcc_recv_start(st->pp, st->x[1], T * H, DAGCC_F32, 2 - 1, s);
#line 19 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future_wait(&dagcc_f3, s);
#line 20 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_CHECKED("matmul", s, {(st->x[1]), 0, DAGCC_READ, "st->x[1]"}, {(st->w), 0, DAGCC_READ, "st->w"}, {(st->y[1]), 0, DAGCC_WRITE, "st->y[1]"});
	DAGCC_PROFILE_BEGIN("matmul", 20, 3, 1, s); matmul(s, st->x[1], st->w, st->y[1], T, H, H); DAGCC_PROFILE_END(s);
#line 22 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_PROFILE_COLL("send", 22, 4, 1);
#line 22 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future dagcc_f5 = dagcc_send_start(st->pp, st->y[1], T * H, DAGCC_F32, 2 + 1, s);
#line 19 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_PROFILE_COLL("recv", 19, 4, 2);
#line 19 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future dagcc_f6 = dagcc_recv_start(st->pp, st->x[2], T * H, DAGCC_F32, 2 - 1, s);
#line 19 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future_wait(&dagcc_f6, s);
#line 20 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_CHECKED("matmul", s, {(st->x[2]), 0, DAGCC_READ, "st->x[2]"}, {(st->w), 0, DAGCC_READ, "st->w"}, {(st->y[2]), 0, DAGCC_WRITE, "st->y[2]"});
	DAGCC_PROFILE_BEGIN("matmul", 20, 3, 2, s); matmul(s, st->x[2], st->w, st->y[2], T, H, H); DAGCC_PROFILE_END(s);
#line 22 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_PROFILE_COLL("send", 22, 4, 2);
#line 22 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future dagcc_f8 = dagcc_send_start(st->pp, st->y[2], T * H, DAGCC_F32, 2 + 1, s);
#line 19 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_PROFILE_COLL("recv", 19, 4, 3);
#line 19 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future dagcc_f9 = dagcc_recv_start(st->pp, st->x[3], T * H, DAGCC_F32, 2 - 1, s);
#line 19 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future_wait(&dagcc_f9, s);
#line 20 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_CHECKED("matmul", s, {(st->x[3]), 0, DAGCC_READ, "st->x[3]"}, {(st->w), 0, DAGCC_READ, "st->w"}, {(st->y[3]), 0, DAGCC_WRITE, "st->y[3]"});
	DAGCC_PROFILE_BEGIN("matmul", 20, 3, 3, s); matmul(s, st->x[3], st->w, st->y[3], T, H, H); DAGCC_PROFILE_END(s);
#line 22 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_PROFILE_COLL("send", 22, 4, 3);
#line 22 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future dagcc_f11 = dagcc_send_start(st->pp, st->y[3], T * H, DAGCC_F32, 2 + 1, s);
#line 35 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_PROFILE_COLL("recv", 35, 4, 0);
#line 35 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future dagcc_f12 = dagcc_recv_start(st->pp, st->dy[0], T * H, DAGCC_F32, 2 + 1, s);
#line 35 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future_wait(&dagcc_f12, s);
#line 41 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_CHECKED("matmul_dx", s, {(st->dy[0]), 0, DAGCC_READ, "st->dy[0]"}, {(st->w), 0, DAGCC_READ, "st->w"}, {(st->dx[0]), 0, DAGCC_WRITE, "st->dx[0]"});
	DAGCC_PROFILE_BEGIN("matmul_dx", 41, 3, 0, s); matmul_dx(s, st->dy[0], st->w, st->dx[0], T, H, H); DAGCC_PROFILE_END(s);
#line 44 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_PROFILE_COLL("send", 44, 4, 0);
#line 44 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future dagcc_f15 = dagcc_send_start(st->pp, st->dx[0], T * H, DAGCC_F32, 2 - 1, s);
#line 35 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_PROFILE_COLL("recv", 35, 4, 1);
#line 35 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future dagcc_f16 = dagcc_recv_start(st->pp, st->dy[1], T * H, DAGCC_F32, 2 + 1, s);
#line 42 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_CHECKED("matmul_dw_acc", s, {(st->x[0]), 0, DAGCC_READ, "st->x[0]"}, {(st->dy[0]), 0, DAGCC_READ, "st->dy[0]"}, {(st->gw), 0, DAGCC_READWRITE, "st->gw"});
	DAGCC_PROFILE_BEGIN("matmul_dw_acc", 42, 3, 0, s); matmul_dw_acc(s, st->x[0], st->dy[0], st->gw, T, H, H); DAGCC_PROFILE_END(s);
#line 35 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future_wait(&dagcc_f16, s);
#line 41 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_CHECKED("matmul_dx", s, {(st->dy[1]), 0, DAGCC_READ, "st->dy[1]"}, {(st->w), 0, DAGCC_READ, "st->w"}, {(st->dx[1]), 0, DAGCC_WRITE, "st->dx[1]"});
	DAGCC_PROFILE_BEGIN("matmul_dx", 41, 3, 1, s); matmul_dx(s, st->dy[1], st->w, st->dx[1], T, H, H); DAGCC_PROFILE_END(s);
#line 44 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_PROFILE_COLL("send", 44, 4, 1);
#line 44 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future dagcc_f19 = dagcc_send_start(st->pp, st->dx[1], T * H, DAGCC_F32, 2 - 1, s);
#line 35 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_PROFILE_COLL("recv", 35, 4, 2);
#line 35 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future dagcc_f20 = dagcc_recv_start(st->pp, st->dy[2], T * H, DAGCC_F32, 2 + 1, s);
#line 42 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_CHECKED("matmul_dw_acc", s, {(st->x[1]), 0, DAGCC_READ, "st->x[1]"}, {(st->dy[1]), 0, DAGCC_READ, "st->dy[1]"}, {(st->gw), 0, DAGCC_READWRITE, "st->gw"});
	DAGCC_PROFILE_BEGIN("matmul_dw_acc", 42, 3, 1, s); matmul_dw_acc(s, st->x[1], st->dy[1], st->gw, T, H, H); DAGCC_PROFILE_END(s);
#line 35 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future_wait(&dagcc_f20, s);
#line 41 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_CHECKED("matmul_dx", s, {(st->dy[2]), 0, DAGCC_READ, "st->dy[2]"}, {(st->w), 0, DAGCC_READ, "st->w"}, {(st->dx[2]), 0, DAGCC_WRITE, "st->dx[2]"});
	DAGCC_PROFILE_BEGIN("matmul_dx", 41, 3, 2, s); matmul_dx(s, st->dy[2], st->w, st->dx[2], T, H, H); DAGCC_PROFILE_END(s);
#line 44 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_PROFILE_COLL("send", 44, 4, 2);
#line 44 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future dagcc_f23 = dagcc_send_start(st->pp, st->dx[2], T * H, DAGCC_F32, 2 - 1, s);
#line 35 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_PROFILE_COLL("recv", 35, 4, 3);
#line 35 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future dagcc_f24 = dagcc_recv_start(st->pp, st->dy[3], T * H, DAGCC_F32, 2 + 1, s);
#line 42 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_CHECKED("matmul_dw_acc", s, {(st->x[2]), 0, DAGCC_READ, "st->x[2]"}, {(st->dy[2]), 0, DAGCC_READ, "st->dy[2]"}, {(st->gw), 0, DAGCC_READWRITE, "st->gw"});
	DAGCC_PROFILE_BEGIN("matmul_dw_acc", 42, 3, 2, s); matmul_dw_acc(s, st->x[2], st->dy[2], st->gw, T, H, H); DAGCC_PROFILE_END(s);
#line 35 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future_wait(&dagcc_f24, s);
#line 41 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_CHECKED("matmul_dx", s, {(st->dy[3]), 0, DAGCC_READ, "st->dy[3]"}, {(st->w), 0, DAGCC_READ, "st->w"}, {(st->dx[3]), 0, DAGCC_WRITE, "st->dx[3]"});
	DAGCC_PROFILE_BEGIN("matmul_dx", 41, 3, 3, s); matmul_dx(s, st->dy[3], st->w, st->dx[3], T, H, H); DAGCC_PROFILE_END(s);
#line 44 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_PROFILE_COLL("send", 44, 4, 3);
#line 44 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future dagcc_f27 = dagcc_send_start(st->pp, st->dx[3], T * H, DAGCC_F32, 2 - 1, s);
#line 42 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_CHECKED("matmul_dw_acc", s, {(st->x[3]), 0, DAGCC_READ, "st->x[3]"}, {(st->dy[3]), 0, DAGCC_READ, "st->dy[3]"}, {(st->gw), 0, DAGCC_READWRITE, "st->gw"});
	DAGCC_PROFILE_BEGIN("matmul_dw_acc", 42, 3, 3, s); matmul_dw_acc(s, st->x[3], st->dy[3], st->gw, T, H, H); DAGCC_PROFILE_END(s);
#line 22 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future_wait(&dagcc_f2, s);
#line 22 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future_wait(&dagcc_f5, s);
#line 22 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future_wait(&dagcc_f8, s);
#line 22 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future_wait(&dagcc_f11, s);
#line 44 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future_wait(&dagcc_f15, s);
#line 44 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future_wait(&dagcc_f19, s);
#line 44 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future_wait(&dagcc_f23, s);
#line 44 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future_wait(&dagcc_f27, s);
	DAGCC_PROFILE_STEP_END(s);
	}
	break;
	case 3: {
	/* dagcc: scheduled for h100-8x. Simulated: as written 213.1 us (188.9 us of communication exposed), scheduled 122.3 us (98.2 us exposed); lower bound 108.3 us. */
	DAGCC_PROFILE_STEP_BEGIN("step", 14, s);
#line 19 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_CHECKED_GROUP(st->pp, "st->pp");
	DAGCC_PROFILE_COLL("recv", 19, 4, 0);
#line 19 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future dagcc_f0 = dagcc_recv_start(st->pp, st->x[0], T * H, DAGCC_F32, 3 - 1, s);
#line 19 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future_wait(&dagcc_f0, s);
#line 20 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_CHECKED("matmul", s, {(st->x[0]), 0, DAGCC_READ, "st->x[0]"}, {(st->w), 0, DAGCC_READ, "st->w"}, {(st->y[0]), 0, DAGCC_WRITE, "st->y[0]"});
	DAGCC_PROFILE_BEGIN("matmul", 20, 3, 0, s); matmul(s, st->x[0], st->w, st->y[0], T, H, H); DAGCC_PROFILE_END(s);
#line 22 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_PROFILE_COLL("send", 22, 4, 0);
#line 22 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future dagcc_f2 = dagcc_send_start(st->pp, st->y[0], T * H, DAGCC_F32, 3 + 1, s);
#line 19 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_PROFILE_COLL("recv", 19, 4, 1);
#line 19 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future dagcc_f3 = dagcc_recv_start(st->pp, st->x[1], T * H, DAGCC_F32, 3 - 1, s);
#line 19 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future_wait(&dagcc_f3, s);
#line 20 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_CHECKED("matmul", s, {(st->x[1]), 0, DAGCC_READ, "st->x[1]"}, {(st->w), 0, DAGCC_READ, "st->w"}, {(st->y[1]), 0, DAGCC_WRITE, "st->y[1]"});
	DAGCC_PROFILE_BEGIN("matmul", 20, 3, 1, s); matmul(s, st->x[1], st->w, st->y[1], T, H, H); DAGCC_PROFILE_END(s);
#line 22 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_PROFILE_COLL("send", 22, 4, 1);
#line 22 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future dagcc_f5 = dagcc_send_start(st->pp, st->y[1], T * H, DAGCC_F32, 3 + 1, s);
#line 19 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_PROFILE_COLL("recv", 19, 4, 2);
#line 19 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future dagcc_f6 = dagcc_recv_start(st->pp, st->x[2], T * H, DAGCC_F32, 3 - 1, s);
#line 19 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future_wait(&dagcc_f6, s);
#line 20 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_CHECKED("matmul", s, {(st->x[2]), 0, DAGCC_READ, "st->x[2]"}, {(st->w), 0, DAGCC_READ, "st->w"}, {(st->y[2]), 0, DAGCC_WRITE, "st->y[2]"});
	DAGCC_PROFILE_BEGIN("matmul", 20, 3, 2, s); matmul(s, st->x[2], st->w, st->y[2], T, H, H); DAGCC_PROFILE_END(s);
#line 22 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_PROFILE_COLL("send", 22, 4, 2);
#line 22 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future dagcc_f8 = dagcc_send_start(st->pp, st->y[2], T * H, DAGCC_F32, 3 + 1, s);
#line 19 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_PROFILE_COLL("recv", 19, 4, 3);
#line 19 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future dagcc_f9 = dagcc_recv_start(st->pp, st->x[3], T * H, DAGCC_F32, 3 - 1, s);
#line 19 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future_wait(&dagcc_f9, s);
#line 20 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_CHECKED("matmul", s, {(st->x[3]), 0, DAGCC_READ, "st->x[3]"}, {(st->w), 0, DAGCC_READ, "st->w"}, {(st->y[3]), 0, DAGCC_WRITE, "st->y[3]"});
	DAGCC_PROFILE_BEGIN("matmul", 20, 3, 3, s); matmul(s, st->x[3], st->w, st->y[3], T, H, H); DAGCC_PROFILE_END(s);
#line 22 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_PROFILE_COLL("send", 22, 4, 3);
#line 22 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future dagcc_f11 = dagcc_send_start(st->pp, st->y[3], T * H, DAGCC_F32, 3 + 1, s);
#line 35 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_PROFILE_COLL("recv", 35, 4, 0);
#line 35 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future dagcc_f12 = dagcc_recv_start(st->pp, st->dy[0], T * H, DAGCC_F32, 3 + 1, s);
#line 35 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future_wait(&dagcc_f12, s);
#line 41 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_CHECKED("matmul_dx", s, {(st->dy[0]), 0, DAGCC_READ, "st->dy[0]"}, {(st->w), 0, DAGCC_READ, "st->w"}, {(st->dx[0]), 0, DAGCC_WRITE, "st->dx[0]"});
	DAGCC_PROFILE_BEGIN("matmul_dx", 41, 3, 0, s); matmul_dx(s, st->dy[0], st->w, st->dx[0], T, H, H); DAGCC_PROFILE_END(s);
#line 44 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_PROFILE_COLL("send", 44, 4, 0);
#line 44 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future dagcc_f15 = dagcc_send_start(st->pp, st->dx[0], T * H, DAGCC_F32, 3 - 1, s);
#line 35 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_PROFILE_COLL("recv", 35, 4, 1);
#line 35 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future dagcc_f16 = dagcc_recv_start(st->pp, st->dy[1], T * H, DAGCC_F32, 3 + 1, s);
#line 42 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_CHECKED("matmul_dw_acc", s, {(st->x[0]), 0, DAGCC_READ, "st->x[0]"}, {(st->dy[0]), 0, DAGCC_READ, "st->dy[0]"}, {(st->gw), 0, DAGCC_READWRITE, "st->gw"});
	DAGCC_PROFILE_BEGIN("matmul_dw_acc", 42, 3, 0, s); matmul_dw_acc(s, st->x[0], st->dy[0], st->gw, T, H, H); DAGCC_PROFILE_END(s);
#line 35 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future_wait(&dagcc_f16, s);
#line 41 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_CHECKED("matmul_dx", s, {(st->dy[1]), 0, DAGCC_READ, "st->dy[1]"}, {(st->w), 0, DAGCC_READ, "st->w"}, {(st->dx[1]), 0, DAGCC_WRITE, "st->dx[1]"});
	DAGCC_PROFILE_BEGIN("matmul_dx", 41, 3, 1, s); matmul_dx(s, st->dy[1], st->w, st->dx[1], T, H, H); DAGCC_PROFILE_END(s);
#line 44 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_PROFILE_COLL("send", 44, 4, 1);
#line 44 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future dagcc_f19 = dagcc_send_start(st->pp, st->dx[1], T * H, DAGCC_F32, 3 - 1, s);
#line 35 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_PROFILE_COLL("recv", 35, 4, 2);
#line 35 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future dagcc_f20 = dagcc_recv_start(st->pp, st->dy[2], T * H, DAGCC_F32, 3 + 1, s);
#line 42 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_CHECKED("matmul_dw_acc", s, {(st->x[1]), 0, DAGCC_READ, "st->x[1]"}, {(st->dy[1]), 0, DAGCC_READ, "st->dy[1]"}, {(st->gw), 0, DAGCC_READWRITE, "st->gw"});
	DAGCC_PROFILE_BEGIN("matmul_dw_acc", 42, 3, 1, s); matmul_dw_acc(s, st->x[1], st->dy[1], st->gw, T, H, H); DAGCC_PROFILE_END(s);
#line 35 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future_wait(&dagcc_f20, s);
#line 41 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_CHECKED("matmul_dx", s, {(st->dy[2]), 0, DAGCC_READ, "st->dy[2]"}, {(st->w), 0, DAGCC_READ, "st->w"}, {(st->dx[2]), 0, DAGCC_WRITE, "st->dx[2]"});
	DAGCC_PROFILE_BEGIN("matmul_dx", 41, 3, 2, s); matmul_dx(s, st->dy[2], st->w, st->dx[2], T, H, H); DAGCC_PROFILE_END(s);
#line 44 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_PROFILE_COLL("send", 44, 4, 2);
#line 44 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future dagcc_f23 = dagcc_send_start(st->pp, st->dx[2], T * H, DAGCC_F32, 3 - 1, s);
#line 35 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_PROFILE_COLL("recv", 35, 4, 3);
#line 35 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future dagcc_f24 = dagcc_recv_start(st->pp, st->dy[3], T * H, DAGCC_F32, 3 + 1, s);
#line 42 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_CHECKED("matmul_dw_acc", s, {(st->x[2]), 0, DAGCC_READ, "st->x[2]"}, {(st->dy[2]), 0, DAGCC_READ, "st->dy[2]"}, {(st->gw), 0, DAGCC_READWRITE, "st->gw"});
	DAGCC_PROFILE_BEGIN("matmul_dw_acc", 42, 3, 2, s); matmul_dw_acc(s, st->x[2], st->dy[2], st->gw, T, H, H); DAGCC_PROFILE_END(s);
#line 35 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future_wait(&dagcc_f24, s);
#line 41 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_CHECKED("matmul_dx", s, {(st->dy[3]), 0, DAGCC_READ, "st->dy[3]"}, {(st->w), 0, DAGCC_READ, "st->w"}, {(st->dx[3]), 0, DAGCC_WRITE, "st->dx[3]"});
	DAGCC_PROFILE_BEGIN("matmul_dx", 41, 3, 3, s); matmul_dx(s, st->dy[3], st->w, st->dx[3], T, H, H); DAGCC_PROFILE_END(s);
#line 44 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_PROFILE_COLL("send", 44, 4, 3);
#line 44 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future dagcc_f27 = dagcc_send_start(st->pp, st->dx[3], T * H, DAGCC_F32, 3 - 1, s);
#line 42 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_CHECKED("matmul_dw_acc", s, {(st->x[3]), 0, DAGCC_READ, "st->x[3]"}, {(st->dy[3]), 0, DAGCC_READ, "st->dy[3]"}, {(st->gw), 0, DAGCC_READWRITE, "st->gw"});
	DAGCC_PROFILE_BEGIN("matmul_dw_acc", 42, 3, 3, s); matmul_dw_acc(s, st->x[3], st->dy[3], st->gw, T, H, H); DAGCC_PROFILE_END(s);
#line 22 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future_wait(&dagcc_f2, s);
#line 22 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future_wait(&dagcc_f5, s);
#line 22 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future_wait(&dagcc_f8, s);
#line 22 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future_wait(&dagcc_f11, s);
#line 44 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future_wait(&dagcc_f15, s);
#line 44 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future_wait(&dagcc_f19, s);
#line 44 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future_wait(&dagcc_f23, s);
#line 44 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future_wait(&dagcc_f27, s);
	DAGCC_PROFILE_STEP_END(s);
	}
	break;
	case 4: {
	/* dagcc: scheduled for h100-8x. Simulated: as written 213.1 us (188.9 us of communication exposed), scheduled 120.3 us (96.2 us exposed); lower bound 108.3 us. */
	DAGCC_PROFILE_STEP_BEGIN("step", 14, s);
#line 19 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_CHECKED_GROUP(st->pp, "st->pp");
	DAGCC_PROFILE_COLL("recv", 19, 4, 0);
#line 19 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future dagcc_f0 = dagcc_recv_start(st->pp, st->x[0], T * H, DAGCC_F32, 4 - 1, s);
#line 19 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future_wait(&dagcc_f0, s);
#line 20 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_CHECKED("matmul", s, {(st->x[0]), 0, DAGCC_READ, "st->x[0]"}, {(st->w), 0, DAGCC_READ, "st->w"}, {(st->y[0]), 0, DAGCC_WRITE, "st->y[0]"});
	DAGCC_PROFILE_BEGIN("matmul", 20, 3, 0, s); matmul(s, st->x[0], st->w, st->y[0], T, H, H); DAGCC_PROFILE_END(s);
#line 22 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_PROFILE_COLL("send", 22, 4, 0);
#line 22 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future dagcc_f2 = dagcc_send_start(st->pp, st->y[0], T * H, DAGCC_F32, 4 + 1, s);
#line 19 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_PROFILE_COLL("recv", 19, 4, 1);
#line 19 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future dagcc_f3 = dagcc_recv_start(st->pp, st->x[1], T * H, DAGCC_F32, 4 - 1, s);
#line 19 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future_wait(&dagcc_f3, s);
#line 20 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_CHECKED("matmul", s, {(st->x[1]), 0, DAGCC_READ, "st->x[1]"}, {(st->w), 0, DAGCC_READ, "st->w"}, {(st->y[1]), 0, DAGCC_WRITE, "st->y[1]"});
	DAGCC_PROFILE_BEGIN("matmul", 20, 3, 1, s); matmul(s, st->x[1], st->w, st->y[1], T, H, H); DAGCC_PROFILE_END(s);
#line 22 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_PROFILE_COLL("send", 22, 4, 1);
#line 22 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future dagcc_f5 = dagcc_send_start(st->pp, st->y[1], T * H, DAGCC_F32, 4 + 1, s);
#line 19 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_PROFILE_COLL("recv", 19, 4, 2);
#line 19 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future dagcc_f6 = dagcc_recv_start(st->pp, st->x[2], T * H, DAGCC_F32, 4 - 1, s);
#line 19 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future_wait(&dagcc_f6, s);
#line 20 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_CHECKED("matmul", s, {(st->x[2]), 0, DAGCC_READ, "st->x[2]"}, {(st->w), 0, DAGCC_READ, "st->w"}, {(st->y[2]), 0, DAGCC_WRITE, "st->y[2]"});
	DAGCC_PROFILE_BEGIN("matmul", 20, 3, 2, s); matmul(s, st->x[2], st->w, st->y[2], T, H, H); DAGCC_PROFILE_END(s);
#line 22 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_PROFILE_COLL("send", 22, 4, 2);
#line 22 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future dagcc_f8 = dagcc_send_start(st->pp, st->y[2], T * H, DAGCC_F32, 4 + 1, s);
#line 28 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_PROFILE_COLL("recv", 28, 5, 0);
#line 28 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future dagcc_f9 = dagcc_recv_start(st->pp, st->x[3], T * H, DAGCC_F32, 4 - 1, s);
#line 35 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_PROFILE_COLL("recv", 35, 4, 0);
#line 35 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future dagcc_f11 = dagcc_recv_start(st->pp, st->dy[0], T * H, DAGCC_F32, 4 + 1, s);
#line 28 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future_wait(&dagcc_f9, s);
#line 29 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_CHECKED("matmul", s, {(st->x[3]), 0, DAGCC_READ, "st->x[3]"}, {(st->w), 0, DAGCC_READ, "st->w"}, {(st->y[3]), 0, DAGCC_WRITE, "st->y[3]"});
	DAGCC_PROFILE_BEGIN("matmul", 29, 4, 0, s); matmul(s, st->x[3], st->w, st->y[3], T, H, H); DAGCC_PROFILE_END(s);
#line 37 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_PROFILE_COLL("send", 37, 5, 0);
#line 37 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future dagcc_f12 = dagcc_send_start(st->pp, st->y[3], T * H, DAGCC_F32, 4 + 1, s);
#line 35 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future_wait(&dagcc_f11, s);
#line 41 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_CHECKED("matmul_dx", s, {(st->dy[0]), 0, DAGCC_READ, "st->dy[0]"}, {(st->w), 0, DAGCC_READ, "st->w"}, {(st->dx[0]), 0, DAGCC_WRITE, "st->dx[0]"});
	DAGCC_PROFILE_BEGIN("matmul_dx", 41, 3, 0, s); matmul_dx(s, st->dy[0], st->w, st->dx[0], T, H, H); DAGCC_PROFILE_END(s);
#line 44 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_PROFILE_COLL("send", 44, 4, 0);
#line 44 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future dagcc_f15 = dagcc_send_start(st->pp, st->dx[0], T * H, DAGCC_F32, 4 - 1, s);
#line 35 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_PROFILE_COLL("recv", 35, 4, 1);
#line 35 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future dagcc_f16 = dagcc_recv_start(st->pp, st->dy[1], T * H, DAGCC_F32, 4 + 1, s);
#line 42 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_CHECKED("matmul_dw_acc", s, {(st->x[0]), 0, DAGCC_READ, "st->x[0]"}, {(st->dy[0]), 0, DAGCC_READ, "st->dy[0]"}, {(st->gw), 0, DAGCC_READWRITE, "st->gw"});
	DAGCC_PROFILE_BEGIN("matmul_dw_acc", 42, 3, 0, s); matmul_dw_acc(s, st->x[0], st->dy[0], st->gw, T, H, H); DAGCC_PROFILE_END(s);
#line 35 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future_wait(&dagcc_f16, s);
#line 41 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_CHECKED("matmul_dx", s, {(st->dy[1]), 0, DAGCC_READ, "st->dy[1]"}, {(st->w), 0, DAGCC_READ, "st->w"}, {(st->dx[1]), 0, DAGCC_WRITE, "st->dx[1]"});
	DAGCC_PROFILE_BEGIN("matmul_dx", 41, 3, 1, s); matmul_dx(s, st->dy[1], st->w, st->dx[1], T, H, H); DAGCC_PROFILE_END(s);
#line 44 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_PROFILE_COLL("send", 44, 4, 1);
#line 44 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future dagcc_f19 = dagcc_send_start(st->pp, st->dx[1], T * H, DAGCC_F32, 4 - 1, s);
#line 35 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_PROFILE_COLL("recv", 35, 4, 2);
#line 35 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future dagcc_f20 = dagcc_recv_start(st->pp, st->dy[2], T * H, DAGCC_F32, 4 + 1, s);
#line 42 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_CHECKED("matmul_dw_acc", s, {(st->x[1]), 0, DAGCC_READ, "st->x[1]"}, {(st->dy[1]), 0, DAGCC_READ, "st->dy[1]"}, {(st->gw), 0, DAGCC_READWRITE, "st->gw"});
	DAGCC_PROFILE_BEGIN("matmul_dw_acc", 42, 3, 1, s); matmul_dw_acc(s, st->x[1], st->dy[1], st->gw, T, H, H); DAGCC_PROFILE_END(s);
#line 35 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future_wait(&dagcc_f20, s);
#line 41 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_CHECKED("matmul_dx", s, {(st->dy[2]), 0, DAGCC_READ, "st->dy[2]"}, {(st->w), 0, DAGCC_READ, "st->w"}, {(st->dx[2]), 0, DAGCC_WRITE, "st->dx[2]"});
	DAGCC_PROFILE_BEGIN("matmul_dx", 41, 3, 2, s); matmul_dx(s, st->dy[2], st->w, st->dx[2], T, H, H); DAGCC_PROFILE_END(s);
#line 44 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_PROFILE_COLL("send", 44, 4, 2);
#line 44 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future dagcc_f23 = dagcc_send_start(st->pp, st->dx[2], T * H, DAGCC_F32, 4 - 1, s);
#line 35 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_PROFILE_COLL("recv", 35, 4, 3);
#line 35 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future dagcc_f24 = dagcc_recv_start(st->pp, st->dy[3], T * H, DAGCC_F32, 4 + 1, s);
#line 42 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_CHECKED("matmul_dw_acc", s, {(st->x[2]), 0, DAGCC_READ, "st->x[2]"}, {(st->dy[2]), 0, DAGCC_READ, "st->dy[2]"}, {(st->gw), 0, DAGCC_READWRITE, "st->gw"});
	DAGCC_PROFILE_BEGIN("matmul_dw_acc", 42, 3, 2, s); matmul_dw_acc(s, st->x[2], st->dy[2], st->gw, T, H, H); DAGCC_PROFILE_END(s);
#line 35 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future_wait(&dagcc_f24, s);
#line 41 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_CHECKED("matmul_dx", s, {(st->dy[3]), 0, DAGCC_READ, "st->dy[3]"}, {(st->w), 0, DAGCC_READ, "st->w"}, {(st->dx[3]), 0, DAGCC_WRITE, "st->dx[3]"});
	DAGCC_PROFILE_BEGIN("matmul_dx", 41, 3, 3, s); matmul_dx(s, st->dy[3], st->w, st->dx[3], T, H, H); DAGCC_PROFILE_END(s);
#line 44 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_PROFILE_COLL("send", 44, 4, 3);
#line 44 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future dagcc_f27 = dagcc_send_start(st->pp, st->dx[3], T * H, DAGCC_F32, 4 - 1, s);
#line 42 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_CHECKED("matmul_dw_acc", s, {(st->x[3]), 0, DAGCC_READ, "st->x[3]"}, {(st->dy[3]), 0, DAGCC_READ, "st->dy[3]"}, {(st->gw), 0, DAGCC_READWRITE, "st->gw"});
	DAGCC_PROFILE_BEGIN("matmul_dw_acc", 42, 3, 3, s); matmul_dw_acc(s, st->x[3], st->dy[3], st->gw, T, H, H); DAGCC_PROFILE_END(s);
#line 22 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future_wait(&dagcc_f2, s);
#line 22 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future_wait(&dagcc_f5, s);
#line 22 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future_wait(&dagcc_f8, s);
#line 37 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future_wait(&dagcc_f12, s);
#line 44 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future_wait(&dagcc_f15, s);
#line 44 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future_wait(&dagcc_f19, s);
#line 44 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future_wait(&dagcc_f23, s);
#line 44 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future_wait(&dagcc_f27, s);
	DAGCC_PROFILE_STEP_END(s);
	}
	break;
	case 5: {
	/* dagcc: scheduled for h100-8x. Simulated: as written 213.1 us (188.9 us of communication exposed), scheduled 118.3 us (94.2 us exposed); lower bound 108.3 us. */
	DAGCC_PROFILE_STEP_BEGIN("step", 14, s);
#line 19 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_CHECKED_GROUP(st->pp, "st->pp");
	DAGCC_PROFILE_COLL("recv", 19, 4, 0);
#line 19 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future dagcc_f0 = dagcc_recv_start(st->pp, st->x[0], T * H, DAGCC_F32, 5 - 1, s);
#line 19 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future_wait(&dagcc_f0, s);
#line 20 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_CHECKED("matmul", s, {(st->x[0]), 0, DAGCC_READ, "st->x[0]"}, {(st->w), 0, DAGCC_READ, "st->w"}, {(st->y[0]), 0, DAGCC_WRITE, "st->y[0]"});
	DAGCC_PROFILE_BEGIN("matmul", 20, 3, 0, s); matmul(s, st->x[0], st->w, st->y[0], T, H, H); DAGCC_PROFILE_END(s);
#line 22 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_PROFILE_COLL("send", 22, 4, 0);
#line 22 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future dagcc_f2 = dagcc_send_start(st->pp, st->y[0], T * H, DAGCC_F32, 5 + 1, s);
#line 19 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_PROFILE_COLL("recv", 19, 4, 1);
#line 19 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future dagcc_f3 = dagcc_recv_start(st->pp, st->x[1], T * H, DAGCC_F32, 5 - 1, s);
#line 19 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future_wait(&dagcc_f3, s);
#line 20 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_CHECKED("matmul", s, {(st->x[1]), 0, DAGCC_READ, "st->x[1]"}, {(st->w), 0, DAGCC_READ, "st->w"}, {(st->y[1]), 0, DAGCC_WRITE, "st->y[1]"});
	DAGCC_PROFILE_BEGIN("matmul", 20, 3, 1, s); matmul(s, st->x[1], st->w, st->y[1], T, H, H); DAGCC_PROFILE_END(s);
#line 22 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_PROFILE_COLL("send", 22, 4, 1);
#line 22 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future dagcc_f5 = dagcc_send_start(st->pp, st->y[1], T * H, DAGCC_F32, 5 + 1, s);
#line 28 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_PROFILE_COLL("recv", 28, 5, 0);
#line 28 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future dagcc_f6 = dagcc_recv_start(st->pp, st->x[2], T * H, DAGCC_F32, 5 - 1, s);
#line 35 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_PROFILE_COLL("recv", 35, 4, 0);
#line 35 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future dagcc_f8 = dagcc_recv_start(st->pp, st->dy[0], T * H, DAGCC_F32, 5 + 1, s);
#line 28 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future_wait(&dagcc_f6, s);
#line 29 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_CHECKED("matmul", s, {(st->x[2]), 0, DAGCC_READ, "st->x[2]"}, {(st->w), 0, DAGCC_READ, "st->w"}, {(st->y[2]), 0, DAGCC_WRITE, "st->y[2]"});
	DAGCC_PROFILE_BEGIN("matmul", 29, 4, 0, s); matmul(s, st->x[2], st->w, st->y[2], T, H, H); DAGCC_PROFILE_END(s);
#line 37 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_PROFILE_COLL("send", 37, 5, 0);
#line 37 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future dagcc_f9 = dagcc_send_start(st->pp, st->y[2], T * H, DAGCC_F32, 5 + 1, s);
#line 35 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future_wait(&dagcc_f8, s);
#line 41 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_CHECKED("matmul_dx", s, {(st->dy[0]), 0, DAGCC_READ, "st->dy[0]"}, {(st->w), 0, DAGCC_READ, "st->w"}, {(st->dx[0]), 0, DAGCC_WRITE, "st->dx[0]"});
	DAGCC_PROFILE_BEGIN("matmul_dx", 41, 3, 0, s); matmul_dx(s, st->dy[0], st->w, st->dx[0], T, H, H); DAGCC_PROFILE_END(s);
#line 44 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_PROFILE_COLL("send", 44, 4, 0);
#line 44 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future dagcc_f12 = dagcc_send_start(st->pp, st->dx[0], T * H, DAGCC_F32, 5 - 1, s);
#line 28 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_PROFILE_COLL("recv", 28, 5, 1);
#line 28 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future dagcc_f13 = dagcc_recv_start(st->pp, st->x[3], T * H, DAGCC_F32, 5 - 1, s);
#line 35 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_PROFILE_COLL("recv", 35, 4, 1);
#line 35 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future dagcc_f15 = dagcc_recv_start(st->pp, st->dy[1], T * H, DAGCC_F32, 5 + 1, s);
#line 42 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_CHECKED("matmul_dw_acc", s, {(st->x[0]), 0, DAGCC_READ, "st->x[0]"}, {(st->dy[0]), 0, DAGCC_READ, "st->dy[0]"}, {(st->gw), 0, DAGCC_READWRITE, "st->gw"});
	DAGCC_PROFILE_BEGIN("matmul_dw_acc", 42, 3, 0, s); matmul_dw_acc(s, st->x[0], st->dy[0], st->gw, T, H, H); DAGCC_PROFILE_END(s);
#line 28 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future_wait(&dagcc_f13, s);
#line 29 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_CHECKED("matmul", s, {(st->x[3]), 0, DAGCC_READ, "st->x[3]"}, {(st->w), 0, DAGCC_READ, "st->w"}, {(st->y[3]), 0, DAGCC_WRITE, "st->y[3]"});
	DAGCC_PROFILE_BEGIN("matmul", 29, 4, 1, s); matmul(s, st->x[3], st->w, st->y[3], T, H, H); DAGCC_PROFILE_END(s);
#line 37 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_PROFILE_COLL("send", 37, 5, 1);
#line 37 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future dagcc_f16 = dagcc_send_start(st->pp, st->y[3], T * H, DAGCC_F32, 5 + 1, s);
#line 35 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future_wait(&dagcc_f15, s);
#line 41 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_CHECKED("matmul_dx", s, {(st->dy[1]), 0, DAGCC_READ, "st->dy[1]"}, {(st->w), 0, DAGCC_READ, "st->w"}, {(st->dx[1]), 0, DAGCC_WRITE, "st->dx[1]"});
	DAGCC_PROFILE_BEGIN("matmul_dx", 41, 3, 1, s); matmul_dx(s, st->dy[1], st->w, st->dx[1], T, H, H); DAGCC_PROFILE_END(s);
#line 44 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_PROFILE_COLL("send", 44, 4, 1);
#line 44 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future dagcc_f19 = dagcc_send_start(st->pp, st->dx[1], T * H, DAGCC_F32, 5 - 1, s);
#line 35 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_PROFILE_COLL("recv", 35, 4, 2);
#line 35 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future dagcc_f20 = dagcc_recv_start(st->pp, st->dy[2], T * H, DAGCC_F32, 5 + 1, s);
#line 42 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_CHECKED("matmul_dw_acc", s, {(st->x[1]), 0, DAGCC_READ, "st->x[1]"}, {(st->dy[1]), 0, DAGCC_READ, "st->dy[1]"}, {(st->gw), 0, DAGCC_READWRITE, "st->gw"});
	DAGCC_PROFILE_BEGIN("matmul_dw_acc", 42, 3, 1, s); matmul_dw_acc(s, st->x[1], st->dy[1], st->gw, T, H, H); DAGCC_PROFILE_END(s);
#line 35 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future_wait(&dagcc_f20, s);
#line 41 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_CHECKED("matmul_dx", s, {(st->dy[2]), 0, DAGCC_READ, "st->dy[2]"}, {(st->w), 0, DAGCC_READ, "st->w"}, {(st->dx[2]), 0, DAGCC_WRITE, "st->dx[2]"});
	DAGCC_PROFILE_BEGIN("matmul_dx", 41, 3, 2, s); matmul_dx(s, st->dy[2], st->w, st->dx[2], T, H, H); DAGCC_PROFILE_END(s);
#line 44 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_PROFILE_COLL("send", 44, 4, 2);
#line 44 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future dagcc_f23 = dagcc_send_start(st->pp, st->dx[2], T * H, DAGCC_F32, 5 - 1, s);
#line 35 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_PROFILE_COLL("recv", 35, 4, 3);
#line 35 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future dagcc_f24 = dagcc_recv_start(st->pp, st->dy[3], T * H, DAGCC_F32, 5 + 1, s);
#line 42 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_CHECKED("matmul_dw_acc", s, {(st->x[2]), 0, DAGCC_READ, "st->x[2]"}, {(st->dy[2]), 0, DAGCC_READ, "st->dy[2]"}, {(st->gw), 0, DAGCC_READWRITE, "st->gw"});
	DAGCC_PROFILE_BEGIN("matmul_dw_acc", 42, 3, 2, s); matmul_dw_acc(s, st->x[2], st->dy[2], st->gw, T, H, H); DAGCC_PROFILE_END(s);
#line 35 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future_wait(&dagcc_f24, s);
#line 41 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_CHECKED("matmul_dx", s, {(st->dy[3]), 0, DAGCC_READ, "st->dy[3]"}, {(st->w), 0, DAGCC_READ, "st->w"}, {(st->dx[3]), 0, DAGCC_WRITE, "st->dx[3]"});
	DAGCC_PROFILE_BEGIN("matmul_dx", 41, 3, 3, s); matmul_dx(s, st->dy[3], st->w, st->dx[3], T, H, H); DAGCC_PROFILE_END(s);
#line 44 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_PROFILE_COLL("send", 44, 4, 3);
#line 44 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future dagcc_f27 = dagcc_send_start(st->pp, st->dx[3], T * H, DAGCC_F32, 5 - 1, s);
#line 42 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_CHECKED("matmul_dw_acc", s, {(st->x[3]), 0, DAGCC_READ, "st->x[3]"}, {(st->dy[3]), 0, DAGCC_READ, "st->dy[3]"}, {(st->gw), 0, DAGCC_READWRITE, "st->gw"});
	DAGCC_PROFILE_BEGIN("matmul_dw_acc", 42, 3, 3, s); matmul_dw_acc(s, st->x[3], st->dy[3], st->gw, T, H, H); DAGCC_PROFILE_END(s);
#line 22 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future_wait(&dagcc_f2, s);
#line 22 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future_wait(&dagcc_f5, s);
#line 37 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future_wait(&dagcc_f9, s);
#line 44 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future_wait(&dagcc_f12, s);
#line 37 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future_wait(&dagcc_f16, s);
#line 44 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future_wait(&dagcc_f19, s);
#line 44 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future_wait(&dagcc_f23, s);
#line 44 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future_wait(&dagcc_f27, s);
	DAGCC_PROFILE_STEP_END(s);
	}
	break;
	case 6: {
	/* dagcc: scheduled for h100-8x. Simulated: as written 213.1 us (188.9 us of communication exposed), scheduled 116.3 us (92.2 us exposed); lower bound 108.3 us. */
	DAGCC_PROFILE_STEP_BEGIN("step", 14, s);
#line 19 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_CHECKED_GROUP(st->pp, "st->pp");
	DAGCC_PROFILE_COLL("recv", 19, 4, 0);
#line 19 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future dagcc_f0 = dagcc_recv_start(st->pp, st->x[0], T * H, DAGCC_F32, 6 - 1, s);
#line 19 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future_wait(&dagcc_f0, s);
#line 20 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_CHECKED("matmul", s, {(st->x[0]), 0, DAGCC_READ, "st->x[0]"}, {(st->w), 0, DAGCC_READ, "st->w"}, {(st->y[0]), 0, DAGCC_WRITE, "st->y[0]"});
	DAGCC_PROFILE_BEGIN("matmul", 20, 3, 0, s); matmul(s, st->x[0], st->w, st->y[0], T, H, H); DAGCC_PROFILE_END(s);
#line 22 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_PROFILE_COLL("send", 22, 4, 0);
#line 22 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future dagcc_f2 = dagcc_send_start(st->pp, st->y[0], T * H, DAGCC_F32, 6 + 1, s);
#line 28 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_PROFILE_COLL("recv", 28, 5, 0);
#line 28 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future dagcc_f3 = dagcc_recv_start(st->pp, st->x[1], T * H, DAGCC_F32, 6 - 1, s);
#line 35 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_PROFILE_COLL("recv", 35, 4, 0);
#line 35 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future dagcc_f5 = dagcc_recv_start(st->pp, st->dy[0], T * H, DAGCC_F32, 6 + 1, s);
#line 28 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future_wait(&dagcc_f3, s);
#line 29 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_CHECKED("matmul", s, {(st->x[1]), 0, DAGCC_READ, "st->x[1]"}, {(st->w), 0, DAGCC_READ, "st->w"}, {(st->y[1]), 0, DAGCC_WRITE, "st->y[1]"});
	DAGCC_PROFILE_BEGIN("matmul", 29, 4, 0, s); matmul(s, st->x[1], st->w, st->y[1], T, H, H); DAGCC_PROFILE_END(s);
#line 37 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_PROFILE_COLL("send", 37, 5, 0);
#line 37 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future dagcc_f6 = dagcc_send_start(st->pp, st->y[1], T * H, DAGCC_F32, 6 + 1, s);
#line 35 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future_wait(&dagcc_f5, s);
#line 41 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_CHECKED("matmul_dx", s, {(st->dy[0]), 0, DAGCC_READ, "st->dy[0]"}, {(st->w), 0, DAGCC_READ, "st->w"}, {(st->dx[0]), 0, DAGCC_WRITE, "st->dx[0]"});
	DAGCC_PROFILE_BEGIN("matmul_dx", 41, 3, 0, s); matmul_dx(s, st->dy[0], st->w, st->dx[0], T, H, H); DAGCC_PROFILE_END(s);
#line 44 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_PROFILE_COLL("send", 44, 4, 0);
#line 44 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future dagcc_f9 = dagcc_send_start(st->pp, st->dx[0], T * H, DAGCC_F32, 6 - 1, s);
#line 28 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_PROFILE_COLL("recv", 28, 5, 1);
#line 28 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future dagcc_f10 = dagcc_recv_start(st->pp, st->x[2], T * H, DAGCC_F32, 6 - 1, s);
#line 35 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_PROFILE_COLL("recv", 35, 4, 1);
#line 35 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future dagcc_f12 = dagcc_recv_start(st->pp, st->dy[1], T * H, DAGCC_F32, 6 + 1, s);
#line 42 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_CHECKED("matmul_dw_acc", s, {(st->x[0]), 0, DAGCC_READ, "st->x[0]"}, {(st->dy[0]), 0, DAGCC_READ, "st->dy[0]"}, {(st->gw), 0, DAGCC_READWRITE, "st->gw"});
	DAGCC_PROFILE_BEGIN("matmul_dw_acc", 42, 3, 0, s); matmul_dw_acc(s, st->x[0], st->dy[0], st->gw, T, H, H); DAGCC_PROFILE_END(s);
#line 28 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future_wait(&dagcc_f10, s);
#line 29 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_CHECKED("matmul", s, {(st->x[2]), 0, DAGCC_READ, "st->x[2]"}, {(st->w), 0, DAGCC_READ, "st->w"}, {(st->y[2]), 0, DAGCC_WRITE, "st->y[2]"});
	DAGCC_PROFILE_BEGIN("matmul", 29, 4, 1, s); matmul(s, st->x[2], st->w, st->y[2], T, H, H); DAGCC_PROFILE_END(s);
#line 37 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_PROFILE_COLL("send", 37, 5, 1);
#line 37 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future dagcc_f13 = dagcc_send_start(st->pp, st->y[2], T * H, DAGCC_F32, 6 + 1, s);
#line 35 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future_wait(&dagcc_f12, s);
#line 41 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_CHECKED("matmul_dx", s, {(st->dy[1]), 0, DAGCC_READ, "st->dy[1]"}, {(st->w), 0, DAGCC_READ, "st->w"}, {(st->dx[1]), 0, DAGCC_WRITE, "st->dx[1]"});
	DAGCC_PROFILE_BEGIN("matmul_dx", 41, 3, 1, s); matmul_dx(s, st->dy[1], st->w, st->dx[1], T, H, H); DAGCC_PROFILE_END(s);
#line 44 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_PROFILE_COLL("send", 44, 4, 1);
#line 44 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future dagcc_f16 = dagcc_send_start(st->pp, st->dx[1], T * H, DAGCC_F32, 6 - 1, s);
#line 28 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_PROFILE_COLL("recv", 28, 5, 2);
#line 28 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future dagcc_f17 = dagcc_recv_start(st->pp, st->x[3], T * H, DAGCC_F32, 6 - 1, s);
#line 35 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_PROFILE_COLL("recv", 35, 4, 2);
#line 35 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future dagcc_f19 = dagcc_recv_start(st->pp, st->dy[2], T * H, DAGCC_F32, 6 + 1, s);
#line 42 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_CHECKED("matmul_dw_acc", s, {(st->x[1]), 0, DAGCC_READ, "st->x[1]"}, {(st->dy[1]), 0, DAGCC_READ, "st->dy[1]"}, {(st->gw), 0, DAGCC_READWRITE, "st->gw"});
	DAGCC_PROFILE_BEGIN("matmul_dw_acc", 42, 3, 1, s); matmul_dw_acc(s, st->x[1], st->dy[1], st->gw, T, H, H); DAGCC_PROFILE_END(s);
#line 28 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future_wait(&dagcc_f17, s);
#line 29 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_CHECKED("matmul", s, {(st->x[3]), 0, DAGCC_READ, "st->x[3]"}, {(st->w), 0, DAGCC_READ, "st->w"}, {(st->y[3]), 0, DAGCC_WRITE, "st->y[3]"});
	DAGCC_PROFILE_BEGIN("matmul", 29, 4, 2, s); matmul(s, st->x[3], st->w, st->y[3], T, H, H); DAGCC_PROFILE_END(s);
#line 37 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_PROFILE_COLL("send", 37, 5, 2);
#line 37 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future dagcc_f20 = dagcc_send_start(st->pp, st->y[3], T * H, DAGCC_F32, 6 + 1, s);
#line 35 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future_wait(&dagcc_f19, s);
#line 41 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_CHECKED("matmul_dx", s, {(st->dy[2]), 0, DAGCC_READ, "st->dy[2]"}, {(st->w), 0, DAGCC_READ, "st->w"}, {(st->dx[2]), 0, DAGCC_WRITE, "st->dx[2]"});
	DAGCC_PROFILE_BEGIN("matmul_dx", 41, 3, 2, s); matmul_dx(s, st->dy[2], st->w, st->dx[2], T, H, H); DAGCC_PROFILE_END(s);
#line 44 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_PROFILE_COLL("send", 44, 4, 2);
#line 44 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future dagcc_f23 = dagcc_send_start(st->pp, st->dx[2], T * H, DAGCC_F32, 6 - 1, s);
#line 35 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_PROFILE_COLL("recv", 35, 4, 3);
#line 35 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future dagcc_f24 = dagcc_recv_start(st->pp, st->dy[3], T * H, DAGCC_F32, 6 + 1, s);
#line 42 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_CHECKED("matmul_dw_acc", s, {(st->x[2]), 0, DAGCC_READ, "st->x[2]"}, {(st->dy[2]), 0, DAGCC_READ, "st->dy[2]"}, {(st->gw), 0, DAGCC_READWRITE, "st->gw"});
	DAGCC_PROFILE_BEGIN("matmul_dw_acc", 42, 3, 2, s); matmul_dw_acc(s, st->x[2], st->dy[2], st->gw, T, H, H); DAGCC_PROFILE_END(s);
#line 35 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future_wait(&dagcc_f24, s);
#line 41 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_CHECKED("matmul_dx", s, {(st->dy[3]), 0, DAGCC_READ, "st->dy[3]"}, {(st->w), 0, DAGCC_READ, "st->w"}, {(st->dx[3]), 0, DAGCC_WRITE, "st->dx[3]"});
	DAGCC_PROFILE_BEGIN("matmul_dx", 41, 3, 3, s); matmul_dx(s, st->dy[3], st->w, st->dx[3], T, H, H); DAGCC_PROFILE_END(s);
#line 44 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_PROFILE_COLL("send", 44, 4, 3);
#line 44 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future dagcc_f27 = dagcc_send_start(st->pp, st->dx[3], T * H, DAGCC_F32, 6 - 1, s);
#line 42 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_CHECKED("matmul_dw_acc", s, {(st->x[3]), 0, DAGCC_READ, "st->x[3]"}, {(st->dy[3]), 0, DAGCC_READ, "st->dy[3]"}, {(st->gw), 0, DAGCC_READWRITE, "st->gw"});
	DAGCC_PROFILE_BEGIN("matmul_dw_acc", 42, 3, 3, s); matmul_dw_acc(s, st->x[3], st->dy[3], st->gw, T, H, H); DAGCC_PROFILE_END(s);
#line 22 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future_wait(&dagcc_f2, s);
#line 37 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future_wait(&dagcc_f6, s);
#line 44 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future_wait(&dagcc_f9, s);
#line 37 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future_wait(&dagcc_f13, s);
#line 44 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future_wait(&dagcc_f16, s);
#line 37 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future_wait(&dagcc_f20, s);
#line 44 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future_wait(&dagcc_f23, s);
#line 44 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future_wait(&dagcc_f27, s);
	DAGCC_PROFILE_STEP_END(s);
	}
	break;
	case 7: {
	/* dagcc: scheduled for h100-8x. Simulated: as written 126.6 us (94.5 us of communication exposed), scheduled 83.1 us (51.0 us exposed); lower bound 65.1 us. */
	DAGCC_PROFILE_STEP_BEGIN("step", 14, s);
#line 28 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_CHECKED_GROUP(st->pp, "st->pp");
	DAGCC_PROFILE_COLL("recv", 28, 5, 0);
#line 28 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future dagcc_f0 = dagcc_recv_start(st->pp, st->x[0], T * H, DAGCC_F32, 7 - 1, s);
#line 28 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future_wait(&dagcc_f0, s);
#line 29 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_CHECKED("matmul", s, {(st->x[0]), 0, DAGCC_READ, "st->x[0]"}, {(st->w), 0, DAGCC_READ, "st->w"}, {(st->y[0]), 0, DAGCC_WRITE, "st->y[0]"});
	DAGCC_PROFILE_BEGIN("matmul", 29, 4, 0, s); matmul(s, st->x[0], st->w, st->y[0], T, H, H); DAGCC_PROFILE_END(s);
#line 39 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_CHECKED("loss_grad", s, {(st->y[0]), 0, DAGCC_READ, "st->y[0]"}, {(st->dy[0]), 0, DAGCC_WRITE, "st->dy[0]"});
	DAGCC_PROFILE_BEGIN("loss_grad", 39, 4, 0, s); loss_grad(s, st->y[0], st->dy[0], T * H); DAGCC_PROFILE_END(s);
#line 41 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_CHECKED("matmul_dx", s, {(st->dy[0]), 0, DAGCC_READ, "st->dy[0]"}, {(st->w), 0, DAGCC_READ, "st->w"}, {(st->dx[0]), 0, DAGCC_WRITE, "st->dx[0]"});
	DAGCC_PROFILE_BEGIN("matmul_dx", 41, 3, 0, s); matmul_dx(s, st->dy[0], st->w, st->dx[0], T, H, H); DAGCC_PROFILE_END(s);
#line 44 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_PROFILE_COLL("send", 44, 4, 0);
#line 44 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future dagcc_f5 = dagcc_send_start(st->pp, st->dx[0], T * H, DAGCC_F32, 7 - 1, s);
#line 28 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_PROFILE_COLL("recv", 28, 5, 1);
#line 28 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future dagcc_f6 = dagcc_recv_start(st->pp, st->x[1], T * H, DAGCC_F32, 7 - 1, s);
#line 42 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_CHECKED("matmul_dw_acc", s, {(st->x[0]), 0, DAGCC_READ, "st->x[0]"}, {(st->dy[0]), 0, DAGCC_READ, "st->dy[0]"}, {(st->gw), 0, DAGCC_READWRITE, "st->gw"});
	DAGCC_PROFILE_BEGIN("matmul_dw_acc", 42, 3, 0, s); matmul_dw_acc(s, st->x[0], st->dy[0], st->gw, T, H, H); DAGCC_PROFILE_END(s);
#line 28 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future_wait(&dagcc_f6, s);
#line 29 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_CHECKED("matmul", s, {(st->x[1]), 0, DAGCC_READ, "st->x[1]"}, {(st->w), 0, DAGCC_READ, "st->w"}, {(st->y[1]), 0, DAGCC_WRITE, "st->y[1]"});
	DAGCC_PROFILE_BEGIN("matmul", 29, 4, 1, s); matmul(s, st->x[1], st->w, st->y[1], T, H, H); DAGCC_PROFILE_END(s);
#line 39 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_CHECKED("loss_grad", s, {(st->y[1]), 0, DAGCC_READ, "st->y[1]"}, {(st->dy[1]), 0, DAGCC_WRITE, "st->dy[1]"});
	DAGCC_PROFILE_BEGIN("loss_grad", 39, 4, 1, s); loss_grad(s, st->y[1], st->dy[1], T * H); DAGCC_PROFILE_END(s);
#line 41 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_CHECKED("matmul_dx", s, {(st->dy[1]), 0, DAGCC_READ, "st->dy[1]"}, {(st->w), 0, DAGCC_READ, "st->w"}, {(st->dx[1]), 0, DAGCC_WRITE, "st->dx[1]"});
	DAGCC_PROFILE_BEGIN("matmul_dx", 41, 3, 1, s); matmul_dx(s, st->dy[1], st->w, st->dx[1], T, H, H); DAGCC_PROFILE_END(s);
#line 44 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_PROFILE_COLL("send", 44, 4, 1);
#line 44 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future dagcc_f11 = dagcc_send_start(st->pp, st->dx[1], T * H, DAGCC_F32, 7 - 1, s);
#line 28 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_PROFILE_COLL("recv", 28, 5, 2);
#line 28 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future dagcc_f12 = dagcc_recv_start(st->pp, st->x[2], T * H, DAGCC_F32, 7 - 1, s);
#line 42 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_CHECKED("matmul_dw_acc", s, {(st->x[1]), 0, DAGCC_READ, "st->x[1]"}, {(st->dy[1]), 0, DAGCC_READ, "st->dy[1]"}, {(st->gw), 0, DAGCC_READWRITE, "st->gw"});
	DAGCC_PROFILE_BEGIN("matmul_dw_acc", 42, 3, 1, s); matmul_dw_acc(s, st->x[1], st->dy[1], st->gw, T, H, H); DAGCC_PROFILE_END(s);
#line 28 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future_wait(&dagcc_f12, s);
#line 29 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_CHECKED("matmul", s, {(st->x[2]), 0, DAGCC_READ, "st->x[2]"}, {(st->w), 0, DAGCC_READ, "st->w"}, {(st->y[2]), 0, DAGCC_WRITE, "st->y[2]"});
	DAGCC_PROFILE_BEGIN("matmul", 29, 4, 2, s); matmul(s, st->x[2], st->w, st->y[2], T, H, H); DAGCC_PROFILE_END(s);
#line 39 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_CHECKED("loss_grad", s, {(st->y[2]), 0, DAGCC_READ, "st->y[2]"}, {(st->dy[2]), 0, DAGCC_WRITE, "st->dy[2]"});
	DAGCC_PROFILE_BEGIN("loss_grad", 39, 4, 2, s); loss_grad(s, st->y[2], st->dy[2], T * H); DAGCC_PROFILE_END(s);
#line 41 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_CHECKED("matmul_dx", s, {(st->dy[2]), 0, DAGCC_READ, "st->dy[2]"}, {(st->w), 0, DAGCC_READ, "st->w"}, {(st->dx[2]), 0, DAGCC_WRITE, "st->dx[2]"});
	DAGCC_PROFILE_BEGIN("matmul_dx", 41, 3, 2, s); matmul_dx(s, st->dy[2], st->w, st->dx[2], T, H, H); DAGCC_PROFILE_END(s);
#line 44 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_PROFILE_COLL("send", 44, 4, 2);
#line 44 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future dagcc_f17 = dagcc_send_start(st->pp, st->dx[2], T * H, DAGCC_F32, 7 - 1, s);
#line 28 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_PROFILE_COLL("recv", 28, 5, 3);
#line 28 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future dagcc_f18 = dagcc_recv_start(st->pp, st->x[3], T * H, DAGCC_F32, 7 - 1, s);
#line 42 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_CHECKED("matmul_dw_acc", s, {(st->x[2]), 0, DAGCC_READ, "st->x[2]"}, {(st->dy[2]), 0, DAGCC_READ, "st->dy[2]"}, {(st->gw), 0, DAGCC_READWRITE, "st->gw"});
	DAGCC_PROFILE_BEGIN("matmul_dw_acc", 42, 3, 2, s); matmul_dw_acc(s, st->x[2], st->dy[2], st->gw, T, H, H); DAGCC_PROFILE_END(s);
#line 28 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future_wait(&dagcc_f18, s);
#line 29 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_CHECKED("matmul", s, {(st->x[3]), 0, DAGCC_READ, "st->x[3]"}, {(st->w), 0, DAGCC_READ, "st->w"}, {(st->y[3]), 0, DAGCC_WRITE, "st->y[3]"});
	DAGCC_PROFILE_BEGIN("matmul", 29, 4, 3, s); matmul(s, st->x[3], st->w, st->y[3], T, H, H); DAGCC_PROFILE_END(s);
#line 39 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_CHECKED("loss_grad", s, {(st->y[3]), 0, DAGCC_READ, "st->y[3]"}, {(st->dy[3]), 0, DAGCC_WRITE, "st->dy[3]"});
	DAGCC_PROFILE_BEGIN("loss_grad", 39, 4, 3, s); loss_grad(s, st->y[3], st->dy[3], T * H); DAGCC_PROFILE_END(s);
#line 41 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_CHECKED("matmul_dx", s, {(st->dy[3]), 0, DAGCC_READ, "st->dy[3]"}, {(st->w), 0, DAGCC_READ, "st->w"}, {(st->dx[3]), 0, DAGCC_WRITE, "st->dx[3]"});
	DAGCC_PROFILE_BEGIN("matmul_dx", 41, 3, 3, s); matmul_dx(s, st->dy[3], st->w, st->dx[3], T, H, H); DAGCC_PROFILE_END(s);
#line 44 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_PROFILE_COLL("send", 44, 4, 3);
#line 44 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future dagcc_f23 = dagcc_send_start(st->pp, st->dx[3], T * H, DAGCC_F32, 7 - 1, s);
#line 42 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_CHECKED("matmul_dw_acc", s, {(st->x[3]), 0, DAGCC_READ, "st->x[3]"}, {(st->dy[3]), 0, DAGCC_READ, "st->dy[3]"}, {(st->gw), 0, DAGCC_READWRITE, "st->gw"});
	DAGCC_PROFILE_BEGIN("matmul_dw_acc", 42, 3, 3, s); matmul_dw_acc(s, st->x[3], st->dy[3], st->gw, T, H, H); DAGCC_PROFILE_END(s);
#line 44 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future_wait(&dagcc_f5, s);
#line 44 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future_wait(&dagcc_f11, s);
#line 44 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future_wait(&dagcc_f17, s);
#line 44 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future_wait(&dagcc_f23, s);
	DAGCC_PROFILE_STEP_END(s);
	}
	break;
	default:
#line 14 "ROOT/examples/pipeline_1f1b.c"
		dagcc_rank_unknown("step", dagcc_group_rank(st->pp), 8);
	}
#line 46 "ROOT/examples/pipeline_1f1b.c"
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
/* dagcc: the macro values the graphs above were built for */
#if !defined(M) || (M) != (4)
#line 16 "ROOT/examples/pipeline_1f1b.c"
#pragma message("M is " DAGCC_XSTR(M) " in this build")
#line 16 "ROOT/examples/pipeline_1f1b.c"
#error "dagcc overlapped this file with M = 4: run dagcc again with this build's flags"
#endif
#if !defined(T) || (T) != (16)
#line 19 "ROOT/examples/pipeline_1f1b.c"
#pragma message("T is " DAGCC_XSTR(T) " in this build")
#line 19 "ROOT/examples/pipeline_1f1b.c"
#error "dagcc overlapped this file with T = 16: run dagcc again with this build's flags"
#endif
#if !defined(H) || (H) != (64)
#line 19 "ROOT/examples/pipeline_1f1b.c"
#pragma message("H is " DAGCC_XSTR(H) " in this build")
#line 19 "ROOT/examples/pipeline_1f1b.c"
#error "dagcc overlapped this file with H = 64: run dagcc again with this build's flags"
#endif
