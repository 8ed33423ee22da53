// A ring shift in a p2p group: every rank sends to the next and to the previous rank, then
// receives from both, between dagcc_p2p_begin and dagcc_p2p_end, which issue them together (one
// NCCL group; one set of MPI requests), so they cannot deadlock. dagcc makes the group one node:
// its sends and receives start together where the group stands, overlap the compute that does
// not need them, and are waited before the first that does. Built without dagcc, the blocking
// sends and receives inside the group complete at its end. The overlapped program (one body per
// rank, 2 and 4 ranks) prints what the original prints, and checked mode is clean.
// REQUIRES: mpi
// RUN: rm -rf %t && mkdir -p %t
// RUN: %dagcc -I %include --group-size g=2 %s -o %t/over2.c
// RUN: %dagcc -I %include --group-size g=4 %s -o %t/over4.c 2>&1 | count 0
// RUN: FileCheck %s < %t/over4.c
// RUN: %cc %sanflags -std=c11 -Wall -Wextra -Werror -I%include %s -L%libdir -Wl,-rpath,%libdir -ldagcc_rt_mpi -o %t/orig
// RUN: %cc %sanflags -std=c11 -Wall -Wextra -Werror -I%include %t/over2.c -L%libdir -Wl,-rpath,%libdir -ldagcc_rt_mpi -o %t/over2
// RUN: %cc %sanflags -std=c11 -Wall -Wextra -Werror -I%include %t/over4.c -L%libdir -Wl,-rpath,%libdir -ldagcc_rt_mpi -o %t/over4
// RUN: for np in 2 4; do %mpirun $np %t/orig | sort > %t/ref$np && %mpirun $np %t/over$np | sort | cmp - %t/ref$np || exit 1; done
// RUN: FileCheck %s --check-prefix=OUT < %t/ref4
// RUN: env DAGCC_CHECK=1 %mpirun 4 %t/over4 2>&1 | FileCheck %s --check-prefix=CLEAN
#include <stdio.h>
#include <stdlib.h>

#include "dagcc.h"

#define N 64

DAGCC_COMPUTE(us = 20)
void scale(dagcc_stream_t s, DAGCC_INOUT_N(n) float *x, int n);
DAGCC_COMPUTE(us = 50)
void combine(dagcc_stream_t s, DAGCC_IN_N(n) const float *a, DAGCC_IN_N(n) const float *b,
	     DAGCC_OUT_N(n) float *y, int n);

DAGCC_GRAPH void shift(dagcc_group *g, float *mine, float *prev, float *next, float *other,
		       float *out, dagcc_stream_t s)
{
	int r = dagcc_group_rank(g), n = dagcc_group_size(g);
	scale(s, mine, N);
	dagcc_p2p_begin(g, s);
	dagcc_send(g, mine, N, DAGCC_F32, (r + 1) % n, s);
	dagcc_send(g, mine, N, DAGCC_F32, (r + n - 1) % n, s);
	dagcc_recv(g, prev, N, DAGCC_F32, (r + n - 1) % n, s);
	dagcc_recv(g, next, N, DAGCC_F32, (r + 1) % n, s);
	dagcc_p2p_end(g, s);
	scale(s, other, N);
	combine(s, prev, next, out, N);
}

// CHECK-LABEL: case 1: {
// (each start on its own line, 38 to 41: the lines after #line 37 and the begin)
// CHECK: DAGCC_CHECKED_GROUP(g, "g");
// CHECK-NEXT: #line 37
// CHECK-NEXT: dagcc_p2p_begin(g, s);
// CHECK-NEXT: dagcc_future [[S0:send_mine]] = dagcc_send_start(g, mine, N, DAGCC_F32, (1 + 1) % 4, s);
// CHECK-NEXT: dagcc_future [[S1:send_mine_2]] = dagcc_send_start(g, mine, N, DAGCC_F32, (1 + 4 - 1) % 4, s);
// CHECK-NEXT: dagcc_future [[R0:recv_prev]] = dagcc_recv_start(g, prev, N, DAGCC_F32, (1 + 4 - 1) % 4, s);
// CHECK-NEXT: dagcc_future [[R1:recv_next]] = dagcc_recv_start(g, next, N, DAGCC_F32, (1 + 1) % 4, s);
// CHECK-NEXT: #line 37
// CHECK-NEXT: dagcc_p2p_end(g, s);
// CHECK: DAGCC_RUN({{[A-Za-z_0-9]+}}, s, scale(s, other, N));
// CHECK: dagcc_future_wait(&[[S0]], s);
// CHECK-NEXT: dagcc_future_wait(&[[S1]], s);
// CHECK-NEXT: dagcc_future_wait(&[[R0]], s);
// CHECK-NEXT: dagcc_future_wait(&[[R1]], s);
// CHECK: DAGCC_RUN({{[A-Za-z_0-9]+}}, s, combine(s, prev, next, out, N));

// OUT: rank 0:
// OUT-NEXT: rank 1:
// OUT-NEXT: rank 2:
// OUT-NEXT: rank 3:
// CLEAN-NOT: dagcc:
// CLEAN: rank
// CLEAN-NOT: dagcc:

void scale(dagcc_stream_t s, float *x, int n)
{
	(void)s;
	for (int i = 0; i < n; i++)
		x[i] = x[i] * 3 + 1;
}

void combine(dagcc_stream_t s, const float *a, const float *b, float *y, int n)
{
	(void)s;
	for (int i = 0; i < n; i++)
		y[i] = a[i] - 2 * b[i];
}

int main(int argc, char **argv)
{
	dagcc_init(&argc, &argv);
	dagcc_group *w = dagcc_world();
	int r = dagcc_group_rank(w);
	float *buf = dagcc_malloc(5 * N * sizeof(float));
	for (int i = 0; i < 5 * N; i++)
		buf[i] = (float)(r * 1000 + i);
	for (int it = 0; it < 3; it++)
		shift(w, buf, buf + N, buf + 2 * N, buf + 3 * N, buf + 4 * N, dagcc_stream_default());
	dagcc_stream_sync(dagcc_stream_default());
	double sum = 0;
	for (int i = 0; i < 5 * N; i++)
		sum += buf[i] * (i % 7 + 1);
	printf("rank %d: %.1f %g %g\n", r, sum, buf[N], buf[4 * N + 3]);
	dagcc_free(buf);
	dagcc_finalize();
	return 0;
}
