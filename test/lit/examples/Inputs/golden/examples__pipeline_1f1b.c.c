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
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dagcc.h"
#include "host.h"

#ifndef M
#define M 4 /* microbatches */
#endif
#ifndef H
#define H 64 /* width */
#endif
#ifndef T
#define T 16 /* tokens per microbatch */
#endif

struct stage {
	dagcc_group *pp;
	float *w; /* this stage's layer, H x H */
	float *x[M]; /* each microbatch's input: received, or the data on the first stage */
	float *y[M]; /* its output, T x H */
	float *dy[M]; /* the gradient of the output: received, or the loss's on the last stage */
	float *dx[M]; /* the gradient of the input, sent back */
	float *gw; /* the layer's gradient, summed over the microbatches */
};

DAGCC_COMPUTE(flops = 2.0 * m * n * k, bytes = sizeof(float) * (m * k + k * n + m * n))
void matmul(dagcc_stream_t s, DAGCC_IN const float *x, DAGCC_IN const float *w, DAGCC_OUT float *y,
	    int m, int n, int k);
DAGCC_COMPUTE(flops = 2.0 * m * n * k, bytes = sizeof(float) * (m * k + k * n + m * n))
void matmul_dx(dagcc_stream_t s, DAGCC_IN const float *dy, DAGCC_IN const float *w,
	       DAGCC_OUT float *dx, int m, int n, int k);
/* dw += x^T dy */
DAGCC_COMPUTE(flops = 2.0 * m * n * k, bytes = sizeof(float) * (m * k + 2 * k * n + m * n))
void matmul_dw_acc(dagcc_stream_t s, DAGCC_IN const float *x, DAGCC_IN const float *dy,
		   DAGCC_INOUT float *dw, int m, int n, int k);
/* the gradient of 0.5 |y|^2: y itself */
DAGCC_COMPUTE(bytes = 2 * sizeof(float) * n)
void loss_grad(dagcc_stream_t s, DAGCC_IN const float *y, DAGCC_OUT float *dy, int n);

