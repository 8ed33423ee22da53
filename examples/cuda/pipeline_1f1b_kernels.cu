// pipeline_1f1b_kernels.cu - the compute functions of examples/pipeline_1f1b.c (and of
// examples/gpipe_stage.c) as CUDA kernels (build the example with -DDAGCC_CUDA_KERNELS and link
// this file and dagcc-cuda).
#include "linalg.cuh"

// dw += x^T dy, in the order the host loop sums: the product first, then the add
__global__ void k_matmul_dw_acc(const float *x, const float *dy, float *dw, int m, int n, int k)
{
	int l = blockIdx.y, j = blockIdx.x * blockDim.x + threadIdx.x;
	if (l >= k || j >= n)
		return;
	float acc = 0;
	for (int i = 0; i < m; i++)
		acc += x[i * k + l] * dy[i * n + j];
	dw[l * n + j] += acc;
}

__global__ void k_copy(const float *y, float *dy, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		dy[i] = y[i];
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

void matmul_dw_acc(dagcc_stream_t s, const float *x, const float *dy, float *dw, int m, int n,
		   int k)
{
	k_matmul_dw_acc<<<dim3((n + 127) / 128, k), 128, 0, s>>>(x, dy, dw, m, n, k);
}

void loss_grad(dagcc_stream_t s, const float *y, float *dy, int n)
{
	k_copy<<<(n + 127) / 128, 128, 0, s>>>(y, dy, n);
}
}
