// tp_dp_block_kernels.cu - the compute functions of examples/tp_dp_block.c as CUDA kernels
// (build the example with -DDAGCC_CUDA_KERNELS and link this file and dagcc-cuda).
#include "linalg.cuh"

__global__ void k_relu(float *x, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		x[i] = fmaxf(x[i], 0.0f);
}

__global__ void k_relu_grad(const float *y, float *dy, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n && y[i] <= 0.0f)
		dy[i] = 0.0f;
}

extern "C" {
void matmul(dagcc_stream_t s, const float *x, const float *w, float *y, int m, int n, int k)
{
	launch_matmul(s, x, w, y, m, n, k);
}

void matmul_dx(dagcc_stream_t s, const float *dy, const float *w, float *dx, int m, int n, int k)
{
	launch_matmul_dx(s, dy, w, dx, m, n, k);
}

void matmul_dw(dagcc_stream_t s, const float *x, const float *dy, float *dw, int m, int n, int k)
{
	launch_matmul_dw(s, x, dy, dw, m, n, k);
}

void relu(dagcc_stream_t s, float *x, int n)
{
	k_relu<<<(n + 255) / 256, 256, 0, s>>>(x, n);
}

void relu_grad(dagcc_stream_t s, const float *y, float *dy, int n)
{
	k_relu_grad<<<(n + 255) / 256, 256, 0, s>>>(y, dy, n);
}
}
