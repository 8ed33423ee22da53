// dagcc's own schedules are checked like the program: where they could deadlock across the
// ranks (here --max-prefetch 0 holds rank 0's send back until after it waits for its
// all_reduce, while rank 1 waits for that send's receive before it starts the all_reduce),
// each rank is scheduled again with when the other ranks reach its ops in the program as
// written (p2p.c rounds): rank 1's rest after the receive counts against a late send, so
// rank 0 keeps the program's order (the send first) and nothing could deadlock. Only where
// every schedule tried could deadlock does dagcc warn and keep the program's order (the warning
// is matched by no test: with the rounds no small graph was found that reaches it).
// A schedule the user gives (--keep-order from IR) is refused instead (schedule-deadlock.ir).
// RUN: %dagcc -I %include --group-size g=2 --group-size h=2 --max-prefetch 0 --emit=ir %s -o %t.ir 2>&1 | FileCheck %s --check-prefix=WARN --allow-empty
// RUN: FileCheck %s < %t.ir
// RUN: %dagcc -I %include --group-size g=2 --group-size h=2 --emit=ir %s 2>&1 | FileCheck %s --check-prefix=FREE
#include "dagcc.h"

DAGCC_COMPUTE(us = 50)
void work(dagcc_stream_t s, DAGCC_IN const float *x, DAGCC_OUT float *y);

DAGCC_GRAPH void f(dagcc_group *g, dagcc_group *h, float *x, float *y, float *z, dagcc_stream_t s)
{
	if (dagcc_group_rank(g) == 0) {
		dagcc_send(g, x, 1024, DAGCC_F32, 1, s);
		dagcc_all_reduce(h, y, 1024, DAGCC_F32, DAGCC_SUM, s);
		work(s, y, z);
	} else {
		dagcc_recv(g, x, 1024, DAGCC_F32, 0, s);
		work(s, x, y);
		dagcc_all_reduce(h, y, 1024, DAGCC_F32, DAGCC_SUM, s);
		work(s, y, z);
	}
}

// WARN-NOT: warning
// WARN-NOT: error

// CHECK-LABEL: graph @f "{{.*}}" rank 0 of 2 in "g" {
// CHECK: schedule {
// CHECK-NEXT: start %0
// CHECK-NEXT: wait %0
// CHECK-NEXT: start %1
// CHECK-NEXT: wait %1
// CHECK-NEXT: %2

// Without the limit the send starts before the wait for the all_reduce (here right after the
// all_reduce's start, on its own stream): no deadlock, the schedule stays.
// FREE-NOT: warning
// FREE: rank 0 of 2
// FREE: schedule {
// FREE-NEXT: start %1
// FREE-NEXT: start %0
// FREE-NEXT: wait %1
