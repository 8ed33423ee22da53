// Statements that are not calls of compute functions or collectives are barriers, each warned
// about once: assignments, while loops, calls of other functions.
// RUN: %dagcc --emit=ir %s 2>&1 >/dev/null | FileCheck %s
#include "dagcc.h"

void log_step(int i);

DAGCC_GRAPH void step(float *a, int n, dagcc_stream_t s)
{
	a[0] = 1;
	while (n--)
		log_step(n);
	log_step(0);
}
// CHECK: barrier-statement.c:10:2: warning: statement is an ordering barrier: nothing moves across it
// CHECK: barrier-statement.c:11:2: warning: statement is an ordering barrier: nothing moves across it
// CHECK: barrier-statement.c:13:2: warning: call to 'log_step', which is neither a compute function nor a collective, is an ordering barrier
