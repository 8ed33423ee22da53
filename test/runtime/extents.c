/* extents.c - checked mode on slices of one flat allocation, with declared extents (bytes > 0
 * in DAGCC_CHECKED) and undeclared ones (bytes 0: the first byte surely, possibly to the end).
 *
 * The program is FSDP-like over L layers: each layer's weights are gathered into its slice of
 * one flat buffer while the layer before computes, and each layer's gradients, slices of
 * another, are reduce-scattered while the next computes. argv[1]: "declared" and
 * "undeclared" order everything; "missing-wait" drops the wait before layer 2 reads its
 * weights; "notes" makes 60 pairs of lines that only an undeclared extent could make conflict,
 * then one real race; "roots" names slices as distinct buffers, "spill" then reads past one. */
#include <stdio.h>
#include <string.h>

#include "dagcc_rt.h"

enum { L = 4, H = 64, B = 16, F = sizeof(float) };

static int declared;

/* Reads w (H floats) and x (B), writes y (B) and the gradient dw (H). */
static void layer(dagcc_stream_t s, const float *w, const float *x, float *y, float *dw)
{
	size_t hb = declared ? H * sizeof(float) : 0, bb = declared ? B * sizeof(float) : 0;
	DAGCC_CHECKED("layer", s, {w, hb, DAGCC_READ, "params"}, {x, bb, DAGCC_READ, "acts"},
		      {y, bb, DAGCC_WRITE, "acts"}, {dw, hb, DAGCC_WRITE, "grads"});
	for (int i = 0; i < B; i++)
		y[i] = x[i] + w[i];
	for (int i = 0; i < H; i++)
		dw[i] = w[i];
}

int main(int argc, char **argv)
{
	dagcc_init(&argc, &argv);
	const char *what = argc > 1 ? argv[1] : "declared";
	declared = !strcmp(what, "declared");
	dagcc_stream_t s = dagcc_stream_default();
	dagcc_group *g = dagcc_world();
	int size = dagcc_group_size(g), S = H / size;
	float *shard = dagcc_malloc(L * H * F), *params = dagcc_malloc(L * H * F);
	float *acts = dagcc_malloc((L + 1) * B * F), *grads = dagcc_malloc(L * H * F);
	float *gshard = dagcc_malloc(L * H * F), host[L * H] = {0};
	dagcc_copy_to_device(shard, host, sizeof host);
	dagcc_copy_to_device(acts, host, (L + 1) * B * F);

	if (!strcmp(what, "declared") || !strcmp(what, "undeclared") || !strcmp(what, "missing-wait")) {
		dagcc_future ag[L], rs[L];
		ag[0] = dagcc_all_gather_start(g, shard, params, S, DAGCC_F32, s);
		for (int i = 0; i < L; i++) {
			if (i + 1 < L) {
				float *next = params + (i + 1) * H;
				ag[i + 1] = dagcc_all_gather_start(g, shard + (i + 1) * S, next, S, DAGCC_F32, s);
			}
			if (i != 2 || strcmp(what, "missing-wait"))
				dagcc_future_wait(&ag[i], s);
			layer(s, params + i * H, acts + i * B, acts + (i + 1) * B, grads + i * H);
			if (i == 2 && !strcmp(what, "missing-wait"))
				dagcc_future_wait(&ag[i], s);
			rs[i] = dagcc_reduce_scatter_start(g, grads + i * H, gshard + i * S, S, DAGCC_F32,
							   DAGCC_SUM, s);
		}
		for (int i = 0; i < L; i++)
			dagcc_future_wait(&rs[i], s);
	} else if (!strcmp(what, "notes")) {
		/* the gather writes the last slice while 60 calls read the first, each from a line
		 * of its own, their extents undeclared; then one reads the last slice itself */
		dagcc_future f = dagcc_all_gather_start(g, shard, params + (L - 1) * H, S, DAGCC_F32, s);
		for (int k = 0; k < 60; k++) {
			dagcc_access a = {params, 0, DAGCC_READ, "params"};
			dagcc_check_compute_loc("probe.c", 1000 + k, "probe", s, &a, 1);
		}
		DAGCC_CHECKED("late", s, {params + (L - 1) * H, 0, DAGCC_READ, "params"});
		dagcc_future_wait(&f, s);
	} else if (!strcmp(what, "roots") || !strcmp(what, "spill")) {
		/* per-layer slices of one allocation are distinct buffers: undeclared extents do not
		 * make them overlap; a declared one that runs into the next slice does */
		for (int i = 0; i < L; i++) {
			char name[16];
			snprintf(name, sizeof name, "w%d", i);
			DAGCC_CHECKED("init", s, {params + i * H, 0, DAGCC_WRITE, name});
		}
		if (!strcmp(what, "spill"))
			DAGCC_CHECKED("spill", s, {params, (H + 1) * sizeof(float), DAGCC_READ, "w0"});
	}
	dagcc_stream_sync(s);
	dagcc_free(shard);
	dagcc_free(params);
	dagcc_free(acts);
	dagcc_free(grads);
	dagcc_free(gshard);
	fprintf(stderr, "%s: finished\n", what); /* in order with the reports */
	dagcc_finalize();
	return 0;
}
