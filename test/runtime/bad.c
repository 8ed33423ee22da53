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
	}
	printf("no error\n");
	dagcc_free(buf);
	dagcc_finalize();
	return 0;
}
