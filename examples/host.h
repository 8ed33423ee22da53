/* host.h - what the examples share on the host: the matrix loops that are the mpi backend's
 * kernels and the examples' references, and deterministic inputs any rank can regenerate. */
#ifndef DAGCC_EXAMPLES_HOST_H
#define DAGCC_EXAMPLES_HOST_H

#include <stdlib.h>

#include "dagcc.h"

/* y[m x n] = x[m x k] w[k x n] */
static inline void host_matmul(const float *x, const float *w, float *y, int m, int n, int k)
{
	for (int i = 0; i < m; i++)
		for (int j = 0; j < n; j++) {
			float acc = 0;
			for (int l = 0; l < k; l++)
				acc += x[i * k + l] * w[l * n + j];
			y[i * n + j] = acc;
		}
}

/* dx[m x k] = dy[m x n] w[k x n]^T */
static inline void host_matmul_dx(const float *dy, const float *w, float *dx, int m, int n, int k)
{
	for (int i = 0; i < m; i++)
		for (int l = 0; l < k; l++) {
			float acc = 0;
			for (int j = 0; j < n; j++)
				acc += dy[i * n + j] * w[l * n + j];
			dx[i * k + l] = acc;
		}
}

/* dw[k x n] = x[m x k]^T dy[m x n] */
static inline void host_matmul_dw(const float *x, const float *dy, float *dw, int m, int n, int k)
{
	for (int l = 0; l < k; l++)
		for (int j = 0; j < n; j++) {
			float acc = 0;
			for (int i = 0; i < m; i++)
				acc += x[i * k + l] * dy[i * n + j];
			dw[l * n + j] = acc;
		}
}

/* n values in [-0.05, 0.05) from a seed */
static inline void fill(float *x, size_t n, unsigned seed)
{
	for (size_t i = 0; i < n; i++) {
		seed = seed * 1103515245u + 12345u;
		x[i] = (float)((seed >> 16) % 1000) / 1000.0f * 0.1f - 0.05f;
	}
}

/* a device buffer filled from a seed */
static inline float *filled(size_t n, unsigned seed)
{
	float *host = malloc(n * sizeof *host);
	if (!host)
		abort();
	fill(host, n, seed);
	float *dev = dagcc_malloc(n * sizeof *dev);
	dagcc_copy_to_device(dev, host, n * sizeof *dev);
	free(host);
	return dev;
}

#endif
