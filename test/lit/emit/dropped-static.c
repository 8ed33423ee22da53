// A static compute function called only in code a folded if, a loop of no copies or a rank's
// specialization drops is still used in the overlapped program ((void)fn;), so it builds with
// -Werror as the original does (it did not: "'late' defined but not used", found by the
// soundness generator's rank idioms, where rank 0 of 1 drops the last rank's work). A function
// the body still calls gets nothing.
// RUN: %cc -std=c11 -Wall -Wextra -Werror -I%include -c %s -o %t.orig.o
// RUN: %dagcc -I %include --group-size pp=1 %s -o %t.c
// RUN: FileCheck %s < %t.c
// RUN: %cc -std=c11 -Wall -Wextra -Werror -I%include -c %t.c -o %t.o
#include "dagcc.h"

#define USE_EXTRA 0

DAGCC_COMPUTE(us = 1)
static void work(dagcc_stream_t s, DAGCC_INOUT float *y, int n);
DAGCC_COMPUTE(us = 1)
static void extra(dagcc_stream_t s, DAGCC_INOUT float *y, int n);
DAGCC_COMPUTE(us = 1)
static void looped(dagcc_stream_t s, DAGCC_INOUT float *y, int n);
DAGCC_COMPUTE(us = 1)
static void late(dagcc_stream_t s, DAGCC_INOUT float *y, int n);

DAGCC_GRAPH void step(dagcc_group *g, dagcc_group *pp, float *a, dagcc_stream_t s)
{
	if (USE_EXTRA)
		extra(s, a, 4);
	for (int i = 0; i < USE_EXTRA; i++)
		looped(s, a, 4);
	if (dagcc_group_rank(pp) > 0)
		late(s, a, 4);
	else
		work(s, a, 4);
	dagcc_all_reduce(g, a, 4, DAGCC_F32, DAGCC_SUM, s);
}

// CHECK-LABEL: case 0: {
// CHECK-DAG: (void)extra;
// CHECK-DAG: (void)looped;
// CHECK-DAG: (void)late;
// CHECK-NOT: (void)work;
// CHECK: DAGCC_RUN({{[A-Za-z_0-9]+}}, s, work(s, a, 4));

static void work(dagcc_stream_t s, float *y, int n)
{
	(void)s;
	for (int i = 0; i < n; i++)
		y[i] += 1;
}

static void extra(dagcc_stream_t s, float *y, int n)
{
	work(s, y, n);
}

static void looped(dagcc_stream_t s, float *y, int n)
{
	work(s, y, n);
}

static void late(dagcc_stream_t s, float *y, int n)
{
	work(s, y, n);
}
