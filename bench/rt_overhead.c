/* rt_overhead.c - what a dagcc future costs on the mpi backend.
 *
 * Times ITERS rounds of a small all-reduce issued three ways: raw MPI_Iallreduce + MPI_Wait,
 * dagcc_all_reduce_start + dagcc_future_wait, and the same with checked mode's bookkeeping
 * when DAGCC_CHECK=1 is set. Prints microseconds per round (rank 0, best of REPS).
 * usage: mpirun -np 2 rt_overhead [ITERS] [COUNT] */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

#include "dagcc_rt.h"

enum { REPS = 5 };

int main(int argc, char **argv)
{
	dagcc_init(&argc, &argv);
	int iters = argc > 1 ? atoi(argv[1]) : 20000;
	int count = argc > 2 ? atoi(argv[2]) : 16;
	dagcc_group *g = dagcc_world();
	dagcc_stream_t s = dagcc_stream_default();
	float *buf = dagcc_malloc((size_t)count * sizeof(float));
	for (int i = 0; i < count; i++)
		buf[i] = 1;
	MPI_Comm comm;
	MPI_Comm_dup(MPI_COMM_WORLD, &comm);
	double raw = 1e9, fut = 1e9;
	for (int rep = 0; rep < REPS; rep++) {
		MPI_Barrier(comm);
		double t0 = MPI_Wtime();
		for (int i = 0; i < iters; i++) {
			MPI_Request r;
			MPI_Iallreduce(MPI_IN_PLACE, buf, count, MPI_FLOAT, MPI_SUM, comm, &r);
			MPI_Wait(&r, MPI_STATUS_IGNORE);
		}
		double t1 = MPI_Wtime();
		MPI_Barrier(comm);
		double t2 = MPI_Wtime();
		for (int i = 0; i < iters; i++) {
			dagcc_future f =
				dagcc_all_reduce_start(g, buf, count, DAGCC_F32, DAGCC_SUM, s);
			dagcc_future_wait(&f, s);
		}
		double t3 = MPI_Wtime();
		if ((t1 - t0) < raw)
			raw = t1 - t0;
		if ((t3 - t2) < fut)
			fut = t3 - t2;
	}
	int rank, size;
	MPI_Comm_rank(comm, &rank);
	MPI_Comm_size(comm, &size);
	if (rank == 0)
		printf("np %d, %d floats, %d rounds%s: raw MPI %.2f us, dagcc future %.2f us, overhead %.2f us (%.0f%%)\n",
		       size, count, iters, dagcc_checking_ ? " (DAGCC_CHECK=1)" : "",
		       raw / iters * 1e6, fut / iters * 1e6, (fut - raw) / iters * 1e6,
		       (fut - raw) / raw * 100);
	MPI_Comm_free(&comm);
	dagcc_free(buf);
	dagcc_finalize();
	return 0;
}
