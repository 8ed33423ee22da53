// Every node after a barrier is ordered after it by an edge other than group order: bucketing
// looks past group order, and once merged an all-reduce before a memcpy with one after it,
// moving the latter's start above the memcpy.
// RUN: %dagcc --bucket-cap 0 --emit=ir %s 2>/dev/null | FileCheck %s
// RUN: %dagcc --emit=ir %s 2>/dev/null | FileCheck %s --check-prefix=BUCKET
#include <string.h>

#include "dagcc.h"

DAGCC_GRAPH void step(dagcc_group *g, dagcc_stream_t s, float *a, float *b)
{
	dagcc_all_reduce(g, a + 16, 24, DAGCC_F32, DAGCC_AVG, s);
	memcpy(a + 4, a + 20, 4 * sizeof(float));
	dagcc_all_reduce(g, b, 16, DAGCC_F32, DAGCC_SUM, s);
	dagcc_all_reduce(g, b + 64, 16, DAGCC_F32, DAGCC_AVG, s);
}
// CHECK: %0 = all_reduce
// CHECK: %1 = barrier "memcpy(a + 4, a + 20, 4 * sizeof(float))" after %0(order)
// CHECK: %2 = all_reduce {{.*}} %1(order)
// CHECK: %3 = all_reduce {{.*}} after %1(order), %2(group)
// BUCKET-NOT: bucket {{coalesced|packed|contiguous}}
