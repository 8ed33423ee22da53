// A compute call's hook takes its pointers from the call's arguments (DAGCC_PTRS_F, one macro
// per function): a call passing NULL where another passes a pointer has no access there (mode
// 0 in its table); a call through a macro whose pointer is no argument of the statement gives
// its pointers itself (DAGCC_RUN_PTRS). The overlapped program builds with -Werror, prints what
// the original prints, and checked mode finds nothing; with a wait dropped it reports the race
// at the compute call's line.
// REQUIRES: mpi
// RUN: rm -rf %t && mkdir -p %t
// RUN: %dagcc -I %include %s -o %t/over.c
// RUN: FileCheck %s < %t/over.c
// RUN: %cc %sanflags -std=c11 -Wall -Wextra -Werror -I%include %s -L%libdir -Wl,-rpath,%libdir -ldagcc_rt_mpi -o %t/orig
// RUN: %cc %sanflags -std=c11 -Wall -Wextra -Werror -I%include %t/over.c -L%libdir -Wl,-rpath,%libdir -ldagcc_rt_mpi -o %t/over
// RUN: %mpirun 2 %t/orig | sort > %t/ref && %mpirun 2 %t/over | sort | cmp - %t/ref
// RUN: env DAGCC_CHECK=1 %mpirun 2 %t/over 2>&1 | FileCheck %s --check-prefix=CLEAN
// RUN: sed 's/^\tdagcc_future_wait(&ar_y, s);$//' %t/over.c > %t/mutant.c
// RUN: not cmp -s %t/over.c %t/mutant.c
// RUN: %cc %sanflags -std=c11 -I%include %t/mutant.c -L%libdir -Wl,-rpath,%libdir -ldagcc_rt_mpi -o %t/mutant
// RUN: env DAGCC_CHECK=1 not %mpirun 2 %t/mutant 2>&1 | FileCheck %s --check-prefix=RACE
#include <stdio.h>

#include "dagcc.h"

#define N 4
#define BUMP(p) bump(s, (p) + 1, N - 1)

DAGCC_COMPUTE(us = 10)
void axpy(dagcc_stream_t s, DAGCC_IN_N(n) const float *x, DAGCC_INOUT_N(n) float *y, int n);
DAGCC_COMPUTE(us = 10)
void bump(dagcc_stream_t s, DAGCC_INOUT_N(n) float *y, int n);

DAGCC_GRAPH void step(dagcc_group *g, float *x, float *y, float *z, dagcc_stream_t s)
{
	axpy(s, NULL, x, N);
	dagcc_all_reduce(g, x, N, DAGCC_F32, DAGCC_SUM, s);
	axpy(s, z, y, N);
	dagcc_all_reduce(g, y, N, DAGCC_F32, DAGCC_SUM, s);
	BUMP(z);
	axpy(s, y, z, N);
}
// CHECK: #define DAGCC_PTRS_axpy(a0, a1, a2, a3) (a1), (a2)
// CHECK: {{[{][{]}}0, 0, NULL}, {16, DAGCC_READWRITE, "x"}},
// CHECK: DAGCC_RUN({{[a-z_0-9]+}}, s, axpy(s, NULL, x, N));
// CHECK: DAGCC_RUN_PTRS({{[a-z_0-9]+}}, s, BUMP(z), {{.*}});
// CLEAN-NOT: dagcc:
// CLEAN: rank
// CLEAN-NOT: dagcc:
// RACE: dagcc: race: axpy ({{.*}}hook-pointers.c:38)

void axpy(dagcc_stream_t s, const float *x, float *y, int n)
{
	(void)s;
	for (int i = 0; i < n; i++)
		y[i] += x ? x[i] : 1.0f;
}

void bump(dagcc_stream_t s, float *y, int n)
{
	(void)s;
	for (int i = 0; i < n; i++)
		y[i] *= 2.0f;
}

int main(int argc, char **argv)
{
	dagcc_init(&argc, &argv);
	dagcc_group *g = dagcc_world();
	int r = dagcc_group_rank(g);
	float *x = dagcc_malloc(N * sizeof(float)), *y = dagcc_malloc(N * sizeof(float)),
	      *z = dagcc_malloc(N * sizeof(float));
	for (int i = 0; i < N; i++)
		x[i] = y[i] = z[i] = (float)(r + i);
	step(g, x, y, z, dagcc_stream_default());
	dagcc_stream_sync(dagcc_stream_default());
	printf("rank %d: %g %g %g %g\n", r, x[0], y[1], z[2], z[3]);
	dagcc_free(x);
	dagcc_free(y);
	dagcc_free(z);
	dagcc_finalize();
	return 0;
}
