// dagcc_copy_to_host and dagcc_copy_to_device have cudaMemcpy's order: they come after the
// collectives in flight on their memory and the work issued on every compute stream, and what
// is issued after them comes after them. By hand: a copy of a buffer an all-reduce still
// reduces reads the sum (the mpi backend posts it and, with no progress thread, leaves it
// untouched until the host enters MPI again: the copy read the rank's own value). In a graph
// the copy is a barrier: the emitted program waits for the all-reduce on the stream, and the
// copy comes after the stream's work (it did not on the cuda backend, and checked mode
// reported it as a race with the all-reduce). Checked mode models that order: no report.
// REQUIRES: mpi
// RUN: %dagcc -I %include %s -o %t.c 2>&1 | FileCheck %s --check-prefix=WARN
// RUN: FileCheck %s < %t.c
// RUN: %cc %sanflags -std=c11 -Wall -Wextra -Werror -I%include %t.c -L%libdir -Wl,-rpath,%libdir -ldagcc_rt_mpi -o %t
// RUN: %mpirun 2 %t 2>&1 | sort | FileCheck %s --check-prefix=OUT
// RUN: env DAGCC_CHECK=1 %mpirun 2 %t 2>&1 | sort | FileCheck %s --check-prefix=OUT
// RUN: env DAGCC_CHECK=1 DAGCC_PROGRESS=thread %mpirun 2 %t 2>&1 | sort | FileCheck %s --check-prefix=OUT
#include <stdio.h>

#include "dagcc_rt.h"

DAGCC_COMPUTE(us = 100)
void bump(dagcc_stream_t s, DAGCC_INOUT_N(n) float *x, int n);

/* a step that reads the reduced gradient with a host copy, into a host array used later */
DAGCC_GRAPH void step(dagcc_group *g, dagcc_stream_t s, float *a, float *b, float *h)
{
	bump(s, a, 8);
	dagcc_all_reduce(g, a, 8, DAGCC_F32, DAGCC_SUM, s);
	bump(s, b, 8);
	dagcc_copy_to_host(h, a, 8 * sizeof(float));
	bump(s, b, 8);
	dagcc_all_reduce(g, b, 8, DAGCC_F32, DAGCC_SUM, s);
}
// WARN: warning: call to 'dagcc_copy_to_host', which is neither a compute function nor a collective, is an ordering barrier
// CHECK: DAGCC_START([[F:ar_a[0-9_]*]]) dagcc_all_reduce_start(g, a,
// CHECK: dagcc_future_wait(&[[F]], s);
// CHECK-EMPTY:
// CHECK-NEXT: dagcc_copy_to_host(h, a,

// OUT-NOT: dagcc:
// OUT: rank 0: by hand 3, step 8, b 7
// OUT-NEXT: rank 1: by hand 3, step 8, b 7
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
	dagcc_stream_t s = dagcc_stream_default();
	int rank = dagcc_group_rank(g);
	float *a = dagcc_malloc(8 * sizeof(float)), *b = dagcc_malloc(8 * sizeof(float));
	float h[8], hand[8], got[8];
	for (int i = 0; i < 8; i++)
		h[i] = (float)(rank + 1);
	dagcc_copy_to_device(a, h, sizeof h);
	dagcc_copy_to_device(b, h, sizeof h);
	dagcc_future f = dagcc_all_reduce_start(g, a, 8, DAGCC_F32, DAGCC_SUM, s);
	dagcc_copy_to_host(hand, a, sizeof hand);
	dagcc_future_wait(&f, s);
	step(g, s, a, b, got);
	dagcc_copy_to_host(h, b, sizeof h); /* no dagcc_stream_sync needed */
	printf("rank %d: by hand %g, step %g, b %g\n", rank, hand[0], got[0], h[0]);
	dagcc_free(a);
	dagcc_free(b);
	dagcc_finalize();
	return 0;
}
