/* checked.c - checked mode (DAGCC_CHECK=1) on programs with and without a missing wait.
 *
 * argv[1] picks the program: "good" orders everything and must pass silently; each other one
 * drops or misplaces a wait, breaks the no-alias promise or leaves a send unreceived: reported. The
 * compute calls are host loops registered with DAGCC_CHECKED, as emitted code does. */
#include <stdio.h>
#include <string.h>

#include "dagcc_rt.h"

enum { N = 256 };

/* Roots are named as dagcc names them in a graph: by the argument's text. */
#define scale(s, x, y) scale_(s, x, #x, y, #y)
static void scale_(dagcc_stream_t s, const float *x, const char *xroot, float *y,
		   const char *yroot)
{
	DAGCC_CHECKED("scale", s, {x, N * sizeof(float), DAGCC_READ, xroot},
		      {y, N * sizeof(float), DAGCC_WRITE, yroot});
	for (int i = 0; i < N; i++)
		y[i] = 2 * x[i];
}

static void sum(dagcc_stream_t s, const float *x, float *out)
{
	DAGCC_CHECKED("sum", s, {x, 0, DAGCC_READ, "all"}, {out, sizeof(float), DAGCC_WRITE, "out"});
	*out = 0;
	for (int i = 0; i < N; i++)
		*out += x[i];
}

