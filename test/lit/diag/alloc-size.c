// The size of a dagcc_alloc_async must be constant: the scheduler budgets memory with it.
// RUN: not %dagcc --emit=ir %s 2>&1 | FileCheck %s
#include "dagcc.h"

DAGCC_GRAPH void step(int n, dagcc_stream_t s)
{
	float *t = dagcc_alloc_async(n * sizeof(float), s);
	dagcc_free_async(t, s);
}
// CHECK: alloc-size.c:7:31: error: allocation size is not a constant expression
