// A compute function's dtype: dtype = in DAGCC_COMPUTE wins; else what most pointer parameters
// point to, through typedefs of the CUDA names (__nv_bfloat16, __half, a typedef of those); a
// warning when they disagree (an fp32 scratch beside bf16 tensors) or nothing is recognized.
// RUN: %dagcc --bucket-cap 0 --emit=ir %s -o %t.ir 2>&1 | FileCheck %s --check-prefix=WARN
// RUN: FileCheck %s < %t.ir
// RUN: not %dagcc --emit=ir -DBAD %s 2>&1 | FileCheck %s --check-prefix=BAD
#include "dagcc.h"

typedef struct {
	unsigned short x;
} __nv_bfloat16;
typedef struct {
	unsigned short x;
} __half;
typedef __nv_bfloat16 floatX;

DAGCC_COMPUTE(flops = 2.0 * n)
void mm(dagcc_stream_t s, DAGCC_OUT floatX *out, DAGCC_IN const floatX *a, DAGCC_IN const floatX *b,
	DAGCC_INOUT float *scratch, int n);

DAGCC_COMPUTE(flops = n)
void h(dagcc_stream_t s, DAGCC_OUT __half *out, int n);

DAGCC_COMPUTE(flops = n, dtype = f32)
void said(dagcc_stream_t s, DAGCC_OUT floatX *out, int n);

DAGCC_COMPUTE(flops = n)
void raw(dagcc_stream_t s, DAGCC_OUT void *out, int n);

#ifdef BAD
DAGCC_COMPUTE(flops = n, dtype = fp8)
void bad(dagcc_stream_t s, DAGCC_OUT void *out, int n);
#endif

DAGCC_GRAPH void step(floatX *a, floatX *b, floatX *c, float *w, __half *d, dagcc_stream_t s)
{
	mm(s, c, a, b, w, 8);
	h(s, d, 8);
	said(s, c, 8);
	raw(s, w, 8);
}
// WARN: dtype.c:18:6: warning: pointer parameters of compute function 'mm' disagree on the dtype (bf16 'out', f32 'scratch'); costed as bf16: say 'dtype = ...' in DAGCC_COMPUTE to settle it
// WARN: dtype.c:28:6: warning: cannot tell the dtype of compute function 'raw' from its parameters; costed at the target's default rate: say 'dtype = ...' in DAGCC_COMPUTE
// CHECK: %0 = compute "mm" bf16
// CHECK: %1 = compute "h" f16
// CHECK: %2 = compute "said" f32
// CHECK: %3 = compute "raw" flops
// BAD: dtype.c:31:34: error: expected a dtype (f32, f16, bf16, f64, i8, u8, i32, i64) after 'dtype ='
