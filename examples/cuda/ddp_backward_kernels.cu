// ddp_backward_kernels.cu - the compute functions of examples/ddp_backward.c as CUDA kernels
// (build the example with -DDAGCC_CUDA_KERNELS and link this file and dagcc-cuda).
#include "linalg.cuh"

__global__ void k_bias_grad(const float *dy, float *db, int m, int n)
{
	int j = blockIdx.x * blockDim.x + threadIdx.x;
	if (j >= n)
		return;
	float acc = 0;
	for (int i = 0; i < m; i++)
		acc += dy[i * n + j];
	db[j] = acc;
}

extern "C" {
void matmul_dx(dagcc_stream_t s, const float *dy, const float *w, float *dx, int m, int n, int k)
{
	launch_matmul_dx(s, dy, w, dx, m, n, k);
}

void matmul_dw(dagcc_stream_t s, const float *x, const float *dy, float *dw, int m, int n, int k)
{
	launch_matmul_dw(s, x, dy, dw, m, n, k);
}

void bias_grad(dagcc_stream_t s, const float *dy, float *db, int m, int n)
{
	k_bias_grad<<<(n + 127) / 128, 128, 0, s>>>(dy, db, m, n);
}
}
