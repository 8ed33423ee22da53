/* bootstrap.c - a torchrun-style rendezvous: rank 0 hands a blob (NCCL's unique id) to the
 * other ranks over TCP at MASTER_ADDR:MASTER_PORT.
 *
 * Rank 0 listens and answers each of the size - 1 others; they connect, retrying until rank 0
 * is up, say who they are, and read the blob. Every step is bounded by the timeout, so a rank
 * that never comes is an error, not a hang. Needs nothing from CUDA. */
#include <arpa/inet.h>
#include <errno.h>
#include <netdb.h>
#include <netinet/in.h>
#include <poll.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#include "bootstrap.h"

enum { MAGIC = 0x44414743 }; /* "DAGC" */

static double now(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* Milliseconds to the deadline, for poll: at most a minute at a time. */
static int msleft(double deadline)
{
	double ms = (deadline - now()) * 1000;
	return ms <= 0 ? 0 : ms >= 60000 ? 60000 : (int)ms;
}

/* Reads or writes all of buf before the deadline. */
static int xfer(int fd, void *buf, size_t len, int out, double deadline)
{
	char *p = buf;
	while (len) {
		struct pollfd pfd = {fd, out ? POLLOUT : POLLIN, 0};
		int ms = msleft(deadline), ready = ms > 0 ? poll(&pfd, 1, ms) : -1;
		if (ready == 0 && now() < deadline)
			continue;
		if (ready <= 0)
			return -1;
		ssize_t n = out ? send(fd, p, len, MSG_NOSIGNAL) : recv(fd, p, len, 0);
		if (n <= 0) {
			if (n < 0 && (errno == EINTR || errno == EAGAIN))
				continue;
			return -1;
		}
		p += n;
		len -= (size_t)n;
	}
	return 0;
}

static int fail(char *err, size_t errlen, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static int fail(char *err, size_t errlen, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(err, errlen, fmt, ap);
	va_end(ap);
	return -1;
}

static int serve(const void *blob, size_t len, int size, int port, double deadline, char *err,
		 size_t errlen)
{
	int fd = socket(AF_INET, SOCK_STREAM, 0), one = 1;
	if (fd < 0)
		return fail(err, errlen, "socket: %s", strerror(errno));
	setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
	struct sockaddr_in a = {0};
	a.sin_family = AF_INET;
	a.sin_addr.s_addr = htonl(INADDR_ANY);
	a.sin_port = htons((uint16_t)port);
	if (bind(fd, (struct sockaddr *)&a, sizeof a) != 0 || listen(fd, size) != 0) {
		close(fd);
		return fail(err, errlen, "cannot listen on port %d: %s", port, strerror(errno));
	}
	int served = 0;
	char seen[4096] = {0}; /* ranks answered, for size up to 4096 */
	while (served < size - 1) {
		struct pollfd pfd = {fd, POLLIN, 0};
		int ms = msleft(deadline), ready = ms > 0 ? poll(&pfd, 1, ms) : -1;
		if (ready == 0 && now() < deadline)
			continue;
		if (ready <= 0) {
			close(fd);
			return fail(err, errlen, "timed out: %d ranks never connected",
				    size - 1 - served);
		}
		int c = accept(fd, NULL, NULL);
		if (c < 0)
			continue;
		uint32_t hello[2];
		if (xfer(c, hello, sizeof hello, 0, deadline) == 0 && hello[0] == MAGIC &&
		    hello[1] > 0 && hello[1] < (uint32_t)size && hello[1] < sizeof seen &&
		    !seen[hello[1]] && xfer(c, (void *)blob, len, 1, deadline) == 0) {
			seen[hello[1]] = 1;
			served++;
		}
		close(c);
	}
	close(fd);
	return 0;
}

static int fetch(void *blob, size_t len, int rank, const char *addr, int port, double deadline,
		 char *err, size_t errlen)
{
	char portstr[16];
	snprintf(portstr, sizeof portstr, "%d", port);
	struct addrinfo hints = {0}, *res = NULL;
	hints.ai_family = AF_INET;
	hints.ai_socktype = SOCK_STREAM;
	if (getaddrinfo(addr, portstr, &hints, &res) != 0 || !res)
		return fail(err, errlen, "cannot resolve MASTER_ADDR %s", addr);
	int rc = -1;
	struct timespec nap = {0, 50 * 1000 * 1000};
	while (rc != 0 && now() < deadline) {
		int fd = socket(AF_INET, SOCK_STREAM, 0);
		if (fd < 0)
			break;
		if (connect(fd, res->ai_addr, res->ai_addrlen) == 0) {
			uint32_t hello[2] = {MAGIC, (uint32_t)rank};
			if (xfer(fd, hello, sizeof hello, 1, deadline) == 0 &&
			    xfer(fd, blob, len, 0, deadline) == 0)
				rc = 0;
		}
		close(fd);
		if (rc != 0)
			nanosleep(&nap, NULL);
	}
	freeaddrinfo(res);
	if (rc != 0)
		return fail(err, errlen, "timed out reaching rank 0 at %s:%d", addr, port);
	return 0;
}

int dagcc_bootstrap_share(void *blob, size_t len, int rank, int size, const char *addr, int port,
			  double timeout_s, char *err, size_t errlen)
{
	if (size < 1 || rank < 0 || rank >= size || port <= 0 || port > 65535)
		return fail(err, errlen, "bad rendezvous: rank %d of %d, port %d", rank, size,
			    port);
	if (size == 1)
		return 0;
	double deadline = now() + timeout_s;
	if (rank == 0)
		return serve(blob, len, size, port, deadline, err, errlen);
	return fetch(blob, len, rank, addr, port, deadline, err, errlen);
}
