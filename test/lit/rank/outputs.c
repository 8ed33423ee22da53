// Every output tells a rank's graph from another's: --stats and --emit=json add "rank", the
// trace's processes and the DOT clusters are named with it.
// RUN: %dagcc -I %include --group-size g=2 --stats %s | FileCheck %s --check-prefix=STATS
// RUN: %dagcc -I %include --group-size g=2 --emit=json %s | FileCheck %s --check-prefix=JSON
// RUN: %dagcc -I %include --group-size g=2 --emit=trace %s | FileCheck %s --check-prefix=TRACE
// RUN: %dagcc -I %include --group-size g=2 --emit=dot %s | FileCheck %s --check-prefix=DOT
#include "dagcc.h"

DAGCC_COMPUTE(us = 1)
void work(dagcc_stream_t s, DAGCC_INOUT float *x);

DAGCC_GRAPH void f(dagcc_group *g, float *x, dagcc_stream_t s)
{
	for (int i = 0; i < dagcc_group_rank(g); i++)
		work(s, x);
	dagcc_all_reduce(g, x, 8, DAGCC_F32, DAGCC_SUM, s);
}

// STATS: {"graphs":[{"name":"f","rank":0,"nodes":1,{{.*}}},{"name":"f","rank":1,"nodes":2,
// JSON: {"name":"f","rank":0,"target":
// JSON: {"name":"f","rank":1,"target":
// TRACE: "args":{"name":"f rank 0: as written"}
// TRACE: "args":{"name":"f rank 0: scheduled"}
// TRACE: "args":{"name":"f rank 1: as written"}
// DOT: label="f rank 0";
// DOT: label="f rank 1";
