// A static helper called from a graph is read as its body in the call's place: its parameters
// bound to the arguments (a pointer parameter given md->g[l] has that root), its locals
// renamed per call, its constant if folded and its loop unrolled with the argument's value, a
// helper it calls inlined in turn, its final `return;` dropped. The emitted body compiles with
// -Werror (the helpers' definitions stay used: (void)fn;), each statement under a #line of the
// helper's own line, and runs as the original does, bit for bit. It used to be one barrier
// per call, its kernels out of the cost model.
// REQUIRES: mpi
// RUN: %dagcc -I %include --emit=ir %s 2>&1 | FileCheck %s --check-prefix=IR
// RUN: %dagcc -I %include %s -o %t.c
// RUN: FileCheck %s < %t.c
// RUN: %cc %sanflags -std=c11 -Wall -Wextra -Werror -I%include %t.c -L%libdir -Wl,-rpath,%libdir -ldagcc_rt_mpi -o %t
// RUN: %cc %sanflags -std=c11 -Wall -Wextra -Werror -I%include %s -L%libdir -Wl,-rpath,%libdir -ldagcc_rt_mpi -o %t.orig
// RUN: %mpirun 2 %t | sort > %t.out
// RUN: %mpirun 2 %t.orig | sort > %t.orig.out
// RUN: diff %t.orig.out %t.out
#include <stdio.h>

#include "dagcc.h"

#define L 3
#define N 8

struct model {
	float *w[L];
	float *g[L];
	float *act;
};

DAGCC_COMPUTE(us = 100)
static void grad(dagcc_stream_t s, DAGCC_IN const float *x, DAGCC_INOUT float *g, int n);
DAGCC_COMPUTE(us = 100)
static void scale(dagcc_stream_t s, DAGCC_INOUT_N(n) float *y, int n, float f);

static inline void accum(dagcc_stream_t s, float *g, const float *x, int n)
{
	grad(s, x, g, n);
}

static void layer_backward(struct model *md, int l, dagcc_stream_t s, dagcc_group *dp)
{
	float *g = md->g[l];
	accum(s, g, md->act, N);
	if (l % 2 == 0)
		scale(s, g, N, 0.5f);
	for (int i = 0; i < l; i++)
		scale(s, md->w[l] + i, 1, 2.0f);
	dagcc_all_reduce(dp, g, N, DAGCC_F32, DAGCC_SUM, s);
	return;
}

/* a macro naming a parameter: inlined, it names the call's local, not the graph's x */
#define UPPER (x + N / 2)
static void upper_half(dagcc_stream_t s, float *x)
{
	scale(s, UPPER, N / 2, 3.0f);
}

DAGCC_GRAPH void step(struct model *md, dagcc_group *dp, dagcc_stream_t s)
{
	float *x = md->w[0];
	for (int l = L - 1; l >= 0; l--)
		layer_backward(md, l, s, dp);
	upper_half(s, md->act);
	scale(s, x, 1, 1.0f);
}

// IR-NOT: warning
// IR-NOT: barrier
// IR: compute "grad" {{.*}} in "md->act"[0:?] inout "md->g[2]"[0:?]
// IR-NEXT: compute "scale" {{.*}} inout "md->g[2]"[0:32]
// IR-NEXT: compute "scale" {{.*}} inout "md->w[2]"[0:4]
// IR-NEXT: compute "scale" {{.*}} inout "md->w[2]"[4:4]
// IR-NEXT: all_reduce group "dp" f32 op sum count 8 inout "md->g[2]"[0:32]
// IR-NEXT: compute "grad" {{.*}} in "md->act"[0:?] inout "md->g[1]"[0:?]
// IR-NEXT: compute "scale" {{.*}} inout "md->w[1]"[0:4]
// IR-NEXT: all_reduce group "dp" {{.*}} inout "md->g[1]"[0:32]
// IR-NEXT: compute "grad" {{.*}} inout "md->g[0]"[0:?]
// IR-NEXT: compute "scale" {{.*}} inout "md->g[0]"[0:32]
// IR-NEXT: all_reduce group "dp" {{.*}} inout "md->g[0]"[0:32]
// IR-NEXT: compute "scale" {{.*}} inout "md->act"[16:16]
// IR-NEXT: compute "scale" {{.*}} inout "md->w[0]"[0:4]
// IR-NEXT: schedule {

// CHECK: struct model * [[MD:md__2_h[0-9]+]] = md; (void)[[MD]];
// CHECK: float *[[G:g__2_h[0-9]+]] = [[MD]]->g[2]; (void)[[G]];
// CHECK: float * [[X:x_v[0-9]+__h[0-9]+]] = md->act;
// CHECK-DAG: (void)accum;
// CHECK-DAG: (void)layer_backward;
// CHECK: dagcc_all_reduce_start(
// CHECK-NOT: {{^[[:space:]]+}}layer_backward(
// CHECK: scale({{s_v[0-9]+__h[0-9]+}}, ([[X]] + 8 / 2), 8 / 2, 3.F));

static void grad(dagcc_stream_t s, const float *x, float *g, int n)
{
	(void)s;
	for (int i = 0; i < n; i++)
		g[i] += x[i] * 3;
}

static void scale(dagcc_stream_t s, float *y, int n, float f)
{
	(void)s;
	for (int i = 0; i < n; i++)
		y[i] = y[i] * f + 1;
}

int main(int argc, char **argv)
{
	dagcc_init(&argc, &argv);
	dagcc_group *world = dagcc_world();
	int rank = dagcc_group_rank(world);
	struct model md;
	float h[N];
	for (int i = 0; i < N; i++)
		h[i] = (float)(rank + i);
	md.act = dagcc_malloc(sizeof h);
	dagcc_copy_to_device(md.act, h, sizeof h);
	for (int l = 0; l < L; l++) {
		md.w[l] = dagcc_malloc(sizeof h);
		md.g[l] = dagcc_malloc(sizeof h);
		h[0] += 1;
		dagcc_copy_to_device(md.w[l], h, sizeof h);
		dagcc_copy_to_device(md.g[l], h, sizeof h);
	}
	step(&md, world, dagcc_stream_default());
	dagcc_stream_sync(dagcc_stream_default());
	for (int l = 0; l < L; l++) {
		float hw[N], hg[N];
		dagcc_copy_to_host(hw, md.w[l], sizeof hw);
		dagcc_copy_to_host(hg, md.g[l], sizeof hg);
		printf("%d: layer %d w", rank, l);
		for (int i = 0; i < N; i++)
			printf(" %a", hw[i]);
		printf(" g");
		for (int i = 0; i < N; i++)
			printf(" %a", hg[i]);
		printf("\n");
	}
	dagcc_finalize();
	return 0;
}
