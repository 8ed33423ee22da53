// A graph whose loop bound, ifs and peers depend on dagcc_group_rank is read once per rank of
// the group (--group-size), and each rank's graph is scheduled on its own; the program
// switches on the rank, ranks with the same body sharing a case.
// RUN: %dagcc -I %include --group-size g=3 --emit=ir %s | FileCheck %s
// RUN: %dagcc -I %include --group-size g=3 %s -o %t.c 2>&1 | count 0
// RUN: FileCheck %s --check-prefix=C < %t.c
// RUN: %cc -fsyntax-only -Wall -Wextra -Werror -I %include %t.c
#include "dagcc.h"

DAGCC_COMPUTE(us = 10)
void work(dagcc_stream_t s, DAGCC_IN const float *x, DAGCC_OUT float *y);

DAGCC_GRAPH void relay(dagcc_group *g, float *a, float *b, float *c, dagcc_stream_t s)
{
	int rank = dagcc_group_rank(g), P = dagcc_group_size(g);
	for (int w = 0; w < rank; w++)
		work(s, c, c);
	for (int i = 0; i < 2; i++) {
		if (rank > 0)
			dagcc_recv(g, a, 64, DAGCC_F32, rank - 1, s);
		work(s, a, b);
		if (rank < P - 1)
			dagcc_send(g, b, 64, DAGCC_F32, rank + 1, s);
	}
}

// CHECK-LABEL: graph @relay "{{.*}}specialize.c" rank 0 of 3 in "g" {
// CHECK-NOT: recv
// CHECK: compute "work"
// CHECK: send group "g" f32 count 64 peer 1
// CHECK: compute "work"
// CHECK: send group "g" f32 count 64 peer 1
// CHECK: schedule {
// CHECK-LABEL: graph @relay "{{.*}}specialize.c" rank 1 of 3 in "g" {
// CHECK: compute "work" {{.*}} in "c"
// CHECK: recv group "g" f32 count 64 peer 0
// CHECK: compute "work"
// CHECK: send group "g" f32 count 64 peer 2
// CHECK: recv group "g" f32 count 64 peer 0
// CHECK: compute "work"
// CHECK: send group "g" f32 count 64 peer 2
// CHECK: schedule {
// CHECK-LABEL: graph @relay "{{.*}}specialize.c" rank 2 of 3 in "g" {
// CHECK: compute "work" {{.*}} in "c"
// CHECK: compute "work" {{.*}} in "c"
// CHECK: recv group "g" f32 count 64 peer 1
// CHECK-NOT: send
// CHECK: schedule {

// C: /* dagcc: specialized on the rank in g: 3 ranks, 3 distinct bodies */
// C: dagcc_expect_group_size(g, 3);
// C-NEXT: switch (dagcc_group_rank(g)) {
// C-NEXT: case 0: {
// C: dagcc_send_start(g, b, 64, DAGCC_F32, 0 + 1, s);
// C: break;
// C-NEXT: case 1: {
// C: dagcc_recv_start(g, a, 64, DAGCC_F32, 1 - 1, s);
// C: case 2: {
// C: default:
// C: dagcc_rank_unknown("relay", dagcc_group_rank(g), 3);
