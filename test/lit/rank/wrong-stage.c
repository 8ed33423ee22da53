// A parameter declared a rank (--rank) must hold this rank's number in its group: the
// overlapped program checks it before it dispatches, and aborts naming the line where it does
// not (here main passes the other rank's number). Passed the right one, it runs.
// REQUIRES: mpi
// RUN: %dagcc -I %include --rank 'stage=g' --group-size g=2 %s -o %t.c
// RUN: %cc %sanflags -std=c11 -Wall -Wextra -Werror -I %include %t.c -L%libdir -Wl,-rpath,%libdir -ldagcc_rt_mpi -o %t
// RUN: %mpirun 2 %t | sort | FileCheck %s --check-prefix=OK
// RUN: not %mpirun 2 %t swap 2>&1 | FileCheck %s
#include <stdio.h>
#include <string.h>

#include "dagcc.h"

DAGCC_GRAPH void step(dagcc_group *g, int stage, float *buf, dagcc_stream_t s)
{
	if (stage == 0)
		dagcc_send(g, buf, 4, DAGCC_F32, 1, s);
	else
		dagcc_recv(g, buf, 4, DAGCC_F32, 0, s);
}

int main(int argc, char **argv)
{
	dagcc_init(&argc, &argv);
	dagcc_group *g = dagcc_world();
	int rank = dagcc_group_rank(g);
	float *buf = dagcc_malloc(4 * sizeof(float));
	float host[4] = {1, 2, 3, (float)rank};
	dagcc_copy_to_device(buf, host, sizeof host);
	dagcc_stream_t s = dagcc_stream_default();
	step(g, argc > 1 && !strcmp(argv[1], "swap") ? 1 - rank : rank, buf, s);
	dagcc_stream_sync(s);
	dagcc_copy_to_host(host, buf, sizeof host);
	printf("rank %d got %g\n", rank, host[3]);
	dagcc_free(buf);
	dagcc_finalize();
	return 0;
}

// OK: rank 0 got 0
// OK: rank 1 got 0
// CHECK: wrong-stage.c:15: dagcc: error: dagcc_expect_rank: dagcc compiled this graph with 'stage' as the rank in its group (--rank), but 'stage' is {{[01]}} on rank {{[01]}}
