// A graph that depends on the rank is compiled once per rank, for at most 64 ranks: past
// that it is an error at the rank where the graph cannot be compiled without (a count),
// and else a warning, the graph compiled once with the rank a run-time value, as before (a
// loop bounded by the rank is now such a graph: the loop runs as written).
// RUN: not %dagcc -I %include --group-size g=65 %s -o %t.c 2>&1 | FileCheck %s
// RUN: %dagcc -I %include --group-size g=64 --emit=ir %s -o - | FileCheck %s --check-prefix=OK
// RUN: %dagcc -I %include --group-size g=65 -DOFFSET --emit=ir %s -o %t.ir 2>&1 | FileCheck %s --check-prefix=WARN
// RUN: FileCheck %s --check-prefix=ONCE < %t.ir
// RUN: %dagcc -I %include --group-size g=64 -DOFFSET --emit=ir %s -o - | FileCheck %s --check-prefix=OK
#include "dagcc.h"

DAGCC_COMPUTE(us = 1)
void work(dagcc_stream_t s, DAGCC_INOUT float *x);

#ifndef OFFSET
DAGCC_GRAPH void chain(dagcc_group *g, float *x, dagcc_stream_t s)
{
	dagcc_all_reduce(g, x, dagcc_group_rank(g) < 64 ? 1 : 2, DAGCC_F32, DAGCC_SUM, s);
	work(s, x);
}
#else
DAGCC_GRAPH void chain(dagcc_group *g, float *x, dagcc_stream_t s)
{
	int r = dagcc_group_rank(g);
	work(s, x + r);
}
#endif

// CHECK: limit.c:18:25: error: graph 'chain' depends on the rank in 'g', which has 65 ranks: dagcc compiles such a graph once per rank, for at most 64 ranks
// CHECK-NEXT: dagcc_all_reduce(g, x, dagcc_group_rank(g) < 64 ? 1 : 2, DAGCC_F32, DAGCC_SUM, s);
// CHECK-NEXT: ^
// OK: graph @chain "{{.*}}" rank 63 of 64 in "g" {
// WARN: limit.c:24:10: warning: graph 'chain' depends on the rank in 'g', which has 65 ranks: dagcc compiles such a graph once per rank, for at most 64 ranks; compiled once, with the rank a run-time value
// ONCE: graph @chain "{{.*}}" {
// ONCE-NOT: graph
