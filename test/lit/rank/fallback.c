// dagcc's own schedules are checked like the program: where they could deadlock across the
// ranks (here --max-prefetch 0 holds rank 0's send back until after it waits for its
// all_reduce, while rank 1 waits for that send's receive before it starts the all_reduce),
// dagcc says so and every rank keeps the program's order, which the check passed as written.
// A schedule the user gives (--keep-order from IR) is refused instead (schedule-deadlock.ir).
// RUN: %dagcc -I %include --group-size g=2 --group-size h=2 --max-prefetch 0 --emit=ir %s -o %t.ir 2>&1 | FileCheck %s --check-prefix=WARN
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

// WARN: fallback.c:18:3: warning: rank 0's all_reduce on 'h' could deadlock (in the schedule): rank 1 does not reach it
// WARN: fallback.c:21:3: note: rank 1 is blocked here, waiting for its receive
// WARN: dagcc: warning: graph 'f': dagcc's schedules could deadlock across the ranks of 'g' (above); every rank keeps the program's order instead
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
