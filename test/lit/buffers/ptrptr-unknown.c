// A pointer stored through a pointer to a pointer that dagcc does not follow (pp chosen at run
// time), or a pointer to pointers given to a function dagcc does not read (a parameter's table,
// a member's table, an array of pointers), may have changed any pointer in memory: a pointer
// loaded after it (m->act[0], tab[0], m->tab[1]) is "?", ordered against everything, not the
// root it was before. (They kept their roots: k_axpy wrote ws + 28, where set() had pointed
// m->act[0], unordered against the all-reduce of ws still in flight; found by the soundness
// property test, seed 101009.)
// RUN: %dagcc --bucket-cap 0 --emit=ir %s 2>%t.err | FileCheck %s
// RUN: FileCheck %s --check-prefix=WARN < %t.err
#include "dagcc.h"

DAGCC_COMPUTE(flops = n, bytes = 8 * n)
void k_axpy(dagcc_stream_t s, DAGCC_IN const float *x, DAGCC_INOUT float *y, int n);
void set(float **p, float *v);

struct md {
	float *act[4];
	float **tab;
};

// CHECK-LABEL: graph @store
// CHECK: all_reduce group "g"
// CHECK-NEXT: barrier "*pp = ws + 28"
// CHECK-NEXT: compute "k_axpy" {{.*}} in "?"[0:?] inout "?"[0:?] after %0(raw+war+waw)
// WARN: ptrptr-unknown.c:[[@LINE+6]]:23: warning: cannot tell which buffer 'm->act[0]' points into (it may change in a statement dagcc does not follow)
DAGCC_GRAPH void store(dagcc_group *g, dagcc_stream_t s, float *ws, struct md *m, int c)
{
	float **pp = c ? &m->act[0] : &m->act[1];
	dagcc_all_reduce(g, ws, 64, DAGCC_F32, DAGCC_SUM, s);
	*pp = ws + 28;
	k_axpy(s, m->act[2], m->act[0], 4);
}

// CHECK-LABEL: graph @given
// CHECK: compute "k_axpy" {{.*}} in "?"[0:?] inout "?"[0:?] after %0(raw+war+waw)
// CHECK: compute "k_axpy" {{.*}} in "?"[0:?] inout "?"[0:?] after %0(raw+war+waw)
// CHECK: compute "k_axpy" {{.*}} in "?"[0:?] inout "?"[0:?] after %0(raw+war+waw)
DAGCC_GRAPH void given(dagcc_group *g, dagcc_stream_t s, float *ws, float **tab, struct md *m)
{
	dagcc_all_reduce(g, ws, 64, DAGCC_F32, DAGCC_SUM, s);
	set(tab, ws + 28);
	k_axpy(s, tab[1], tab[0], 4);
	set(m->tab + 1, ws + 28);
	k_axpy(s, m->tab[2], m->tab[1], 4);
	set(m->act, ws + 28);
	k_axpy(s, m->act[1], m->act[0], 4);
}

// Before either, and where the store is followed, the roots stay precise.
// CHECK-LABEL: graph @followed
// CHECK: compute "k_axpy" {{.*}} in "m->act[2]"[0:?] inout "ws"[112:?]
DAGCC_GRAPH void followed(dagcc_group *g, dagcc_stream_t s, float *ws, struct md *m)
{
	float **pp = &m->act[0];
	dagcc_all_reduce(g, ws, 64, DAGCC_F32, DAGCC_SUM, s);
	*pp = ws + 28;
	k_axpy(s, m->act[2], m->act[0], 4);
}
