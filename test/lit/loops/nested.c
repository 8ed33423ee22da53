// A run-time loop inside a constant loop is a loop node in each copy, the copy's locals and
// loop variable substituted (p__0, 0 + 1); one in an inlined helper names the helper's bound
// parameters (n__h*); one whose variable shadows a constant (an outer copy's i, a local k) keeps
// its own name, the constant outside it. All compile with -Werror; later work is still scheduled.
// RUN: %dagcc %s -o %t.c 2>&1 | FileCheck %s --check-prefix=WARN
// RUN: %cc -fsyntax-only -std=c11 -Wall -Wextra -Werror -I %include %t.c
// RUN: FileCheck %s < %t.c
#include "dagcc.h"

DAGCC_COMPUTE(us = 5)
void work(dagcc_stream_t s, DAGCC_INOUT float *a, int n);

DAGCC_GRAPH void nested(dagcc_group *g, float *a, int n, dagcc_stream_t s)
{
	for (int k = 0; k < 2; k++) {
		float *p = a + k;
		for (int i = 0; i < n; i++) {
			work(s, p + i, k + 1);
			dagcc_all_reduce(g, p, k + 1, DAGCC_F32, DAGCC_SUM, s);
		}
	}
	work(s, a, 1);
}

static void steps(dagcc_stream_t s, float *a, int n)
{
	for (int i = 0; i < n; i++)
		work(s, a + i, 1);
}

DAGCC_GRAPH void helper(float *a, int n, dagcc_stream_t s)
{
	steps(s, a, n);
	work(s, a, 1);
}
DAGCC_GRAPH void shadow(float *a, int n, dagcc_stream_t s)
{
	for (int i = 0; i < 2; i++) {
		work(s, a + i, 1);
		for (int i = 0; i < n; i++)
			work(s, a + i, 1);
	}
	int k = 4;
	for (int k = 0; k < n; k++)
		work(s, a + k, 1);
	work(s, a + k, 1);
}
// WARN: nested.c:17:3: warning: loop whose trip count is known only at run time: its body is scheduled on its own{{.*}}
// WARN: nested.c:27:2: warning: loop whose trip count is known only at run time: its body is scheduled on its own{{.*}}
// WARN: nested.c:40:3: warning: loop whose trip count is known only at run time{{.*}}
// WARN: nested.c:44:2: warning: loop whose trip count is known only at run time{{.*}}
// WARN-NOT: error
// CHECK-LABEL: DAGCC_GRAPH void nested(
// CHECK: float *p__0 = a + 0;
// CHECK-NEXT: for (int i = 0; i < n; i++) {
// CHECK-NEXT: DAGCC_CHECK_RUN(work_p_0_i, s, work(s, p__0 + i, 0 + 1));
// CHECK-NEXT: dagcc_future ar_p_0 = dagcc_all_reduce_start(g, p__0, 0 + 1, DAGCC_F32, DAGCC_SUM, s);
// CHECK: float *p__1 = a + 1;
// CHECK-NEXT: for (int i = 0; i < n; i++) {
// CHECK-NEXT: DAGCC_CHECK_RUN(work_p_1_i, s, work(s, p__1 + i, 1 + 1));
// CHECK: DAGCC_RUN(work_a, s, work(s, a, 1));
// CHECK-LABEL: DAGCC_GRAPH void helper(
// CHECK: int n__h[[H:[0-9]+]] = n;
// CHECK: for (int i = 0; i < n__h[[H]]; i++)
// CHECK-NEXT: DAGCC_CHECK_RUN(work_a_h[[H]]_i, s__h[[H]], work(s__h[[H]], a__h[[H]] + i, 1));
// CHECK: DAGCC_RUN(work_a, s, work(s, a, 1));
// CHECK-LABEL: DAGCC_GRAPH void shadow(
// CHECK: work(s, a + 0, 1)
// CHECK-NEXT: for (int i = 0; i < n; i++)
// CHECK-NEXT: DAGCC_CHECK_RUN(work_a_i{{(_2)?}}, s, work(s, a + i, 1));
// CHECK: work(s, a + 1, 1)
// CHECK-NEXT: for (int i = 0; i < n; i++)
// CHECK-NEXT: DAGCC_CHECK_RUN(work_a_i{{(_2)?}}, s, work(s, a + i, 1));
// CHECK: for (int k = 0; k < n; k++)
// CHECK-NEXT: DAGCC_CHECK_RUN(work_a_k, s, work(s, a + k, 1));
// CHECK: work(s, a + 4, 1)
