// Receives are prefetched: in rank 1's schedule both receives start before the work that
// precedes them in the program, and each is waited right before the work that reads it. Sends
// and receives keep their program order within the group (the peer's order), so the
// schedule matches rank 0's and the simulation of both ranks together finds no deadlock.
// RUN: %dagcc -I %include --group-size g=2 --emit=ir %s | FileCheck %s
#include "dagcc.h"

DAGCC_COMPUTE(us = 50)
void work(dagcc_stream_t s, DAGCC_IN const float *x, DAGCC_OUT float *y);

DAGCC_GRAPH void feed(dagcc_group *g, float *a, float *b, float *c, float *d, dagcc_stream_t s)
{
	if (dagcc_group_rank(g) == 0) {
		dagcc_send(g, a, 1024, DAGCC_F32, 1, s);
		dagcc_send(g, b, 1024, DAGCC_F32, 1, s);
	} else {
		work(s, c, d);
		dagcc_recv(g, a, 1024, DAGCC_F32, 0, s);
		work(s, a, c);
		dagcc_recv(g, b, 1024, DAGCC_F32, 0, s);
		work(s, b, d);
	}
}

// CHECK-LABEL: graph @feed "{{.*}}" rank 1 of 2 in "g" {
// CHECK-NEXT: %0 = compute "work" {{.*}}in "c"
// CHECK-NEXT: %1 = recv group "g" f32 count 1024 peer 0 out "a"
// CHECK-NEXT: %2 = compute "work" {{.*}}in "a"
// CHECK-NEXT: %3 = recv group "g" f32 count 1024 peer 0 out "b"
// CHECK-NEXT: %4 = compute "work" {{.*}}in "b"
// CHECK-NEXT: schedule {
// CHECK-NEXT: start %1
// CHECK-NEXT: start %3
// CHECK-NEXT: %0
// CHECK-NEXT: wait %1
// CHECK-NEXT: %2
// CHECK-NEXT: wait %3
// CHECK-NEXT: %4
// CHECK-NEXT: }
