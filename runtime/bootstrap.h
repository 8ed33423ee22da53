/* bootstrap.h - the TCP rendezvous of bootstrap.c. */
#ifndef DAGCC_BOOTSTRAP_H
#define DAGCC_BOOTSTRAP_H

#include <stddef.h>

/* Rank 0's blob reaches every rank. Returns 0, or -1 with a message in err. */
int dagcc_bootstrap_share(void *blob, size_t len, int rank, int size, const char *addr, int port,
			  double timeout_s, char *err, size_t errlen);

#endif
