// A switch on the rank, or on an unrolled loop's variable, is written in each copy with the
// value in its condition. Where that switch has no default, the copy gets an empty one at the
// end of its body (a value no case names still does nothing): clang's -Wswitch refused
// `switch (2)` with no case 2 under -Werror. A switch with a default of its own, and one on a
// run-time value, are written as they are. The program prints what it did at 1, 2 and 3 ranks,
// as the original does. A switch statement is written without a `;` after its body.
// REQUIRES: mpi, clang
// RUN: %dagcc -I %include -I %S --group-size g=3 %s -o %t.c 2>/dev/null
// RUN: FileCheck %s < %t.c
// RUN: %clang -fsyntax-only -Wall -Wextra -Werror -I %include -I %S %t.c
// RUN: %cc %sanflags -std=c11 -Wall -Wextra -Werror -I%include -I%S %t.c -L%libdir -Wl,-rpath,%libdir -ldagcc_rt_mpi -o %t.over
// RUN: %cc %sanflags -std=c11 -Wall -Wextra -Werror -I%include %s -L%libdir -Wl,-rpath,%libdir -ldagcc_rt_mpi -o %t.orig
// RUN: %mpirun 3 %t.orig | sort > %t.o3 && %mpirun 3 %t.over | sort > %t.v3 && cmp %t.o3 %t.v3
// RUN: FileCheck %s --check-prefix=OUT < %t.v3
#include "Inputs/three.h"

DAGCC_GRAPH void step(dagcc_group *g, float *a, float *b, float *c, int n, dagcc_stream_t s)
{
	int me = dagcc_group_rank(g);
	work(s, a, 8);
	switch (me) {
	case 0:
		work(s, b, 8);
		break;
	case 1:
		work(s, c, 8);
		work(s, c, 8);
	}
	for (int i = 0; i < 3; i++)
		switch (i) {
		case 1:
			work(s, b, 4);
			break;
		default:
			work(s, c, 4);
		}
	switch (n) {
	case 2:
		work(s, b, 2);
		break;
	}
	for (int i = 0; i < 2; i++) {
		switch (i + me) { case 2: work(s, a, 1); }
	}
	dagcc_all_reduce(g, a, 8, DAGCC_F32, DAGCC_SUM, s);
	work(s, b, 8);
}

// CHECK-LABEL: case 2: {
// CHECK: switch (2) {
// CHECK-NEXT: case 0:
// CHECK: case 1:
// CHECK-NEXT: work(s, c, 8);
// CHECK-NEXT: work(s, c, 8);
// CHECK-NEXT: default:;
// CHECK-NEXT: }{{$}}
// CHECK: switch (0) {
// CHECK-NOT: default:;
// CHECK: default:
// CHECK-NEXT: work(s, c, 4);
// CHECK-NEXT: }{{$}}
// CHECK: switch (n) {
// CHECK-NEXT: case 2:
// CHECK-NEXT: work(s, b, 2);
// CHECK-NEXT: break;
// CHECK-NEXT: }{{$}}
// CHECK: switch (0 + 2) { case 2: work(s, a, 1); default:; }{{$}}
// CHECK: switch (1 + 2) { case 2: work(s, a, 1); default:; }{{$}}

// OUT: 0: a 8 b 4 c 2
// OUT-NEXT: 1: a 8 b 4 c 5
// OUT-NEXT: 2: a 8 b 5 c 4

int main(int argc, char **argv)
{
	dagcc_init(&argc, &argv);
	dagcc_group *g = dagcc_world();
	int rank = dagcc_group_rank(g);
	Three t = three(rank);
	step(g, t.a, t.b, t.c, 2, dagcc_stream_default());
	showthree(t, rank, "abc");
	dagcc_finalize();
	return 0;
}
