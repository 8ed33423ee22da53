/* collectives.c - every collective, every dtype, every op, against values computed here.
 *
 * Inputs are small integers chosen so every exact result (sums, products, averages of up to
 * four ranks) is representable in every dtype, f16 and bf16 included, so results compare bit
 * for bit. The expected values are computed in double and encoded by this file's own
 * encoders, not the runtime's. Run under mpirun with any number of ranks; prints a summary and
 * exits non-zero on the first mismatch. With "async", every collective is started, host work
 * runs, several collectives are in flight at once, and they are waited in reverse order. */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dagcc_rt.h"

enum { N = 37 };

static int rank, size, checks, async;
static dagcc_stream_t s;

static const char *dtname[] = {"f32", "f16", "bf16", "f64", "i8", "u8", "i32", "i64"};
static const size_t dtsize[] = {4, 2, 2, 8, 1, 1, 4, 8};
static const char *opname[] = {"sum", "prod", "max", "min", "avg"};

/* Exact encodings of exactly representable values. */
static uint16_t enc_f16(double v)
{
	if (v == 0)
		return 0;
	int e;
	double m = frexp(fabs(v), &e); /* v = m * 2^e, m in [0.5, 1) */
	uint16_t bits = (uint16_t)(((e - 1 + 15) << 10) | ((uint16_t)ldexp(m * 2 - 1, 10) & 0x3ff));
	return v < 0 ? bits | 0x8000 : bits;
}

static uint16_t enc_bf16(double v)
{
	float f = (float)v;
	uint32_t u;
	memcpy(&u, &f, 4);
	return (uint16_t)(u >> 16);
}

static void put(void *buf, size_t i, dagcc_dtype t, double v)
{
	switch (t) {
	case DAGCC_F32:
		((float *)buf)[i] = (float)v;
		break;
	case DAGCC_F64:
		((double *)buf)[i] = v;
		break;
	case DAGCC_F16:
		((uint16_t *)buf)[i] = enc_f16(v);
		break;
	case DAGCC_BF16:
		((uint16_t *)buf)[i] = enc_bf16(v);
		break;
	case DAGCC_I8:
		((int8_t *)buf)[i] = (int8_t)v;
		break;
	case DAGCC_U8:
		((uint8_t *)buf)[i] = (uint8_t)v;
		break;
	case DAGCC_I32:
		((int32_t *)buf)[i] = (int32_t)v;
		break;
	case DAGCC_I64:
		((int64_t *)buf)[i] = (int64_t)v;
		break;
	}
}

static int isint(dagcc_dtype t)
{
	return t >= DAGCC_I8;
}

/* The input of rank r at index i for op. */
static double in(int r, size_t i, dagcc_op op)
{
	if (op == DAGCC_PROD)
		return (double)((r + i) % 2 + 1);
	if (op == DAGCC_MAX || op == DAGCC_MIN)
		return (double)((r * 3 + i) % 7);
	return (double)((r + i) % 5 + 1);
}

static double reduce(size_t i, dagcc_op op, dagcc_dtype t)
{
	double acc = in(0, i, op);
	for (int r = 1; r < size; r++) {
		double x = in(r, i, op);
		switch (op) {
		case DAGCC_SUM:
		case DAGCC_AVG:
			acc += x;
			break;
		case DAGCC_PROD:
			acc *= x;
			break;
		case DAGCC_MAX:
			acc = x > acc ? x : acc;
			break;
		case DAGCC_MIN:
			acc = x < acc ? x : acc;
			break;
		}
	}
	if (op == DAGCC_AVG)
		acc = isint(t) ? trunc(acc / size) : acc / size;
	return acc;
}

static void expect(const char *what, dagcc_dtype t, const void *got, const void *want, size_t n)
{
	checks++;
	if (memcmp(got, want, n * dtsize[t]) == 0)
		return;
	for (size_t i = 0; i < n; i++)
		if (memcmp((const char *)got + i * dtsize[t], (const char *)want + i * dtsize[t],
			   dtsize[t]) != 0) {
			fprintf(stderr, "rank %d: %s %s: element %zu differs\n", rank, what,
				dtname[t], i);
			break;
		}
	exit(1);
}

