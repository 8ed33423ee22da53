// A collective under a run-time if whose bytes overflow is the same located error as a
// scheduled one's (its time was computed with a signed overflow).
// RUN: rm -f %t.c
// RUN: not %dagcc %s -o %t.c 2>&1 | FileCheck %s
// RUN: not test -e %t.c
#include "dagcc.h"

int flag(void);

DAGCC_GRAPH void step(dagcc_group *g, float *a, dagcc_stream_t s)
{
	if (flag())
		dagcc_all_reduce(g, a, 4611686018427387904, DAGCC_F32, DAGCC_SUM, s);
}
// CHECK: hidden-count-overflow.c:13:26: error: collective count overflows
// CHECK-NEXT: {{^}}		dagcc_all_reduce(g, a, 4611686018427387904, DAGCC_F32, DAGCC_SUM, s);
