// A use of memory after dagcc_free_async freed it, in a graph: as a kernel's or a collective's
// buffer, a store or a read through it, a second free, a pointer carved out of it. Each is an
// error at the use with a note at the free (it was caught only by checked mode, at run time).
// Memory allocated again (md->tmp = dagcc_alloc_async), and each copy's own temporary in a
// loop, are not freed.
// RUN: rm -f %t.c
// RUN: not %dagcc %s -o %t.c 2>&1 | FileCheck %s
// RUN: not test -e %t.c
#include "dagcc.h"

DAGCC_COMPUTE(flops = n)
void k(dagcc_stream_t s, DAGCC_INOUT_N(n) float *y, int n);

struct model {
	float *tmp;
};

DAGCC_GRAPH void step(dagcc_group *g, struct model *md, float *a, dagcc_stream_t s)
{
	float *w = dagcc_alloc_async(64, s);
	float *hi = w + 8;
	k(s, w, 16);
	dagcc_free_async(w, s);
	k(s, w + 4, 4);
	dagcc_all_reduce(g, hi, 8, DAGCC_F32, DAGCC_SUM, s);
	w[0] = 1.0f;
	a[0] = *w;
	dagcc_free_async(w, s);
	dagcc_free_async(md->tmp, s);
	md->tmp = dagcc_alloc_async(64, s);
	k(s, md->tmp, 16);
	for (int i = 0; i < 2; i++) {
		float *t = dagcc_alloc_async(64, s);
		k(s, t, 16);
		dagcc_free_async(t, s);
	}
	dagcc_all_reduce(g, a, 16, DAGCC_F32, DAGCC_SUM, s);
}
// CHECK: use-after-free.c:24:7: error: use of 'w + 4' after dagcc_free_async freed the memory it points into
// CHECK-NEXT: {{^}}	k(s, w + 4, 4);
// CHECK-NEXT: {{^}}	     ^
// CHECK-NEXT: use-after-free.c:23:2: note: freed here
// CHECK-NEXT: {{^}}	dagcc_free_async(w, s);
// CHECK-NEXT: {{^}}	^
// CHECK-NEXT: use-after-free.c:25:22: error: use of 'hi' after dagcc_free_async freed the memory it points into
// CHECK-NEXT: {{^}}	dagcc_all_reduce(g, hi, 8, DAGCC_F32, DAGCC_SUM, s);
// CHECK-NEXT: {{^}}	                    ^
// CHECK-NEXT: use-after-free.c:23:2: note: freed here
// CHECK: use-after-free.c:26:2: error: use of 'w' after dagcc_free_async freed the memory it points into
// CHECK: use-after-free.c:23:2: note: freed here
// CHECK: use-after-free.c:27:10: error: use of 'w' after dagcc_free_async freed the memory it points into
// CHECK: use-after-free.c:23:2: note: freed here
// CHECK: use-after-free.c:28:19: error: use of 'w' after dagcc_free_async freed the memory it points into
// CHECK: use-after-free.c:23:2: note: freed here
// CHECK-NOT: error
