// moe_layer_kernels.cu - the compute functions of examples/moe_layer.c as CUDA kernels (build
// the example with -DDAGCC_CUDA_KERNELS, this file with the same -D sizes, and link dagcc-cuda).
#include "linalg.cuh"

#ifndef EP
#define EP 4
#endif
#ifndef EPR
#define EPR 2
#endif
#ifndef H
#define H 64
#endif
#ifndef FF
#define FF 128
#endif
#define E (EP * EPR)
#ifndef CAP
#define CAP 4
#endif

__global__ void k_pack(const float *x, float *disp, int n)
{
	int t = blockIdx.x, j = threadIdx.x;
	if (t < n && j < H)
		disp[((size_t)(t % E) * CAP + (size_t)(t / E)) * H + j] = x[(size_t)t * H + j];
}

/* one block per row: h = relu(x w_in), y = h w_out */
__global__ void k_ffn(const float *x, const float *w_in, const float *w_out, float *h, float *y)
{
	int i = blockIdx.x;
	for (int j = threadIdx.x; j < FF; j += blockDim.x) {
		float acc = 0;
		for (int k = 0; k < H; k++)
			acc += x[i * H + k] * w_in[k * FF + j];
		h[i * FF + j] = acc > 0 ? acc : 0;
	}
	__syncthreads();
	for (int j = threadIdx.x; j < H; j += blockDim.x) {
		float acc = 0;
		for (int k = 0; k < FF; k++)
			acc += h[i * FF + k] * w_out[k * H + j];
		y[i * H + j] = acc;
	}
}

__global__ void k_unpack(const float *shared, const float *comb, float *y, int n)
{
	int t = blockIdx.x, j = threadIdx.x;
	if (t < n && j < H)
		y[(size_t)t * H + j] = shared[(size_t)t * H + j] +
				       comb[((size_t)(t % E) * CAP + (size_t)(t / E)) * H + j];
}

extern "C" {
void pack(dagcc_stream_t s, const float *x, float *disp, int n)
{
	k_pack<<<n, H, 0, s>>>(x, disp, n);
}

/* h holds one row of FF per row of x */
void ffn(dagcc_stream_t s, const float *x, const float *w_in, const float *w_out, float *h, float *y,
	 int n)
{
	k_ffn<<<n, 128, 0, s>>>(x, w_in, w_out, h, y);
}

void expert(dagcc_stream_t s, const float *recv, const float *w_in, const float *w_out, float *h,
	    float *eout, int le)
{
	for (int p = 0; p < EP; p++) {
		size_t at = ((size_t)p * EPR + (size_t)le) * CAP * H;
		k_ffn<<<CAP, 128, 0, s>>>(recv + at, w_in, w_out, h, eout + at);
	}
}

void unpack(dagcc_stream_t s, const float *shared, const float *comb, float *y, int n)
{
	k_unpack<<<n, H, 0, s>>>(shared, comb, y, n);
}
}