static void *buf(size_t bytes)
{
	void *p = dagcc_malloc(bytes);
	memset(p, 0x5a, bytes);
	return p;
}

/* Host work between a start and its wait, touching none of the collective's memory. */
static double busy(void)
{
	static double scratch[4096];
	double acc = 0;
	for (int k = 0; k < 4096; k++) {
		scratch[k] = scratch[k] * 0.5 + k;
		acc += scratch[k];
	}
	return acc;
}

static void finish(dagcc_future *f)
{
	busy();
	dagcc_future_wait(f, s);
}

static void all_reduce(dagcc_group *g, dagcc_dtype t, dagcc_op op)
{
	char name[64];
	snprintf(name, sizeof name, "all_reduce %s", opname[op]);
	void *a = buf(N * dtsize[t]), *b = buf(N * dtsize[t]), *want = malloc(N * dtsize[t]);
	for (size_t i = 0; i < N; i++) {
		put(a, i, t, in(rank, i, op));
		put(b, i, t, in(rank, i, op));
		put(want, i, t, reduce(i, op, t));
	}
	if (async) {
		dagcc_future fa = dagcc_all_reduce_start(g, a, N, t, op, s);
		dagcc_future fb = dagcc_all_reduce_start(g, b, N, t, op, s);
		finish(&fb);
		finish(&fa);
	} else {
		dagcc_all_reduce(g, a, N, t, op, s);
		dagcc_all_reduce(g, b, N, t, op, s);
	}
	expect(name, t, a, want, N);
	expect(name, t, b, want, N);
	dagcc_free(a);
	dagcc_free(b);
	free(want);
}

static void reduce_scatter(dagcc_group *g, dagcc_dtype t, dagcc_op op, int inplace)
{
	char name[64];
	snprintf(name, sizeof name, "reduce_scatter %s%s", opname[op], inplace ? " in place" : "");
	size_t all = (size_t)N * size;
	char *send = buf(all * dtsize[t]);
	char *recv = inplace ? send + (size_t)rank * N * dtsize[t] : buf(N * dtsize[t]);
	void *want = malloc(N * dtsize[t]);
	for (size_t j = 0; j < all; j++)
		put(send, j, t, in(rank, j, op));
	for (size_t i = 0; i < N; i++)
		put(want, i, t, reduce((size_t)rank * N + i, op, t));
	if (async) {
		dagcc_future f = dagcc_reduce_scatter_start(g, send, recv, N, t, op, s);
		finish(&f);
	} else {
		dagcc_reduce_scatter(g, send, recv, N, t, op, s);
	}
	expect(name, t, recv, want, N);
	if (!inplace)
		dagcc_free(recv);
	dagcc_free(send);
	free(want);
}

static void all_gather(dagcc_group *g, dagcc_dtype t, int inplace)
{
	size_t all = (size_t)N * size;
	char *recv = buf(all * dtsize[t]);
	char *send = inplace ? recv + (size_t)rank * N * dtsize[t] : buf(N * dtsize[t]);
	void *want = malloc(all * dtsize[t]);
	for (size_t i = 0; i < N; i++)
		put(send, i, t, in(rank, i, DAGCC_SUM));
	for (int r = 0; r < size; r++)
		for (size_t i = 0; i < N; i++)
			put(want, (size_t)r * N + i, t, in(r, i, DAGCC_SUM));
	if (async) {
		dagcc_future f = dagcc_all_gather_start(g, send, recv, N, t, s);
		finish(&f);
	} else {
		dagcc_all_gather(g, send, recv, N, t, s);
	}
	expect(inplace ? "all_gather in place" : "all_gather", t, recv, want, all);
	if (!inplace)
		dagcc_free(send);
	dagcc_free(recv);
	free(want);
}

static double a2a(int from, int to, size_t i)
{
	return (double)((from * 5 + to * 3 + i) % 11);
}

