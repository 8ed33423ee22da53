// C errors are reported as clang reports them, and nothing is written.
// RUN: rm -f %t.ir
// RUN: not %dagcc --emit=ir %s -o %t.ir 2>&1 | FileCheck %s
// RUN: not test -e %t.ir
#include "dagcc.h"

DAGCC_GRAPH void step(dagcc_stream_t s)
{
	int x = ;
	undeclared(s);
	missing = 1;
}
// CHECK: clang-error.c:9:10: error: expected expression
// CHECK-NEXT: {{^}}	int x = ;
// CHECK-NEXT: {{^}}	        ^
// CHECK: clang-error.c:10:2: warning: implicit declaration of function 'undeclared' is invalid in C99
// CHECK: clang-error.c:11:2: error: use of undeclared identifier 'missing'
// CHECK-NEXT: {{^}}	missing = 1;
// CHECK-NEXT: {{^}}	^
