// A constant local changed past its type's range is a located error, as C's own overflow
// would be (n += ... was computed in 64 bits).
// RUN: rm -f %t.c
// RUN: not %dagcc %s -o %t.c 2>&1 | FileCheck %s
// RUN: not test -e %t.c
#include "dagcc.h"

DAGCC_GRAPH void step(dagcc_group *g, float *a, dagcc_stream_t s)
{
	int n = 2000000000;
	n += 2000000000;
	dagcc_all_reduce(g, a, n, DAGCC_F32, DAGCC_SUM, s);
}
// CHECK: assign-overflow.c:11:2: error: the new value of 'n' overflows 'int'
// CHECK-NEXT: {{^}}	n += 2000000000;
