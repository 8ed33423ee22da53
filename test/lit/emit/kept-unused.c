// A declaration kept in place as a barrier (it reads a pointer from memory a node may write)
// inside an unrolled loop, used only under an if that folds away in some copies: each copy's
// name is marked used, so the overlapped file builds with -Wall -Werror (it did not: "unused
// variable 'ln__1'", found by the soundness generator, seed 968).
// RUN: %dagcc %s -o %t.c 2>&1 | FileCheck %s --check-prefix=WARN
// RUN: FileCheck %s < %t.c
// RUN: %cc -std=c11 -Wall -Wextra -Werror -I%include -c %t.c -o %t.o
// WARN: kept-unused.c:[[@LINE+18]]:3: warning: statement is an ordering barrier: nothing moves across it (it reads memory a node may write)
// CHECK: float *ln__0 = m->tab[0]; (void)ln__0;
// CHECK: float *ln__1 = m->tab[1]; (void)ln__1;
// CHECK: float *ln__2 = m->tab[2]; (void)ln__2;
#include "dagcc.h"

struct model {
	float **tab;
	float *d;
};

DAGCC_COMPUTE(us = 1)
void k(dagcc_stream_t s, DAGCC_OUT float *y, DAGCC_INOUT float **tab, int n);

DAGCC_GRAPH void f(struct model *m, dagcc_stream_t s)
{
	for (int layer = 0; layer < 3; layer++) {
		k(s, m->d, m->tab, 16);
		float *ln = m->tab[layer];
		if (layer % 2 == 0)
			k(s, ln, m->tab, 16);
	}
}
