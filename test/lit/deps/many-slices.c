// Slices of one buffer read to the end of the root (a compute argument without a declared
// extent), so no write covers them. Past 32 such live accesses on a root, the next write is
// ordered after all of them and stands for the whole root: later accesses depend on it alone.
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
// until the root holds too many reads to its end (one per rd: 33 after 33 iterations); this
// write waits for all of them, overlapping or not:
// CHECK: %65 = all_reduce {{.*}} inout "a"[1280:40] after %0(war), %1(raw+war+waw), %2(war), %3(raw+war+waw),
// CHECK-SAME: %63(raw+war+waw+group), %64(war) @
// and what follows depends on it alone:
// CHECK-NEXT: %66 = compute "rd" f32 us 1 in "a"[1320:?] after %65(raw) @
// CHECK-NEXT: %67 = all_reduce {{.*}} inout "a"[1320:40] after %65(raw+waw+group), %66(war) @
