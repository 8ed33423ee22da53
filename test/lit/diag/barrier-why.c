// A barrier's warning says why the statement is one: it reads memory a node may write, it does
// what dagcc does not follow (a call through a function pointer), it changes a variable, its
// condition is known only at run time, it is a run-time loop or a label.
// RUN: %dagcc %s -o %t.c 2>&1 | FileCheck %s
#include "dagcc.h"

DAGCC_COMPUTE(flops = n) void k(DAGCC_INOUT float *x, int n, dagcc_stream_t s);
int flag(void);

DAGCC_GRAPH void step(dagcc_group *g, float *a, void (*hook)(float *), dagcc_stream_t s)
{
	dagcc_all_reduce(g, a, 8, DAGCC_F32, DAGCC_SUM, s);
	float v = a[2];
	hook(a);
	v = v * 2;
	a[3] = v;
	if (flag())
		k(a, 4, s);
	while (flag())
		k(a, 4, s);
done:
	k(a, 8, s);
}
// CHECK: barrier-why.c:13:2: warning: statement is an ordering barrier: nothing moves across it (it reads memory a node may write)
// CHECK: barrier-why.c:14:2: warning: statement is an ordering barrier: nothing moves across it (it does what dagcc does not follow, such as a call through a function pointer)
// CHECK: barrier-why.c:15:2: warning: statement is an ordering barrier: nothing moves across it (it changes a variable)
// CHECK: barrier-why.c:16:2: warning: statement is an ordering barrier: nothing moves across it (it writes memory a node may use)
// CHECK: barrier-why.c:17:2: warning: statement is an ordering barrier: nothing moves across it (its condition is known only at run time)
// CHECK: barrier-why.c:19:2: warning: statement is an ordering barrier: nothing moves across it (a run-time loop, a switch or a jump, which dagcc does not unroll)
// CHECK: barrier-why.c:21:1: warning: statement is an ordering barrier: nothing moves across it (a label: a jump may reach it)
