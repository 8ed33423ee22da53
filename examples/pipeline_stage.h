/* pipeline_stage.h - what examples/pipeline_1f1b.c and examples/gpipe_stage.c share: a stage's
 * state, its compute functions (on the host; examples/cuda/pipeline_1f1b_kernels.cu has them
 * for the GPU), and the program around one step. Only the graph differs: its schedule of
 * microbatches. */
#ifndef DAGCC_EXAMPLES_PIPELINE_STAGE_H
#define DAGCC_EXAMPLES_PIPELINE_STAGE_H

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

/* Runs a stage program: the data, one step (run), the checksum of its layer gradient, and with
 * --verify the single-rank reference. name: the program, for its messages. */
static int stage_main(int argc, char **argv, const char *name,
		      void (*run)(struct stage *st, int rank, dagcc_stream_t s))
{
	dagcc_init(&argc, &argv);
	int verify = argc > 1 && strcmp(argv[1], "--verify") == 0;
	struct stage st;
	st.pp = dagcc_world();
	int rank = dagcc_group_rank(st.pp), P = dagcc_group_size(st.pp);
	if (P > 64) {
		fprintf(stderr, "%s: at most 64 stages\n", name);
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
	run(&st, rank, s);
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

#endif
