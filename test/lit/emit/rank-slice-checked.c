// With --group-size, a slice at a rank-dependent offset is one access covering every rank's
// slice (so that the all-reduce of the rest of the buffer may overlap it), but checked mode is
// told what this rank's call touches: the declared extent from this rank's pointer. It used to
// be given the all-ranks length from this rank's pointer, which on rank 1 reaches into what the
// all-reduce writes: a race reported on a correct program. Spellings: a + 16 * rank(g),
// &a[rank(g) * 16] and a member pointer. (A local holding the rank makes dagcc compile the
// graph once per rank, with exact offsets.)
// REQUIRES: mpi
// RUN: %dagcc -I %include --group-size g=2 %s -o %t.c
// RUN: FileCheck %s < %t.c
// RUN: %cc %sanflags -std=c11 -Wall -Wextra -Werror -I%include %t.c -L%libdir -Wl,-rpath,%libdir -ldagcc_rt_mpi -o %t
// RUN: env DAGCC_CHECK=1 %mpirun 2 %t 2>&1 | sort | FileCheck %s --check-prefix=OUT
#include <stdio.h>

#include "dagcc.h"

DAGCC_COMPUTE(us = 10)
void bump(dagcc_stream_t s, DAGCC_INOUT_N(n) float *x, int n);

struct bufs {
	float *w;
};

/* a's and m->w's first 32 floats are the ranks' slices, 16 each; the all-reduces sum the rest */
DAGCC_GRAPH void step(dagcc_group *g, dagcc_stream_t s, float *a, struct bufs *m)
{
	dagcc_all_reduce(g, a + 32, 16, DAGCC_F32, DAGCC_SUM, s);
	dagcc_all_reduce(g, m->w + 32, 16, DAGCC_F32, DAGCC_SUM, s);
	bump(s, a + 16 * dagcc_group_rank(g), 16);
	bump(s, &a[dagcc_group_rank(g) * 16], 16);
	bump(s, m->w + 16 * dagcc_group_rank(g), 16);
}
// the all-reduces overlap the slices' updates (bump_2, on another buffer, in either place
// after bump_0: the scheduler's ties go by shape, not program order)
// (the emitted file holds these comments: the patterns match the code's leading tab)
// CHECK: {{^}}	.bump_a_16_dagcc_group_rank_g = {{[{][{]}}64, DAGCC_READWRITE, "a"}},
// CHECK: {{^}}	.bump_a_dagcc_group_rank_g_16 = {{[{][{]}}64, DAGCC_READWRITE, "a"}},
// CHECK: {{^}}	.bump_w_16_dagcc_group_rank_g = {{[{][{]}}64, DAGCC_READWRITE, "m->w"}},
// CHECK-NOT: case 0:
// CHECK: {{^}}	DAGCC_START({{.*}}) dagcc_all_reduce_start(g, a + 32,
// CHECK: {{^}}	DAGCC_START({{.*}}) dagcc_all_reduce_start(g, m->w + 32,
// CHECK: {{^}}	DAGCC_RUN({{[A-Za-z_0-9]+}}, s, bump(s, a + 16 * dagcc_group_rank(g), 16));
// CHECK-DAG: {{^}}	DAGCC_RUN({{[A-Za-z_0-9]+}}, s, bump(s, &a[dagcc_group_rank(g) * 16], 16));
// CHECK-DAG: {{^}}	DAGCC_RUN({{[A-Za-z_0-9]+}}, s, bump(s, m->w + 16 * dagcc_group_rank(g), 16));
// CHECK: {{^}}	dagcc_future_wait(

// OUT-NOT: dagcc:
// OUT: rank 0: 2 0 1 1, 1 0 1 1
// OUT-NEXT: rank 1: 1 3 1 1, 1 2 1 1
// OUT-NOT: dagcc:

void bump(dagcc_stream_t s, float *x, int n)
{
	(void)s;
	for (int i = 0; i < n; i++)
		x[i] += 1;
}

int main(int argc, char **argv)
{
	dagcc_init(&argc, &argv);
	dagcc_group *g = dagcc_world();
	int rank = dagcc_group_rank(g);
	float *a = dagcc_malloc(48 * sizeof(float)), h[48], k[48];
	struct bufs m = {dagcc_malloc(48 * sizeof(float))};
	for (int i = 0; i < 48; i++)
		h[i] = (float)rank;
	dagcc_copy_to_device(a, h, sizeof h);
	dagcc_copy_to_device(m.w, h, sizeof h);
	step(g, dagcc_stream_default(), a, &m);
	dagcc_copy_to_host(h, a, sizeof h);
	dagcc_copy_to_host(k, m.w, sizeof k);
	printf("rank %d: %g %g %g %g, %g %g %g %g\n", rank, h[0], h[16], h[32], h[47], k[0], k[16],
	       k[32], k[47]);
	dagcc_free(a);
	dagcc_free(m.w);
	dagcc_finalize();
	return 0;
}
