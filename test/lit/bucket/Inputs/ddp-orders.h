/* ddp-orders.h - the DDP backward pass of examples/ddp_backward.c but for its graph, which
 * ddp-order-a.c and ddp-order-b.c write in two orders of its independent statements: each
 * includes this file and writes backward() after it. The kernels are costed as the example's
 * matrix products, but compute something cheaper of the same inputs and outputs (each output
 * element from a few of its inputs), so that the test runs in a second at sizes where the
 * schedule matters; the program prints the bits of every gradient, so an overlapped build must
 * print the same bytes. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dagcc.h"

#ifndef L
#define L 6 /* layers */
#endif
#ifndef H
#define H 96 /* width */
#endif
#ifndef T
#define T 32 /* tokens per rank */
#endif

struct net {
	dagcc_group *world;
	float *w[L]; /* H x H */
	float *x[L]; /* each layer's saved input, T x H */
	float *dy[L + 1]; /* gradients flowing back, T x H */
	float *gw[L], *gb[L]; /* parameter gradients */
};

DAGCC_COMPUTE(flops = 2.0 * m * n * k, bytes = sizeof(float) * (m * k + k * n + m * n))
void matmul_dx(dagcc_stream_t s, DAGCC_IN const float *dy, DAGCC_IN const float *w,
	       DAGCC_OUT float *dx, int m, int n, int k);
DAGCC_COMPUTE(flops = 2.0 * m * n * k, bytes = sizeof(float) * (m * k + k * n + m * n))
void matmul_dw(dagcc_stream_t s, DAGCC_IN const float *x, DAGCC_IN const float *dy,
	       DAGCC_OUT float *dw, int m, int n, int k);
DAGCC_COMPUTE(flops = m * n, bytes = sizeof(float) * (m * n + n))
void bias_grad(dagcc_stream_t s, DAGCC_IN const float *dy, DAGCC_OUT float *db, int m, int n);

void backward(struct net *nt, dagcc_stream_t s);

/* dx[m x k] from dy[m x n] and w[k x n] */
void matmul_dx(dagcc_stream_t s, const float *dy, const float *w, float *dx, int m, int n, int k)
{
	(void)s;
	for (int i = 0; i < m; i++)
		for (int l = 0; l < k; l++)
			dx[i * k + l] = 0.5f * dy[i * n + l % n] + 0.25f * w[l * n + i % n];
}

/* dw[k x n] from x[m x k] and dy[m x n] */
void matmul_dw(dagcc_stream_t s, const float *x, const float *dy, float *dw, int m, int n, int k)
{
	(void)s;
	for (int l = 0; l < k; l++)
		for (int j = 0; j < n; j++)
			dw[l * n + j] = x[(j % m) * k + l] * dy[(l % m) * n + j];
}

void bias_grad(dagcc_stream_t s, const float *dy, float *db, int m, int n)
{
	(void)s;
	for (int j = 0; j < n; j++) {
		float acc = 0;
		for (int i = 0; i < m; i++)
			acc += dy[i * n + j];
		db[j] = acc;
	}
}

/* deterministic inputs, different on each rank */
static float *filled(size_t n, unsigned seed)
{
	float *h = malloc(n * sizeof *h);
	for (size_t i = 0; i < n; i++) {
		seed = seed * 1103515245u + 12345u;
		h[i] = seed ? (float)(seed >> 9 & 0xffff) / 65536.0f - 0.5f : 0;
	}
	void *p = dagcc_malloc(n * sizeof *h);
	dagcc_copy_to_device(p, h, n * sizeof *h);
	free(h);
	return p;
}

static void show(const char *what, int l, const void *dev, size_t bytes, int rank)
{
	unsigned char *h = malloc(bytes);
	dagcc_copy_to_host(h, dev, bytes);
	unsigned long long sum = 1469598103934665603ull; /* FNV-1a of the bytes */
	for (size_t i = 0; i < bytes; i++)
		sum = (sum ^ h[i]) * 1099511628211ull;
	printf("rank %d %s[%d] %016llx\n", rank, what, l, sum);
	free(h);
}

int main(int argc, char **argv)
{
	dagcc_init(&argc, &argv);
	struct net nt;
	nt.world = dagcc_world();
	int rank = dagcc_group_rank(nt.world);
	for (int l = 0; l < L; l++) {
		nt.w[l] = filled(H * H, 1u + (unsigned)l);
		nt.x[l] = filled(T * H, 10u + (unsigned)l + 50u * (unsigned)rank);
		nt.gw[l] = filled(H * H, 0);
		nt.gb[l] = filled(H, 0);
	}
	for (int l = 0; l <= L; l++)
		nt.dy[l] = filled(T * H, l == L ? 3u + 50u * (unsigned)rank : 0);
	dagcc_stream_t s = dagcc_stream_default();
	backward(&nt, s);
	dagcc_stream_sync(s);
	for (int l = 0; l < L; l++) {
		show("gw", l, nt.gw[l], H * H * sizeof(float), rank);
		show("gb", l, nt.gb[l], H * sizeof(float), rank);
	}
	for (int l = 0; l < L; l++) {
		dagcc_free(nt.w[l]);
		dagcc_free(nt.x[l]);
		dagcc_free(nt.gw[l]);
		dagcc_free(nt.gb[l]);
	}
	for (int l = 0; l <= L; l++)
		dagcc_free(nt.dy[l]);
	dagcc_finalize();
	return 0;
}
