// Accesses to one root conflict only where their byte ranges overlap; a later write that covers
// an earlier access replaces it, so edges do not pile up.
// RUN: %dagcc --bucket-cap 0 --emit=ir %s | FileCheck %s
#include "dagcc.h"

DAGCC_GRAPH void parts(dagcc_group *g, float *a, dagcc_stream_t s)
{
	dagcc_all_reduce(g, a, 4, DAGCC_F32, DAGCC_SUM, s);
	dagcc_all_reduce(g, a + 4, 4, DAGCC_F32, DAGCC_SUM, s);
	dagcc_all_reduce(g, a + 2, 4, DAGCC_F32, DAGCC_SUM, s);
	dagcc_all_reduce(g, a, 8, DAGCC_F32, DAGCC_SUM, s);
	dagcc_all_reduce(g, a + 6, 1, DAGCC_F32, DAGCC_SUM, s);
}
// CHECK: %0 = all_reduce {{.*}} inout "a"[0:16] @
// CHECK-NEXT: %1 = all_reduce {{.*}} inout "a"[16:16] after %0(group) @
// CHECK-NEXT: %2 = all_reduce {{.*}} inout "a"[8:16] after %0(raw+war+waw), %1(raw+war+waw+group) @
// CHECK-NEXT: %3 = all_reduce {{.*}} inout "a"[0:32] after %0(raw+war+waw), %1(raw+war+waw), %2(raw+war+waw+group) @
// CHECK-NEXT: %4 = all_reduce {{.*}} inout "a"[24:4] after %3(raw+war+waw+group) @
