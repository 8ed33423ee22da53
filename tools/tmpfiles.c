/* tmpfiles.c - the temporary files dagcc and dagcc-cc write (an output beside its final name,
 * a depfile, a temporary object) are removed when SIGINT, SIGTERM or SIGHUP kills them: Ctrl-C
 * in make -j, a CI timeout. The handler does only what a signal handler may (unlink of paths
 * copied beforehand, kill), then dies of the signal with its default action, so the parent
 * sees the signal as it would have without the handler. A signal the process was started
 * with ignored (nohup) stays ignored. */
#include "tmpfiles.h"

#include <limits.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

enum { MAXTMP = 64 };
static char tmppath[MAXTMP][PATH_MAX];
static volatile sig_atomic_t tmpused[MAXTMP];
static volatile pid_t child, owner; /* owner: the process the paths belong to, not a fork */
static const int sigs[] = {SIGINT, SIGTERM, SIGHUP};

static void onsignal(int sig)
{
	if (getpid() == owner) {
		if (child > 0)
			kill(child, sig);
		for (int i = 0; i < MAXTMP; i++)
			if (tmpused[i])
				unlink(tmppath[i]);
	}
	signal(sig, SIG_DFL);
	raise(sig); /* delivered on return, when the handler unblocks it */
}

static void install(void)
{
	if (owner == getpid())
		return;
	owner = getpid();
	for (size_t i = 0; i < sizeof sigs / sizeof sigs[0]; i++) {
		struct sigaction old, sa = {.sa_handler = onsignal};
		sigemptyset(&sa.sa_mask);
		for (size_t k = 0; k < sizeof sigs / sizeof sigs[0]; k++)
			sigaddset(&sa.sa_mask, sigs[k]); /* one handler at a time */
		if (sigaction(sigs[i], NULL, &old) == 0 && old.sa_handler != SIG_IGN)
			sigaction(sigs[i], &sa, NULL);
	}
}

int tmpopen(char *tmpl, int suffixlen, int *slot)
{
	install();
	/* the signals wait until the file is made and its path kept: none comes between */
	sigset_t block, old;
	sigemptyset(&block);
	for (size_t k = 0; k < sizeof sigs / sizeof sigs[0]; k++)
		sigaddset(&block, sigs[k]);
	sigprocmask(SIG_BLOCK, &block, &old);
	int fd = mkstemps(tmpl, suffixlen);
	size_t n = strlen(tmpl);
	*slot = -1;
	for (int i = 0; fd >= 0 && *slot < 0 && i < MAXTMP && n < PATH_MAX; i++)
		if (!tmpused[i]) {
			memcpy(tmppath[i], tmpl, n + 1);
			tmpused[i] = 1;
			*slot = i;
		}
	sigprocmask(SIG_SETMASK, &old, NULL);
	return fd;
}

void tmpdone(int slot)
{
	if (slot >= 0)
		tmpused[slot] = 0;
}

pid_t tmpfork(void)
{
	install();
	/* the signals wait until the child is known: one that came between fork and the
	 * assignment would kill us and leave the child running */
	sigset_t block, old;
	sigemptyset(&block);
	for (size_t k = 0; k < sizeof sigs / sizeof sigs[0]; k++)
		sigaddset(&block, sigs[k]);
	sigprocmask(SIG_BLOCK, &block, &old);
	pid_t pid = fork();
	if (pid > 0)
		child = pid;
	sigprocmask(SIG_SETMASK, &old, NULL);
	return pid;
}

void tmpwait(void)
{
	child = 0;
}
