// fsdp_mlp_kernels.cu - the compute functions of examples/fsdp_mlp.c as CUDA kernels, for the
// cuda backend: build fsdp_mlp.c (or its overlapped form) with -DDAGCC_CUDA_KERNELS and link
// this file and dagcc-cuda. Each function launches on the stream it is given, as the DSL's
// stream-ordered contract says. Plain loops, one thread per output: this is an example of the
// contract, not a fast GEMM.
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

__global__ void k_loss_grad(const float *y, float *d, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		d[i] = y[i] - 1.0f;
}

extern "C" {
void matmul(dagcc_stream_t s, const float *x, const float *w, float *y, int m, int n, int k)
{
	k_matmul<<<dim3((n + 127) / 128, m), 128, 0, s>>>(x, w, y, m, n, k);
}

void matmul_dx(dagcc_stream_t s, const float *dy, const float *w, float *dx, int m, int n, int k)
{
	k_matmul_dx<<<dim3((k + 127) / 128, m), 128, 0, s>>>(dy, w, dx, m, n, k);
}

void matmul_dw(dagcc_stream_t s, const float *x, const float *dy, float *dw, int m, int n, int k)
{
	k_matmul_dw<<<dim3((n + 127) / 128, k), 128, 0, s>>>(x, dy, dw, m, n, k);
}

void loss_grad(dagcc_stream_t s, const float *y, float *d, int n)
{
	k_loss_grad<<<(n + 255) / 256, 256, 0, s>>>(y, d, n);
}
}
