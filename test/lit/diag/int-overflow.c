// Offsets C computes in int must fit in int: at production sizes l * V * C overflows, and the
// program's own arithmetic is wrong there; dagcc says so rather than computing it in 64 bits.
// A constant local cannot be given a run-time value.
// RUN: not %dagcc --emit=ir %s 2>&1 | FileCheck %s
#include "dagcc.h"

#define V 50257
#define C 1600

DAGCC_COMPUTE(flops = n)
void fill(dagcc_stream_t s, DAGCC_OUT float *y, int n);
int runtime(void);

DAGCC_GRAPH void step(float *w, dagcc_stream_t s)
{
	for (int l = 0; l < 48; l++)
		fill(s, w + l * V * C, 4);
	for (int l = 0; l < 48; l++)
		fill(s, w + (size_t)l * V * C, 4);
	int n = 4;
	n = runtime();
	fill(s, w, n);
}
// CHECK: int-overflow.c:17:15: error: offset overflows 'int' (C computes it in 32 bits; make an operand 64-bit, e.g. (size_t))
// CHECK-NOT: int-overflow.c:19
// CHECK: int-overflow.c:21:2: error: 'n' holds a constant that dagcc substitutes where it is used
