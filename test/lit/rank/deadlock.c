// Every rank's sends and receives are matched with their peers' and all ranks are simulated
// together, as written: here each rank sends to the other before it receives, and a send
// waits for its receive (a rendezvous: all NCCL promises), so the program as written could
// deadlock. dagcc refuses it, naming both sides, and writes nothing.
// RUN: rm -f %t.c
// RUN: not %dagcc -I %include --group-size g=2 %s -o %t.c 2>&1 | FileCheck %s
// RUN: test ! -e %t.c
#include "dagcc.h"

DAGCC_GRAPH void swap(dagcc_group *g, float *mine, float *theirs, dagcc_stream_t s)
{
	int peer = 1 - dagcc_group_rank(g);
	dagcc_send(g, mine, 16, DAGCC_F32, peer, s);
	dagcc_recv(g, theirs, 16, DAGCC_F32, peer, s);
}

// CHECK: deadlock.c:13:2: error: rank 0's send to rank 1 could deadlock (in the program as written): rank 1 does not reach the matching receive
// CHECK-NEXT: dagcc_send(g, mine, 16, DAGCC_F32, peer, s);
// CHECK-NEXT: ^
// CHECK-NEXT: deadlock.c:14:2: note: the matching receive on rank 1
// CHECK-NEXT: dagcc_recv(g, theirs, 16, DAGCC_F32, peer, s);
// CHECK-NEXT: ^
// CHECK-NEXT: deadlock.c:13:2: note: rank 1 is blocked here, waiting for its send, before it starts that receive
// CHECK-NOT: error
