// Collectives of one group keep their program order; different groups are independent.
// RUN: %dagcc --emit=ir %s | FileCheck %s
#include "dagcc.h"

DAGCC_GRAPH void groups(dagcc_group *tp, dagcc_group *dp, float *a, float *b, float *c,
			dagcc_stream_t s)
{
	dagcc_all_reduce(tp, a, 1, DAGCC_F32, DAGCC_SUM, s);
	dagcc_all_reduce(dp, b, 1, DAGCC_F32, DAGCC_SUM, s);
	dagcc_all_reduce(tp, c, 1, DAGCC_F32, DAGCC_SUM, s);
	dagcc_send(dp, a, 1, DAGCC_F32, 1, s);
}
// CHECK: %0 = all_reduce group "tp" {{.*}} @
// CHECK-NEXT: %1 = all_reduce group "dp" {{.*}} @
// CHECK-NEXT: %2 = all_reduce group "tp" {{.*}} after %0(group) @
// CHECK-NEXT: %3 = send group "dp" {{.*}} after %0(raw), %1(group) @
