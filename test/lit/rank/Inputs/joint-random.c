#include "pipe.h"

/* joint.c's step written in a random topological order of its statements */
DAGCC_GRAPH void step(struct pipe *m, dagcc_stream_t s)
{
	int r = dagcc_group_rank(m->g);
	if (r > 0) dagcc_recv(m->g, m->in0, N, DAGCC_F32, r - 1, s);
	fwd(s, m->in0, m->w, m->act0, N);
	if (r == P - 1) loss(s, m->act0, m->d0, N);
	if (r < P - 1) dagcc_send(m->g, m->act0, N, DAGCC_F32, r + 1, s);
	if (r > 0) dagcc_recv(m->g, m->in1, N, DAGCC_F32, r - 1, s);
	fwd(s, m->in1, m->w, m->act1, N);
	if (r == P - 1) loss(s, m->act1, m->d1, N);
	if (r < P - 1) dagcc_send(m->g, m->act1, N, DAGCC_F32, r + 1, s);
	if (r < P - 1) dagcc_recv(m->g, m->d0, N, DAGCC_F32, r + 1, s);
	wgrad(s, m->in0, m->d0, m->gw0, N);
	bwd(s, m->d0, m->w, m->din0, N);
	if (r > 0) dagcc_send(m->g, m->din0, N, DAGCC_F32, r - 1, s);
	if (r > 0) dagcc_recv(m->g, m->in2, N, DAGCC_F32, r - 1, s);
	fwd(s, m->in2, m->w, m->act2, N);
	if (r == P - 1) loss(s, m->act2, m->d2, N);
	if (r < P - 1) dagcc_send(m->g, m->act2, N, DAGCC_F32, r + 1, s);
	if (r < P - 1) dagcc_recv(m->g, m->d1, N, DAGCC_F32, r + 1, s);
	wgrad(s, m->in1, m->d1, m->gw1, N);
	add(s, m->gw0, m->gw1, N);
	bwd(s, m->d1, m->w, m->din1, N);
	if (r > 0) dagcc_send(m->g, m->din1, N, DAGCC_F32, r - 1, s);
	if (r < P - 1) dagcc_recv(m->g, m->d2, N, DAGCC_F32, r + 1, s);
	bwd(s, m->d2, m->w, m->din2, N);
	if (r > 0) dagcc_send(m->g, m->din2, N, DAGCC_F32, r - 1, s);
	wgrad(s, m->in2, m->d2, m->gw2, N);
	add(s, m->gw0, m->gw2, N);
}

int main(int argc, char **argv)
{
	return runpipe(&argc, &argv, step);
}
