// linalg.cuh - the matrix kernels the examples' CUDA builds share: plain loops, one thread per
// output element, and launchers with the DSL's signatures on the stream they are given.
#ifndef DAGCC_EXAMPLES_LINALG_CUH
#define DAGCC_EXAMPLES_LINALG_CUH

#include <cuda_runtime.h>

#include "dagcc.h"

__global__ void k_matmul(const float *x, const float *w, float *y, int m, int n, int k)
{
	int i = blockIdx.y, j = blockIdx.x * blockDim.x + threadIdx.x;
	if (i >= m || j >= n)
		return;
	float acc = 0;
	for (int l = 0; l < k; l++)
		acc += x[i * k + l] * w[l * n + j];
	y[i * n + j] = acc;
}

__global__ void k_matmul_dx(const float *dy, const float *w, float *dx, int m, int n, int k)
{
	int i = blockIdx.y, l = blockIdx.x * blockDim.x + threadIdx.x;
	if (i >= m || l >= k)
		return;
	float acc = 0;
	for (int j = 0; j < n; j++)
		acc += dy[i * n + j] * w[l * n + j];
	dx[i * k + l] = acc;
}

__global__ void k_matmul_dw(const float *x, const float *dy, float *dw, int m, int n, int k)
{
	int l = blockIdx.y, j = blockIdx.x * blockDim.x + threadIdx.x;
	if (l >= k || j >= n)
		return;
	float acc = 0;
	for (int i = 0; i < m; i++)
		acc += x[i * k + l] * dy[i * n + j];
	dw[l * n + j] = acc;
}

static void launch_matmul(dagcc_stream_t s, const float *x, const float *w, float *y, int m, int n, int k)
{
	k_matmul<<<dim3((n + 127) / 128, m), 128, 0, s>>>(x, w, y, m, n, k);
}

static void launch_matmul_dx(dagcc_stream_t s, const float *dy, const float *w, float *dx, int m, int n,
			     int k)
{
	k_matmul_dx<<<dim3((k + 127) / 128, m), 128, 0, s>>>(dy, w, dx, m, n, k);
}

static void launch_matmul_dw(dagcc_stream_t s, const float *x, const float *dy, float *dw, int m, int n,
			     int k)
{
	k_matmul_dw<<<dim3((n + 127) / 128, k), 128, 0, s>>>(x, dy, dw, m, n, k);
}

#endif
