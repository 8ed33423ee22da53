// A buffer reached through a pointer to its pointer is the pointer's own root: *pp and pp[0]
// with pp = &md->w, *&md->w, &*pp, a member of a member, an element of a pointer array or
// table, pp reassigned, in an unrolled loop. A row of a 2-D array is memory in the array, not a
// pointer loaded from it. A store through pp changes the pointer it points to; a barrier given
// pp, or md->w's address, may change it ("?"). A pointer variable whose address the graph
// takes is not followed ("?", warned), and an assignment to it stays in place under its own
// name, as *q reads it. (They were roots of their own: "x->buf[0]", "x->w[1]"; "G[1]".) A
// group reached through a pointer to it is that group ("*md->dp" was a group of its own, its
// collectives unordered with md->dp's).
// RUN: %dagcc --bucket-cap 0 --emit=ir %s 2>%t.err | FileCheck %s
// RUN: FileCheck %s --check-prefix=WARN < %t.err
// RUN: %dagcc --bucket-cap 0 %s -o %t.c 2>/dev/null
// RUN: %cc -std=c11 -Wall -Wextra -Werror -fsyntax-only -I%include %t.c
// RUN: FileCheck %s --check-prefix=EMIT < %t.c
#include "dagcc.h"

DAGCC_COMPUTE(flops = n)
void bump(dagcc_stream_t s, DAGCC_INOUT_N(n) float *y, int n);
void keep(float **pp);

struct model {
	dagcc_group *dp;
	float *buf, *alt;
	float *w[3];
	float **tab;
	struct {
		float *in;
	} sub;
	float rows[2][8];
};
float *gp;
float grid[4][8];

DAGCC_GRAPH void slots(struct model *x, float *b, dagcc_group *g, dagcc_stream_t s)
{
	float **pp = &x->buf;
	bump(s, *pp, 8);
	bump(s, pp[0] + 4, 4);
	bump(s, *&x->buf, 8);
	bump(s, *&*pp, 8);
	dagcc_all_reduce(g, x->buf, 8, DAGCC_F32, DAGCC_SUM, s);
	float **pw = &x->w[1];
	bump(s, *pw, 8);
	bump(s, pw[1], 8);
	float **ps = &(*x).sub.in, **pt = &x->tab[2];
	bump(s, *ps, 8);
	bump(s, *pt, 8);
	for (int i = 0; i < 2; i++) {
		float **pi = &x->w[i];
		bump(s, *pi + 1, 4);
	}
	dagcc_all_reduce(g, x->w[1], 8, DAGCC_F32, DAGCC_SUM, s);
	dagcc_all_reduce(g, x->sub.in, 8, DAGCC_F32, DAGCC_SUM, s);
	dagcc_all_reduce(g, x->tab[2], 8, DAGCC_F32, DAGCC_SUM, s);
	dagcc_all_reduce(g, x->w[2], 8, DAGCC_F32, DAGCC_SUM, s);
}
// CHECK-LABEL: graph @slots
// CHECK-NEXT: %0 = compute "bump" f32 flops 8 inout "x->buf"[0:32] @
// CHECK-NEXT: %1 = compute "bump" f32 flops 4 inout "x->buf"[16:16] after %0(raw+war+waw) @
// CHECK-NEXT: %2 = compute "bump" f32 flops 8 inout "x->buf"[0:32] after %0(raw+war+waw), %1(raw+war+waw) @
// CHECK-NEXT: %3 = compute "bump" f32 flops 8 inout "x->buf"[0:32] after %2(raw+war+waw) @
// CHECK-NEXT: %4 = all_reduce group "g" f32 op sum count 8 inout "x->buf"[0:32] after %3(raw+war+waw) @
// CHECK-NEXT: %5 = compute "bump" f32 flops 8 inout "x->w[1]"[0:32] @
// CHECK-NEXT: %6 = compute "bump" f32 flops 8 inout "x->w[2]"[0:32] @
// CHECK-NEXT: %7 = compute "bump" f32 flops 8 inout "x->sub.in"[0:32] @
// CHECK-NEXT: %8 = compute "bump" f32 flops 8 inout "x->tab[2]"[0:32] @
// CHECK-NEXT: %9 = compute "bump" f32 flops 4 inout "x->w[0]"[4:16] @
// CHECK-NEXT: %10 = compute "bump" f32 flops 4 inout "x->w[1]"[4:16] after %5(raw+war+waw) @
// CHECK-NEXT: %11 = all_reduce group "g" f32 op sum count 8 inout "x->w[1]"[0:32] after %4(group), %5(raw+war+waw), %10(raw+war+waw) @
// CHECK-NEXT: %12 = all_reduce group "g" f32 op sum count 8 inout "x->sub.in"[0:32] after %7(raw+war+waw), %11(group) @
// CHECK-NEXT: %13 = all_reduce group "g" f32 op sum count 8 inout "x->tab[2]"[0:32] after %8(raw+war+waw), %12(group) @
// CHECK-NEXT: %14 = all_reduce group "g" f32 op sum count 8 inout "x->w[2]"[0:32] after %6(raw+war+waw), %13(group) @