DAGCC_GRAPH void step(struct stage *st, dagcc_stream_t s)
{
	/* dagcc: specialized on the rank in st->pp: 8 ranks, 8 distinct bodies */
#line 54 "ROOT/examples/pipeline_1f1b.c"
	dagcc_expect_group_size(st->pp, 8);
	switch (dagcc_group_rank(st->pp)) {
	case 0: {
	/* dagcc: scheduled for h100-8x. Simulated: as written 118.6 us (94.5 us of communication exposed), scheduled 59.3 us (35.2 us exposed); lower bound 51.3 us. */
#line 60 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_CHECKED("matmul", s, {(st->x[0]), 0, DAGCC_READ, "st->x[0]"}, {(st->w), 0, DAGCC_READ, "st->w"}, {(st->y[0]), 0, DAGCC_WRITE, "st->y[0]"});
	DAGCC_PROFILE_BEGIN("matmul", 60, 3, 0, s); matmul(s, st->x[0], st->w, st->y[0], T, H, H); DAGCC_PROFILE_END(s);
#line 62 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_CHECKED_GROUP(st->pp, "st->pp");
	DAGCC_PROFILE_COLL("send", 62, 4, 0);
#line 62 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future dagcc_f1 = dagcc_send_start(st->pp, st->y[0], T * H, DAGCC_F32, 0 + 1, s);
#line 60 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_CHECKED("matmul", s, {(st->x[1]), 0, DAGCC_READ, "st->x[1]"}, {(st->w), 0, DAGCC_READ, "st->w"}, {(st->y[1]), 0, DAGCC_WRITE, "st->y[1]"});
	DAGCC_PROFILE_BEGIN("matmul", 60, 3, 1, s); matmul(s, st->x[1], st->w, st->y[1], T, H, H); DAGCC_PROFILE_END(s);
#line 62 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_PROFILE_COLL("send", 62, 4, 1);
#line 62 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future dagcc_f3 = dagcc_send_start(st->pp, st->y[1], T * H, DAGCC_F32, 0 + 1, s);
#line 60 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_CHECKED("matmul", s, {(st->x[2]), 0, DAGCC_READ, "st->x[2]"}, {(st->w), 0, DAGCC_READ, "st->w"}, {(st->y[2]), 0, DAGCC_WRITE, "st->y[2]"});
	DAGCC_PROFILE_BEGIN("matmul", 60, 3, 2, s); matmul(s, st->x[2], st->w, st->y[2], T, H, H); DAGCC_PROFILE_END(s);
#line 62 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_PROFILE_COLL("send", 62, 4, 2);
#line 62 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future dagcc_f5 = dagcc_send_start(st->pp, st->y[2], T * H, DAGCC_F32, 0 + 1, s);
#line 60 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_CHECKED("matmul", s, {(st->x[3]), 0, DAGCC_READ, "st->x[3]"}, {(st->w), 0, DAGCC_READ, "st->w"}, {(st->y[3]), 0, DAGCC_WRITE, "st->y[3]"});
	DAGCC_PROFILE_BEGIN("matmul", 60, 3, 3, s); matmul(s, st->x[3], st->w, st->y[3], T, H, H); DAGCC_PROFILE_END(s);
#line 62 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_PROFILE_COLL("send", 62, 4, 3);
#line 62 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future dagcc_f7 = dagcc_send_start(st->pp, st->y[3], T * H, DAGCC_F32, 0 + 1, s);
#line 75 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_PROFILE_COLL("recv", 75, 4, 0);
#line 75 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future dagcc_f8 = dagcc_recv_start(st->pp, st->dy[0], T * H, DAGCC_F32, 0 + 1, s);
#line 75 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_PROFILE_COLL("recv", 75, 4, 1);
#line 75 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future dagcc_f11 = dagcc_recv_start(st->pp, st->dy[1], T * H, DAGCC_F32, 0 + 1, s);
#line 75 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_PROFILE_COLL("recv", 75, 4, 2);
#line 75 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future dagcc_f14 = dagcc_recv_start(st->pp, st->dy[2], T * H, DAGCC_F32, 0 + 1, s);
#line 75 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_PROFILE_COLL("recv", 75, 4, 3);
#line 75 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future dagcc_f17 = dagcc_recv_start(st->pp, st->dy[3], T * H, DAGCC_F32, 0 + 1, s);
#line 75 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future_wait(&dagcc_f8, s);
#line 81 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_CHECKED("matmul_dx", s, {(st->dy[0]), 0, DAGCC_READ, "st->dy[0]"}, {(st->w), 0, DAGCC_READ, "st->w"}, {(st->dx[0]), 0, DAGCC_WRITE, "st->dx[0]"});
	DAGCC_PROFILE_BEGIN("matmul_dx", 81, 3, 0, s); matmul_dx(s, st->dy[0], st->w, st->dx[0], T, H, H); DAGCC_PROFILE_END(s);
#line 82 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_CHECKED("matmul_dw_acc", s, {(st->x[0]), 0, DAGCC_READ, "st->x[0]"}, {(st->dy[0]), 0, DAGCC_READ, "st->dy[0]"}, {(st->gw), 0, DAGCC_READWRITE, "st->gw"});
	DAGCC_PROFILE_BEGIN("matmul_dw_acc", 82, 3, 0, s); matmul_dw_acc(s, st->x[0], st->dy[0], st->gw, T, H, H); DAGCC_PROFILE_END(s);
#line 75 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future_wait(&dagcc_f11, s);
#line 81 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_CHECKED("matmul_dx", s, {(st->dy[1]), 0, DAGCC_READ, "st->dy[1]"}, {(st->w), 0, DAGCC_READ, "st->w"}, {(st->dx[1]), 0, DAGCC_WRITE, "st->dx[1]"});
	DAGCC_PROFILE_BEGIN("matmul_dx", 81, 3, 1, s); matmul_dx(s, st->dy[1], st->w, st->dx[1], T, H, H); DAGCC_PROFILE_END(s);
#line 82 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_CHECKED("matmul_dw_acc", s, {(st->x[1]), 0, DAGCC_READ, "st->x[1]"}, {(st->dy[1]), 0, DAGCC_READ, "st->dy[1]"}, {(st->gw), 0, DAGCC_READWRITE, "st->gw"});
	DAGCC_PROFILE_BEGIN("matmul_dw_acc", 82, 3, 1, s); matmul_dw_acc(s, st->x[1], st->dy[1], st->gw, T, H, H); DAGCC_PROFILE_END(s);
#line 75 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future_wait(&dagcc_f14, s);
#line 81 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_CHECKED("matmul_dx", s, {(st->dy[2]), 0, DAGCC_READ, "st->dy[2]"}, {(st->w), 0, DAGCC_READ, "st->w"}, {(st->dx[2]), 0, DAGCC_WRITE, "st->dx[2]"});
	DAGCC_PROFILE_BEGIN("matmul_dx", 81, 3, 2, s); matmul_dx(s, st->dy[2], st->w, st->dx[2], T, H, H); DAGCC_PROFILE_END(s);
#line 82 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_CHECKED("matmul_dw_acc", s, {(st->x[2]), 0, DAGCC_READ, "st->x[2]"}, {(st->dy[2]), 0, DAGCC_READ, "st->dy[2]"}, {(st->gw), 0, DAGCC_READWRITE, "st->gw"});
	DAGCC_PROFILE_BEGIN("matmul_dw_acc", 82, 3, 2, s); matmul_dw_acc(s, st->x[2], st->dy[2], st->gw, T, H, H); DAGCC_PROFILE_END(s);
#line 75 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future_wait(&dagcc_f17, s);
#line 81 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_CHECKED("matmul_dx", s, {(st->dy[3]), 0, DAGCC_READ, "st->dy[3]"}, {(st->w), 0, DAGCC_READ, "st->w"}, {(st->dx[3]), 0, DAGCC_WRITE, "st->dx[3]"});
	DAGCC_PROFILE_BEGIN("matmul_dx", 81, 3, 3, s); matmul_dx(s, st->dy[3], st->w, st->dx[3], T, H, H); DAGCC_PROFILE_END(s);
#line 82 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_CHECKED("matmul_dw_acc", s, {(st->x[3]), 0, DAGCC_READ, "st->x[3]"}, {(st->dy[3]), 0, DAGCC_READ, "st->dy[3]"}, {(st->gw), 0, DAGCC_READWRITE, "st->gw"});
	DAGCC_PROFILE_BEGIN("matmul_dw_acc", 82, 3, 3, s); matmul_dw_acc(s, st->x[3], st->dy[3], st->gw, T, H, H); DAGCC_PROFILE_END(s);
#line 62 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future_wait(&dagcc_f1, s);
#line 62 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future_wait(&dagcc_f3, s);
#line 62 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future_wait(&dagcc_f5, s);
#line 62 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future_wait(&dagcc_f7, s);
	}
	break;
	case 1: {
	/* dagcc: scheduled for h100-8x. Simulated: as written 213.1 us (188.9 us of communication exposed), scheduled 122.3 us (98.2 us exposed); lower bound 108.3 us. */
#line 59 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_CHECKED_GROUP(st->pp, "st->pp");
	DAGCC_PROFILE_COLL("recv", 59, 4, 0);
#line 59 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future dagcc_f0 = dagcc_recv_start(st->pp, st->x[0], T * H, DAGCC_F32, 1 - 1, s);
#line 59 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future_wait(&dagcc_f0, s);
#line 60 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_CHECKED("matmul", s, {(st->x[0]), 0, DAGCC_READ, "st->x[0]"}, {(st->w), 0, DAGCC_READ, "st->w"}, {(st->y[0]), 0, DAGCC_WRITE, "st->y[0]"});
	DAGCC_PROFILE_BEGIN("matmul", 60, 3, 0, s); matmul(s, st->x[0], st->w, st->y[0], T, H, H); DAGCC_PROFILE_END(s);
#line 62 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_PROFILE_COLL("send", 62, 4, 0);
#line 62 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future dagcc_f2 = dagcc_send_start(st->pp, st->y[0], T * H, DAGCC_F32, 1 + 1, s);
#line 59 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_PROFILE_COLL("recv", 59, 4, 1);
#line 59 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future dagcc_f3 = dagcc_recv_start(st->pp, st->x[1], T * H, DAGCC_F32, 1 - 1, s);
#line 59 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future_wait(&dagcc_f3, s);
#line 60 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_CHECKED("matmul", s, {(st->x[1]), 0, DAGCC_READ, "st->x[1]"}, {(st->w), 0, DAGCC_READ, "st->w"}, {(st->y[1]), 0, DAGCC_WRITE, "st->y[1]"});
	DAGCC_PROFILE_BEGIN("matmul", 60, 3, 1, s); matmul(s, st->x[1], st->w, st->y[1], T, H, H); DAGCC_PROFILE_END(s);
#line 62 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_PROFILE_COLL("send", 62, 4, 1);
#line 62 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future dagcc_f5 = dagcc_send_start(st->pp, st->y[1], T * H, DAGCC_F32, 1 + 1, s);
#line 59 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_PROFILE_COLL("recv", 59, 4, 2);
#line 59 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future dagcc_f6 = dagcc_recv_start(st->pp, st->x[2], T * H, DAGCC_F32, 1 - 1, s);
#line 59 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future_wait(&dagcc_f6, s);
#line 60 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_CHECKED("matmul", s, {(st->x[2]), 0, DAGCC_READ, "st->x[2]"}, {(st->w), 0, DAGCC_READ, "st->w"}, {(st->y[2]), 0, DAGCC_WRITE, "st->y[2]"});
	DAGCC_PROFILE_BEGIN("matmul", 60, 3, 2, s); matmul(s, st->x[2], st->w, st->y[2], T, H, H); DAGCC_PROFILE_END(s);
#line 62 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_PROFILE_COLL("send", 62, 4, 2);
#line 62 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future dagcc_f8 = dagcc_send_start(st->pp, st->y[2], T * H, DAGCC_F32, 1 + 1, s);
#line 59 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_PROFILE_COLL("recv", 59, 4, 3);
#line 59 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future dagcc_f9 = dagcc_recv_start(st->pp, st->x[3], T * H, DAGCC_F32, 1 - 1, s);
#line 59 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future_wait(&dagcc_f9, s);
#line 60 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_CHECKED("matmul", s, {(st->x[3]), 0, DAGCC_READ, "st->x[3]"}, {(st->w), 0, DAGCC_READ, "st->w"}, {(st->y[3]), 0, DAGCC_WRITE, "st->y[3]"});
	DAGCC_PROFILE_BEGIN("matmul", 60, 3, 3, s); matmul(s, st->x[3], st->w, st->y[3], T, H, H); DAGCC_PROFILE_END(s);
#line 62 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_PROFILE_COLL("send", 62, 4, 3);
#line 62 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future dagcc_f11 = dagcc_send_start(st->pp, st->y[3], T * H, DAGCC_F32, 1 + 1, s);
#line 75 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_PROFILE_COLL("recv", 75, 4, 0);
#line 75 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future dagcc_f12 = dagcc_recv_start(st->pp, st->dy[0], T * H, DAGCC_F32, 1 + 1, s);
#line 75 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future_wait(&dagcc_f12, s);
#line 81 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_CHECKED("matmul_dx", s, {(st->dy[0]), 0, DAGCC_READ, "st->dy[0]"}, {(st->w), 0, DAGCC_READ, "st->w"}, {(st->dx[0]), 0, DAGCC_WRITE, "st->dx[0]"});
	DAGCC_PROFILE_BEGIN("matmul_dx", 81, 3, 0, s); matmul_dx(s, st->dy[0], st->w, st->dx[0], T, H, H); DAGCC_PROFILE_END(s);
#line 84 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_PROFILE_COLL("send", 84, 4, 0);
#line 84 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future dagcc_f15 = dagcc_send_start(st->pp, st->dx[0], T * H, DAGCC_F32, 1 - 1, s);
#line 75 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_PROFILE_COLL("recv", 75, 4, 1);
#line 75 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future dagcc_f16 = dagcc_recv_start(st->pp, st->dy[1], T * H, DAGCC_F32, 1 + 1, s);
#line 82 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_CHECKED("matmul_dw_acc", s, {(st->x[0]), 0, DAGCC_READ, "st->x[0]"}, {(st->dy[0]), 0, DAGCC_READ, "st->dy[0]"}, {(st->gw), 0, DAGCC_READWRITE, "st->gw"});
	DAGCC_PROFILE_BEGIN("matmul_dw_acc", 82, 3, 0, s); matmul_dw_acc(s, st->x[0], st->dy[0], st->gw, T, H, H); DAGCC_PROFILE_END(s);
#line 75 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future_wait(&dagcc_f16, s);
#line 81 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_CHECKED("matmul_dx", s, {(st->dy[1]), 0, DAGCC_READ, "st->dy[1]"}, {(st->w), 0, DAGCC_READ, "st->w"}, {(st->dx[1]), 0, DAGCC_WRITE, "st->dx[1]"});
	DAGCC_PROFILE_BEGIN("matmul_dx", 81, 3, 1, s); matmul_dx(s, st->dy[1], st->w, st->dx[1], T, H, H); DAGCC_PROFILE_END(s);
#line 84 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_PROFILE_COLL("send", 84, 4, 1);
#line 84 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future dagcc_f19 = dagcc_send_start(st->pp, st->dx[1], T * H, DAGCC_F32, 1 - 1, s);
#line 75 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_PROFILE_COLL("recv", 75, 4, 2);
#line 75 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future dagcc_f20 = dagcc_recv_start(st->pp, st->dy[2], T * H, DAGCC_F32, 1 + 1, s);
#line 82 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_CHECKED("matmul_dw_acc", s, {(st->x[1]), 0, DAGCC_READ, "st->x[1]"}, {(st->dy[1]), 0, DAGCC_READ, "st->dy[1]"}, {(st->gw), 0, DAGCC_READWRITE, "st->gw"});
	DAGCC_PROFILE_BEGIN("matmul_dw_acc", 82, 3, 1, s); matmul_dw_acc(s, st->x[1], st->dy[1], st->gw, T, H, H); DAGCC_PROFILE_END(s);
#line 75 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future_wait(&dagcc_f20, s);
#line 81 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_CHECKED("matmul_dx", s, {(st->dy[2]), 0, DAGCC_READ, "st->dy[2]"}, {(st->w), 0, DAGCC_READ, "st->w"}, {(st->dx[2]), 0, DAGCC_WRITE, "st->dx[2]"});
	DAGCC_PROFILE_BEGIN("matmul_dx", 81, 3, 2, s); matmul_dx(s, st->dy[2], st->w, st->dx[2], T, H, H); DAGCC_PROFILE_END(s);
#line 84 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_PROFILE_COLL("send", 84, 4, 2);
#line 84 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future dagcc_f23 = dagcc_send_start(st->pp, st->dx[2], T * H, DAGCC_F32, 1 - 1, s);
#line 75 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_PROFILE_COLL("recv", 75, 4, 3);
#line 75 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future dagcc_f24 = dagcc_recv_start(st->pp, st->dy[3], T * H, DAGCC_F32, 1 + 1, s);
#line 82 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_CHECKED("matmul_dw_acc", s, {(st->x[2]), 0, DAGCC_READ, "st->x[2]"}, {(st->dy[2]), 0, DAGCC_READ, "st->dy[2]"}, {(st->gw), 0, DAGCC_READWRITE, "st->gw"});
	DAGCC_PROFILE_BEGIN("matmul_dw_acc", 82, 3, 2, s); matmul_dw_acc(s, st->x[2], st->dy[2], st->gw, T, H, H); DAGCC_PROFILE_END(s);
#line 75 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future_wait(&dagcc_f24, s);
#line 81 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_CHECKED("matmul_dx", s, {(st->dy[3]), 0, DAGCC_READ, "st->dy[3]"}, {(st->w), 0, DAGCC_READ, "st->w"}, {(st->dx[3]), 0, DAGCC_WRITE, "st->dx[3]"});
	DAGCC_PROFILE_BEGIN("matmul_dx", 81, 3, 3, s); matmul_dx(s, st->dy[3], st->w, st->dx[3], T, H, H); DAGCC_PROFILE_END(s);
#line 84 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_PROFILE_COLL("send", 84, 4, 3);
#line 84 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future dagcc_f27 = dagcc_send_start(st->pp, st->dx[3], T * H, DAGCC_F32, 1 - 1, s);
#line 82 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_CHECKED("matmul_dw_acc", s, {(st->x[3]), 0, DAGCC_READ, "st->x[3]"}, {(st->dy[3]), 0, DAGCC_READ, "st->dy[3]"}, {(st->gw), 0, DAGCC_READWRITE, "st->gw"});
	DAGCC_PROFILE_BEGIN("matmul_dw_acc", 82, 3, 3, s); matmul_dw_acc(s, st->x[3], st->dy[3], st->gw, T, H, H); DAGCC_PROFILE_END(s);
#line 62 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future_wait(&dagcc_f2, s);
#line 62 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future_wait(&dagcc_f5, s);
#line 62 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future_wait(&dagcc_f8, s);
#line 62 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future_wait(&dagcc_f11, s);
#line 84 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future_wait(&dagcc_f15, s);
#line 84 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future_wait(&dagcc_f19, s);
#line 84 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future_wait(&dagcc_f23, s);
#line 84 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future_wait(&dagcc_f27, s);
	}
	break;
	case 2: {
	/* dagcc: scheduled for h100-8x. Simulated: as written 213.1 us (188.9 us of communication exposed), scheduled 122.3 us (98.2 us exposed); lower bound 108.3 us. */
#line 59 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_CHECKED_GROUP(st->pp, "st->pp");
	DAGCC_PROFILE_COLL("recv", 59, 4, 0);
#line 59 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future dagcc_f0 = dagcc_recv_start(st->pp, st->x[0], T * H, DAGCC_F32, 2 - 1, s);
#line 59 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future_wait(&dagcc_f0, s);
#line 60 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_CHECKED("matmul", s, {(st->x[0]), 0, DAGCC_READ, "st->x[0]"}, {(st->w), 0, DAGCC_READ, "st->w"}, {(st->y[0]), 0, DAGCC_WRITE, "st->y[0]"});
	DAGCC_PROFILE_BEGIN("matmul", 60, 3, 0, s); matmul(s, st->x[0], st->w, st->y[0], T, H, H); DAGCC_PROFILE_END(s);
#line 62 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_PROFILE_COLL("send", 62, 4, 0);
#line 62 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future dagcc_f2 = dagcc_send_start(st->pp, st->y[0], T * H, DAGCC_F32, 2 + 1, s);
#line 59 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_PROFILE_COLL("recv", 59, 4, 1);
#line 59 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future dagcc_f3 = dagcc_recv_start(st->pp, st->x[1], T * H, DAGCC_F32, 2 - 1, s);
#line 59 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future_wait(&dagcc_f3, s);
#line 60 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_CHECKED("matmul", s, {(st->x[1]), 0, DAGCC_READ, "st->x[1]"}, {(st->w), 0, DAGCC_READ, "st->w"}, {(st->y[1]), 0, DAGCC_WRITE, "st->y[1]"});
	DAGCC_PROFILE_BEGIN("matmul", 60, 3, 1, s); matmul(s, st->x[1], st->w, st->y[1], T, H, H); DAGCC_PROFILE_END(s);
#line 62 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_PROFILE_COLL("send", 62, 4, 1);
#line 62 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future dagcc_f5 = dagcc_send_start(st->pp, st->y[1], T * H, DAGCC_F32, 2 + 1, s);
#line 59 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_PROFILE_COLL("recv", 59, 4, 2);
#line 59 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future dagcc_f6 = dagcc_recv_start(st->pp, st->x[2], T * H, DAGCC_F32, 2 - 1, s);
#line 59 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future_wait(&dagcc_f6, s);
#line 60 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_CHECKED("matmul", s, {(st->x[2]), 0, DAGCC_READ, "st->x[2]"}, {(st->w), 0, DAGCC_READ, "st->w"}, {(st->y[2]), 0, DAGCC_WRITE, "st->y[2]"});
	DAGCC_PROFILE_BEGIN("matmul", 60, 3, 2, s); matmul(s, st->x[2], st->w, st->y[2], T, H, H); DAGCC_PROFILE_END(s);
#line 62 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_PROFILE_COLL("send", 62, 4, 2);
#line 62 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future dagcc_f8 = dagcc_send_start(st->pp, st->y[2], T * H, DAGCC_F32, 2 + 1, s);
#line 59 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_PROFILE_COLL("recv", 59, 4, 3);
#line 59 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future dagcc_f9 = dagcc_recv_start(st->pp, st->x[3], T * H, DAGCC_F32, 2 - 1, s);
#line 59 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future_wait(&dagcc_f9, s);
#line 60 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_CHECKED("matmul", s, {(st->x[3]), 0, DAGCC_READ, "st->x[3]"}, {(st->w), 0, DAGCC_READ, "st->w"}, {(st->y[3]), 0, DAGCC_WRITE, "st->y[3]"});
	DAGCC_PROFILE_BEGIN("matmul", 60, 3, 3, s); matmul(s, st->x[3], st->w, st->y[3], T, H, H); DAGCC_PROFILE_END(s);
#line 62 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_PROFILE_COLL("send", 62, 4, 3);
#line 62 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future dagcc_f11 = dagcc_send_start(st->pp, st->y[3], T * H, DAGCC_F32, 2 + 1, s);
#line 75 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_PROFILE_COLL("recv", 75, 4, 0);
#line 75 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future dagcc_f12 = dagcc_recv_start(st->pp, st->dy[0], T * H, DAGCC_F32, 2 + 1, s);
#line 75 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future_wait(&dagcc_f12, s);
#line 81 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_CHECKED("matmul_dx", s, {(st->dy[0]), 0, DAGCC_READ, "st->dy[0]"}, {(st->w), 0, DAGCC_READ, "st->w"}, {(st->dx[0]), 0, DAGCC_WRITE, "st->dx[0]"});
	DAGCC_PROFILE_BEGIN("matmul_dx", 81, 3, 0, s); matmul_dx(s, st->dy[0], st->w, st->dx[0], T, H, H); DAGCC_PROFILE_END(s);
#line 84 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_PROFILE_COLL("send", 84, 4, 0);
#line 84 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future dagcc_f15 = dagcc_send_start(st->pp, st->dx[0], T * H, DAGCC_F32, 2 - 1, s);
#line 75 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_PROFILE_COLL("recv", 75, 4, 1);
#line 75 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future dagcc_f16 = dagcc_recv_start(st->pp, st->dy[1], T * H, DAGCC_F32, 2 + 1, s);
#line 82 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_CHECKED("matmul_dw_acc", s, {(st->x[0]), 0, DAGCC_READ, "st->x[0]"}, {(st->dy[0]), 0, DAGCC_READ, "st->dy[0]"}, {(st->gw), 0, DAGCC_READWRITE, "st->gw"});
	DAGCC_PROFILE_BEGIN("matmul_dw_acc", 82, 3, 0, s); matmul_dw_acc(s, st->x[0], st->dy[0], st->gw, T, H, H); DAGCC_PROFILE_END(s);
#line 75 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future_wait(&dagcc_f16, s);
#line 81 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_CHECKED("matmul_dx", s, {(st->dy[1]), 0, DAGCC_READ, "st->dy[1]"}, {(st->w), 0, DAGCC_READ, "st->w"}, {(st->dx[1]), 0, DAGCC_WRITE, "st->dx[1]"});
	DAGCC_PROFILE_BEGIN("matmul_dx", 81, 3, 1, s); matmul_dx(s, st->dy[1], st->w, st->dx[1], T, H, H); DAGCC_PROFILE_END(s);
#line 84 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_PROFILE_COLL("send", 84, 4, 1);
#line 84 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future dagcc_f19 = dagcc_send_start(st->pp, st->dx[1], T * H, DAGCC_F32, 2 - 1, s);
#line 75 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_PROFILE_COLL("recv", 75, 4, 2);
#line 75 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future dagcc_f20 = dagcc_recv_start(st->pp, st->dy[2], T * H, DAGCC_F32, 2 + 1, s);
#line 82 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_CHECKED("matmul_dw_acc", s, {(st->x[1]), 0, DAGCC_READ, "st->x[1]"}, {(st->dy[1]), 0, DAGCC_READ, "st->dy[1]"}, {(st->gw), 0, DAGCC_READWRITE, "st->gw"});
	DAGCC_PROFILE_BEGIN("matmul_dw_acc", 82, 3, 1, s); matmul_dw_acc(s, st->x[1], st->dy[1], st->gw, T, H, H); DAGCC_PROFILE_END(s);
#line 75 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future_wait(&dagcc_f20, s);
#line 81 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_CHECKED("matmul_dx", s, {(st->dy[2]), 0, DAGCC_READ, "st->dy[2]"}, {(st->w), 0, DAGCC_READ, "st->w"}, {(st->dx[2]), 0, DAGCC_WRITE, "st->dx[2]"});
	DAGCC_PROFILE_BEGIN("matmul_dx", 81, 3, 2, s); matmul_dx(s, st->dy[2], st->w, st->dx[2], T, H, H); DAGCC_PROFILE_END(s);
#line 84 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_PROFILE_COLL("send", 84, 4, 2);
#line 84 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future dagcc_f23 = dagcc_send_start(st->pp, st->dx[2], T * H, DAGCC_F32, 2 - 1, s);
#line 75 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_PROFILE_COLL("recv", 75, 4, 3);
#line 75 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future dagcc_f24 = dagcc_recv_start(st->pp, st->dy[3], T * H, DAGCC_F32, 2 + 1, s);
#line 82 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_CHECKED("matmul_dw_acc", s, {(st->x[2]), 0, DAGCC_READ, "st->x[2]"}, {(st->dy[2]), 0, DAGCC_READ, "st->dy[2]"}, {(st->gw), 0, DAGCC_READWRITE, "st->gw"});
	DAGCC_PROFILE_BEGIN("matmul_dw_acc", 82, 3, 2, s); matmul_dw_acc(s, st->x[2], st->dy[2], st->gw, T, H, H); DAGCC_PROFILE_END(s);
#line 75 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future_wait(&dagcc_f24, s);
#line 81 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_CHECKED("matmul_dx", s, {(st->dy[3]), 0, DAGCC_READ, "st->dy[3]"}, {(st->w), 0, DAGCC_READ, "st->w"}, {(st->dx[3]), 0, DAGCC_WRITE, "st->dx[3]"});
	DAGCC_PROFILE_BEGIN("matmul_dx", 81, 3, 3, s); matmul_dx(s, st->dy[3], st->w, st->dx[3], T, H, H); DAGCC_PROFILE_END(s);
#line 84 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_PROFILE_COLL("send", 84, 4, 3);
#line 84 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future dagcc_f27 = dagcc_send_start(st->pp, st->dx[3], T * H, DAGCC_F32, 2 - 1, s);
#line 82 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_CHECKED("matmul_dw_acc", s, {(st->x[3]), 0, DAGCC_READ, "st->x[3]"}, {(st->dy[3]), 0, DAGCC_READ, "st->dy[3]"}, {(st->gw), 0, DAGCC_READWRITE, "st->gw"});
	DAGCC_PROFILE_BEGIN("matmul_dw_acc", 82, 3, 3, s); matmul_dw_acc(s, st->x[3], st->dy[3], st->gw, T, H, H); DAGCC_PROFILE_END(s);
#line 62 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future_wait(&dagcc_f2, s);
#line 62 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future_wait(&dagcc_f5, s);
#line 62 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future_wait(&dagcc_f8, s);
#line 62 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future_wait(&dagcc_f11, s);
#line 84 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future_wait(&dagcc_f15, s);
#line 84 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future_wait(&dagcc_f19, s);
#line 84 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future_wait(&dagcc_f23, s);
#line 84 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future_wait(&dagcc_f27, s);
	}
	break;
	case 3: {
	/* dagcc: scheduled for h100-8x. Simulated: as written 213.1 us (188.9 us of communication exposed), scheduled 122.3 us (98.2 us exposed); lower bound 108.3 us. */
#line 59 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_CHECKED_GROUP(st->pp, "st->pp");
	DAGCC_PROFILE_COLL("recv", 59, 4, 0);
#line 59 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future dagcc_f0 = dagcc_recv_start(st->pp, st->x[0], T * H, DAGCC_F32, 3 - 1, s);
#line 59 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future_wait(&dagcc_f0, s);
#line 60 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_CHECKED("matmul", s, {(st->x[0]), 0, DAGCC_READ, "st->x[0]"}, {(st->w), 0, DAGCC_READ, "st->w"}, {(st->y[0]), 0, DAGCC_WRITE, "st->y[0]"});
	DAGCC_PROFILE_BEGIN("matmul", 60, 3, 0, s); matmul(s, st->x[0], st->w, st->y[0], T, H, H); DAGCC_PROFILE_END(s);
#line 62 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_PROFILE_COLL("send", 62, 4, 0);
#line 62 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future dagcc_f2 = dagcc_send_start(st->pp, st->y[0], T * H, DAGCC_F32, 3 + 1, s);
#line 59 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_PROFILE_COLL("recv", 59, 4, 1);
#line 59 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future dagcc_f3 = dagcc_recv_start(st->pp, st->x[1], T * H, DAGCC_F32, 3 - 1, s);
#line 59 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future_wait(&dagcc_f3, s);
#line 60 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_CHECKED("matmul", s, {(st->x[1]), 0, DAGCC_READ, "st->x[1]"}, {(st->w), 0, DAGCC_READ, "st->w"}, {(st->y[1]), 0, DAGCC_WRITE, "st->y[1]"});
	DAGCC_PROFILE_BEGIN("matmul", 60, 3, 1, s); matmul(s, st->x[1], st->w, st->y[1], T, H, H); DAGCC_PROFILE_END(s);
#line 62 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_PROFILE_COLL("send", 62, 4, 1);
#line 62 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future dagcc_f5 = dagcc_send_start(st->pp, st->y[1], T * H, DAGCC_F32, 3 + 1, s);
#line 59 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_PROFILE_COLL("recv", 59, 4, 2);
#line 59 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future dagcc_f6 = dagcc_recv_start(st->pp, st->x[2], T * H, DAGCC_F32, 3 - 1, s);
#line 59 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future_wait(&dagcc_f6, s);
#line 60 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_CHECKED("matmul", s, {(st->x[2]), 0, DAGCC_READ, "st->x[2]"}, {(st->w), 0, DAGCC_READ, "st->w"}, {(st->y[2]), 0, DAGCC_WRITE, "st->y[2]"});
	DAGCC_PROFILE_BEGIN("matmul", 60, 3, 2, s); matmul(s, st->x[2], st->w, st->y[2], T, H, H); DAGCC_PROFILE_END(s);
#line 62 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_PROFILE_COLL("send", 62, 4, 2);
#line 62 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future dagcc_f8 = dagcc_send_start(st->pp, st->y[2], T * H, DAGCC_F32, 3 + 1, s);
#line 59 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_PROFILE_COLL("recv", 59, 4, 3);
#line 59 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future dagcc_f9 = dagcc_recv_start(st->pp, st->x[3], T * H, DAGCC_F32, 3 - 1, s);
#line 59 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future_wait(&dagcc_f9, s);
#line 60 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_CHECKED("matmul", s, {(st->x[3]), 0, DAGCC_READ, "st->x[3]"}, {(st->w), 0, DAGCC_READ, "st->w"}, {(st->y[3]), 0, DAGCC_WRITE, "st->y[3]"});
	DAGCC_PROFILE_BEGIN("matmul", 60, 3, 3, s); matmul(s, st->x[3], st->w, st->y[3], T, H, H); DAGCC_PROFILE_END(s);
#line 62 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_PROFILE_COLL("send", 62, 4, 3);
#line 62 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future dagcc_f11 = dagcc_send_start(st->pp, st->y[3], T * H, DAGCC_F32, 3 + 1, s);
#line 75 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_PROFILE_COLL("recv", 75, 4, 0);
#line 75 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future dagcc_f12 = dagcc_recv_start(st->pp, st->dy[0], T * H, DAGCC_F32, 3 + 1, s);
#line 75 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future_wait(&dagcc_f12, s);
#line 81 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_CHECKED("matmul_dx", s, {(st->dy[0]), 0, DAGCC_READ, "st->dy[0]"}, {(st->w), 0, DAGCC_READ, "st->w"}, {(st->dx[0]), 0, DAGCC_WRITE, "st->dx[0]"});
	DAGCC_PROFILE_BEGIN("matmul_dx", 81, 3, 0, s); matmul_dx(s, st->dy[0], st->w, st->dx[0], T, H, H); DAGCC_PROFILE_END(s);
#line 84 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_PROFILE_COLL("send", 84, 4, 0);
#line 84 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future dagcc_f15 = dagcc_send_start(st->pp, st->dx[0], T * H, DAGCC_F32, 3 - 1, s);
#line 75 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_PROFILE_COLL("recv", 75, 4, 1);
#line 75 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future dagcc_f16 = dagcc_recv_start(st->pp, st->dy[1], T * H, DAGCC_F32, 3 + 1, s);
#line 82 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_CHECKED("matmul_dw_acc", s, {(st->x[0]), 0, DAGCC_READ, "st->x[0]"}, {(st->dy[0]), 0, DAGCC_READ, "st->dy[0]"}, {(st->gw), 0, DAGCC_READWRITE, "st->gw"});
	DAGCC_PROFILE_BEGIN("matmul_dw_acc", 82, 3, 0, s); matmul_dw_acc(s, st->x[0], st->dy[0], st->gw, T, H, H); DAGCC_PROFILE_END(s);
#line 75 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future_wait(&dagcc_f16, s);
#line 81 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_CHECKED("matmul_dx", s, {(st->dy[1]), 0, DAGCC_READ, "st->dy[1]"}, {(st->w), 0, DAGCC_READ, "st->w"}, {(st->dx[1]), 0, DAGCC_WRITE, "st->dx[1]"});
	DAGCC_PROFILE_BEGIN("matmul_dx", 81, 3, 1, s); matmul_dx(s, st->dy[1], st->w, st->dx[1], T, H, H); DAGCC_PROFILE_END(s);
#line 84 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_PROFILE_COLL("send", 84, 4, 1);
#line 84 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future dagcc_f19 = dagcc_send_start(st->pp, st->dx[1], T * H, DAGCC_F32, 3 - 1, s);
#line 75 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_PROFILE_COLL("recv", 75, 4, 2);
#line 75 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future dagcc_f20 = dagcc_recv_start(st->pp, st->dy[2], T * H, DAGCC_F32, 3 + 1, s);
#line 82 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_CHECKED("matmul_dw_acc", s, {(st->x[1]), 0, DAGCC_READ, "st->x[1]"}, {(st->dy[1]), 0, DAGCC_READ, "st->dy[1]"}, {(st->gw), 0, DAGCC_READWRITE, "st->gw"});
	DAGCC_PROFILE_BEGIN("matmul_dw_acc", 82, 3, 1, s); matmul_dw_acc(s, st->x[1], st->dy[1], st->gw, T, H, H); DAGCC_PROFILE_END(s);
#line 75 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future_wait(&dagcc_f20, s);
#line 81 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_CHECKED("matmul_dx", s, {(st->dy[2]), 0, DAGCC_READ, "st->dy[2]"}, {(st->w), 0, DAGCC_READ, "st->w"}, {(st->dx[2]), 0, DAGCC_WRITE, "st->dx[2]"});
	DAGCC_PROFILE_BEGIN("matmul_dx", 81, 3, 2, s); matmul_dx(s, st->dy[2], st->w, st->dx[2], T, H, H); DAGCC_PROFILE_END(s);
#line 84 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_PROFILE_COLL("send", 84, 4, 2);
#line 84 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future dagcc_f23 = dagcc_send_start(st->pp, st->dx[2], T * H, DAGCC_F32, 3 - 1, s);
#line 75 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_PROFILE_COLL("recv", 75, 4, 3);
#line 75 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future dagcc_f24 = dagcc_recv_start(st->pp, st->dy[3], T * H, DAGCC_F32, 3 + 1, s);
#line 82 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_CHECKED("matmul_dw_acc", s, {(st->x[2]), 0, DAGCC_READ, "st->x[2]"}, {(st->dy[2]), 0, DAGCC_READ, "st->dy[2]"}, {(st->gw), 0, DAGCC_READWRITE, "st->gw"});
	DAGCC_PROFILE_BEGIN("matmul_dw_acc", 82, 3, 2, s); matmul_dw_acc(s, st->x[2], st->dy[2], st->gw, T, H, H); DAGCC_PROFILE_END(s);
#line 75 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future_wait(&dagcc_f24, s);
#line 81 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_CHECKED("matmul_dx", s, {(st->dy[3]), 0, DAGCC_READ, "st->dy[3]"}, {(st->w), 0, DAGCC_READ, "st->w"}, {(st->dx[3]), 0, DAGCC_WRITE, "st->dx[3]"});
	DAGCC_PROFILE_BEGIN("matmul_dx", 81, 3, 3, s); matmul_dx(s, st->dy[3], st->w, st->dx[3], T, H, H); DAGCC_PROFILE_END(s);
#line 84 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_PROFILE_COLL("send", 84, 4, 3);
#line 84 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future dagcc_f27 = dagcc_send_start(st->pp, st->dx[3], T * H, DAGCC_F32, 3 - 1, s);
#line 82 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_CHECKED("matmul_dw_acc", s, {(st->x[3]), 0, DAGCC_READ, "st->x[3]"}, {(st->dy[3]), 0, DAGCC_READ, "st->dy[3]"}, {(st->gw), 0, DAGCC_READWRITE, "st->gw"});
	DAGCC_PROFILE_BEGIN("matmul_dw_acc", 82, 3, 3, s); matmul_dw_acc(s, st->x[3], st->dy[3], st->gw, T, H, H); DAGCC_PROFILE_END(s);
#line 62 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future_wait(&dagcc_f2, s);
#line 62 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future_wait(&dagcc_f5, s);
#line 62 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future_wait(&dagcc_f8, s);
#line 62 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future_wait(&dagcc_f11, s);
#line 84 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future_wait(&dagcc_f15, s);
#line 84 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future_wait(&dagcc_f19, s);
#line 84 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future_wait(&dagcc_f23, s);
#line 84 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future_wait(&dagcc_f27, s);
	}
	break;
	case 4: {
	/* dagcc: scheduled for h100-8x. Simulated: as written 213.1 us (188.9 us of communication exposed), scheduled 120.3 us (96.2 us exposed); lower bound 108.3 us. */
#line 59 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_CHECKED_GROUP(st->pp, "st->pp");
	DAGCC_PROFILE_COLL("recv", 59, 4, 0);
#line 59 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future dagcc_f0 = dagcc_recv_start(st->pp, st->x[0], T * H, DAGCC_F32, 4 - 1, s);
#line 59 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future_wait(&dagcc_f0, s);
#line 60 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_CHECKED("matmul", s, {(st->x[0]), 0, DAGCC_READ, "st->x[0]"}, {(st->w), 0, DAGCC_READ, "st->w"}, {(st->y[0]), 0, DAGCC_WRITE, "st->y[0]"});
	DAGCC_PROFILE_BEGIN("matmul", 60, 3, 0, s); matmul(s, st->x[0], st->w, st->y[0], T, H, H); DAGCC_PROFILE_END(s);
#line 62 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_PROFILE_COLL("send", 62, 4, 0);
#line 62 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future dagcc_f2 = dagcc_send_start(st->pp, st->y[0], T * H, DAGCC_F32, 4 + 1, s);
#line 59 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_PROFILE_COLL("recv", 59, 4, 1);
#line 59 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future dagcc_f3 = dagcc_recv_start(st->pp, st->x[1], T * H, DAGCC_F32, 4 - 1, s);
#line 59 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future_wait(&dagcc_f3, s);
#line 60 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_CHECKED("matmul", s, {(st->x[1]), 0, DAGCC_READ, "st->x[1]"}, {(st->w), 0, DAGCC_READ, "st->w"}, {(st->y[1]), 0, DAGCC_WRITE, "st->y[1]"});
	DAGCC_PROFILE_BEGIN("matmul", 60, 3, 1, s); matmul(s, st->x[1], st->w, st->y[1], T, H, H); DAGCC_PROFILE_END(s);
#line 62 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_PROFILE_COLL("send", 62, 4, 1);
#line 62 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future dagcc_f5 = dagcc_send_start(st->pp, st->y[1], T * H, DAGCC_F32, 4 + 1, s);
#line 59 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_PROFILE_COLL("recv", 59, 4, 2);
#line 59 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future dagcc_f6 = dagcc_recv_start(st->pp, st->x[2], T * H, DAGCC_F32, 4 - 1, s);
#line 59 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future_wait(&dagcc_f6, s);
#line 60 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_CHECKED("matmul", s, {(st->x[2]), 0, DAGCC_READ, "st->x[2]"}, {(st->w), 0, DAGCC_READ, "st->w"}, {(st->y[2]), 0, DAGCC_WRITE, "st->y[2]"});
	DAGCC_PROFILE_BEGIN("matmul", 60, 3, 2, s); matmul(s, st->x[2], st->w, st->y[2], T, H, H); DAGCC_PROFILE_END(s);
#line 62 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_PROFILE_COLL("send", 62, 4, 2);
#line 62 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future dagcc_f8 = dagcc_send_start(st->pp, st->y[2], T * H, DAGCC_F32, 4 + 1, s);
#line 68 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_PROFILE_COLL("recv", 68, 5, 0);
#line 68 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future dagcc_f9 = dagcc_recv_start(st->pp, st->x[3], T * H, DAGCC_F32, 4 - 1, s);
#line 75 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_PROFILE_COLL("recv", 75, 4, 0);
#line 75 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future dagcc_f11 = dagcc_recv_start(st->pp, st->dy[0], T * H, DAGCC_F32, 4 + 1, s);
#line 68 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future_wait(&dagcc_f9, s);
#line 69 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_CHECKED("matmul", s, {(st->x[3]), 0, DAGCC_READ, "st->x[3]"}, {(st->w), 0, DAGCC_READ, "st->w"}, {(st->y[3]), 0, DAGCC_WRITE, "st->y[3]"});
	DAGCC_PROFILE_BEGIN("matmul", 69, 4, 0, s); matmul(s, st->x[3], st->w, st->y[3], T, H, H); DAGCC_PROFILE_END(s);
#line 77 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_PROFILE_COLL("send", 77, 5, 0);
#line 77 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future dagcc_f12 = dagcc_send_start(st->pp, st->y[3], T * H, DAGCC_F32, 4 + 1, s);
#line 75 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future_wait(&dagcc_f11, s);
#line 81 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_CHECKED("matmul_dx", s, {(st->dy[0]), 0, DAGCC_READ, "st->dy[0]"}, {(st->w), 0, DAGCC_READ, "st->w"}, {(st->dx[0]), 0, DAGCC_WRITE, "st->dx[0]"});
	DAGCC_PROFILE_BEGIN("matmul_dx", 81, 3, 0, s); matmul_dx(s, st->dy[0], st->w, st->dx[0], T, H, H); DAGCC_PROFILE_END(s);
#line 84 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_PROFILE_COLL("send", 84, 4, 0);
#line 84 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future dagcc_f15 = dagcc_send_start(st->pp, st->dx[0], T * H, DAGCC_F32, 4 - 1, s);
#line 75 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_PROFILE_COLL("recv", 75, 4, 1);
#line 75 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future dagcc_f16 = dagcc_recv_start(st->pp, st->dy[1], T * H, DAGCC_F32, 4 + 1, s);
#line 82 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_CHECKED("matmul_dw_acc", s, {(st->x[0]), 0, DAGCC_READ, "st->x[0]"}, {(st->dy[0]), 0, DAGCC_READ, "st->dy[0]"}, {(st->gw), 0, DAGCC_READWRITE, "st->gw"});
	DAGCC_PROFILE_BEGIN("matmul_dw_acc", 82, 3, 0, s); matmul_dw_acc(s, st->x[0], st->dy[0], st->gw, T, H, H); DAGCC_PROFILE_END(s);
#line 75 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future_wait(&dagcc_f16, s);
#line 81 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_CHECKED("matmul_dx", s, {(st->dy[1]), 0, DAGCC_READ, "st->dy[1]"}, {(st->w), 0, DAGCC_READ, "st->w"}, {(st->dx[1]), 0, DAGCC_WRITE, "st->dx[1]"});
	DAGCC_PROFILE_BEGIN("matmul_dx", 81, 3, 1, s); matmul_dx(s, st->dy[1], st->w, st->dx[1], T, H, H); DAGCC_PROFILE_END(s);
#line 84 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_PROFILE_COLL("send", 84, 4, 1);
#line 84 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future dagcc_f19 = dagcc_send_start(st->pp, st->dx[1], T * H, DAGCC_F32, 4 - 1, s);
#line 75 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_PROFILE_COLL("recv", 75, 4, 2);
#line 75 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future dagcc_f20 = dagcc_recv_start(st->pp, st->dy[2], T * H, DAGCC_F32, 4 + 1, s);
#line 82 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_CHECKED("matmul_dw_acc", s, {(st->x[1]), 0, DAGCC_READ, "st->x[1]"}, {(st->dy[1]), 0, DAGCC_READ, "st->dy[1]"}, {(st->gw), 0, DAGCC_READWRITE, "st->gw"});
	DAGCC_PROFILE_BEGIN("matmul_dw_acc", 82, 3, 1, s); matmul_dw_acc(s, st->x[1], st->dy[1], st->gw, T, H, H); DAGCC_PROFILE_END(s);
#line 75 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future_wait(&dagcc_f20, s);
#line 81 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_CHECKED("matmul_dx", s, {(st->dy[2]), 0, DAGCC_READ, "st->dy[2]"}, {(st->w), 0, DAGCC_READ, "st->w"}, {(st->dx[2]), 0, DAGCC_WRITE, "st->dx[2]"});
	DAGCC_PROFILE_BEGIN("matmul_dx", 81, 3, 2, s); matmul_dx(s, st->dy[2], st->w, st->dx[2], T, H, H); DAGCC_PROFILE_END(s);
#line 84 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_PROFILE_COLL("send", 84, 4, 2);
#line 84 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future dagcc_f23 = dagcc_send_start(st->pp, st->dx[2], T * H, DAGCC_F32, 4 - 1, s);
#line 75 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_PROFILE_COLL("recv", 75, 4, 3);
#line 75 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future dagcc_f24 = dagcc_recv_start(st->pp, st->dy[3], T * H, DAGCC_F32, 4 + 1, s);
#line 82 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_CHECKED("matmul_dw_acc", s, {(st->x[2]), 0, DAGCC_READ, "st->x[2]"}, {(st->dy[2]), 0, DAGCC_READ, "st->dy[2]"}, {(st->gw), 0, DAGCC_READWRITE, "st->gw"});
	DAGCC_PROFILE_BEGIN("matmul_dw_acc", 82, 3, 2, s); matmul_dw_acc(s, st->x[2], st->dy[2], st->gw, T, H, H); DAGCC_PROFILE_END(s);
#line 75 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future_wait(&dagcc_f24, s);
#line 81 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_CHECKED("matmul_dx", s, {(st->dy[3]), 0, DAGCC_READ, "st->dy[3]"}, {(st->w), 0, DAGCC_READ, "st->w"}, {(st->dx[3]), 0, DAGCC_WRITE, "st->dx[3]"});
	DAGCC_PROFILE_BEGIN("matmul_dx", 81, 3, 3, s); matmul_dx(s, st->dy[3], st->w, st->dx[3], T, H, H); DAGCC_PROFILE_END(s);
#line 84 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_PROFILE_COLL("send", 84, 4, 3);
#line 84 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future dagcc_f27 = dagcc_send_start(st->pp, st->dx[3], T * H, DAGCC_F32, 4 - 1, s);
#line 82 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_CHECKED("matmul_dw_acc", s, {(st->x[3]), 0, DAGCC_READ, "st->x[3]"}, {(st->dy[3]), 0, DAGCC_READ, "st->dy[3]"}, {(st->gw), 0, DAGCC_READWRITE, "st->gw"});
	DAGCC_PROFILE_BEGIN("matmul_dw_acc", 82, 3, 3, s); matmul_dw_acc(s, st->x[3], st->dy[3], st->gw, T, H, H); DAGCC_PROFILE_END(s);
#line 62 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future_wait(&dagcc_f2, s);
#line 62 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future_wait(&dagcc_f5, s);
#line 62 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future_wait(&dagcc_f8, s);
#line 77 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future_wait(&dagcc_f12, s);
#line 84 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future_wait(&dagcc_f15, s);
#line 84 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future_wait(&dagcc_f19, s);
#line 84 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future_wait(&dagcc_f23, s);
#line 84 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future_wait(&dagcc_f27, s);
	}
	break;
	case 5: {
	/* dagcc: scheduled for h100-8x. Simulated: as written 213.1 us (188.9 us of communication exposed), scheduled 118.3 us (94.2 us exposed); lower bound 108.3 us. */
#line 59 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_CHECKED_GROUP(st->pp, "st->pp");
	DAGCC_PROFILE_COLL("recv", 59, 4, 0);
#line 59 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future dagcc_f0 = dagcc_recv_start(st->pp, st->x[0], T * H, DAGCC_F32, 5 - 1, s);
#line 59 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future_wait(&dagcc_f0, s);
#line 60 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_CHECKED("matmul", s, {(st->x[0]), 0, DAGCC_READ, "st->x[0]"}, {(st->w), 0, DAGCC_READ, "st->w"}, {(st->y[0]), 0, DAGCC_WRITE, "st->y[0]"});
	DAGCC_PROFILE_BEGIN("matmul", 60, 3, 0, s); matmul(s, st->x[0], st->w, st->y[0], T, H, H); DAGCC_PROFILE_END(s);
#line 62 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_PROFILE_COLL("send", 62, 4, 0);
#line 62 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future dagcc_f2 = dagcc_send_start(st->pp, st->y[0], T * H, DAGCC_F32, 5 + 1, s);
#line 59 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_PROFILE_COLL("recv", 59, 4, 1);
#line 59 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future dagcc_f3 = dagcc_recv_start(st->pp, st->x[1], T * H, DAGCC_F32, 5 - 1, s);
#line 59 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future_wait(&dagcc_f3, s);
#line 60 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_CHECKED("matmul", s, {(st->x[1]), 0, DAGCC_READ, "st->x[1]"}, {(st->w), 0, DAGCC_READ, "st->w"}, {(st->y[1]), 0, DAGCC_WRITE, "st->y[1]"});
	DAGCC_PROFILE_BEGIN("matmul", 60, 3, 1, s); matmul(s, st->x[1], st->w, st->y[1], T, H, H); DAGCC_PROFILE_END(s);
#line 62 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_PROFILE_COLL("send", 62, 4, 1);
#line 62 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future dagcc_f5 = dagcc_send_start(st->pp, st->y[1], T * H, DAGCC_F32, 5 + 1, s);
#line 68 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_PROFILE_COLL("recv", 68, 5, 0);
#line 68 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future dagcc_f6 = dagcc_recv_start(st->pp, st->x[2], T * H, DAGCC_F32, 5 - 1, s);
#line 75 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_PROFILE_COLL("recv", 75, 4, 0);
#line 75 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future dagcc_f8 = dagcc_recv_start(st->pp, st->dy[0], T * H, DAGCC_F32, 5 + 1, s);
#line 68 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future_wait(&dagcc_f6, s);
#line 69 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_CHECKED("matmul", s, {(st->x[2]), 0, DAGCC_READ, "st->x[2]"}, {(st->w), 0, DAGCC_READ, "st->w"}, {(st->y[2]), 0, DAGCC_WRITE, "st->y[2]"});
	DAGCC_PROFILE_BEGIN("matmul", 69, 4, 0, s); matmul(s, st->x[2], st->w, st->y[2], T, H, H); DAGCC_PROFILE_END(s);
#line 77 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_PROFILE_COLL("send", 77, 5, 0);
#line 77 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future dagcc_f9 = dagcc_send_start(st->pp, st->y[2], T * H, DAGCC_F32, 5 + 1, s);
#line 75 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future_wait(&dagcc_f8, s);
#line 81 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_CHECKED("matmul_dx", s, {(st->dy[0]), 0, DAGCC_READ, "st->dy[0]"}, {(st->w), 0, DAGCC_READ, "st->w"}, {(st->dx[0]), 0, DAGCC_WRITE, "st->dx[0]"});
	DAGCC_PROFILE_BEGIN("matmul_dx", 81, 3, 0, s); matmul_dx(s, st->dy[0], st->w, st->dx[0], T, H, H); DAGCC_PROFILE_END(s);
#line 84 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_PROFILE_COLL("send", 84, 4, 0);
#line 84 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future dagcc_f12 = dagcc_send_start(st->pp, st->dx[0], T * H, DAGCC_F32, 5 - 1, s);
#line 68 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_PROFILE_COLL("recv", 68, 5, 1);
#line 68 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future dagcc_f13 = dagcc_recv_start(st->pp, st->x[3], T * H, DAGCC_F32, 5 - 1, s);
#line 75 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_PROFILE_COLL("recv", 75, 4, 1);
#line 75 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future dagcc_f15 = dagcc_recv_start(st->pp, st->dy[1], T * H, DAGCC_F32, 5 + 1, s);
#line 82 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_CHECKED("matmul_dw_acc", s, {(st->x[0]), 0, DAGCC_READ, "st->x[0]"}, {(st->dy[0]), 0, DAGCC_READ, "st->dy[0]"}, {(st->gw), 0, DAGCC_READWRITE, "st->gw"});
	DAGCC_PROFILE_BEGIN("matmul_dw_acc", 82, 3, 0, s); matmul_dw_acc(s, st->x[0], st->dy[0], st->gw, T, H, H); DAGCC_PROFILE_END(s);
#line 68 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future_wait(&dagcc_f13, s);
#line 69 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_CHECKED("matmul", s, {(st->x[3]), 0, DAGCC_READ, "st->x[3]"}, {(st->w), 0, DAGCC_READ, "st->w"}, {(st->y[3]), 0, DAGCC_WRITE, "st->y[3]"});
	DAGCC_PROFILE_BEGIN("matmul", 69, 4, 1, s); matmul(s, st->x[3], st->w, st->y[3], T, H, H); DAGCC_PROFILE_END(s);
#line 77 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_PROFILE_COLL("send", 77, 5, 1);
#line 77 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future dagcc_f16 = dagcc_send_start(st->pp, st->y[3], T * H, DAGCC_F32, 5 + 1, s);
#line 75 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future_wait(&dagcc_f15, s);
#line 81 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_CHECKED("matmul_dx", s, {(st->dy[1]), 0, DAGCC_READ, "st->dy[1]"}, {(st->w), 0, DAGCC_READ, "st->w"}, {(st->dx[1]), 0, DAGCC_WRITE, "st->dx[1]"});
	DAGCC_PROFILE_BEGIN("matmul_dx", 81, 3, 1, s); matmul_dx(s, st->dy[1], st->w, st->dx[1], T, H, H); DAGCC_PROFILE_END(s);
#line 84 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_PROFILE_COLL("send", 84, 4, 1);
#line 84 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future dagcc_f19 = dagcc_send_start(st->pp, st->dx[1], T * H, DAGCC_F32, 5 - 1, s);
#line 75 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_PROFILE_COLL("recv", 75, 4, 2);
#line 75 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future dagcc_f20 = dagcc_recv_start(st->pp, st->dy[2], T * H, DAGCC_F32, 5 + 1, s);
#line 82 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_CHECKED("matmul_dw_acc", s, {(st->x[1]), 0, DAGCC_READ, "st->x[1]"}, {(st->dy[1]), 0, DAGCC_READ, "st->dy[1]"}, {(st->gw), 0, DAGCC_READWRITE, "st->gw"});
	DAGCC_PROFILE_BEGIN("matmul_dw_acc", 82, 3, 1, s); matmul_dw_acc(s, st->x[1], st->dy[1], st->gw, T, H, H); DAGCC_PROFILE_END(s);
#line 75 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future_wait(&dagcc_f20, s);
#line 81 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_CHECKED("matmul_dx", s, {(st->dy[2]), 0, DAGCC_READ, "st->dy[2]"}, {(st->w), 0, DAGCC_READ, "st->w"}, {(st->dx[2]), 0, DAGCC_WRITE, "st->dx[2]"});
	DAGCC_PROFILE_BEGIN("matmul_dx", 81, 3, 2, s); matmul_dx(s, st->dy[2], st->w, st->dx[2], T, H, H); DAGCC_PROFILE_END(s);
#line 84 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_PROFILE_COLL("send", 84, 4, 2);
#line 84 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future dagcc_f23 = dagcc_send_start(st->pp, st->dx[2], T * H, DAGCC_F32, 5 - 1, s);
#line 75 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_PROFILE_COLL("recv", 75, 4, 3);
#line 75 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future dagcc_f24 = dagcc_recv_start(st->pp, st->dy[3], T * H, DAGCC_F32, 5 + 1, s);
#line 82 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_CHECKED("matmul_dw_acc", s, {(st->x[2]), 0, DAGCC_READ, "st->x[2]"}, {(st->dy[2]), 0, DAGCC_READ, "st->dy[2]"}, {(st->gw), 0, DAGCC_READWRITE, "st->gw"});
	DAGCC_PROFILE_BEGIN("matmul_dw_acc", 82, 3, 2, s); matmul_dw_acc(s, st->x[2], st->dy[2], st->gw, T, H, H); DAGCC_PROFILE_END(s);
#line 75 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future_wait(&dagcc_f24, s);
#line 81 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_CHECKED("matmul_dx", s, {(st->dy[3]), 0, DAGCC_READ, "st->dy[3]"}, {(st->w), 0, DAGCC_READ, "st->w"}, {(st->dx[3]), 0, DAGCC_WRITE, "st->dx[3]"});
	DAGCC_PROFILE_BEGIN("matmul_dx", 81, 3, 3, s); matmul_dx(s, st->dy[3], st->w, st->dx[3], T, H, H); DAGCC_PROFILE_END(s);
#line 84 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_PROFILE_COLL("send", 84, 4, 3);
#line 84 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future dagcc_f27 = dagcc_send_start(st->pp, st->dx[3], T * H, DAGCC_F32, 5 - 1, s);
#line 82 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_CHECKED("matmul_dw_acc", s, {(st->x[3]), 0, DAGCC_READ, "st->x[3]"}, {(st->dy[3]), 0, DAGCC_READ, "st->dy[3]"}, {(st->gw), 0, DAGCC_READWRITE, "st->gw"});
	DAGCC_PROFILE_BEGIN("matmul_dw_acc", 82, 3, 3, s); matmul_dw_acc(s, st->x[3], st->dy[3], st->gw, T, H, H); DAGCC_PROFILE_END(s);
#line 62 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future_wait(&dagcc_f2, s);
#line 62 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future_wait(&dagcc_f5, s);
#line 77 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future_wait(&dagcc_f9, s);
#line 84 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future_wait(&dagcc_f12, s);
#line 77 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future_wait(&dagcc_f16, s);
#line 84 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future_wait(&dagcc_f19, s);
#line 84 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future_wait(&dagcc_f23, s);
#line 84 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future_wait(&dagcc_f27, s);
	}
	break;
	case 6: {
	/* dagcc: scheduled for h100-8x. Simulated: as written 213.1 us (188.9 us of communication exposed), scheduled 116.3 us (92.2 us exposed); lower bound 108.3 us. */
#line 59 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_CHECKED_GROUP(st->pp, "st->pp");
	DAGCC_PROFILE_COLL("recv", 59, 4, 0);
#line 59 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future dagcc_f0 = dagcc_recv_start(st->pp, st->x[0], T * H, DAGCC_F32, 6 - 1, s);
#line 59 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future_wait(&dagcc_f0, s);
#line 60 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_CHECKED("matmul", s, {(st->x[0]), 0, DAGCC_READ, "st->x[0]"}, {(st->w), 0, DAGCC_READ, "st->w"}, {(st->y[0]), 0, DAGCC_WRITE, "st->y[0]"});
	DAGCC_PROFILE_BEGIN("matmul", 60, 3, 0, s); matmul(s, st->x[0], st->w, st->y[0], T, H, H); DAGCC_PROFILE_END(s);
#line 62 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_PROFILE_COLL("send", 62, 4, 0);
#line 62 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future dagcc_f2 = dagcc_send_start(st->pp, st->y[0], T * H, DAGCC_F32, 6 + 1, s);
#line 68 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_PROFILE_COLL("recv", 68, 5, 0);
#line 68 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future dagcc_f3 = dagcc_recv_start(st->pp, st->x[1], T * H, DAGCC_F32, 6 - 1, s);
#line 75 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_PROFILE_COLL("recv", 75, 4, 0);
#line 75 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future dagcc_f5 = dagcc_recv_start(st->pp, st->dy[0], T * H, DAGCC_F32, 6 + 1, s);
#line 68 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future_wait(&dagcc_f3, s);
#line 69 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_CHECKED("matmul", s, {(st->x[1]), 0, DAGCC_READ, "st->x[1]"}, {(st->w), 0, DAGCC_READ, "st->w"}, {(st->y[1]), 0, DAGCC_WRITE, "st->y[1]"});
	DAGCC_PROFILE_BEGIN("matmul", 69, 4, 0, s); matmul(s, st->x[1], st->w, st->y[1], T, H, H); DAGCC_PROFILE_END(s);
#line 77 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_PROFILE_COLL("send", 77, 5, 0);
#line 77 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future dagcc_f6 = dagcc_send_start(st->pp, st->y[1], T * H, DAGCC_F32, 6 + 1, s);
#line 75 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future_wait(&dagcc_f5, s);
#line 81 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_CHECKED("matmul_dx", s, {(st->dy[0]), 0, DAGCC_READ, "st->dy[0]"}, {(st->w), 0, DAGCC_READ, "st->w"}, {(st->dx[0]), 0, DAGCC_WRITE, "st->dx[0]"});
	DAGCC_PROFILE_BEGIN("matmul_dx", 81, 3, 0, s); matmul_dx(s, st->dy[0], st->w, st->dx[0], T, H, H); DAGCC_PROFILE_END(s);
#line 84 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_PROFILE_COLL("send", 84, 4, 0);
#line 84 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future dagcc_f9 = dagcc_send_start(st->pp, st->dx[0], T * H, DAGCC_F32, 6 - 1, s);
#line 68 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_PROFILE_COLL("recv", 68, 5, 1);
#line 68 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future dagcc_f10 = dagcc_recv_start(st->pp, st->x[2], T * H, DAGCC_F32, 6 - 1, s);
#line 75 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_PROFILE_COLL("recv", 75, 4, 1);
#line 75 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future dagcc_f12 = dagcc_recv_start(st->pp, st->dy[1], T * H, DAGCC_F32, 6 + 1, s);
#line 82 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_CHECKED("matmul_dw_acc", s, {(st->x[0]), 0, DAGCC_READ, "st->x[0]"}, {(st->dy[0]), 0, DAGCC_READ, "st->dy[0]"}, {(st->gw), 0, DAGCC_READWRITE, "st->gw"});
	DAGCC_PROFILE_BEGIN("matmul_dw_acc", 82, 3, 0, s); matmul_dw_acc(s, st->x[0], st->dy[0], st->gw, T, H, H); DAGCC_PROFILE_END(s);
#line 68 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future_wait(&dagcc_f10, s);
#line 69 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_CHECKED("matmul", s, {(st->x[2]), 0, DAGCC_READ, "st->x[2]"}, {(st->w), 0, DAGCC_READ, "st->w"}, {(st->y[2]), 0, DAGCC_WRITE, "st->y[2]"});
	DAGCC_PROFILE_BEGIN("matmul", 69, 4, 1, s); matmul(s, st->x[2], st->w, st->y[2], T, H, H); DAGCC_PROFILE_END(s);
#line 77 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_PROFILE_COLL("send", 77, 5, 1);
#line 77 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future dagcc_f13 = dagcc_send_start(st->pp, st->y[2], T * H, DAGCC_F32, 6 + 1, s);
#line 75 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future_wait(&dagcc_f12, s);
#line 81 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_CHECKED("matmul_dx", s, {(st->dy[1]), 0, DAGCC_READ, "st->dy[1]"}, {(st->w), 0, DAGCC_READ, "st->w"}, {(st->dx[1]), 0, DAGCC_WRITE, "st->dx[1]"});
	DAGCC_PROFILE_BEGIN("matmul_dx", 81, 3, 1, s); matmul_dx(s, st->dy[1], st->w, st->dx[1], T, H, H); DAGCC_PROFILE_END(s);
#line 84 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_PROFILE_COLL("send", 84, 4, 1);
#line 84 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future dagcc_f16 = dagcc_send_start(st->pp, st->dx[1], T * H, DAGCC_F32, 6 - 1, s);
#line 68 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_PROFILE_COLL("recv", 68, 5, 2);
#line 68 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future dagcc_f17 = dagcc_recv_start(st->pp, st->x[3], T * H, DAGCC_F32, 6 - 1, s);
#line 75 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_PROFILE_COLL("recv", 75, 4, 2);
#line 75 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future dagcc_f19 = dagcc_recv_start(st->pp, st->dy[2], T * H, DAGCC_F32, 6 + 1, s);
#line 82 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_CHECKED("matmul_dw_acc", s, {(st->x[1]), 0, DAGCC_READ, "st->x[1]"}, {(st->dy[1]), 0, DAGCC_READ, "st->dy[1]"}, {(st->gw), 0, DAGCC_READWRITE, "st->gw"});
	DAGCC_PROFILE_BEGIN("matmul_dw_acc", 82, 3, 1, s); matmul_dw_acc(s, st->x[1], st->dy[1], st->gw, T, H, H); DAGCC_PROFILE_END(s);
#line 68 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future_wait(&dagcc_f17, s);
#line 69 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_CHECKED("matmul", s, {(st->x[3]), 0, DAGCC_READ, "st->x[3]"}, {(st->w), 0, DAGCC_READ, "st->w"}, {(st->y[3]), 0, DAGCC_WRITE, "st->y[3]"});
	DAGCC_PROFILE_BEGIN("matmul", 69, 4, 2, s); matmul(s, st->x[3], st->w, st->y[3], T, H, H); DAGCC_PROFILE_END(s);
#line 77 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_PROFILE_COLL("send", 77, 5, 2);
#line 77 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future dagcc_f20 = dagcc_send_start(st->pp, st->y[3], T * H, DAGCC_F32, 6 + 1, s);
#line 75 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future_wait(&dagcc_f19, s);
#line 81 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_CHECKED("matmul_dx", s, {(st->dy[2]), 0, DAGCC_READ, "st->dy[2]"}, {(st->w), 0, DAGCC_READ, "st->w"}, {(st->dx[2]), 0, DAGCC_WRITE, "st->dx[2]"});
	DAGCC_PROFILE_BEGIN("matmul_dx", 81, 3, 2, s); matmul_dx(s, st->dy[2], st->w, st->dx[2], T, H, H); DAGCC_PROFILE_END(s);
#line 84 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_PROFILE_COLL("send", 84, 4, 2);
#line 84 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future dagcc_f23 = dagcc_send_start(st->pp, st->dx[2], T * H, DAGCC_F32, 6 - 1, s);
#line 75 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_PROFILE_COLL("recv", 75, 4, 3);
#line 75 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future dagcc_f24 = dagcc_recv_start(st->pp, st->dy[3], T * H, DAGCC_F32, 6 + 1, s);
#line 82 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_CHECKED("matmul_dw_acc", s, {(st->x[2]), 0, DAGCC_READ, "st->x[2]"}, {(st->dy[2]), 0, DAGCC_READ, "st->dy[2]"}, {(st->gw), 0, DAGCC_READWRITE, "st->gw"});
	DAGCC_PROFILE_BEGIN("matmul_dw_acc", 82, 3, 2, s); matmul_dw_acc(s, st->x[2], st->dy[2], st->gw, T, H, H); DAGCC_PROFILE_END(s);
#line 75 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future_wait(&dagcc_f24, s);
#line 81 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_CHECKED("matmul_dx", s, {(st->dy[3]), 0, DAGCC_READ, "st->dy[3]"}, {(st->w), 0, DAGCC_READ, "st->w"}, {(st->dx[3]), 0, DAGCC_WRITE, "st->dx[3]"});
	DAGCC_PROFILE_BEGIN("matmul_dx", 81, 3, 3, s); matmul_dx(s, st->dy[3], st->w, st->dx[3], T, H, H); DAGCC_PROFILE_END(s);
#line 84 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_PROFILE_COLL("send", 84, 4, 3);
#line 84 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future dagcc_f27 = dagcc_send_start(st->pp, st->dx[3], T * H, DAGCC_F32, 6 - 1, s);
#line 82 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_CHECKED("matmul_dw_acc", s, {(st->x[3]), 0, DAGCC_READ, "st->x[3]"}, {(st->dy[3]), 0, DAGCC_READ, "st->dy[3]"}, {(st->gw), 0, DAGCC_READWRITE, "st->gw"});
	DAGCC_PROFILE_BEGIN("matmul_dw_acc", 82, 3, 3, s); matmul_dw_acc(s, st->x[3], st->dy[3], st->gw, T, H, H); DAGCC_PROFILE_END(s);
#line 62 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future_wait(&dagcc_f2, s);
#line 77 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future_wait(&dagcc_f6, s);
#line 84 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future_wait(&dagcc_f9, s);
#line 77 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future_wait(&dagcc_f13, s);
#line 84 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future_wait(&dagcc_f16, s);
#line 77 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future_wait(&dagcc_f20, s);
#line 84 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future_wait(&dagcc_f23, s);
#line 84 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future_wait(&dagcc_f27, s);
	}
	break;
	case 7: {
	/* dagcc: scheduled for h100-8x. Simulated: as written 126.6 us (94.5 us of communication exposed), scheduled 83.1 us (51.0 us exposed); lower bound 65.1 us. */
#line 68 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_CHECKED_GROUP(st->pp, "st->pp");
	DAGCC_PROFILE_COLL("recv", 68, 5, 0);
#line 68 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future dagcc_f0 = dagcc_recv_start(st->pp, st->x[0], T * H, DAGCC_F32, 7 - 1, s);
#line 68 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future_wait(&dagcc_f0, s);
#line 69 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_CHECKED("matmul", s, {(st->x[0]), 0, DAGCC_READ, "st->x[0]"}, {(st->w), 0, DAGCC_READ, "st->w"}, {(st->y[0]), 0, DAGCC_WRITE, "st->y[0]"});
	DAGCC_PROFILE_BEGIN("matmul", 69, 4, 0, s); matmul(s, st->x[0], st->w, st->y[0], T, H, H); DAGCC_PROFILE_END(s);
#line 79 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_CHECKED("loss_grad", s, {(st->y[0]), 0, DAGCC_READ, "st->y[0]"}, {(st->dy[0]), 0, DAGCC_WRITE, "st->dy[0]"});
	DAGCC_PROFILE_BEGIN("loss_grad", 79, 4, 0, s); loss_grad(s, st->y[0], st->dy[0], T * H); DAGCC_PROFILE_END(s);
#line 81 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_CHECKED("matmul_dx", s, {(st->dy[0]), 0, DAGCC_READ, "st->dy[0]"}, {(st->w), 0, DAGCC_READ, "st->w"}, {(st->dx[0]), 0, DAGCC_WRITE, "st->dx[0]"});
	DAGCC_PROFILE_BEGIN("matmul_dx", 81, 3, 0, s); matmul_dx(s, st->dy[0], st->w, st->dx[0], T, H, H); DAGCC_PROFILE_END(s);
#line 84 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_PROFILE_COLL("send", 84, 4, 0);
#line 84 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future dagcc_f5 = dagcc_send_start(st->pp, st->dx[0], T * H, DAGCC_F32, 7 - 1, s);
#line 68 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_PROFILE_COLL("recv", 68, 5, 1);
#line 68 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future dagcc_f6 = dagcc_recv_start(st->pp, st->x[1], T * H, DAGCC_F32, 7 - 1, s);
#line 82 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_CHECKED("matmul_dw_acc", s, {(st->x[0]), 0, DAGCC_READ, "st->x[0]"}, {(st->dy[0]), 0, DAGCC_READ, "st->dy[0]"}, {(st->gw), 0, DAGCC_READWRITE, "st->gw"});
	DAGCC_PROFILE_BEGIN("matmul_dw_acc", 82, 3, 0, s); matmul_dw_acc(s, st->x[0], st->dy[0], st->gw, T, H, H); DAGCC_PROFILE_END(s);
#line 68 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future_wait(&dagcc_f6, s);
#line 69 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_CHECKED("matmul", s, {(st->x[1]), 0, DAGCC_READ, "st->x[1]"}, {(st->w), 0, DAGCC_READ, "st->w"}, {(st->y[1]), 0, DAGCC_WRITE, "st->y[1]"});
	DAGCC_PROFILE_BEGIN("matmul", 69, 4, 1, s); matmul(s, st->x[1], st->w, st->y[1], T, H, H); DAGCC_PROFILE_END(s);
#line 79 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_CHECKED("loss_grad", s, {(st->y[1]), 0, DAGCC_READ, "st->y[1]"}, {(st->dy[1]), 0, DAGCC_WRITE, "st->dy[1]"});
	DAGCC_PROFILE_BEGIN("loss_grad", 79, 4, 1, s); loss_grad(s, st->y[1], st->dy[1], T * H); DAGCC_PROFILE_END(s);
#line 81 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_CHECKED("matmul_dx", s, {(st->dy[1]), 0, DAGCC_READ, "st->dy[1]"}, {(st->w), 0, DAGCC_READ, "st->w"}, {(st->dx[1]), 0, DAGCC_WRITE, "st->dx[1]"});
	DAGCC_PROFILE_BEGIN("matmul_dx", 81, 3, 1, s); matmul_dx(s, st->dy[1], st->w, st->dx[1], T, H, H); DAGCC_PROFILE_END(s);
#line 84 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_PROFILE_COLL("send", 84, 4, 1);
#line 84 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future dagcc_f11 = dagcc_send_start(st->pp, st->dx[1], T * H, DAGCC_F32, 7 - 1, s);
#line 68 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_PROFILE_COLL("recv", 68, 5, 2);
#line 68 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future dagcc_f12 = dagcc_recv_start(st->pp, st->x[2], T * H, DAGCC_F32, 7 - 1, s);
#line 82 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_CHECKED("matmul_dw_acc", s, {(st->x[1]), 0, DAGCC_READ, "st->x[1]"}, {(st->dy[1]), 0, DAGCC_READ, "st->dy[1]"}, {(st->gw), 0, DAGCC_READWRITE, "st->gw"});
	DAGCC_PROFILE_BEGIN("matmul_dw_acc", 82, 3, 1, s); matmul_dw_acc(s, st->x[1], st->dy[1], st->gw, T, H, H); DAGCC_PROFILE_END(s);
#line 68 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future_wait(&dagcc_f12, s);
#line 69 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_CHECKED("matmul", s, {(st->x[2]), 0, DAGCC_READ, "st->x[2]"}, {(st->w), 0, DAGCC_READ, "st->w"}, {(st->y[2]), 0, DAGCC_WRITE, "st->y[2]"});
	DAGCC_PROFILE_BEGIN("matmul", 69, 4, 2, s); matmul(s, st->x[2], st->w, st->y[2], T, H, H); DAGCC_PROFILE_END(s);
#line 79 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_CHECKED("loss_grad", s, {(st->y[2]), 0, DAGCC_READ, "st->y[2]"}, {(st->dy[2]), 0, DAGCC_WRITE, "st->dy[2]"});
	DAGCC_PROFILE_BEGIN("loss_grad", 79, 4, 2, s); loss_grad(s, st->y[2], st->dy[2], T * H); DAGCC_PROFILE_END(s);
#line 81 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_CHECKED("matmul_dx", s, {(st->dy[2]), 0, DAGCC_READ, "st->dy[2]"}, {(st->w), 0, DAGCC_READ, "st->w"}, {(st->dx[2]), 0, DAGCC_WRITE, "st->dx[2]"});
	DAGCC_PROFILE_BEGIN("matmul_dx", 81, 3, 2, s); matmul_dx(s, st->dy[2], st->w, st->dx[2], T, H, H); DAGCC_PROFILE_END(s);
#line 84 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_PROFILE_COLL("send", 84, 4, 2);
#line 84 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future dagcc_f17 = dagcc_send_start(st->pp, st->dx[2], T * H, DAGCC_F32, 7 - 1, s);
#line 68 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_PROFILE_COLL("recv", 68, 5, 3);
#line 68 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future dagcc_f18 = dagcc_recv_start(st->pp, st->x[3], T * H, DAGCC_F32, 7 - 1, s);
#line 82 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_CHECKED("matmul_dw_acc", s, {(st->x[2]), 0, DAGCC_READ, "st->x[2]"}, {(st->dy[2]), 0, DAGCC_READ, "st->dy[2]"}, {(st->gw), 0, DAGCC_READWRITE, "st->gw"});
	DAGCC_PROFILE_BEGIN("matmul_dw_acc", 82, 3, 2, s); matmul_dw_acc(s, st->x[2], st->dy[2], st->gw, T, H, H); DAGCC_PROFILE_END(s);
#line 68 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future_wait(&dagcc_f18, s);
#line 69 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_CHECKED("matmul", s, {(st->x[3]), 0, DAGCC_READ, "st->x[3]"}, {(st->w), 0, DAGCC_READ, "st->w"}, {(st->y[3]), 0, DAGCC_WRITE, "st->y[3]"});
	DAGCC_PROFILE_BEGIN("matmul", 69, 4, 3, s); matmul(s, st->x[3], st->w, st->y[3], T, H, H); DAGCC_PROFILE_END(s);
#line 79 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_CHECKED("loss_grad", s, {(st->y[3]), 0, DAGCC_READ, "st->y[3]"}, {(st->dy[3]), 0, DAGCC_WRITE, "st->dy[3]"});
	DAGCC_PROFILE_BEGIN("loss_grad", 79, 4, 3, s); loss_grad(s, st->y[3], st->dy[3], T * H); DAGCC_PROFILE_END(s);
#line 81 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_CHECKED("matmul_dx", s, {(st->dy[3]), 0, DAGCC_READ, "st->dy[3]"}, {(st->w), 0, DAGCC_READ, "st->w"}, {(st->dx[3]), 0, DAGCC_WRITE, "st->dx[3]"});
	DAGCC_PROFILE_BEGIN("matmul_dx", 81, 3, 3, s); matmul_dx(s, st->dy[3], st->w, st->dx[3], T, H, H); DAGCC_PROFILE_END(s);
#line 84 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_PROFILE_COLL("send", 84, 4, 3);
#line 84 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future dagcc_f23 = dagcc_send_start(st->pp, st->dx[3], T * H, DAGCC_F32, 7 - 1, s);
#line 82 "ROOT/examples/pipeline_1f1b.c"
	DAGCC_CHECKED("matmul_dw_acc", s, {(st->x[3]), 0, DAGCC_READ, "st->x[3]"}, {(st->dy[3]), 0, DAGCC_READ, "st->dy[3]"}, {(st->gw), 0, DAGCC_READWRITE, "st->gw"});
	DAGCC_PROFILE_BEGIN("matmul_dw_acc", 82, 3, 3, s); matmul_dw_acc(s, st->x[3], st->dy[3], st->gw, T, H, H); DAGCC_PROFILE_END(s);
#line 84 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future_wait(&dagcc_f5, s);
#line 84 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future_wait(&dagcc_f11, s);
#line 84 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future_wait(&dagcc_f17, s);
#line 84 "ROOT/examples/pipeline_1f1b.c"
	dagcc_future_wait(&dagcc_f23, s);
	}
	break;
	default:
#line 54 "ROOT/examples/pipeline_1f1b.c"
		dagcc_rank_unknown("step", dagcc_group_rank(st->pp), 8);
	}
#line 86 "ROOT/examples/pipeline_1f1b.c"
}

