/* rendezvous.c - the torchrun-style TCP rendezvous of the cuda backend, without a GPU.
 * Rank 0 (RANK, WORLD_SIZE, MASTER_ADDR, MASTER_PORT from the environment) shares a 128-byte
 * blob like NCCL's unique id; every rank prints what it holds. */
#include <stdio.h>
#include <stdlib.h>

#include "../../runtime/bootstrap.h"

int main(void)
{
	int rank = atoi(getenv("RANK") ? getenv("RANK") : "0");
	int size = atoi(getenv("WORLD_SIZE") ? getenv("WORLD_SIZE") : "1");
	const char *addr = getenv("MASTER_ADDR") ? getenv("MASTER_ADDR") : "127.0.0.1";
	int port = atoi(getenv("MASTER_PORT") ? getenv("MASTER_PORT") : "0");
	double timeout = atof(getenv("DAGCC_TIMEOUT_S") ? getenv("DAGCC_TIMEOUT_S") : "30");
	unsigned char blob[128] = {0};
	if (rank == 0)
		for (int i = 0; i < 128; i++)
			blob[i] = (unsigned char)(i * 31 + 7);
	char err[256];
	if (dagcc_bootstrap_share(blob, sizeof blob, rank, size, addr, port, timeout, err,
				  sizeof err)) {
		fprintf(stderr, "rank %d: %s\n", rank, err);
		return 1;
	}
	unsigned sum = 0;
	for (int i = 0; i < 128; i++)
		sum = sum * 131 + blob[i];
	printf("rank %d of %d: blob %08x\n", rank, size, sum);
	return 0;
}
