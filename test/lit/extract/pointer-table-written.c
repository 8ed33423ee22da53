// A pointer loaded from a table a node wrote (pick() writes *m, which holds pointers) is loaded
// where the program loads it, after the node: it used to be declared at the top of its stretch
// of nodes, before pick(), and read the old pointer. A table no node writes (n before any
// node) is followed as before, and its load stays where dagcc puts declarations.
// RUN: %dagcc %s -o %t.c 2>&1 | FileCheck %s --check-prefix=WARN
// RUN: %cc -fsyntax-only -Wall -Wextra -Werror -I %include %t.c
// RUN: FileCheck %s < %t.c
#include "dagcc.h"

struct model {
	float *w, *g;
};

DAGCC_COMPUTE(us = 5)
void pick(DAGCC_OUT_N(1) struct model *m, DAGCC_IN_N(4) const float *a, dagcc_stream_t s);
DAGCC_COMPUTE(us = 5)
void scale(DAGCC_INOUT_N(4) float *x, dagcc_stream_t s);

DAGCC_GRAPH void step(dagcc_group *g, float *a, struct model *m, struct model *n,
		      dagcc_stream_t s)
{
	float *before = n->w;
	dagcc_all_reduce(g, a, 4, DAGCC_F32, DAGCC_SUM, s);
	pick(m, a, s);
	float *w = m->w;
	scale(w, s);
	scale(before, s);
}
// WARN-NOT: pointer-table-written.c:22:
// WARN: pointer-table-written.c:25:2: warning: statement is an ordering barrier: nothing moves across it (it reads memory a node may write)
// WARN: pointer-table-written.c:26:8: warning: cannot tell which buffer 'w' points into ('m->w': loaded from memory a node writes)
// CHECK: float *before = n->w;
// CHECK: dagcc_all_reduce_start(
// CHECK: pick(m, a, s);
// CHECK: float *w = m->w;
// CHECK: scale(w, s);
