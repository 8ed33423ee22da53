/* show.h - the loop tests' host side: a buffer uploaded, and a buffer's bits printed (FNV-1a
 * of its bytes), so that a build must print the same lines as another to agree to the bit. */
#ifndef SHOW_H
#define SHOW_H
#include <stdio.h>
#include <stdlib.h>

#include "dagcc.h"

static inline void *upload(const float *host, size_t n)
{
	void *p = dagcc_malloc(sizeof(float) * n);
	dagcc_copy_to_device(p, host, sizeof(float) * n);
	return p;
}

static inline void show(const char *what, const void *dev, size_t n, int rank)
{
	unsigned char *h = malloc(sizeof(float) * n);
	dagcc_copy_to_host(h, dev, sizeof(float) * n);
	unsigned long long sum = 1469598103934665603ull;
	for (size_t i = 0; i < sizeof(float) * n; i++)
		sum = (sum ^ h[i]) * 1099511628211ull;
	printf("rank %d %s %016llx\n", rank, what, sum);
	free(h);
}
#endif
