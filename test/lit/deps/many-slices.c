// Slices of one buffer read to the end of the root (a compute argument has no length), so no
// write covers them. Past 32 live accesses on a root, the next write is ordered after all of
// them and stands for the whole root: later accesses depend on it alone.
// RUN: %dagcc --bucket-cap 0 --emit=ir %s | FileCheck %s
#include "dagcc.h"

DAGCC_COMPUTE(us = 1)
void rd(dagcc_stream_t s, DAGCC_IN const float *a);

DAGCC_GRAPH void slices(dagcc_group *g, float *a, dagcc_stream_t s)
{
	for (int i = 0; i < 40; i++) {
		rd(s, a + 10 * i);
		dagcc_all_reduce(g, a + 10 * i, 10, DAGCC_F32, DAGCC_SUM, s);
	}
}
// Each all-reduce waits for every earlier read that runs into its slice:
// CHECK: %3 = all_reduce group "g" f32 op sum count 10 inout "a"[40:40] after %0(war), %1(group), %2(war) @
// CHECK: %21 = all_reduce group "g" f32 op sum count 10 inout "a"[400:40] after %0(war), %2(war), %4(war), %6(war), %8(war), %10(war), %12(war), %14(war), %16(war), %18(war), %19(group), %20(war) @
// until the root holds too many (each all-reduce reads and writes, each rd reads: 33 after
// eleven iterations); this write waits for all of them, overlapping or not:
// CHECK: %23 = all_reduce {{.*}} inout "a"[440:40] after %0(war), %1(raw+war+waw), %2(war), %3(raw+war+waw),
// CHECK-SAME: %21(raw+war+waw+group), %22(war) @
// and what follows depends on it alone:
// CHECK-NEXT: %24 = compute "rd" f32 us 1 in "a"[480:?] after %23(raw) @
// CHECK-NEXT: %25 = all_reduce {{.*}} inout "a"[480:40] after %23(raw+waw+group), %24(war) @
