// llmc_backward_kernels.cu - the compute functions of examples/llmc_backward.c as CUDA kernels
// (build the example with -DDAGCC_CUDA_KERNELS and link this file and dagcc-cuda). Plain loops,
// one thread per output element or row, each on the stream it is given; no atomics, so every
// run gives the same bits. Layouts are llm.c's: a linear layer's weight is (oc, c), q, k and v
// are (b, nh, t, hs) one after the other, attention is (b, nh, t, t).
#include <cuda_runtime.h>

#include "dagcc.h"

static unsigned blocks(size_t n)
{
	return (unsigned)((n + 255) / 256);
}

__global__ void k_fused_classifier(float *logits, float *losses, float dloss, const int *targets,
				   int rows, int v, int vp)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i >= rows)
		return;
	float *row = logits + (size_t)i * vp;
	float max = row[0], sum = 0;
	for (int j = 1; j < v; j++)
		max = fmaxf(max, row[j]);
	for (int j = 0; j < v; j++)
		sum += expf(row[j] - max);
	for (int j = 0; j < v; j++) {
		float p = expf(row[j] - max) / sum;
		if (j == targets[i])
			losses[i] -= logf(p);
		row[j] = (p - (j == targets[i] ? 1.0f : 0.0f)) * dloss;
	}
	for (int j = v; j < vp; j++)
		row[j] = 0;
}

// dinp (bt, c) = dout (bt, oc) weight (oc, c)
__global__ void k_matmul_dinp(float *dinp, const float *dout, const float *weight, int bt, int c,
			      int oc)
{
	size_t e = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
	if (e >= (size_t)bt * c)
		return;
	int i = (int)(e / c), k = (int)(e % c);
	float acc = 0;
	for (int o = 0; o < oc; o++)
		acc += dout[(size_t)i * oc + o] * weight[(size_t)o * c + k];
	dinp[e] = acc;
}

// dweight (oc, c) += dout^T inp
__global__ void k_matmul_dweight(float *dweight, const float *dout, const float *inp, int bt, int c,
				 int oc)
{
	size_t e = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
	if (e >= (size_t)oc * c)
		return;
	int o = (int)(e / c), k = (int)(e % c);
	float acc = 0;
	for (int i = 0; i < bt; i++)
		acc += dout[(size_t)i * oc + o] * inp[(size_t)i * c + k];
	dweight[e] += acc;
}

// dbias += the column sums of dout, through dbias_buffer
__global__ void k_bias_backward(float *dbias, float *dbias_buffer, const float *dout, int bt,
				int oc)
{
	int o = blockIdx.x * blockDim.x + threadIdx.x;
	if (o >= oc)
		return;
	float acc = 0;
	for (int i = 0; i < bt; i++)
		acc += dout[(size_t)i * oc + o];
	dbias_buffer[o] = acc;
	dbias[o] += dbias_buffer[o];
}

__global__ void k_gelu_backward_inplace(float *dinp, const float *pre_gelu, size_t n)
{
	size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
	if (i >= n)
		return;
	const float k = 0.7978845608f; // sqrt(2 / pi)
	float x = pre_gelu[i];
	float arg = k * (x + 0.044715f * x * x * x);
	float th = tanhf(arg), ch = coshf(arg);
	float grad = 0.5f * (1.0f + th) +
		     x * 0.5f * (1.0f / (ch * ch)) * k * (1.0f + 3.0f * 0.044715f * x * x);
	dinp[i] *= grad;
}

// dinp += the input's gradient, a thread per row
__global__ void k_layernorm_dinp(float *dinp, const float *dout, const float *inp,
				 const float *weight, const float *mean, const float *rstd, int bt,
				 int c)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i >= bt)
		return;
	const float *dout_i = dout + (size_t)i * c, *inp_i = inp + (size_t)i * c;
	float *dinp_i = dinp + (size_t)i * c;
	float dnorm_mean = 0, dnorm_norm_mean = 0;
	for (int k = 0; k < c; k++) {
		float norm = (inp_i[k] - mean[i]) * rstd[i];
		float dnorm = weight[k] * dout_i[k];
		dnorm_mean += dnorm;
		dnorm_norm_mean += dnorm * norm;
	}
	dnorm_mean /= (float)c;
	dnorm_norm_mean /= (float)c;
	for (int k = 0; k < c; k++) {
		float norm = (inp_i[k] - mean[i]) * rstd[i];
		float dnorm = weight[k] * dout_i[k];
		dinp_i[k] += (dnorm - dnorm_mean - norm * dnorm_norm_mean) * rstd[i];
	}
}

