/* ddp-order-a.c - the DDP backward pass of examples/ddp_backward.c as it writes it: each layer's
 * weight gradient and its all-reduce, the bias gradient and its all-reduce, then the gradient
 * flowing down. ddp-order-b.c is the same DAG written otherwise. */
#include "ddp-orders.h"

DAGCC_GRAPH void backward(struct net *nt, dagcc_stream_t s)
{
	for (int l = L - 1; l >= 0; l--) {
		matmul_dw(s, nt->x[l], nt->dy[l + 1], nt->gw[l], T, H, H);
		dagcc_all_reduce(nt->world, nt->gw[l], H * H, DAGCC_F32, DAGCC_AVG, s);
		bias_grad(s, nt->dy[l + 1], nt->gb[l], T, H);
		dagcc_all_reduce(nt->world, nt->gb[l], H, DAGCC_F32, DAGCC_AVG, s);
		matmul_dx(s, nt->dy[l + 1], nt->w[l], nt->dy[l], T, H, H);
	}
}
