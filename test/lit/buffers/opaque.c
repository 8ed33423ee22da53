// What dagcc cannot resolve is never a distinct buffer: a call's result, a pointer read at a
// run-time index, a choice made at run time and a pointer a barrier may change are the root
// '?', ordered against every access, each with a warning naming the expression.
// RUN: %dagcc --bucket-cap 0 --emit=ir %s -o %t.ir 2>&1 | FileCheck %s --check-prefix=WARN
// RUN: FileCheck %s < %t.ir
// RUN: %dagcc --bucket-cap 0 %s -o %t.c 2>/dev/null
// RUN: %cc -std=c11 -Wall -Wextra -Werror -fsyntax-only -I%include %t.c
#include "dagcc.h"

DAGCC_COMPUTE(flops = n)
void scale(dagcc_stream_t s, DAGCC_INOUT_N(n) float *y, int n);
void pick(float **p);

struct model {
	float *g[4];
};

static float *grad(struct model *m, int i)
{
	return m->g[i];
}

DAGCC_GRAPH void step(struct model *m, int j, float *a, float *b, dagcc_group *g, dagcc_stream_t s)
{
	scale(s, grad(m, 1), 4);
	dagcc_all_reduce(g, m->g[1], 4, DAGCC_F32, DAGCC_SUM, s);
	scale(s, m->g[j], 4);
	scale(s, j ? a : b, 4);
	float *p = a;
	pick(&p);
	scale(s, p, 4);
	scale(s, b, 4);
}
// WARN: opaque.c:25:11: warning: cannot tell which buffer 'grad(m, 1)' points into (a call's result): it is ordered against every other access
// WARN: opaque.c:27:11: warning: cannot tell which buffer 'm->g[j]' points into (a pointer read at an index that is not a constant)
// WARN: opaque.c:28:11: warning: cannot tell which buffer 'j ? a : b' points into (a choice made at run time)
// CHECK-LABEL: graph @step
// CHECK-NEXT: %0 = compute "scale" f32 flops 4 inout "?"[0:?] @25:2
// CHECK-NEXT: %1 = all_reduce {{.*}} inout "m->g[1]"[0:16] after %0(raw+war+waw) @26:2
// CHECK-NEXT: %2 = compute "scale" f32 flops 4 inout "?"[0:?] after %0(raw+war+waw), %1(raw+war+waw) @27:2
// CHECK-NEXT: %3 = compute "scale" f32 flops 4 inout "?"[0:?] after %1(raw+war+waw), %2(raw+war+waw) @28:2
// CHECK-NEXT: %4 = barrier "pick(&p)" after %3(order) @30:2
// CHECK-NEXT: %5 = compute "scale" f32 flops 4 inout "?"[0:?] after %1(raw+war+waw), %3(raw+war+waw), %4(order) @31:2
// CHECK-NEXT: %6 = compute "scale" f32 flops 4 inout "b"[0:16] after %5(raw+war+waw) @32:2

// A kernel that takes pointers to pointers reaches memory dagcc cannot name: ordered against
// everything. A store in the graph (md->w = a + 8, tab[1] = b) is followed.
// RUN: %dagcc --bucket-cap 0 --emit=ir -DMORE %s 2>&1 | FileCheck %s --check-prefix=MORE
#ifdef MORE
DAGCC_COMPUTE(flops = n)
void multi(dagcc_stream_t s, DAGCC_IN float *const *ptrs, int n);
#define MULTI_DECLARED
DAGCC_GRAPH void more(struct model *m, float *a, float *b, dagcc_stream_t s)
{
	float *ptrs[] = {a, b};
	multi(s, ptrs, 2);
	scale(s, b, 4);
	ptrs[1] = a + 4;
	scale(s, ptrs[1], 4);
	m->g[3] = b + 8;
	scale(s, m->g[3], 4);
	scale(s, b + 8, 4);
}
#endif
// MORE: warning: parameter 'ptrs' of compute function 'multi' points to pointers
// MORE-LABEL: graph @more
// MORE-NEXT: %0 = compute "multi" flops 2 in "ptrs"[0:?] in "?"[0:?] @
// MORE-NEXT: %1 = compute "scale" f32 flops 4 inout "b"[0:16] after %0(war) @
// MORE-NEXT: %2 = barrier "ptrs[1] = a + 4" after %1(order) @
// MORE-NEXT: %3 = compute "scale" f32 flops 4 inout "a"[16:16] after %0(war), %2(order) @
// MORE-NEXT: %4 = barrier "m->g[3] = b + 8" after %3(order) @
// MORE-NEXT: %5 = compute "scale" f32 flops 4 inout "b"[32:16] after %0(war), %4(order) @
// MORE-NEXT: %6 = compute "scale" f32 flops 4 inout "b"[32:16] after %0(war), %5(raw+war+waw) @

// Before a root's start (a parameter may point into a larger object): it may overlap any of the
// root, never an invalid range.
// RUN: %dagcc --bucket-cap 0 --emit=ir -DBELOW %s 2>&1 | FileCheck %s --check-prefix=BELOW
#ifdef BELOW
DAGCC_GRAPH void below(float *a, dagcc_group *g, dagcc_stream_t s)
{
	scale(s, a - 4, 4);
	dagcc_all_reduce(g, a - 4, 8, DAGCC_F32, DAGCC_SUM, s);
	scale(s, a + 8, 4);
}
#endif
// BELOW-LABEL: graph @below
// BELOW-NEXT: %0 = compute "scale" f32 flops 4 inout "a"[0:?] @
// BELOW-NEXT: %1 = all_reduce group "g" f32 op sum count 8 inout "a"[0:?] after %0(raw+war+waw) @
// BELOW-NEXT: %2 = compute "scale" f32 flops 4 inout "a"[32:16] after %1(raw+war+waw) @