int main(int argc, char **argv)
{
	dagcc_init(&argc, &argv);
	const char *what = argc > 1 ? argv[1] : "good";
	dagcc_stream_t s = dagcc_stream_default();
	dagcc_group *g = dagcc_world();
	int size = dagcc_group_size(g);
	float *a = dagcc_malloc(N * sizeof(float)), *b = dagcc_malloc(N * sizeof(float));
	float *all = dagcc_malloc((size_t)size * N * sizeof(float));
	float *out = dagcc_malloc(sizeof(float)), host[N];
	for (int i = 0; i < N; i++)
		host[i] = (float)i;
	dagcc_copy_to_device(a, host, sizeof host);
	dagcc_copy_to_device(b, host, sizeof host);

	if (!strcmp(what, "good")) {
		dagcc_future f = dagcc_all_reduce_start(g, a, N, DAGCC_F32, DAGCC_SUM, s);
		scale(s, b, b); /* independent work while a is reduced */
		dagcc_future_wait(&f, s);
		scale(s, a, b);
		float *t = dagcc_alloc_async(N * sizeof(float), s);
		dagcc_future h = dagcc_all_gather_start(g, b, all, N, DAGCC_F32, s);
		scale(s, a, t);
		dagcc_future_wait(&h, s);
		sum(s, all, out);
		dagcc_free_async(t, s);
	} else if (!strcmp(what, "read-before-wait")) {
		dagcc_future f = dagcc_all_reduce_start(g, a, N, DAGCC_F32, DAGCC_SUM, s);
		scale(s, a, b);
		dagcc_future_wait(&f, s);
	} else if (!strcmp(what, "no-wait")) {
		dagcc_future f = dagcc_all_reduce_start(g, a, N, DAGCC_F32, DAGCC_SUM, s);
		sum(s, a, out);
		(void)f;
	} else if (!strcmp(what, "write-while-read")) {
		dagcc_future f = dagcc_all_gather_start(g, a, all, N, DAGCC_F32, s);
		scale(s, b, a);
		dagcc_future_wait(&f, s);
	} else if (!strcmp(what, "free-before-wait")) {
		float *t = dagcc_alloc_async(N * sizeof(float), s);
		scale(s, a, t);
		dagcc_future f = dagcc_all_gather_start(g, t, all, N, DAGCC_F32, s);
		dagcc_free_async(t, s);
		dagcc_future_wait(&f, s);
	} else if (!strcmp(what, "host-read")) {
		/* host copies come after the collectives in flight on their memory, as cudaMemcpy
		 * comes after prior work: the sum is read, and a is overwritten only once the
		 * all-gather has sent it */
		dagcc_future f = dagcc_all_reduce_start(g, a, N, DAGCC_F32, DAGCC_SUM, s);
		dagcc_copy_to_host(host, a, sizeof host);
		dagcc_future_wait(&f, s);
		int bad = 0;
		for (int i = 0; i < N; i++)
			bad += host[i] != (float)(i * size);
		dagcc_future h = dagcc_all_gather_start(g, a, all, N, DAGCC_F32, s);
		dagcc_copy_to_device(a, host, sizeof host);
		dagcc_future_wait(&h, s);
		dagcc_copy_to_host(host, all, sizeof host);
		for (int i = 0; i < N; i++)
			bad += host[i] != (float)(i * size);
		printf("%s: %d wrong\n", what, bad);
	} else if (!strcmp(what, "overlap")) {
		DAGCC_CHECKED("view", s, {a + 16, 0, DAGCC_READ, "a_view"});
		DAGCC_CHECKED("whole", s, {a, N * sizeof(float), DAGCC_WRITE, "a"});
	} else if (!strcmp(what, "conflict")) {
		/* the world and the first half of it share ranks: never both in flight */
		dagcc_group *half = dagcc_group_split(g, dagcc_group_rank(g) < size / 2, 0);
		dagcc_future f = dagcc_all_reduce_start(g, a, N, DAGCC_F32, DAGCC_SUM, s);
		dagcc_future h = dagcc_all_reduce_start(half, b, N, DAGCC_F32, DAGCC_SUM, s);
		dagcc_future_wait(&h, s);
		dagcc_future_wait(&f, s);
	} else if (!strcmp(what, "no-conflict")) {
		dagcc_group *half = dagcc_group_split(g, dagcc_group_rank(g) < size / 2, 0);
		dagcc_future f = dagcc_all_reduce_start(g, a, N, DAGCC_F32, DAGCC_SUM, s);
		dagcc_future_wait(&f, s);
		dagcc_future h = dagcc_all_reduce_start(half, b, N, DAGCC_F32, DAGCC_SUM, s);
		dagcc_future_wait(&h, s);
	} else if (!strcmp(what, "bucket") || !strcmp(what, "bucket-early-unpack")) {
		/* two all-reduces as one: pack a and b into a temporary, reduce, unpack */
		float *bk = dagcc_alloc_async(2 * N * sizeof(float), s);
		dagcc_copy_async(bk, a, N * sizeof(float), s);
		dagcc_copy_async(bk + N, b, N * sizeof(float), s);
		dagcc_future f = dagcc_all_reduce_start(g, bk, 2 * N, DAGCC_F32, DAGCC_SUM, s);
		if (!strcmp(what, "bucket"))
			dagcc_future_wait(&f, s);
		dagcc_copy_async(a, bk, N * sizeof(float), s);
		dagcc_copy_async(b, bk + N, N * sizeof(float), s);
		if (strcmp(what, "bucket"))
			dagcc_future_wait(&f, s);
		dagcc_free_async(bk, s);
		dagcc_stream_sync(s);
		dagcc_copy_to_host(host, a, sizeof host);
		int bad = 0;
		for (int i = 0; i < N; i++)
			bad += host[i] != (float)(i * size);
		dagcc_copy_to_host(host, b, sizeof host);
		for (int i = 0; i < N; i++)
			bad += host[i] != (float)(i * size);
		printf("%s: %d wrong\n", what, bad);
	} else if (!strcmp(what, "sync-unwaited")) {
		dagcc_future f = dagcc_all_reduce_start(g, a, N, DAGCC_F32, DAGCC_SUM, s);
		dagcc_stream_sync(s);
		dagcc_future_wait(&f, s);
	} else if (!strcmp(what, "named")) {
		/* reports name groups as the program does; the first name given stays */
		dagcc_group *half = dagcc_group_split(g, dagcc_group_rank(g) < size / 2, 0);
		DAGCC_CHECKED_GROUP(g, "world");
		DAGCC_CHECKED_GROUP(half, "md->half");
		DAGCC_CHECKED_GROUP(g, "other");
		dagcc_future f = dagcc_all_reduce_start(g, a, N, DAGCC_F32, DAGCC_SUM, s);
		dagcc_future h = dagcc_all_reduce_start(half, b, N, DAGCC_F32, DAGCC_SUM, s);
		scale(s, b, all);
		dagcc_future_wait(&h, s);
		dagcc_future_wait(&f, s);
	} else if (!strcmp(what, "coalesce-dependent")) {
		/* the members of a coalesced bucket run in no defined order: one must not read what
		 * another writes; what follows the bucket on its stream comes after all of them */
		dagcc_coalesce_begin(g, s);
		dagcc_future f = dagcc_all_reduce_start(g, a, N, DAGCC_F32, DAGCC_SUM, s);
		dagcc_future h = dagcc_all_gather_start(g, a, all, N, DAGCC_F32, s);
		dagcc_coalesce_end(g, s);
		dagcc_future k = dagcc_all_reduce_start(g, all, N, DAGCC_F32, DAGCC_SUM, s);
		dagcc_future_wait(&k, s);
		dagcc_future_wait(&h, s);
		dagcc_future_wait(&f, s);
	} else if (!strcmp(what, "unmatched-send")) {
		/* rank 0 sends twice on the world, rank 1 receives once (MPI completes the second
		 * send all the same); on a group of the same ranks they match */
		int me = dagcc_group_rank(g);
		dagcc_group *pair = dagcc_group_split(g, 0, me);
		DAGCC_CHECKED_GROUP(pair, "pair");
		if (me == 0) {
			dagcc_send(g, a, N, DAGCC_F32, 1, s);
			dagcc_send(g, b, N, DAGCC_F32, 1, s);
			dagcc_send(pair, a, N, DAGCC_F32, 1, s);
			dagcc_recv(pair, b, N, DAGCC_F32, 1, s);
		} else if (me == 1) {
			dagcc_recv(g, a, N, DAGCC_F32, 0, s);
			dagcc_recv(pair, b, N, DAGCC_F32, 0, s);
			dagcc_send(pair, a, N, DAGCC_F32, 0, s);
		}
	}
	dagcc_stream_sync(s);
	dagcc_copy_to_host(host, b, sizeof host);
	if (strcmp(what, "no-wait") != 0) /* the collective still owns a until dagcc_finalize */
		dagcc_free(a);
	dagcc_free(b);
	dagcc_free(all);
	dagcc_free(out);
	printf("%s: finished\n", what);
	dagcc_finalize();
	return 0;
}
