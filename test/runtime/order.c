/* order.c - a group's collectives take effect in start order on each of its streams, as on a
 * GPU stream, on every backend: each chain starts collectives that read what the one before
 * wrote, with no wait in between, waits the last first, and compares with values computed
 * here. Run under mpirun with any number of ranks.
 *
 * argv[1]: "chains" (the default); "free", dagcc_free of memory a collective in flight reads,
 * more queued behind it; "hang", rank 0 starts a collective the others never do, another
 * queued behind it; "null", every collective with count 0 and no buffers. */
#include <stdio.h>
#include <string.h>

#include "dagcc_rt.h"

enum { N = 8 };

static int rank, size, checks, bad;
static dagcc_group *g;
static dagcc_stream_t s;

static float *upload(const float *host, size_t n)
{
	float *d = dagcc_malloc(n * sizeof(float));
	dagcc_copy_to_device(d, host, n * sizeof(float));
	return d;
}

/* The host reads dev after the stream: everything waited on s is there. */
static void expect(const char *what, const float *dev, const float *want, size_t n)
{
	float got[4 * 64];
	dagcc_stream_sync(s);
	dagcc_copy_to_host(got, dev, n * sizeof(float));
	for (size_t i = 0; i < n; i++)
		if (got[i] != want[i]) {
			if (!bad++)
				fprintf(stderr, "rank %d: %s: [%zu] is %g, not %g\n", rank, what, i,
					(double)got[i], (double)want[i]);
			return;
		}
	checks++;
}

/* reduce_scatter into b, then all_gather of b: every rank ends with all the sums. */
static void rs_ag(void)
{
	float in[4 * 64], want[4 * 64];
	for (int i = 0; i < size * N; i++) {
		in[i] = (float)(rank * 100 + i);
		want[i] = (float)(100 * size * (size - 1) / 2 + size * i);
	}
	float *a = upload(in, (size_t)size * N), *b = dagcc_malloc(N * sizeof(float));
	float *c = dagcc_malloc((size_t)size * N * sizeof(float));
	dagcc_future rs = dagcc_reduce_scatter_start(g, a, b, N, DAGCC_F32, DAGCC_SUM, s);
	dagcc_future ag = dagcc_all_gather_start(g, b, c, N, DAGCC_F32, s);
	dagcc_future_wait(&ag, s);
	dagcc_future_wait(&rs, s);
	expect("reduce_scatter then all_gather", c, want, (size_t)size * N);
	dagcc_free(a);
	dagcc_free(b);
	dagcc_free(c);
}

/* all_reduce then broadcast of the same buffer: the broadcast sends the sum. */
static void ar_bcast(void)
{
	float in[N], want[N];
	for (int i = 0; i < N; i++) {
		in[i] = (float)(rank + i + 1);
		want[i] = (float)(size * (size - 1) / 2 + size * (i + 1));
	}
	float *x = upload(in, N);
	dagcc_future ar = dagcc_all_reduce_start(g, x, N, DAGCC_F32, DAGCC_SUM, s);
	dagcc_future bc = dagcc_broadcast_start(g, x, N, DAGCC_F32, size - 1, s);
	dagcc_future_wait(&bc, s);
	dagcc_future_wait(&ar, s);
	expect("all_reduce then broadcast", x, want, N);
	dagcc_free(x);
}

/* Averages feed later collectives: an in-place reduce_scatter (through a temporary on the mpi
 * backend) then an in-place all_gather, as FSDP does; an all_reduce then a reduce_scatter of
 * its result. */
static void avg(void)
{
	float in[4 * 64], want[4 * 64];
	for (int i = 0; i < size * N; i++) {
		in[i] = (float)((rank + 1) * (i + 1));
		want[i] = (float)(size * (size + 1) / 2 * (i + 1)) / (float)size;
	}
	float *y = upload(in, (size_t)size * N);
	dagcc_future rs = dagcc_reduce_scatter_start(g, y, y + rank * N, N, DAGCC_F32, DAGCC_AVG, s);
	dagcc_future ag = dagcc_all_gather_start(g, y + rank * N, y, N, DAGCC_F32, s);
	dagcc_future_wait(&ag, s);
	dagcc_future_wait(&rs, s);
	expect("in-place reduce_scatter avg then all_gather", y, want, (size_t)size * N);
	dagcc_free(y);

	float *z = upload(in, (size_t)size * N), *w = dagcc_malloc(N * sizeof(float)), sum[N];
	for (int i = 0; i < N; i++)
		sum[i] = want[rank * N + i] * (float)size;
	dagcc_future ar = dagcc_all_reduce_start(g, z, (size_t)size * N, DAGCC_F32, DAGCC_AVG, s);
	rs = dagcc_reduce_scatter_start(g, z, w, N, DAGCC_F32, DAGCC_SUM, s);
	dagcc_future_wait(&rs, s);
	dagcc_future_wait(&ar, s);
	expect("all_reduce avg then reduce_scatter", w, sum, N);
	dagcc_free(z);
	dagcc_free(w);
}