// dweight and dbias += theirs, summed in scratch first, a thread per channel
__global__ void k_layernorm_dparams(float *dweight, float *dbias, float *scratch, const float *dout,
				    const float *inp, const float *mean, const float *rstd, int bt,
				    int c)
{
	int k = blockIdx.x * blockDim.x + threadIdx.x;
	if (k >= c)
		return;
	float dw = 0, db = 0;
	for (int i = 0; i < bt; i++) {
		float norm = (inp[(size_t)i * c + k] - mean[i]) * rstd[i];
		db += dout[(size_t)i * c + k];
		dw += norm * dout[(size_t)i * c + k];
	}
	scratch[k] = dw;
	scratch[c + k] = db;
	dweight[k] += scratch[k];
	dbias[k] += scratch[c + k];
}

// scratch (b, nh, t, hs) from dout (b, t, c)
__global__ void k_unpermute_backward(float *scratch, const float *dout, int b, int t, int nh,
				     int hs)
{
	size_t e = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
	if (e >= (size_t)b * t * nh * hs)
		return;
	int d = (int)(e % hs), i = (int)(e / hs % t), h = (int)(e / hs / t % nh);
	int bb = (int)(e / hs / t / nh);
	scratch[e] = dout[((size_t)bb * t + i) * nh * hs + h * hs + d];
}

// datt (bh, i, j) = scratch (bh, i, :) . v (bh, j, :)
__global__ void k_datt(float *datt, const float *scratch, const float *v, int bh, int t, int hs)
{
	size_t e = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
	if (e >= (size_t)bh * t * t)
		return;
	int j = (int)(e % t), i = (int)(e / t % t);
	size_t h = e / t / t;
	float acc = 0;
	for (int d = 0; d < hs; d++)
		acc += scratch[(h * t + i) * hs + d] * v[(h * t + j) * hs + d];
	datt[e] = acc;
}

// out (bh, j, d) = sum over i of a (bh, i, j) x (bh, i, d): dv from att and the upstream
// gradient, dk from datt and q
__global__ void k_atx(float *out, const float *a, const float *x, int bh, int t, int hs)
{
	size_t e = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
	if (e >= (size_t)bh * t * hs)
		return;
	int d = (int)(e % hs), j = (int)(e / hs % t);
	size_t h = e / hs / t;
	float acc = 0;
	for (int i = 0; i < t; i++)
		acc += a[(h * t + i) * t + j] * x[(h * t + i) * hs + d];
	out[e] = acc;
}

// datt becomes the gradient before the causal softmax, scaled; a thread per row
__global__ void k_softmax_backward(float *datt, const float *att, int bh, int t, float scale)
{
	size_t r = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
	if (r >= (size_t)bh * t)
		return;
	int i = (int)(r % t);
	float *da = datt + r * t;
	const float *a = att + r * t;
	float dot = 0;
	for (int j = 0; j <= i; j++)
		dot += a[j] * da[j];
	for (int j = 0; j < t; j++)
		da[j] = j <= i ? scale * a[j] * (da[j] - dot) : 0;
}

// dq (bh, i, d) = datt (bh, i, :) k (bh, :, d)
__global__ void k_dq(float *dq, const float *datt, const float *k, int bh, int t, int hs)
{
	size_t e = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
	if (e >= (size_t)bh * t * hs)
		return;
	int d = (int)(e % hs), i = (int)(e / hs % t);
	size_t h = e / hs / t;
	float acc = 0;
	for (int j = 0; j < t; j++)
		acc += datt[(h * t + i) * t + j] * k[(h * t + j) * hs + d];
	dq[e] = acc;
}

// dinp (b, t, 3c) from dq, dk, dv (b, nh, t, hs)
__global__ void k_permute_backward(float *dinp, const float *dq, const float *dk, const float *dv,
				   int b, int t, int nh, int hs)
{
	size_t e = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
	if (e >= (size_t)b * t * nh * hs)
		return;
	int d = (int)(e % hs), i = (int)(e / hs % t), h = (int)(e / hs / t % nh);
	int bb = (int)(e / hs / t / nh);
	int c = nh * hs;
	size_t to = ((size_t)bb * t + i) * 3 * c + h * hs + d;
	dinp[to] = dq[e];
	dinp[to + c] = dk[e];
	dinp[to + 2 * c] = dv[e];
}

// dwte[token] += dout, dwpe[position] += dout: a thread per channel, tokens in order
__global__ void k_encoder_backward(float *dwte, float *dwpe, const float *dout, const int *inp,
				   int b, int t, int c)
{
	int k = blockIdx.x * blockDim.x + threadIdx.x;
	if (k >= c)
		return;
	for (int i = 0; i < b * t; i++) {
		dwte[(size_t)inp[i] * c + k] += dout[(size_t)i * c + k];
		dwpe[(size_t)(i % t) * c + k] += dout[(size_t)i * c + k];
	}
}

__global__ void k_global_sum(float *out, const float *in, int n)
{
	if (blockIdx.x != 0 || threadIdx.x != 0)
		return;
	float acc = 0;
	for (int i = 0; i < n; i++)
		acc += in[i];
	out[0] = acc;
}

