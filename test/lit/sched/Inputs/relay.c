/* relay.c - a ring of point-to-point transfers: each rank sends its activation to the next,
 * receives the previous one's, forwards what it received, and receives what the previous rank
 * forwarded. The forwarding send reads what a receive wrote on another stream, and a kernel
 * overwrites the buffer a send reads: both must wait, however the transfers overlap. */
#include <stdio.h>

#include "dagcc.h"

#define N 256

struct state {
	dagcc_group *g;
	int next, prev;
	float *w, *act, *in, *fwd;
};

DAGCC_COMPUTE(us = 40)
void produce(dagcc_stream_t s, DAGCC_OUT_N(n) float *y, DAGCC_IN_N(n) const float *x, int n);
DAGCC_COMPUTE(us = 10)
void combine(dagcc_stream_t s, DAGCC_INOUT_N(n) float *w, DAGCC_IN_N(n) const float *a,
	     DAGCC_IN_N(n) const float *b, int n);

DAGCC_GRAPH void step(struct state *st, dagcc_stream_t s)
{
	produce(s, st->act, st->w, N);
	dagcc_send(st->g, st->act, N, DAGCC_F32, st->next, s);
	dagcc_recv(st->g, st->in, N, DAGCC_F32, st->prev, s);
	dagcc_send(st->g, st->in, N, DAGCC_F32, st->next, s);
	dagcc_recv(st->g, st->fwd, N, DAGCC_F32, st->prev, s);
	produce(s, st->act, st->in, N);
	combine(s, st->w, st->act, st->fwd, N);
}

void produce(dagcc_stream_t s, float *y, const float *x, int n)
{
	(void)s;
	for (int i = 0; i < n; i++)
		y[i] = x[i] * 0.75f + x[(i + 3) % n] / 5;
}

void combine(dagcc_stream_t s, float *w, const float *a, const float *b, int n)
{
	(void)s;
	for (int i = 0; i < n; i++)
		w[i] = w[i] / 2 + a[i] - b[i] / 3;
}

int main(int argc, char **argv)
{
	dagcc_init(&argc, &argv);
	struct state st = {.g = dagcc_world()};
	int rank = dagcc_group_rank(st.g), size = dagcc_group_size(st.g);
	st.next = (rank + 1) % size;
	st.prev = (rank + size - 1) % size;
	float **bufs[] = {&st.w, &st.act, &st.in, &st.fwd};
	for (int b = 0; b < 4; b++) {
		*bufs[b] = dagcc_malloc(N * sizeof(float));
		for (int i = 0; i < N; i++)
			(*bufs[b])[i] = (float)((i * 13 + b * 7 + rank * 5) % 23) / 8;
	}
	dagcc_stream_t s = dagcc_stream_default();
	for (int it = 0; it < 4; it++)
		step(&st, s);
	dagcc_stream_sync(s);
	unsigned long h = 14695981039346656037ul; /* FNV-1a over the weights' bits */
	for (int i = 0; i < N; i++) {
		unsigned char *b = (unsigned char *)&st.w[i];
		for (size_t k = 0; k < sizeof(float); k++)
			h = (h ^ b[k]) * 1099511628211ul;
	}
	printf("rank %d weights %016lx w[0] %a\n", rank, h, (double)st.w[0]);
	dagcc_finalize();
	return 0;
}