/* Three messages each way around a ring, none waited before all are started: sends and
 * receives each keep their order. */
static void ring(void)
{
	if (size < 2)
		return;
	int right = (rank + 1) % size, left = (rank + size - 1) % size;
	float *m[3], *r[3], want[3][N];
	dagcc_future fs[3], fr[3];
	for (int k = 0; k < 3; k++) {
		float in[N];
		for (int i = 0; i < N; i++) {
			in[i] = (float)(k * 1000 + rank * 10 + i);
			want[k][i] = (float)(k * 1000 + left * 10 + i);
		}
		m[k] = upload(in, N);
		r[k] = dagcc_malloc(N * sizeof(float));
	}
	for (int k = 0; k < 3; k++)
		fs[k] = dagcc_send_start(g, m[k], N, DAGCC_F32, right, s);
	for (int k = 0; k < 3; k++)
		fr[k] = dagcc_recv_start(g, r[k], N, DAGCC_F32, left, s);
	for (int k = 2; k >= 0; k--)
		dagcc_future_wait(&fr[k], s);
	for (int k = 2; k >= 0; k--)
		dagcc_future_wait(&fs[k], s);
	for (int k = 0; k < 3; k++) {
		expect("send and receive", r[k], want[k], N);
		dagcc_free(m[k]);
		dagcc_free(r[k]);
	}
}

/* A coalesced pair, then an all_gather of the first's result. */
static void coalesced(void)
{
	float in[N], want[4 * 64];
	for (int i = 0; i < N; i++)
		in[i] = (float)(rank + i);
	for (int r = 0; r < size; r++)
		for (int i = 0; i < N; i++)
			want[r * N + i] = (float)(size * (size - 1) / 2 + size * i);
	float *p = upload(in, N), *q = upload(in, N);
	float *pc = dagcc_malloc((size_t)size * N * sizeof(float));
	dagcc_coalesce_begin(g, s);
	dagcc_future fp = dagcc_all_reduce_start(g, p, N, DAGCC_F32, DAGCC_SUM, s);
	dagcc_future fq = dagcc_all_reduce_start(g, q, N, DAGCC_F32, DAGCC_MAX, s);
	dagcc_coalesce_end(g, s);
	dagcc_future ag = dagcc_all_gather_start(g, p, pc, N, DAGCC_F32, s);
	dagcc_future_wait(&ag, s);
	dagcc_future_wait(&fq, s);
	dagcc_future_wait(&fp, s);
	expect("coalesced all_reduce then all_gather", pc, want, (size_t)size * N);
	dagcc_free(p);
	dagcc_free(q);
	dagcc_free(pc);
}

/* t is freed while the reduce_scatter reading it runs and two more wait behind it: the free
 * finishes the reduce_scatter first, and the queue moves on. */
static void freeing(void)
{
	float in[4 * 64], want[4 * 64], one[N], sum[N];
	for (int i = 0; i < size * N; i++) {
		in[i] = (float)(rank * 100 + i);
		want[i] = (float)(100 * size * (size - 1) / 2 + size * i);
	}
	for (int i = 0; i < N; i++) {
		one[i] = (float)(rank + i);
		sum[i] = (float)(size * (size - 1) / 2 + size * i);
	}
	float *t = upload(in, (size_t)size * N), *b = dagcc_malloc(N * sizeof(float));
	float *c = dagcc_malloc((size_t)size * N * sizeof(float)), *d = upload(one, N);
	dagcc_future rs = dagcc_reduce_scatter_start(g, t, b, N, DAGCC_F32, DAGCC_SUM, s);
	dagcc_future ag = dagcc_all_gather_start(g, b, c, N, DAGCC_F32, s);
	dagcc_future ar = dagcc_all_reduce_start(g, d, N, DAGCC_F32, DAGCC_SUM, s);
	dagcc_free(t);
	dagcc_future_wait(&ar, s);
	dagcc_future_wait(&ag, s);
	dagcc_future_wait(&rs, s);
	expect("free in flight, then all_gather", c, want, (size_t)size * N);
	expect("free in flight, then all_reduce", d, sum, N);
	dagcc_free(b);
	dagcc_free(c);
	dagcc_free(d);
}

