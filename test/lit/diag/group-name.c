// --group-size and --rank naming a group no graph has kept the target's world size without a
// word. A likely misspelling of one of the file's groups (a transposition, a missing path) is
// an error that says which was meant, with exit status 1 and no output; a name unlike any is
// a warning (the flags may be for another file's graphs). The group of dagcc_group_rank
// counts, and so does a collective's written group where dagcc does not read it (a while
// loop); a local alias's group is its path.
// RUN: rm -f %t.c
// RUN: not %dagcc --group-size 'md->pd=2' %s -o %t.c 2>&1 | FileCheck %s --check-prefix=SWAP
// RUN: not test -e %t.c
// RUN: not %dagcc --group-size 'dp=2' %s -o %t.c 2>&1 | FileCheck %s --check-prefix=ALIAS
// RUN: not test -e %t.c
// RUN: not %dagcc --rank 'stage=md->tq' %s -o %t.c 2>&1 | FileCheck %s --check-prefix=RANK
// RUN: not test -e %t.c
// RUN: %dagcc --group-size 'opt->world=8' --group-size 'md->dp=2' --group-size 'md->tp=2' --group-size 'md->pp=4' %s -o %t.c 2>&1 | FileCheck %s --check-prefix=FAR
// RUN: test -e %t.c
// RUN: %dagcc --group-size 'md->ep=2' %s -o %t.c 2>&1 | FileCheck %s --check-prefix=HIDDEN
// HIDDEN-NOT: no graph has
// SWAP: dagcc: error: --group-size md->pd=2: no graph has a group 'md->pd'; did you mean 'md->dp'?
// ALIAS: dagcc: error: --group-size dp=2: no graph has a group 'dp'; did you mean 'md->dp'?
// RANK: dagcc: error: --rank stage=md->tq: no graph has a group 'md->tq'; did you mean 'md->tp'?
// FAR: dagcc: warning: --group-size opt->world=8: no graph has a group 'opt->world'; it keeps the target's world size here
// FAR-NOT: md->
#include "dagcc.h"

struct model {
	dagcc_group *dp, *tp, *pp, *ep;
	float *w;
};

DAGCC_GRAPH void step(struct model *md, int stage, dagcc_stream_t s)
{
	dagcc_group *dp = md->dp;
	(void)stage;
	dagcc_all_reduce(dp, md->w, 16, DAGCC_F32, DAGCC_SUM, s);
	dagcc_all_reduce(md->tp, md->w + 16, 16, DAGCC_F32, DAGCC_SUM, s);
	float *own = md->w + 32 + 4 * dagcc_group_rank(md->pp);
	(void)own;
}

DAGCC_GRAPH void experts(struct model *md, int n, dagcc_stream_t s)
{
	while (n-- > 0)
		dagcc_all_reduce(md->ep, md->w, n, DAGCC_F32, DAGCC_SUM, s);
}