static void all_to_all(dagcc_group *g, dagcc_dtype t, int inplace)
{
	size_t all = (size_t)N * size;
	char *send = buf(all * dtsize[t]);
	char *recv = inplace ? send : buf(all * dtsize[t]);
	void *want = malloc(all * dtsize[t]);
	for (int p = 0; p < size; p++)
		for (size_t i = 0; i < N; i++) {
			put(send, (size_t)p * N + i, t, a2a(rank, p, i));
			put(want, (size_t)p * N + i, t, a2a(p, rank, i));
		}
	if (async) {
		dagcc_future f = dagcc_all_to_all_start(g, send, recv, N, t, s);
		finish(&f);
	} else {
		dagcc_all_to_all(g, send, recv, N, t, s);
	}
	expect(inplace ? "all_to_all in place" : "all_to_all", t, recv, want, all);
	if (!inplace)
		dagcc_free(recv);
	dagcc_free(send);
	free(want);
}

static void broadcast(dagcc_group *g, dagcc_dtype t)
{
	int root = size - 1;
	void *b = buf(N * dtsize[t]), *want = malloc(N * dtsize[t]);
	for (size_t i = 0; i < N; i++) {
		put(b, i, t, rank == root ? in(root, i, DAGCC_SUM) : 0);
		put(want, i, t, in(root, i, DAGCC_SUM));
	}
	if (async) {
		dagcc_future f = dagcc_broadcast_start(g, b, N, t, root, s);
		finish(&f);
	} else {
		dagcc_broadcast(g, b, N, t, root, s);
	}
	expect("broadcast", t, b, want, N);
	dagcc_free(b);
	free(want);
}

/* A ring: each rank sends to the next and receives from the previous. */
static void sendrecv(dagcc_group *g, dagcc_dtype t)
{
	if (size < 2)
		return;
	int next = (rank + 1) % size, prev = (rank + size - 1) % size;
	void *out = buf(N * dtsize[t]), *got = buf(N * dtsize[t]), *want = malloc(N * dtsize[t]);
	for (size_t i = 0; i < N; i++) {
		put(out, i, t, in(rank, i, DAGCC_SUM));
		put(want, i, t, in(prev, i, DAGCC_SUM));
	}
	dagcc_future fr = dagcc_recv_start(g, got, N, t, prev, s);
	dagcc_future fs = dagcc_send_start(g, out, N, t, next, s);
	finish(&fs);
	finish(&fr);
	expect("send/recv", t, got, want, N);
	dagcc_free(out);
	dagcc_free(got);
	free(want);
}

static void everything(dagcc_group *g)
{
	for (int t = DAGCC_F32; t <= DAGCC_I64; t++) {
		for (int op = DAGCC_SUM; op <= DAGCC_AVG; op++) {
			all_reduce(g, t, op);
			reduce_scatter(g, t, op, 0);
		}
		reduce_scatter(g, t, DAGCC_SUM, 1);
		all_gather(g, t, 0);
		all_gather(g, t, 1);
		all_to_all(g, t, 0);
		all_to_all(g, t, 1);
		broadcast(g, t);
		sendrecv(g, t);
	}
}

int main(int argc, char **argv)
{
	dagcc_init(&argc, &argv);
	async = argc > 1 && strcmp(argv[1], "async") == 0;
	int grid = argc > 1 && strcmp(argv[1], "grid") == 0;
	s = dagcc_stream_default();
	dagcc_group *world = dagcc_world();
	rank = dagcc_group_rank(world);
	size = dagcc_group_size(world);
	int wrank = rank;
	if (grid) {
		/* a 2 x (size/2) grid: rows and columns each run everything */
		if (size % 2) {
			fprintf(stderr, "grid needs an even number of ranks\n");
			return 1;
		}
		dagcc_group *row = dagcc_group_split(world, wrank / 2, wrank);
		dagcc_group *col = dagcc_group_split(world, wrank % 2, wrank);
		rank = dagcc_group_rank(row);
		size = dagcc_group_size(row);
		if (size != 2 || rank != wrank % 2) {
			fprintf(stderr, "rank %d: row has size %d rank %d\n", wrank, size, rank);
			return 1;
		}
		everything(row);
		rank = dagcc_group_rank(col);
		size = dagcc_group_size(col);
		if (rank != wrank / 2) {
			fprintf(stderr, "rank %d: column rank %d\n", wrank, rank);
			return 1;
		}
		everything(col);
	} else {
		everything(world);
	}
	if (wrank == 0)
		printf("%s%d ranks: %d checks passed\n",
		       grid  ? "grid " :
		       async ? "async " :
			       "",
		       dagcc_group_size(world), checks);
	dagcc_finalize();
	return 0;
}
