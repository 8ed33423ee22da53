status 0
--- stdout
--- stderr
ROOT/examples/gpipe_stage.c:55:2: warning: call to 'dagcc_group_size', which is neither a compute function nor a collective, is an ordering barrier
	int P = dagcc_group_size(st->pp);
	^
ROOT/examples/gpipe_stage.c:58:4: warning: collective inside a run-time if: not scheduled, it runs where it stands and blocks
			dagcc_recv(st->pp, st->x[f], T * H, DAGCC_F32, stage - 1, s);
			^
ROOT/examples/gpipe_stage.c:57:3: warning: statement is an ordering barrier: nothing moves across it (its condition is known only at run time)
		if (stage > 0)
		^
ROOT/examples/gpipe_stage.c:61:4: warning: collective inside a run-time if: not scheduled, it runs where it stands and blocks
			dagcc_send(st->pp, st->y[f], T * H, DAGCC_F32, stage + 1, s);
			^
ROOT/examples/gpipe_stage.c:60:3: warning: statement is an ordering barrier: nothing moves across it (its condition is known only at run time)
		if (stage < P - 1)
		^
ROOT/examples/gpipe_stage.c:65:4: warning: collective inside a run-time if: not scheduled, it runs where it stands and blocks
			dagcc_recv(st->pp, st->dy[b], T * H, DAGCC_F32, stage + 1, s);
			^
ROOT/examples/gpipe_stage.c:64:3: warning: statement is an ordering barrier: nothing moves across it (its condition is known only at run time)
		if (stage < P - 1)
		^
ROOT/examples/gpipe_stage.c:71:4: warning: collective inside a run-time if: not scheduled, it runs where it stands and blocks
			dagcc_send(st->pp, st->dx[b], T * H, DAGCC_F32, stage - 1, s);
			^
ROOT/examples/gpipe_stage.c:70:3: warning: statement is an ordering barrier: nothing moves across it (its condition is known only at run time)
		if (stage > 0)
		^
--- file
#include "dagcc_rt.h" /* added by dagcc */
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

