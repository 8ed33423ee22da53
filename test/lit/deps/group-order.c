// Collectives of one group keep their program order; different groups are independent.
// RUN: %dagcc --bucket-cap 0 --emit=ir %s | FileCheck %s
// Bucketing merges the two tp all-reduces, their waits exposed at the end of the step, across
// the dp one between them (their group order only); the send still follows both.
// RUN: %dagcc --emit=ir %s | FileCheck %s --check-prefix=BUCKET
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
// BUCKET: %0 = all_reduce group "dp" {{.*}} @12:2
// BUCKET-NEXT: %1 = all_reduce group "tp" f32 op sum count 2 bucket coalesced (1 @11:2, 1 @13:2)
// BUCKET-NEXT: %2 = send group "dp" {{.*}} after %0(group), %1(raw) @
