// --rank NAME=GROUP: a parameter holds the rank, so the program switches on it; ranks whose
// bodies read the same (the middle stages of a chain) share one case. Without --rank the ifs
// on the stage are run-time conditions and the graph is read once, as before.
// RUN: %dagcc -I %include --rank 'stage=p->pp' --group-size 'p->pp=4' %s -o %t.c
// RUN: FileCheck %s < %t.c
// RUN: %cc -fsyntax-only -Wall -Wextra -Werror -I %include %t.c
// RUN: %dagcc -I %include %s -o %t.plain.c 2>&1 | FileCheck %s --check-prefix=PLAIN
// RUN: not grep -q '^[[:space:]]*switch' %t.plain.c
// RUN: not %dagcc -I %include --rank 'stage=p->pp' --assume stage=1 %s -o %t.both.c 2>&1 | FileCheck %s --check-prefix=BOTH
// RUN: not %dagcc -I %include --rank 'p->pp' %s -o %t.bad.c 2>&1 | FileCheck %s --check-prefix=BAD
// RUN: %dagcc -I %include --rank 'stgae=p->pp' %s -o %t.typo.c 2>&1 | FileCheck %s --check-prefix=TYPO
#include "dagcc.h"

struct pipe {
	dagcc_group *pp;
	float *in, *out;
};

DAGCC_COMPUTE(us = 10)
void work(dagcc_stream_t s, DAGCC_IN const float *x, DAGCC_OUT float *y);

DAGCC_GRAPH void stagestep(struct pipe *p, int stage, dagcc_stream_t s)
{
	if (stage > 0)
		dagcc_recv(p->pp, p->in, 32, DAGCC_F32, stage - 1, s);
	work(s, p->in, p->out);
	if (stage < 3)
		dagcc_send(p->pp, p->out, 32, DAGCC_F32, stage + 1, s);
}

// CHECK: /* dagcc: specialized on the rank in p->pp: 4 ranks, 3 distinct bodies */
// CHECK: dagcc_expect_group_size(p->pp, 4);
// CHECK-NEXT: #line {{[0-9]+}}
// CHECK-NEXT: dagcc_expect_rank(p->pp, stage, "stage");
// CHECK-NEXT: switch (stage) {
// CHECK-NEXT: case 0: {
// CHECK-NOT: dagcc_recv_start
// CHECK: dagcc_send_start(p->pp, p->out, 32, DAGCC_F32, stage + 1, s);
// CHECK: break;
// CHECK-NEXT: case 1:
// CHECK-NEXT: case 2: {
// CHECK: dagcc_recv_start(p->pp, p->in, 32, DAGCC_F32, stage - 1, s);
// CHECK: dagcc_send_start(p->pp, p->out, 32, DAGCC_F32, stage + 1, s);
// CHECK: break;
// CHECK-NEXT: case 3: {
// CHECK-NOT: dagcc_send_start
// CHECK: default:
// CHECK: dagcc_rank_unknown("stagestep", stage, 4);

// PLAIN: warning: collective inside a run-time if: not scheduled, it runs where it stands and blocks
// BOTH: dagcc: error: 'stage' is both --rank and --assume
// BAD: dagcc: error: --rank wants NAME=GROUP (e.g. rank=st->pp), not 'p->pp'
// TYPO: dagcc: warning: --rank stgae=p->pp: no graph names 'stgae'
