/* bad.c - one misuse of the runtime per run, chosen by argv[1]; each must be reported with the
 * call's name and this file's line, and end the job with a non-zero status. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "dagcc_rt.h"

int main(int argc, char **argv)
{
	dagcc_init(&argc, &argv);
	dagcc_stream_t s = dagcc_stream_default();
	dagcc_group *g = dagcc_world();
	int size = dagcc_group_size(g);
	float *buf = dagcc_malloc(64 * sizeof(float));
	const char *what = argc > 1 ? argv[1] : "";
	if (!strcmp(what, "null-group"))
		dagcc_all_reduce(NULL, buf, 4, DAGCC_F32, DAGCC_SUM, s);
	else if (!strcmp(what, "null-buffer"))
		dagcc_all_gather(g, NULL, buf, 4, DAGCC_F32, s);
	else if (!strcmp(what, "dtype"))
		dagcc_all_reduce(g, buf, 4, (dagcc_dtype)99, DAGCC_SUM, s);
	else if (!strcmp(what, "op"))
		dagcc_reduce_scatter(g, buf, buf, 1, DAGCC_F32, (dagcc_op)-1, s);
	else if (!strcmp(what, "overflow"))
		dagcc_all_gather(g, buf, buf, SIZE_MAX / 2, DAGCC_F64, s);
	else if (!strcmp(what, "root"))
		dagcc_broadcast(g, buf, 4, DAGCC_F32, size, s);
	else if (!strcmp(what, "peer"))
		dagcc_send(g, buf, 4, DAGCC_F32, -1, s);
	else if (!strcmp(what, "wait-twice")) {
		dagcc_future f = dagcc_all_reduce_start(g, buf, 4, DAGCC_F32, DAGCC_SUM, s);
		dagcc_future copy = f;
		dagcc_future_wait(&f, s);
		dagcc_future_wait(&copy, s);
	} else if (!strcmp(what, "after-finalize")) {
		dagcc_finalize();
		dagcc_all_reduce(g, buf, 4, DAGCC_F32, DAGCC_SUM, s);
	} else if (!strcmp(what, "split-after-finalize")) {
		dagcc_finalize();
		dagcc_group_split(g, 0, 0);
	} else if (!strcmp(what, "coalesce-wait")) {
		dagcc_coalesce_begin(g, s);
		dagcc_future f = dagcc_all_reduce_start(g, buf, 4, DAGCC_F32, DAGCC_SUM, s);
		dagcc_future_wait(&f, s);
	} else if (!strcmp(what, "coalesce-twice")) {
		dagcc_coalesce_begin(g, s);
		dagcc_coalesce_begin(g, s);
	} else if (!strcmp(what, "coalesce-end")) {
		dagcc_coalesce_end(g, s);
	} else if (!strcmp(what, "coalesce-send")) {
		dagcc_coalesce_begin(g, s);
		dagcc_send(g, buf, 4, DAGCC_F32, 0, s);
	} else if (!strcmp(what, "coalesce-ok")) {
		dagcc_coalesce_begin(g, s);
		dagcc_future f = dagcc_all_reduce_start(g, buf, 4, DAGCC_F32, DAGCC_SUM, s);
		dagcc_future h = dagcc_all_reduce_start(g, buf + 4, 4, DAGCC_F32, DAGCC_SUM, s);
		dagcc_coalesce_end(g, s);
		dagcc_future_wait(&f, s);
		dagcc_future_wait(&h, s);
	} else if (!strcmp(what, "null-recv")) {
		dagcc_reduce_scatter(g, buf, NULL, 4, DAGCC_F32, DAGCC_SUM, s);
	} else if (!strcmp(what, "null-send")) {
		dagcc_send(g, NULL, 4, DAGCC_F32, 1, s);
	} else if (!strcmp(what, "wait-same")) {
		dagcc_future f = dagcc_all_reduce_start(g, buf, 4, DAGCC_F32, DAGCC_SUM, s);
		dagcc_future_wait(&f, s);
		dagcc_future_wait(&f, s);
	} else if (!strcmp(what, "never-started")) {
		dagcc_future f = {0};
		dagcc_future_wait(&f, s);
	} else if (!strcmp(what, "free-twice")) {
		float *t = dagcc_malloc(16);
		dagcc_free(t);
		dagcc_free(t);
	} else if (!strcmp(what, "free-async-twice")) {
		float *t = dagcc_alloc_async(16, s);
		dagcc_free_async(t, s);
		dagcc_free_async(t, s);
	} else if (!strcmp(what, "free-foreign")) {
		static float mine[4];
		dagcc_free(mine);
	} else if (!strcmp(what, "free-inside")) {
		dagcc_free(buf + 1);
	} else if (!strcmp(what, "bad-stream")) {
		static int notastream;
		dagcc_all_reduce(g, buf, 4, DAGCC_F32, DAGCC_SUM, (dagcc_stream_t)&notastream);
	} else if (!strcmp(what, "coalesce-open")) {
		dagcc_coalesce_begin(g, s);
		dagcc_future f = dagcc_all_reduce_start(g, buf, 4, DAGCC_F32, DAGCC_SUM, s);
		(void)f;
	} else if (!strcmp(what, "uaf-collective")) {
		float *t = dagcc_malloc(64 * sizeof(float));
		dagcc_free(t);
		dagcc_all_reduce(g, t, 64, DAGCC_F32, DAGCC_SUM, s);
	} else if (!strcmp(what, "uaf-gather")) {
		float *t = dagcc_alloc_async(4 * sizeof(float), s);
		dagcc_free_async(t, s);
		dagcc_future f = dagcc_all_gather_start(g, buf, t + 2, 1, DAGCC_F32, s);
		dagcc_future_wait(&f, s);
	} else if (!strcmp(what, "uaf-kernel")) {
		float *t = dagcc_alloc_async(4 * sizeof(float), s);
		dagcc_free_async(t, s);
		DAGCC_CHECKED("kernel", s, {buf, 0, DAGCC_READ, "buf"}, {t, 0, DAGCC_WRITE, "t"});
	} else if (!strcmp(what, "uaf-copy")) {
		float *t = dagcc_malloc(16);
		dagcc_free(t);
		dagcc_copy_async(buf, t, 16, s);
	} else if (!strcmp(what, "reuse")) {
		/* memory freed and allocated again, and more than the quarantine holds: no error */
		for (int i = 0; i < 600; i++) {
			float *t = dagcc_alloc_async(i % 2 ? 64 : ((size_t)i % 7 + 1) << 20, s);
			dagcc_all_reduce(g, t, 4, DAGCC_F32, DAGCC_SUM, s);
			dagcc_free_async(t, s);
		}
	} else if (!strcmp(what, "p2p-coll")) {
		dagcc_p2p_begin(g, s);
		dagcc_all_reduce(g, buf, 4, DAGCC_F32, DAGCC_SUM, s);
	} else if (!strcmp(what, "p2p-end")) {
		dagcc_p2p_end(g, s);
	} else if (!strcmp(what, "p2p-open")) {
		dagcc_p2p_begin(g, s);
	} else if (!strcmp(what, "p2p-nest")) {
		dagcc_p2p_begin(g, s);
		dagcc_coalesce_begin(g, s);
	} else if (!strcmp(what, "p2p-ring")) {
		/* every rank sends to the next, then receives from the previous: safe in a group */
		int r = dagcc_group_rank(g), n = dagcc_group_size(g);
		for (int i = 0; i < 4; i++)
			buf[i] = (float)r;
		dagcc_p2p_begin(g, s);
		dagcc_send(g, buf, 4, DAGCC_F32, (r + 1) % n, s);
		dagcc_recv(g, buf + 4, 4, DAGCC_F32, (r + n - 1) % n, s);
		dagcc_p2p_end(g, s);
		if (buf[4] != (float)((r + n - 1) % n))
			printf("rank %d received %g\n", r, buf[4]);
	} else if (!strcmp(what, "p2p-race")) {
		/* received into what the same group sends: they run at once */
		int r = dagcc_group_rank(g), n = dagcc_group_size(g);
		dagcc_p2p_begin(g, s);
		dagcc_send(g, buf, 4, DAGCC_F32, (r + 1) % n, s);
		dagcc_recv(g, buf, 4, DAGCC_F32, (r + n - 1) % n, s);
		dagcc_p2p_end(g, s);
	}
	printf("no error\n");
	dagcc_free(buf);
	dagcc_finalize();
	return 0;
}