/* With the mpi backend a stream is in order by construction and the kernels run on the host;
 * for the cuda backend, build with -DDAGCC_CUDA_KERNELS and the kernels in examples/cuda/. */
#ifndef DAGCC_CUDA_KERNELS
void matmul(dagcc_stream_t s, const float *x, const float *w, float *y, int m, int n, int k)
{
	(void)s;
	host_matmul(x, w, y, m, n, k);
}

void matmul_dx(dagcc_stream_t s, const float *dy, const float *w, float *dx, int m, int n, int k)
{
	(void)s;
	host_matmul_dx(dy, w, dx, m, n, k);
}

void matmul_dw_acc(dagcc_stream_t s, const float *x, const float *dy, float *dw, int m, int n,
		   int k)
{
	(void)s;
	float *t = malloc((size_t)k * n * sizeof *t);
	if (!t)
		abort();
	host_matmul_dw(x, dy, t, m, n, k);
	for (int i = 0; i < k * n; i++)
		dw[i] += t[i];
	free(t);
}

void loss_grad(dagcc_stream_t s, const float *y, float *dy, int n)
{
	(void)s;
	memcpy(dy, y, (size_t)n * sizeof *dy);
}
#endif

/* The whole pipeline on one rank: each stage's layer gradient, as the stages compute it. */
static double reference(int P, int rank, const float *gw)
{
	static float w[64][H * H], act[64 + 1][M][T * H], g[T * H], t[H * H];
	static double ref[H * H];
	for (int r = 0; r < P; r++)
		fill(w[r], H * H, 1u + (unsigned)r);
	for (int i = 0; i < M; i++)
		fill(act[0][i], T * H, 100u + (unsigned)i);
	for (int r = 0; r < P; r++)
		for (int i = 0; i < M; i++)
			host_matmul(act[r][i], w[r], act[r + 1][i], T, H, H);
	memset(ref, 0, sizeof ref);
	for (int i = 0; i < M; i++) {
		memcpy(g, act[P][i], sizeof g);
		for (int r = P - 1; r >= rank; r--) {
			if (r == rank) {
				host_matmul_dw(act[r][i], g, t, T, H, H);
				for (int k = 0; k < H * H; k++)
					ref[k] += t[k];
				break;
			}
			float d[T * H];
			host_matmul_dx(g, w[r], d, T, H, H);
			memcpy(g, d, sizeof g);
		}
	}
	double diff = 0, norm = 0;
	for (int k = 0; k < H * H; k++) {
		diff = fmax(diff, fabs(gw[k] - ref[k]));
		norm = fmax(norm, fabs(ref[k]));
	}
	return norm > 0 ? diff / norm : diff;
}

