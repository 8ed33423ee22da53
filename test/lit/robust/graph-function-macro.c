// A whole graph function made by a macro is not dropped in silence: a located error.
// RUN: rm -f %t.c
// RUN: not %dagcc %s -o %t.c 2>&1 | FileCheck %s
// RUN: not test -e %t.c
// RUN: not %dagcc --stats %s 2>&1 | FileCheck %s
#include "dagcc.h"

#define DEFINE(name)                                                                      \
	DAGCC_GRAPH void name(dagcc_group *g, float *a, dagcc_stream_t s)                 \
	{                                                                                  \
		dagcc_all_reduce(g, a, 8, DAGCC_F32, DAGCC_SUM, s);                        \
	}

DEFINE(step)
// CHECK: graph-function-macro.c:14:1: error: the braces of graph 'step' come from a macro
