// Sends and receives on one group never overlap a collective on another group that shares
// ranks with it (here pp, 2 ranks, and g, the target's 8: their sizes multiply past the world):
// the scheduler waits for the all-reduce on g before a rank's first send or receive on pp, as it
// does between two such groups' collectives. It used to start the all-reduce first and the
// sends and receives while it ran, which checked mode reports as an NCCL deadlock risk.
// REQUIRES: mpi
// RUN: %dagcc -I %include -I %S --group-size pp=2 %s -o %t.c
// RUN: FileCheck %s < %t.c
// RUN: %cc %sanflags -std=c11 -Wall -Wextra -Werror -I%include -I%S %t.c -L%libdir -Wl,-rpath,%libdir -ldagcc_rt_mpi -o %t
// RUN: env DAGCC_CHECK=1 %mpirun 2 %t 2>&1 | FileCheck %s --check-prefix=OUT
#include "Inputs/three.h"

DAGCC_GRAPH void step(dagcc_group *g, dagcc_group *pp, float *a, float *b, float *c,
		      dagcc_stream_t s)
{
	int me = dagcc_group_rank(pp);
	if (me == 0) {
		dagcc_send(pp, a, 8, DAGCC_F32, 1, s);
		dagcc_recv(pp, b, 8, DAGCC_F32, 1, s);
	} else {
		dagcc_recv(pp, b, 8, DAGCC_F32, 0, s);
		dagcc_send(pp, a, 8, DAGCC_F32, 0, s);
	}
	dagcc_all_reduce(g, c, 8, DAGCC_F32, DAGCC_SUM, s);
	work(s, b, 8);
}

// The default keeps safe mode's schedule here (it simulates faster): each rank's send and
// receive in program order, both waited before the all-reduce on g starts.
// CHECK-LABEL: case 0: {
// CHECK: DAGCC_START([[S:send_a[0-9_]*]]) dagcc_send_start(pp, a,
// CHECK: DAGCC_START([[R:recv_b[0-9_]*]]) dagcc_recv_start(pp, b,
// CHECK-NOT: _start(
// CHECK: dagcc_future_wait(&[[S]], s);
// CHECK-NOT: _start(
// CHECK: dagcc_future_wait(&[[R]], s);
// CHECK: dagcc_all_reduce_start(g, c,
// CHECK-LABEL: case 1: {
// CHECK: DAGCC_START([[R1:recv_b[0-9_]*]]) dagcc_recv_start(pp, b,
// CHECK: DAGCC_START([[S1:send_a[0-9_]*]]) dagcc_send_start(pp, a,
// CHECK-NOT: _start(
// CHECK: dagcc_future_wait(&[[R1]], s);
// CHECK-NOT: _start(
// CHECK: dagcc_future_wait(&[[S1]], s);
// CHECK: dagcc_all_reduce_start(g, c,
// OUT-NOT: dagcc: conflict
// OUT-DAG: 0: b 2 c 1
// OUT-DAG: 1: b 1 c 1
// OUT-NOT: dagcc: conflict

int main(int argc, char **argv)
{
	dagcc_init(&argc, &argv);
	dagcc_group *world = dagcc_world();
	int rank = dagcc_group_rank(world);
	dagcc_group *pp = dagcc_group_split(world, 0, rank);
	Three t = three(rank);
	step(world, pp, t.a, t.b, t.c, dagcc_stream_default());
	showthree(t, rank, "bc");
	dagcc_finalize();
	return 0;
}