DAGCC_GRAPH void step(struct stage *st, int stage, dagcc_stream_t s)
{
	/* dagcc: scheduled for h100-8x. Simulated: as written 213.1 us (188.9 us of communication exposed), scheduled 213.1 us (188.9 us exposed); lower bound 205.0 us. */
#line 55 "ROOT/examples/gpipe_stage.c"
	int P = dagcc_group_size(st->pp); (void)P;
#line 57 "ROOT/examples/gpipe_stage.c"
	if (stage > 0)
			dagcc_recv(st->pp, st->x[0], T * H, DAGCC_F32, stage - 1, s);
#line 59 "ROOT/examples/gpipe_stage.c"
	DAGCC_CHECKED("matmul", s, {(st->x[0]), 0, DAGCC_READ, "st->x[0]"}, {(st->w), 0, DAGCC_READ, "st->w"}, {(st->y[0]), 0, DAGCC_WRITE, "st->y[0]"});
	DAGCC_PROFILE_BEGIN("matmul", 59, 3, 0, s); matmul(s, st->x[0], st->w, st->y[0], T, H, H); DAGCC_PROFILE_END(s);
#line 60 "ROOT/examples/gpipe_stage.c"
	if (stage < P - 1)
			dagcc_send(st->pp, st->y[0], T * H, DAGCC_F32, stage + 1, s);
#line 57 "ROOT/examples/gpipe_stage.c"
	if (stage > 0)
			dagcc_recv(st->pp, st->x[1], T * H, DAGCC_F32, stage - 1, s);
#line 59 "ROOT/examples/gpipe_stage.c"
	DAGCC_CHECKED("matmul", s, {(st->x[1]), 0, DAGCC_READ, "st->x[1]"}, {(st->w), 0, DAGCC_READ, "st->w"}, {(st->y[1]), 0, DAGCC_WRITE, "st->y[1]"});
	DAGCC_PROFILE_BEGIN("matmul", 59, 3, 1, s); matmul(s, st->x[1], st->w, st->y[1], T, H, H); DAGCC_PROFILE_END(s);
#line 60 "ROOT/examples/gpipe_stage.c"
	if (stage < P - 1)
			dagcc_send(st->pp, st->y[1], T * H, DAGCC_F32, stage + 1, s);
#line 57 "ROOT/examples/gpipe_stage.c"
	if (stage > 0)
			dagcc_recv(st->pp, st->x[2], T * H, DAGCC_F32, stage - 1, s);
#line 59 "ROOT/examples/gpipe_stage.c"
	DAGCC_CHECKED("matmul", s, {(st->x[2]), 0, DAGCC_READ, "st->x[2]"}, {(st->w), 0, DAGCC_READ, "st->w"}, {(st->y[2]), 0, DAGCC_WRITE, "st->y[2]"});
	DAGCC_PROFILE_BEGIN("matmul", 59, 3, 2, s); matmul(s, st->x[2], st->w, st->y[2], T, H, H); DAGCC_PROFILE_END(s);
#line 60 "ROOT/examples/gpipe_stage.c"
	if (stage < P - 1)
			dagcc_send(st->pp, st->y[2], T * H, DAGCC_F32, stage + 1, s);
#line 57 "ROOT/examples/gpipe_stage.c"
	if (stage > 0)
			dagcc_recv(st->pp, st->x[3], T * H, DAGCC_F32, stage - 1, s);
#line 59 "ROOT/examples/gpipe_stage.c"
	DAGCC_CHECKED("matmul", s, {(st->x[3]), 0, DAGCC_READ, "st->x[3]"}, {(st->w), 0, DAGCC_READ, "st->w"}, {(st->y[3]), 0, DAGCC_WRITE, "st->y[3]"});
	DAGCC_PROFILE_BEGIN("matmul", 59, 3, 3, s); matmul(s, st->x[3], st->w, st->y[3], T, H, H); DAGCC_PROFILE_END(s);
#line 60 "ROOT/examples/gpipe_stage.c"
	if (stage < P - 1)
			dagcc_send(st->pp, st->y[3], T * H, DAGCC_F32, stage + 1, s);
#line 64 "ROOT/examples/gpipe_stage.c"
	if (stage < P - 1)
			dagcc_recv(st->pp, st->dy[3], T * H, DAGCC_F32, stage + 1, s);
		else
			loss_grad(s, st->y[3], st->dy[3], T * H);
#line 69 "ROOT/examples/gpipe_stage.c"
	DAGCC_CHECKED("matmul_dw_acc", s, {(st->x[3]), 0, DAGCC_READ, "st->x[3]"}, {(st->dy[3]), 0, DAGCC_READ, "st->dy[3]"}, {(st->gw), 0, DAGCC_READWRITE, "st->gw"});
	DAGCC_PROFILE_BEGIN("matmul_dw_acc", 69, 3, 0, s); matmul_dw_acc(s, st->x[3], st->dy[3], st->gw, T, H, H); DAGCC_PROFILE_END(s);
#line 68 "ROOT/examples/gpipe_stage.c"
	DAGCC_CHECKED("matmul_dx", s, {(st->dy[3]), 0, DAGCC_READ, "st->dy[3]"}, {(st->w), 0, DAGCC_READ, "st->w"}, {(st->dx[3]), 0, DAGCC_WRITE, "st->dx[3]"});
	DAGCC_PROFILE_BEGIN("matmul_dx", 68, 3, 0, s); matmul_dx(s, st->dy[3], st->w, st->dx[3], T, H, H); DAGCC_PROFILE_END(s);
#line 70 "ROOT/examples/gpipe_stage.c"
	if (stage > 0)
			dagcc_send(st->pp, st->dx[3], T * H, DAGCC_F32, stage - 1, s);
#line 64 "ROOT/examples/gpipe_stage.c"
	if (stage < P - 1)
			dagcc_recv(st->pp, st->dy[2], T * H, DAGCC_F32, stage + 1, s);
		else
			loss_grad(s, st->y[2], st->dy[2], T * H);
#line 69 "ROOT/examples/gpipe_stage.c"
	DAGCC_CHECKED("matmul_dw_acc", s, {(st->x[2]), 0, DAGCC_READ, "st->x[2]"}, {(st->dy[2]), 0, DAGCC_READ, "st->dy[2]"}, {(st->gw), 0, DAGCC_READWRITE, "st->gw"});
	DAGCC_PROFILE_BEGIN("matmul_dw_acc", 69, 3, 1, s); matmul_dw_acc(s, st->x[2], st->dy[2], st->gw, T, H, H); DAGCC_PROFILE_END(s);
#line 68 "ROOT/examples/gpipe_stage.c"
	DAGCC_CHECKED("matmul_dx", s, {(st->dy[2]), 0, DAGCC_READ, "st->dy[2]"}, {(st->w), 0, DAGCC_READ, "st->w"}, {(st->dx[2]), 0, DAGCC_WRITE, "st->dx[2]"});
	DAGCC_PROFILE_BEGIN("matmul_dx", 68, 3, 1, s); matmul_dx(s, st->dy[2], st->w, st->dx[2], T, H, H); DAGCC_PROFILE_END(s);
#line 70 "ROOT/examples/gpipe_stage.c"
	if (stage > 0)
			dagcc_send(st->pp, st->dx[2], T * H, DAGCC_F32, stage - 1, s);
#line 64 "ROOT/examples/gpipe_stage.c"
	if (stage < P - 1)
			dagcc_recv(st->pp, st->dy[1], T * H, DAGCC_F32, stage + 1, s);
		else
			loss_grad(s, st->y[1], st->dy[1], T * H);
#line 69 "ROOT/examples/gpipe_stage.c"
	DAGCC_CHECKED("matmul_dw_acc", s, {(st->x[1]), 0, DAGCC_READ, "st->x[1]"}, {(st->dy[1]), 0, DAGCC_READ, "st->dy[1]"}, {(st->gw), 0, DAGCC_READWRITE, "st->gw"});
	DAGCC_PROFILE_BEGIN("matmul_dw_acc", 69, 3, 2, s); matmul_dw_acc(s, st->x[1], st->dy[1], st->gw, T, H, H); DAGCC_PROFILE_END(s);
#line 68 "ROOT/examples/gpipe_stage.c"
	DAGCC_CHECKED("matmul_dx", s, {(st->dy[1]), 0, DAGCC_READ, "st->dy[1]"}, {(st->w), 0, DAGCC_READ, "st->w"}, {(st->dx[1]), 0, DAGCC_WRITE, "st->dx[1]"});
	DAGCC_PROFILE_BEGIN("matmul_dx", 68, 3, 2, s); matmul_dx(s, st->dy[1], st->w, st->dx[1], T, H, H); DAGCC_PROFILE_END(s);
#line 70 "ROOT/examples/gpipe_stage.c"
	if (stage > 0)
			dagcc_send(st->pp, st->dx[1], T * H, DAGCC_F32, stage - 1, s);
#line 64 "ROOT/examples/gpipe_stage.c"
	if (stage < P - 1)
			dagcc_recv(st->pp, st->dy[0], T * H, DAGCC_F32, stage + 1, s);
		else
			loss_grad(s, st->y[0], st->dy[0], T * H);
#line 69 "ROOT/examples/gpipe_stage.c"
	DAGCC_CHECKED("matmul_dw_acc", s, {(st->x[0]), 0, DAGCC_READ, "st->x[0]"}, {(st->dy[0]), 0, DAGCC_READ, "st->dy[0]"}, {(st->gw), 0, DAGCC_READWRITE, "st->gw"});
	DAGCC_PROFILE_BEGIN("matmul_dw_acc", 69, 3, 3, s); matmul_dw_acc(s, st->x[0], st->dy[0], st->gw, T, H, H); DAGCC_PROFILE_END(s);
#line 68 "ROOT/examples/gpipe_stage.c"
	DAGCC_CHECKED("matmul_dx", s, {(st->dy[0]), 0, DAGCC_READ, "st->dy[0]"}, {(st->w), 0, DAGCC_READ, "st->w"}, {(st->dx[0]), 0, DAGCC_WRITE, "st->dx[0]"});
	DAGCC_PROFILE_BEGIN("matmul_dx", 68, 3, 3, s); matmul_dx(s, st->dy[0], st->w, st->dx[0], T, H, H); DAGCC_PROFILE_END(s);
#line 70 "ROOT/examples/gpipe_stage.c"
	if (stage > 0)
			dagcc_send(st->pp, st->dx[0], T * H, DAGCC_F32, stage - 1, s);
#line 73 "ROOT/examples/gpipe_stage.c"
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
		fprintf(stderr, "gpipe_stage: at most 64 stages\n");
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
	step(&st, rank, s);
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
#line 56 "ROOT/examples/gpipe_stage.c"
#pragma message("M is " DAGCC_XSTR(M) " in this build")
#line 56 "ROOT/examples/gpipe_stage.c"
#error "dagcc overlapped this file with M = 4: run dagcc again with this build's flags"
#endif
#if !defined(T) || (T) != (16)
#line 58 "ROOT/examples/gpipe_stage.c"
#pragma message("T is " DAGCC_XSTR(T) " in this build")
#line 58 "ROOT/examples/gpipe_stage.c"
#error "dagcc overlapped this file with T = 16: run dagcc again with this build's flags"
#endif
#if !defined(H) || (H) != (64)
#line 58 "ROOT/examples/gpipe_stage.c"
#pragma message("H is " DAGCC_XSTR(H) " in this build")
#line 58 "ROOT/examples/gpipe_stage.c"
#error "dagcc overlapped this file with H = 64: run dagcc again with this build's flags"
#endif
