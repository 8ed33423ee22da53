// fsdp_mlp_kernels.cu - the compute functions of examples/fsdp_mlp.c as CUDA kernels, for the
// cuda backend: build fsdp_mlp.c (or its overlapped form) with -DDAGCC_CUDA_KERNELS and link
// this file and dagcc-cuda. Each function launches on the stream it is given, as the DSL's
// stream-ordered contract says.
#include "linalg.cuh"

__global__ void k_loss_grad(const float *y, float *d, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		d[i] = y[i] - 1.0f;
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

void loss_grad(dagcc_stream_t s, const float *y, float *d, int n)
{
	k_loss_grad<<<(n + 255) / 256, 256, 0, s>>>(y, d, n);
}
}