int main(int argc, char **argv)
{
	dagcc_init(&argc, &argv);
	int verify = argc > 1 && strcmp(argv[1], "--verify") == 0;
	struct stage st;
	st.pp = dagcc_world();
	int rank = dagcc_group_rank(st.pp), P = dagcc_group_size(st.pp);
	if (P > 64) {
		fprintf(stderr, "pipeline_1f1b: at most 64 stages\n");
		return 1;
	}
	st.w = filled(H * H, 1u + (unsigned)rank);
	for (int i = 0; i < M; i++) {
		st.x[i] = filled(T * H, rank == 0 ? 100u + (unsigned)i : 0);
		st.y[i] = filled(T * H, 0);
		st.dy[i] = filled(T * H, 0);
		st.dx[i] = filled(T * H, 0);
	}
	st.gw = dagcc_malloc(H * H * sizeof(float));
	float *zero = calloc(H * H, sizeof *zero); /* the sum starts at zero */
	dagcc_copy_to_device(st.gw, zero, H * H * sizeof *zero);
	free(zero);
	dagcc_stream_t s = dagcc_stream_default();
	step(&st, s);
	dagcc_stream_sync(s);
	float *gw = malloc(H * H * sizeof *gw);
	dagcc_copy_to_host(gw, st.gw, H * H * sizeof *gw);
	double sum = 0;
	for (int i = 0; i < H * H; i++)
		sum += gw[i] * (double)(i % 3 + 1);
	printf("rank %d grad checksum %.9e\n", rank, sum);
	int bad = 0;
	if (verify) {
		double err = reference(P, rank, gw);
		bad = !(err < 1e-4);
		printf("rank %d verify: relative error %.2e against the single-rank reference: %s\n",
		       rank, err, bad ? "FAIL" : "ok");
	}
	free(gw);
	dagcc_free(st.w);
	dagcc_free(st.gw);
	for (int i = 0; i < M; i++) {
		dagcc_free(st.x[i]);
		dagcc_free(st.y[i]);
		dagcc_free(st.dy[i]);
		dagcc_free(st.dx[i]);
	}
	dagcc_finalize();
	return bad;
}
/* dagcc: the macro values the graphs above were built for */
#if !defined(M) || (M) != (4)
#line 56 "ROOT/examples/pipeline_1f1b.c"
#pragma message("M is " DAGCC_XSTR(M) " in this build")
#line 56 "ROOT/examples/pipeline_1f1b.c"
#error "dagcc overlapped this file with M = 4: run dagcc again with this build's flags"
#endif
#if !defined(T) || (T) != (16)
#line 59 "ROOT/examples/pipeline_1f1b.c"
#pragma message("T is " DAGCC_XSTR(T) " in this build")
#line 59 "ROOT/examples/pipeline_1f1b.c"
#error "dagcc overlapped this file with T = 16: run dagcc again with this build's flags"
#endif
#if !defined(H) || (H) != (64)
#line 59 "ROOT/examples/pipeline_1f1b.c"
#pragma message("H is " DAGCC_XSTR(H) " in this build")
#line 59 "ROOT/examples/pipeline_1f1b.c"
#error "dagcc overlapped this file with H = 64: run dagcc again with this build's flags"
#endif
