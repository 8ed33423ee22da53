// One memory, many spellings: a local array of pointers handed to a reduction loop (llm.c's
// idiom, with a local array of counts), a pointer reassigned after its declaration and walked
// with +=, *p and p[0], *(t + 1) and t[1], &t[4] and t + 4, casts, and member paths through a
// local alias all resolve to the same root and offset.
// RUN: %dagcc --bucket-cap 0 --emit=ir %s | FileCheck %s
// RUN: %dagcc --bucket-cap 0 %s -o %t.c
// RUN: %cc -std=c11 -Wall -Wextra -Werror -fsyntax-only -I%include %t.c
#include "dagcc.h"

DAGCC_COMPUTE(flops = n)
void fill(dagcc_stream_t s, DAGCC_OUT_N(n) float *y, int n);

struct model {
	float *g[3];
	float **tab;
};

DAGCC_GRAPH void table(struct model *m, dagcc_group *g, dagcc_stream_t s)
{
	fill(s, m->g[0], 8);
	fill(s, m->g[1] + 4, 4);
	float *const ptrs[] = {m->g[0], m->g[1] + 4, (float *)(void *)m->g[2]};
	const int nelem[] = {8, 4, 2};
	for (int i = 0; i < 3; i++)
		dagcc_all_reduce(g, ptrs[i], nelem[i], DAGCC_F32, DAGCC_SUM, s);
	struct model *alias = m;
	fill(s, alias->g[2], 2);
	fill(s, *m->tab, 2);
	fill(s, m->tab[0] + 2, 2);
}
// CHECK-LABEL: graph @table
// CHECK-NEXT: %0 = compute "fill" f32 flops 8 out "m->g[0]"[0:32] @20:2
// CHECK-NEXT: %1 = compute "fill" f32 flops 4 out "m->g[1]"[16:16] @21:2
// CHECK-NEXT: %2 = all_reduce group "g" f32 op sum count 8 inout "m->g[0]"[0:32] after %0(raw+waw) @25:3
// CHECK-NEXT: %3 = all_reduce group "g" f32 op sum count 4 inout "m->g[1]"[16:16] after %1(raw+waw), %2(group) @25:3
// CHECK-NEXT: %4 = all_reduce group "g" f32 op sum count 2 inout "m->g[2]"[0:8] after %3(group) @25:3
// CHECK-NEXT: %5 = compute "fill" f32 flops 2 out "m->g[2]"[0:8] after %4(war+waw) @27:2
// CHECK-NEXT: %6 = compute "fill" f32 flops 2 out "m->tab[0]"[0:8] @28:2
// CHECK-NEXT: %7 = compute "fill" f32 flops 2 out "m->tab[0]"[8:8] @29:2

DAGCC_GRAPH void reassign(float *a, float *t, dagcc_group *g, dagcc_stream_t s)
{
	float *p = a;
	fill(s, p, 4);
	p = a + 8;
	fill(s, p, 4);
	for (int i = 0; i < 2; i++) {
		dagcc_all_reduce(g, p, 4, DAGCC_F32, DAGCC_SUM, s);
		p += 4;
	}
	fill(s, &a[12], 4);
	fill(s, t + 1, 1);
	fill(s, &*(t + 1), 1);
	fill(s, &t[1], 1);
}
// CHECK-LABEL: graph @reassign
// CHECK-NEXT: %0 = compute "fill" f32 flops 4 out "a"[0:16] @44:2
// CHECK-NEXT: %1 = compute "fill" f32 flops 4 out "a"[32:16] @46:2
// CHECK-NEXT: %2 = all_reduce group "g" f32 op sum count 4 inout "a"[32:16] after %1(raw+waw) @48:3
// CHECK-NEXT: %3 = all_reduce group "g" f32 op sum count 4 inout "a"[48:16] after %2(group) @48:3
// CHECK-NEXT: %4 = compute "fill" f32 flops 4 out "a"[48:16] after %3(war+waw) @51:2
// CHECK-NEXT: %5 = compute "fill" f32 flops 1 out "t"[4:4] @52:2
// CHECK-NEXT: %6 = compute "fill" f32 flops 1 out "t"[4:4] after %5(waw) @53:2
// CHECK-NEXT: %7 = compute "fill" f32 flops 1 out "t"[4:4] after %6(waw) @54:2

// A declaration group is emitted once, when all its names are known; *(ptrs + i) is ptrs[i].
// RUN: %dagcc --bucket-cap 0 %s -o - | FileCheck %s --check-prefix=GROUP
DAGCC_GRAPH void group(float *x, dagcc_group *g, dagcc_stream_t s)
{
	for (int l = 0; l < 2; l++) {
		float *a = x + 4 * l, *b = a + 8;
		float *const ptrs[] = {a, b};
		for (int i = 0; i < 2; i++)
			dagcc_all_reduce(g, *(ptrs + i), 4, DAGCC_F32, DAGCC_SUM, s);
		fill(s, b, 4);
	}
}
// GROUP-LABEL: void group(
// GROUP: #line 71
// GROUP-NEXT: float *a__0 = x + 4 * 0, *b__0 = a__0 + 8; (void)a__0; (void)b__0;
// GROUP-NEXT: float *const ptrs__0[] = {a__0, b__0}; (void)ptrs__0;
// GROUP-NEXT: #line 71
// GROUP-NEXT: float *a__1 = x + 4 * 1, *b__1 = a__1 + 8; (void)a__1; (void)b__1;
// CHECK-LABEL: graph @group
// CHECK-NEXT: %0 = all_reduce group "g" f32 op sum count 4 inout "x"[0:16] @
// CHECK-NEXT: %1 = all_reduce group "g" f32 op sum count 4 inout "x"[32:16] after %0(group) @
// CHECK-NEXT: %2 = compute "fill" f32 flops 4 out "x"[32:16] after %1(war+waw) @
// CHECK-NEXT: %3 = all_reduce group "g" f32 op sum count 4 inout "x"[16:16] after %1(group) @
// CHECK-NEXT: %4 = all_reduce group "g" f32 op sum count 4 inout "x"[48:16] after %3(group) @
