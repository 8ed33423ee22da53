// Cost terms are evaluated with each call's constant arguments: flops, bytes and us, integer and
// floating literals, + - * / % and parentheses, sizeof of builtin, typedef'd and struct types.
// RUN: %dagcc --emit=ir %s | FileCheck %s
#include "dagcc.h"

typedef unsigned short bf16;
struct pair {
	double a, b;
};

DAGCC_COMPUTE(flops = 2 * m * n * k, bytes = sizeof(bf16) * (m * k + k * n + m * n))
void gemm(dagcc_stream_t s, DAGCC_IN const bf16 *a, DAGCC_IN const bf16 *b, DAGCC_OUT bf16 *c,
	  int m, int n, int k);
DAGCC_COMPUTE(us = 1.5 + n / 4 - n % 3, bytes = sizeof(struct pair) * n + sizeof(unsigned  long))
void small(dagcc_stream_t s, DAGCC_INOUT struct pair *p, int n);
DAGCC_COMPUTE(flops = -(-x) * 0.5e1)
void scaled(dagcc_stream_t s, double x);

#define H 8192
enum { BATCH = 16 };

DAGCC_GRAPH void costs(bf16 *a, bf16 *b, bf16 *c, struct pair *p, dagcc_stream_t s)
{
	gemm(s, a, b, c, BATCH, H, H);
	for (int i = 1; i < 3; i++)
		small(s, p, 10 * i);
	scaled(s, 2.5);
}
// 2*16*8192*8192 = 2147483648; 2*(16*8192 + 8192*8192 + 16*8192) = 134742016
// CHECK: %0 = compute "gemm" bf16 flops 2147483648 bytes 134742016 in
// 1.5 + 10/4 - 10%3 = 3; 16*10 + 8 = 168
// CHECK-NEXT: %1 = compute "small" bytes 168 us 3 inout "p"[0:?] @
// 1.5 + 20/4 - 20%3 = 4.5; 16*20 + 8 = 328
// CHECK-NEXT: %2 = compute "small" bytes 328 us 4.5 inout "p"[0:?] after %1(raw+war+waw) @
// CHECK-NEXT: %3 = compute "scaled" flops 12.5 @
