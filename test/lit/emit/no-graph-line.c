// A file without graphs is copied under a #line naming it, never an empty file name.
// RUN: %dagcc %s -o %t.c && FileCheck %s < %t.c
// RUN: %cc -fsyntax-only -Wall -Wextra -Werror -I %include %t.c
// CHECK: #include "dagcc_rt.h"
// CHECK-NEXT: #line 1 "{{.+}}no-graph-line.c"
#include "dagcc.h"

int unrelated(int x)
{
	return x + 1;
}
