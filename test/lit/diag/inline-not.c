// Calls of helpers dagcc does not inline stay ordering barriers, and the warning says why: one
// that takes variable arguments, whose address is taken, that calls itself, that returns
// before its end, whose value is used, given an argument with a side effect, whose body does
// not read in this call (a loop bound known only at run time), or that calls nothing that
// becomes a node. A function only declared here stays a barrier as before. The output still
// builds with -Werror.
// RUN: %dagcc -I %include --emit=ir %s 2>&1 >/dev/null | FileCheck %s
// RUN: %dagcc -I %include %s -o %t.c 2>/dev/null
// RUN: %cc -std=c11 -Wall -Wextra -Werror -I%include -c %t.c -o %t.o
#include <stdio.h>

#include "dagcc.h"

DAGCC_COMPUTE(us = 10)
static void work(dagcc_stream_t s, DAGCC_INOUT float *y, int n);
void external(dagcc_stream_t s, float *a);

static void va(dagcc_stream_t s, float *a, ...)
{
	work(s, a, 4);
}

static void addressed(dagcc_stream_t s, float *a)
{
	work(s, a, 4);
}
void (*table[])(dagcc_stream_t, float *) = {addressed};

static void recursive(dagcc_stream_t s, float *a, int d)
{
	work(s, a, 4);
	if (d > 0)
		recursive(s, a + 1, d - 1);
}

static void early(dagcc_stream_t s, float *a, int n)
{
	if (n <= 0)
		return;
	work(s, a, 4);
}

static int valued(dagcc_stream_t s, float *a)
{
	work(s, a, 4);
	return 0;
}

static void runtime(dagcc_stream_t s, float *a, int n)
{
	for (int i = 0; i < n; n++) /* not a counted loop (a counted one runs as written) */
		work(s, a + i, 1);
}

static void host(int i)
{
	printf("%d\n", i);
}

static float *next(float *a)
{
	return a + 1;
}

DAGCC_GRAPH void step(float *a, int n, dagcc_stream_t s)
{
	va(s, a, 1);
	addressed(s, a);
	recursive(s, a, 1);
	early(s, a, n);
	int r = valued(s, a);
	(void)r;
	recursive(s, next(a), 0);
	runtime(s, a, n);
	host(1);
	external(s, a);
}
// CHECK: inline-not.c:67:2: warning: call to 'va', which is neither a compute function nor a collective, is an ordering barrier (not inlined: it takes variable arguments)
// CHECK: inline-not.c:68:2: warning: call to 'addressed', {{.*}} (not inlined: its address is taken)
// CHECK: inline-not.c:33:3: warning: call to 'recursive', {{.*}} (not inlined: it calls itself)
// CHECK: inline-not.c:70:2: warning: call to 'early', {{.*}} (not inlined: it returns before its end)
// CHECK: inline-not.c:71:2: warning: call to 'valued', {{.*}} (not inlined: it returns a value)
// CHECK: inline-not.c:73:2: warning: call to 'recursive', {{.*}} (not inlined: an argument has a side effect; compute it in a statement before the call)
// CHECK: inline-not.c:74:2: warning: call to 'runtime', {{.*}} (not inlined: in this call, loop bound is not a constant expression ({{.*}}inline-not.c:51:22))
// CHECK: inline-not.c:75:2: warning: call to 'host', {{.*}} (not inlined: it calls no compute function, collective or dagcc allocation)
// CHECK: inline-not.c:76:2: warning: call to 'external', which is neither a compute function nor a collective, is an ordering barrier{{$}}

static void work(dagcc_stream_t s, float *y, int n)
{
	(void)s;
	for (int i = 0; i < n; i++)
		y[i] += 1;
}
