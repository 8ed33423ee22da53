// Rank-specialized pipeline steps are scheduled jointly, not from the order they are written
// in: each stage is scheduled alone, then again with when the other stages let its receives
// (and sends, and collectives) begin and with how long the receiving stage still runs after
// each send, both from the last simulation of all stages together, for a few rounds; the
// fastest together is kept (p2p.c rounds). Two writings of one 3-stage pipeline step (here in
// the 1F1B order of the middle stage for every stage; Inputs/joint-random.c in a random
// topological order of its statements, the sends and receives in their order) get the same
// step time on every rank. Before, each stage's compute in the schedule made alone gave 790.803
// us for both (the program as written 1221.607 and 1219.806). The overlapped program of the
// random writing prints what the original prints, on 3 ranks.
// REQUIRES: mpi
// RUN: rm -rf %t && mkdir -p %t
// RUN: %dagcc -I %include -I %S/Inputs --group-size 'm->g=3' --report=json %s -o %t/w0.c > %t/step.json
// RUN: %dagcc -I %include -I %S/Inputs --group-size 'm->g=3' --report=json %S/Inputs/joint-random.c -o %t/rnd.c >> %t/step.json
// RUN: %python -c "import json, sys; [print('rank', g['rank'], 'before', g['pipeline_before']['step_us'], 'after', g['pipeline_after']['step_us']) for l in sys.stdin for g in json.loads(l)['graphs']]" < %t/step.json | FileCheck %s --check-prefix=STEP
// RUN: %cc %sanflags -std=c11 -Wall -Wextra -Werror -I%include -I%S/Inputs %S/Inputs/joint-random.c -L%libdir -Wl,-rpath,%libdir -ldagcc_rt_mpi -o %t/orig
// RUN: %cc %sanflags -std=c11 -Wall -Wextra -Werror -I%include -I%S/Inputs %t/rnd.c -L%libdir -Wl,-rpath,%libdir -ldagcc_rt_mpi -o %t/rnd
// RUN: %mpirun 3 %t/orig | sort > %t/ref && %mpirun 3 %t/rnd | sort | cmp - %t/ref
// RUN: FileCheck %s --check-prefix=OUT < %t/ref
#include "pipe.h"

DAGCC_GRAPH void step(struct pipe *m, dagcc_stream_t s)
{
	int r = dagcc_group_rank(m->g);
	if (r > 0) dagcc_recv(m->g, m->in0, N, DAGCC_F32, r - 1, s);
	fwd(s, m->in0, m->w, m->act0, N);
	if (r < P - 1) dagcc_send(m->g, m->act0, N, DAGCC_F32, r + 1, s);
	if (r == P - 1) loss(s, m->act0, m->d0, N);
	if (r > 0) dagcc_recv(m->g, m->in1, N, DAGCC_F32, r - 1, s);
	fwd(s, m->in1, m->w, m->act1, N);
	if (r < P - 1) dagcc_send(m->g, m->act1, N, DAGCC_F32, r + 1, s);
	if (r == P - 1) loss(s, m->act1, m->d1, N);
	if (r < P - 1) dagcc_recv(m->g, m->d0, N, DAGCC_F32, r + 1, s);
	bwd(s, m->d0, m->w, m->din0, N);
	wgrad(s, m->in0, m->d0, m->gw0, N);
	if (r > 0) dagcc_send(m->g, m->din0, N, DAGCC_F32, r - 1, s);
	if (r > 0) dagcc_recv(m->g, m->in2, N, DAGCC_F32, r - 1, s);
	fwd(s, m->in2, m->w, m->act2, N);
	if (r < P - 1) dagcc_send(m->g, m->act2, N, DAGCC_F32, r + 1, s);
	if (r == P - 1) loss(s, m->act2, m->d2, N);
	if (r < P - 1) dagcc_recv(m->g, m->d1, N, DAGCC_F32, r + 1, s);
	bwd(s, m->d1, m->w, m->din1, N);
	wgrad(s, m->in1, m->d1, m->gw1, N);
	if (r > 0) dagcc_send(m->g, m->din1, N, DAGCC_F32, r - 1, s);
	if (r < P - 1) dagcc_recv(m->g, m->d2, N, DAGCC_F32, r + 1, s);
	bwd(s, m->d2, m->w, m->din2, N);
	wgrad(s, m->in2, m->d2, m->gw2, N);
	if (r > 0) dagcc_send(m->g, m->din2, N, DAGCC_F32, r - 1, s);
	add(s, m->gw0, m->gw1, N);
	add(s, m->gw0, m->gw2, N);
}

int main(int argc, char **argv)
{
	return runpipe(&argc, &argv, step);
}

// The 1F1B writing, then the random one: rank by rank the same step.
// STEP: rank 0 before 1221.607 after [[S0:629.003]]
// STEP-NEXT: rank 1 before {{[0-9.]+}} after [[S1:[0-9.]+]]
// STEP-NEXT: rank 2 before {{[0-9.]+}} after [[S2:[0-9.]+]]
// STEP-NEXT: rank 0 before 1219.806 after [[S0]]
// STEP-NEXT: rank 1 before {{[0-9.]+}} after [[S1]]
// STEP-NEXT: rank 2 before {{[0-9.]+}} after [[S2]]

// OUT: rank 0:
// OUT-NEXT: rank 1:
// OUT-NEXT: rank 2:
