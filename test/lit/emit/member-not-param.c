// A parameter that only folded-away code used is still used in the overlapped program even
// where a struct member has its name (m->act): a member after . or -> does not name the
// parameter, so dagcc adds (void)act; and the output builds with -Werror as the original does
// (it did not: "unused parameter 'act'", found by the soundness generator, seed 10042, where
// specializing on the rank dropped the only use).
// RUN: %cc -fsyntax-only -Wall -Wextra -Werror -I %include %s
// RUN: %dagcc %s -o %t.c && %cc -fsyntax-only -Wall -Wextra -Werror -I %include %t.c
// RUN: FileCheck %s < %t.c
#include "dagcc.h"

#define USE_ACT 0

struct model {
	float *act[2];
};

DAGCC_GRAPH void step(float *act, struct model *m, dagcc_group *g, dagcc_stream_t s)
{
	if (USE_ACT)
		dagcc_all_reduce(g, act, 4, DAGCC_F32, DAGCC_SUM, s);
	dagcc_all_reduce(g, m->act[0], 4, DAGCC_F32, DAGCC_SUM, s);
	dagcc_all_reduce(g, (*m).act[1], 4, DAGCC_F32, DAGCC_SUM, s);
}
// CHECK-LABEL: void step(
// CHECK: (void)act;
// CHECK-NOT: (void)
// CHECK: dagcc_all_reduce_start(g, m->act[0]