static void hang(void)
{
	float zero[N] = {0};
	float *a = upload(zero, N), *c = dagcc_malloc((size_t)size * N * sizeof(float));
	if (rank == 0) {
		dagcc_future ar = dagcc_all_reduce_start(g, a, N, DAGCC_F32, DAGCC_SUM, s);
		dagcc_future ag = dagcc_all_gather_start(g, a, c, N, DAGCC_F32, s);
		dagcc_future_wait(&ag, s);
		dagcc_future_wait(&ar, s);
	}
	dagcc_free(a);
	dagcc_free(c);
}

/* Count 0 needs no buffer; a count of 0 on a real buffer touches none of it. */
static void null(void)
{
	dagcc_future f[7];
	int n = 0;
	f[n++] = dagcc_all_reduce_start(g, NULL, 0, DAGCC_F32, DAGCC_SUM, s);
	f[n++] = dagcc_all_gather_start(g, NULL, NULL, 0, DAGCC_F32, s);
	f[n++] = dagcc_reduce_scatter_start(g, NULL, NULL, 0, DAGCC_F32, DAGCC_AVG, s);
	f[n++] = dagcc_all_to_all_start(g, NULL, NULL, 0, DAGCC_F32, s);
	f[n++] = dagcc_broadcast_start(g, NULL, 0, DAGCC_F32, 0, s);
	if (size > 1) {
		f[n++] = dagcc_send_start(g, NULL, 0, DAGCC_F32, (rank + 1) % size, s);
		f[n++] = dagcc_recv_start(g, NULL, 0, DAGCC_F32, (rank + size - 1) % size, s);
	}
	DAGCC_CHECKED("nothing", s, {NULL, 0, DAGCC_READ, "none"}, {NULL, 64, DAGCC_WRITE, "none"});
	while (n)
		dagcc_future_wait(&f[--n], s);

	float *a = dagcc_malloc(N * sizeof(float)), *c = dagcc_malloc(N * sizeof(float));
	dagcc_future ar = dagcc_all_reduce_start(g, a, 0, DAGCC_F32, DAGCC_SUM, s);
	dagcc_future ag = dagcc_all_gather_start(g, a, c, 0, DAGCC_F32, s);
	DAGCC_CHECKED("fill", s, {a, N * sizeof(float), DAGCC_WRITE, "a"},
		      {c, N * sizeof(float), DAGCC_WRITE, "c"});
	dagcc_copy_async(c, a, 0, s);
	dagcc_copy_async(NULL, NULL, 0, s);
	dagcc_future_wait(&ag, s);
	dagcc_future_wait(&ar, s);
	dagcc_free(a);
	dagcc_free(c);
	checks++;
}

int main(int argc, char **argv)
{
	dagcc_init(&argc, &argv);
	const char *what = argc > 1 ? argv[1] : "chains";
	g = dagcc_world();
	s = dagcc_stream_default();
	rank = dagcc_group_rank(g);
	size = dagcc_group_size(g);
	if (size > 4) {
		fprintf(stderr, "order: at most 4 ranks\n");
		return 1;
	}
	if (!strcmp(what, "chains")) {
		for (int rep = 0; rep < 3; rep++) {
			rs_ag();
			ar_bcast();
			avg();
			ring();
			coalesced();
		}
	} else if (!strcmp(what, "free")) {
		freeing();
	} else if (!strcmp(what, "null")) {
		null();
	} else if (!strcmp(what, "hang")) {
		hang();
	}
	if (bad)
		fprintf(stderr, "rank %d: %s: %d wrong\n", rank, what, bad);
	else if (rank == 0)
		printf("%s %d ranks: %d checks passed\n", what, size, checks);
	dagcc_finalize();
	return bad != 0;
}
