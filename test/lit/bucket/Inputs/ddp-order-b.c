/* ddp-order-b.c - the DAG of ddp-order-a.c written another way: the gradients flowing down
 * first, all of them, then each layer's bias gradient and its all-reduce before its weight
 * gradient and its all-reduce. No statement moves above one it depends on. */
#include "ddp-orders.h"

DAGCC_GRAPH void backward(struct net *nt, dagcc_stream_t s)
{
	for (int l = L - 1; l >= 0; l--)
		matmul_dx(s, nt->dy[l + 1], nt->w[l], nt->dy[l], T, H, H);
	for (int l = 0; l < L; l++) {
		bias_grad(s, nt->dy[l + 1], nt->gb[l], T, H);
		dagcc_all_reduce(nt->world, nt->gb[l], H, DAGCC_F32, DAGCC_AVG, s);
		matmul_dw(s, nt->x[l], nt->dy[l + 1], nt->gw[l], T, H, H);
		dagcc_all_reduce(nt->world, nt->gw[l], H * H, DAGCC_F32, DAGCC_AVG, s);
	}
}
