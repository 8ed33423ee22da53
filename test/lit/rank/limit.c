// A graph that depends on the rank is compiled once per rank, for at most 64 ranks: past
// that, or where the number of ranks is not known, dagcc says so at the rank.
// RUN: not %dagcc -I %include --group-size g=65 %s -o %t.c 2>&1 | FileCheck %s
// RUN: %dagcc -I %include --group-size g=64 --emit=ir %s -o - | FileCheck %s --check-prefix=OK
#include "dagcc.h"

DAGCC_COMPUTE(us = 1)
void work(dagcc_stream_t s, DAGCC_INOUT float *x);

DAGCC_GRAPH void chain(dagcc_group *g, float *x, dagcc_stream_t s)
{
	for (int i = 0; i < dagcc_group_rank(g); i++)
		work(s, x);
}

// CHECK: limit.c:12:22: error: graph 'chain' depends on the rank in 'g', which has 65 ranks: dagcc compiles such a graph once per rank, for at most 64 ranks
// CHECK-NEXT: for (int i = 0; i < dagcc_group_rank(g); i++)
// CHECK-NEXT: ^
// OK: graph @chain "{{.*}}" rank 63 of 64 in "g" {
