// dtype and op arguments are checked: a value outside the enums is an error at the argument.
// RUN: not %dagcc --emit=ir %s 2>&1 | FileCheck %s
#include "dagcc.h"

DAGCC_GRAPH void step(dagcc_group *g, float *a, dagcc_stream_t s)
{
	dagcc_all_reduce(g, a, 1, (dagcc_dtype)42, DAGCC_SUM, s);
	dagcc_all_reduce(g, a, 1, DAGCC_F32, (dagcc_op)9, s);
	dagcc_all_reduce(g, a, -1, DAGCC_F32, DAGCC_SUM, s);
}
// CHECK: bad-dtype.c:7:28: error: unknown dtype 42
// CHECK: bad-dtype.c:8:39: error: unknown reduction op 9
// CHECK: bad-dtype.c:9:25: error: collective count is negative