DAGCC_GRAPH void rows(struct model *x, dagcc_group *g, dagcc_stream_t s)
{
	bump(s, x->rows[1], 8);
	bump(s, *(x->rows + 1) + 4, 4);
	dagcc_all_reduce(g, &x->rows[0][0], 16, DAGCC_F32, DAGCC_SUM, s);
	bump(s, grid[2], 8);
	bump(s, *&grid[3], 8);
	dagcc_all_reduce(g, grid, 32, DAGCC_F32, DAGCC_SUM, s);
}
// CHECK-LABEL: graph @rows
// CHECK-NEXT: %0 = compute "bump" f32 flops 8 inout "x->rows"[32:32] @
// CHECK-NEXT: %1 = compute "bump" f32 flops 4 inout "x->rows"[48:16] after %0(raw+war+waw) @
// CHECK-NEXT: %2 = all_reduce group "g" f32 op sum count 16 inout "x->rows"[0:64] after %0(raw+war+waw), %1(raw+war+waw) @
// CHECK-NEXT: %3 = compute "bump" f32 flops 8 inout "grid"[64:32] @
// CHECK-NEXT: %4 = compute "bump" f32 flops 8 inout "grid"[96:32] @
// CHECK-NEXT: %5 = all_reduce group "g" f32 op sum count 32 inout "grid"[0:128] after %2(group), %3(raw+war+waw), %4(raw+war+waw) @

DAGCC_GRAPH void writes(struct model *x, float *b, dagcc_group *g, dagcc_stream_t s)
{
	float **pp = &x->buf;
	pp = &x->alt;
	bump(s, *pp, 8);
	*pp = b + 8;
	bump(s, x->alt, 8);
	dagcc_all_reduce(g, b + 8, 8, DAGCC_F32, DAGCC_SUM, s);
	gp = b;
	bump(s, gp, 4);
	dagcc_all_reduce(g, b, 4, DAGCC_F32, DAGCC_SUM, s);
	keep(pp);
	bump(s, x->alt, 8);
	// WARN: ptrptr.c:[[@LINE-1]]:10: warning: cannot tell which buffer 'x->alt' points into (it may change in a statement dagcc does not follow)
	bump(s, x->buf, 8);
	keep(&x->buf);
	bump(s, x->buf, 8);
	// WARN: ptrptr.c:[[@LINE-1]]:10: warning: cannot tell which buffer 'x->buf' points into (it may change in a statement dagcc does not follow)
	x->tab = &x->w[0];
	x->tab[1] = b;
	bump(s, x->w[1], 8);
}
// CHECK-LABEL: graph @writes
// CHECK-NEXT: %0 = compute "bump" f32 flops 8 inout "x->alt"[0:32] @
// CHECK-NEXT: %1 = barrier "*pp = b + 8" after %0(order) @
// CHECK-NEXT: %2 = compute "bump" f32 flops 8 inout "b"[32:32] after %1(order) @
// CHECK-NEXT: %3 = all_reduce group "g" f32 op sum count 8 inout "b"[32:32] after %2(raw+war+waw) @
// CHECK-NEXT: %4 = barrier "gp = b" after %3(order) @
// CHECK-NEXT: %5 = compute "bump" f32 flops 4 inout "b"[0:16] after %4(order) @
// CHECK-NEXT: %6 = all_reduce group "g" f32 op sum count 4 inout "b"[0:16] after %3(group), %5(raw+war+waw) @
// CHECK-NEXT: %7 = barrier "keep(pp)" after %6(order) @
// CHECK-NEXT: %8 = compute "bump" f32 flops 8 inout "?"[0:?] after %0(raw+war+waw), %3(raw+war+waw), %6(raw+war+waw), %7(order) @
// CHECK-NEXT: %9 = compute "bump" f32 flops 8 inout "x->buf"[0:32] after %8(raw+war+waw) @
// CHECK-NEXT: %10 = barrier "keep(&x->buf)" after %9(order) @
// CHECK-NEXT: %11 = compute "bump" f32 flops 8 inout "?"[0:?] after %0(raw+war+waw), %3(raw+war+waw), %6(raw+war+waw), %8(raw+war+waw), %9(raw+war+waw), %10(order) @
// CHECK-NEXT: %12 = barrier "x->tab = &x->w[0]" after %11(order) @
// CHECK-NEXT: %13 = barrier "x->tab[1] = b" after %12(order) @
// CHECK-NEXT: %14 = compute "bump" f32 flops 8 inout "b"[0:32] after %6(raw+war+waw), %11(raw+war+waw), %13(order) @