static void launch_matmul_backward(dagcc_stream_t s, float *dinp, float *dweight, const float *dout,
				   const float *inp, const float *weight, int bt, int c, int oc)
{
	k_matmul_dinp<<<blocks((size_t)bt * c), 256, 0, s>>>(dinp, dout, weight, bt, c, oc);
	k_matmul_dweight<<<blocks((size_t)oc * c), 256, 0, s>>>(dweight, dout, inp, bt, c, oc);
}

extern "C" {
void zero_fill(dagcc_stream_t s, float *p, size_t n)
{
	cudaMemsetAsync(p, 0, n * sizeof *p, s);
}

void fused_classifier(dagcc_stream_t s, float *logits, float *losses, float dloss,
		      const int *targets, int b, int t, int v, int vp)
{
	k_fused_classifier<<<blocks((size_t)b * t), 256, 0, s>>>(logits, losses, dloss, targets,
								 b * t, v, vp);
}

void matmul_backward(dagcc_stream_t s, float *dinp, float *dweight, float *dbias, const float *dout,
		     const float *inp, const float *weight, float *dbias_buffer, int b, int t,
		     int c, int oc)
{
	k_bias_backward<<<blocks(oc), 256, 0, s>>>(dbias, dbias_buffer, dout, b * t, oc);
	launch_matmul_backward(s, dinp, dweight, dout, inp, weight, b * t, c, oc);
}

void matmul_backward_gelu(dagcc_stream_t s, float *dinp, float *dweight, float *dbias,
			  const float *dout, const float *inp, const float *weight,
			  float *dbias_buffer, const float *pre_gelu, int b, int t, int c, int oc)
{
	k_bias_backward<<<blocks(oc), 256, 0, s>>>(dbias, dbias_buffer, dout, b * t, oc);
	launch_matmul_backward(s, dinp, dweight, dout, inp, weight, b * t, c, oc);
	size_t n = (size_t)b * t * c;
	k_gelu_backward_inplace<<<blocks(n), 256, 0, s>>>(dinp, pre_gelu, n);
}

void matmul_backward_nobias(dagcc_stream_t s, float *dinp, float *dweight, const float *dout,
			    const float *inp, const float *weight, int b, int t, int c, int oc)
{
	launch_matmul_backward(s, dinp, dweight, dout, inp, weight, b * t, c, oc);
}

void layernorm_backward(dagcc_stream_t s, float *dinp, float *dweight, float *dbias, float *scratch,
			const float *dout, const float *inp, const float *weight, const float *mean,
			const float *rstd, int b, int t, int c)
{
	k_layernorm_dparams<<<blocks(c), 256, 0, s>>>(dweight, dbias, scratch, dout, inp, mean,
						      rstd, b * t, c);
	k_layernorm_dinp<<<blocks((size_t)b * t), 256, 0, s>>>(dinp, dout, inp, weight, mean, rstd,
							       b * t, c);
}

void attention_backward(dagcc_stream_t s, float *dinp, float *dqkvr, float *datt, float *scratch,
			const float *dout, const float *qkvr, const float *att, int b, int t, int c,
			int nh)
{
	int hs = c / nh, bh = b * nh;
	size_t btc = (size_t)b * t * c;
	const float *q = qkvr, *k = qkvr + btc, *v = qkvr + 2 * btc;
	float *dq = dqkvr, *dk = dqkvr + btc, *dv = dqkvr + 2 * btc;
	k_unpermute_backward<<<blocks(btc), 256, 0, s>>>(scratch, dout, b, t, nh, hs);
	k_datt<<<blocks((size_t)bh * t * t), 256, 0, s>>>(datt, scratch, v, bh, t, hs);
	k_atx<<<blocks(btc), 256, 0, s>>>(dv, att, scratch, bh, t, hs);
	k_softmax_backward<<<blocks((size_t)bh * t), 256, 0, s>>>(datt, att, bh, t,
								  1.0f / sqrtf((float)hs));
	k_dq<<<blocks(btc), 256, 0, s>>>(dq, datt, k, bh, t, hs);
	k_atx<<<blocks(btc), 256, 0, s>>>(dk, datt, q, bh, t, hs);
	k_permute_backward<<<blocks(btc), 256, 0, s>>>(dinp, dq, dk, dv, b, t, nh, hs);
}

void encoder_backward(dagcc_stream_t s, float *dwte, float *dwpe, const float *dout, const int *inp,
		      int b, int t, int c, int vp)
{
	(void)vp;
	k_encoder_backward<<<blocks(c), 256, 0, s>>>(dwte, dwpe, dout, inp, b, t, c);
}

void global_sum(dagcc_stream_t s, float *out, const float *in, int n)
{
	k_global_sum<<<1, 1, 0, s>>>(out, in, n);
}
}
