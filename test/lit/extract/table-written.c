// A local array a node writes (passed to a kernel's output) no longer holds its initializer:
// its elements are not constants, a value argument reading one reads the array after the
// kernel, and a count made of one is refused where it is.
// RUN: %dagcc --bucket-cap 0 --emit=ir %s 2>&1 | FileCheck %s
// RUN: not %dagcc -DCOUNT %s -o %t.c 2>&1 | FileCheck %s --check-prefix=ERR
// RUN: not test -e %t.c
#include "dagcc.h"

DAGCC_COMPUTE(us = 1)
void kcount(dagcc_stream_t s, DAGCC_OUT int *c, DAGCC_IN const float *x, int n);
DAGCC_COMPUTE(us = 1)
void kaddc(dagcc_stream_t s, DAGCC_INOUT float *y, float c, int n);

DAGCC_GRAPH void step(dagcc_group *g, dagcc_stream_t s, float *a, float *b)
{
	int cnt[2] = {1, 2};
	kcount(s, cnt, a, 8);
	dagcc_all_reduce(g, a, 8, DAGCC_F32, DAGCC_SUM, s);
	kaddc(s, b, (float)cnt[1], 8);
#ifdef COUNT
	dagcc_all_reduce(g, b, cnt[0], DAGCC_F32, DAGCC_SUM, s);
#endif
}
// CHECK: %0 = compute "kcount" {{.*}} out "cnt"[0:?]
// CHECK: %2 = compute "kaddc" {{.*}} in "cnt"[4:?] inout "b"[0:?] after %0(raw)
// ERR: table-written.c:21:25: error: collective count is not a constant expression
