// A label in a loop dagcc unrolls would be defined by every copy: refused where it is. A goto
// out of the loop, to a label after it, and a return in it, stay as they are in each copy
// (barriers: what was started before them is waited for first).
// RUN: not %dagcc %s -o %t.c 2>&1 | FileCheck %s
// RUN: not test -e %t.c
// RUN: %dagcc -DOUTSIDE %s -o %t2.c 2>/dev/null && %cc -DOUTSIDE -fsyntax-only -Wall -Wextra -Werror -I %include %t2.c
// RUN: FileCheck %s --check-prefix=OUT < %t2.c
#include "dagcc.h"

DAGCC_COMPUTE(flops = n) void k(DAGCC_INOUT float *x, int n, dagcc_stream_t s);
int flag(void);

DAGCC_GRAPH void step(dagcc_group *g, float *a, dagcc_stream_t s)
{
	for (int i = 0; i < 3; i++) {
		dagcc_all_reduce(g, a + i * 8, 8, DAGCC_F32, DAGCC_SUM, s);
		if (flag())
			goto skip;
		if (flag())
			return;
		k(a + i * 8, 8, s);
#ifndef OUTSIDE
	skip:
		k(a, 4, s);
#endif
	}
#ifdef OUTSIDE
skip:
	k(a, 4, s);
#endif
}
// CHECK: label-unrolled.c:23:2: error: label 'skip' in a loop dagcc unrolls: each copy would define it; move the label out of the loop, or the loop out of the graph
// CHECK-NEXT: {{^}}	skip:
// CHECK-NEXT: {{^}}	^
// OUT: dagcc_future_wait(&ar_a_0_8, s);
// OUT: if (flag())
// OUT: goto skip;
// OUT: if (flag())
// OUT: return;
// OUT: dagcc_future_wait(&ar_a_{{[0-9_]+}}, s);
// OUT: if (flag())
// OUT: goto skip;
// OUT: skip:
