// --assume binds a member path too (md->n, cfg.layers, md->c.n): a count, bound or cost read
// from a struct becomes the constant, however the path is spelled ((*md).n, an alias's
// alias->n). A path that is not one is a command-line error, exit status 1, no output.
// RUN: rm -f %t.ir
// RUN: %dagcc --emit=ir --bucket-cap 0 --assume 'md->n=8192' --assume cfg.layers=3 --assume 'md->c.n=16' %s | FileCheck %s
// RUN: not %dagcc --emit=ir %s -o %t.ir 2>&1 | FileCheck %s --check-prefix=ERR
// RUN: not test -e %t.ir
// RUN: not %dagcc --emit=ir --assume 'md->=3' %s -o %t.ir 2>&1 | FileCheck %s --check-prefix=BAD
// RUN: not %dagcc --emit=ir --assume 'md-n=3' %s -o %t.ir 2>&1 | FileCheck %s --check-prefix=BAD2
// RUN: not test -e %t.ir
#include "dagcc.h"

struct cfg {
	int layers, n;
};
struct model {
	int n;
	struct cfg c;
	float *w;
};

DAGCC_COMPUTE(flops = n)
void k(dagcc_stream_t s, DAGCC_INOUT_N(n) float *y, int n);

DAGCC_GRAPH void step(dagcc_group *g, struct model *md, struct cfg cfg, dagcc_stream_t s)
{
	struct model *alias = md;
	for (int l = 0; l < cfg.layers; l++)
		k(s, md->w + l * 4, md->c.n / 4);
	dagcc_all_reduce(g, md->w, md->n, DAGCC_F32, DAGCC_SUM, s);
	dagcc_all_reduce(g, md->w, (*md).n / 2, DAGCC_F32, DAGCC_SUM, s);
	dagcc_all_reduce(g, md->w, alias->n / 4, DAGCC_F32, DAGCC_SUM, s);
}
// CHECK: %0 = compute "k" f32 flops 4 inout "md->w"[0:16]
// CHECK-NEXT: %1 = compute "k" f32 flops 4 inout "md->w"[16:16]
// CHECK-NEXT: %2 = compute "k" f32 flops 4 inout "md->w"[32:16]
// CHECK-NEXT: %3 = all_reduce group "g" f32 op sum count 8192 inout "md->w"[0:32768]
// CHECK-NEXT: %4 = all_reduce group "g" f32 op sum count 4096 inout "md->w"[0:16384]
// CHECK-NEXT: %5 = all_reduce group "g" f32 op sum count 2048 inout "md->w"[0:8192]
// ERR: assume-member.c:28:2: warning: statement is an ordering barrier: nothing moves across it (a loop whose trip count is known only at run time, whose body dagcc cannot read as one trip: cost argument 'n' of 'k' is not a constant expression ({{.*}}assume-member.c:29:23); --assume NAME=VALUE unrolls it)
// ERR: assume-member.c:30:29: error: collective count is not a constant expression
// BAD: dagcc: error: --assume: 'md->' is not an identifier or a member path
// BAD2: dagcc: error: --assume: 'md-n' is not an identifier or a member path