DAGCC_GRAPH void local(float *b, dagcc_group *g, dagcc_stream_t s)
{
	float *p = b;
	float **q = &p;
	bump(s, *q, 4);
	// WARN: ptrptr.c:[[@LINE-1]]:10: warning: cannot tell which buffer '*q' points into (a pointer whose address the graph takes: it may change through that address)
	p = b + 8;
	bump(s, *q, 4);
	dagcc_all_reduce(g, b + 8, 4, DAGCC_F32, DAGCC_SUM, s);
	bump(s, *(&b), 4);
}
// CHECK-LABEL: graph @local
// CHECK-NEXT: %0 = barrier "float *p = b;" @
// CHECK-NEXT: %1 = compute "bump" f32 flops 4 inout "?"[0:?] after %0(order) @
// CHECK-NEXT: %2 = barrier "p = b + 8" after %1(order) @
// CHECK-NEXT: %3 = compute "bump" f32 flops 4 inout "?"[0:?] after %1(raw+war+waw), %2(order) @
// CHECK-NEXT: %4 = all_reduce group "g" f32 op sum count 4 inout "?"[0:?] after %3(raw+war+waw) @
// CHECK-NEXT: %5 = compute "bump" f32 flops 4 inout "?"[0:?] after %4(raw+war+waw) @
// EMIT: float **q = &p;
// EMIT: p = b + 8;
// EMIT-NOT: p__a
// EMIT: DAGCC_RUN({{[A-Za-z_0-9]+}}, s, bump(s, *q, 4));

DAGCC_GRAPH void groups(struct model *md, dagcc_stream_t s)
{
	dagcc_group **gp = &md->dp;
	dagcc_all_reduce(md->dp, md->buf, 16, DAGCC_F32, DAGCC_SUM, s);
	dagcc_all_reduce(*gp, md->buf + 16, 16, DAGCC_F32, DAGCC_SUM, s);
	dagcc_all_reduce(gp[0], md->buf + 32, 16, DAGCC_F32, DAGCC_SUM, s);
	dagcc_all_reduce(*&md->dp, md->buf + 48, 16, DAGCC_F32, DAGCC_SUM, s);
}
// CHECK-LABEL: graph @groups
// CHECK-NEXT: %0 = all_reduce group "md->dp" f32 op sum count 16 inout "md->buf"[0:64] @
// CHECK-NEXT: %1 = all_reduce group "md->dp" f32 op sum count 16 inout "md->buf"[64:64] after %0(group) @
// CHECK-NEXT: %2 = all_reduce group "md->dp" f32 op sum count 16 inout "md->buf"[128:64] after %1(group) @
// CHECK-NEXT: %3 = all_reduce group "md->dp" f32 op sum count 16 inout "md->buf"[192:64] after %2(group) @
