/* tmpfiles.h - temporary files that a signal does not leave behind (tmpfiles.c). */
#ifndef DAGCC_TMPFILES_H
#define DAGCC_TMPFILES_H

#include <sys/types.h>

/* mkstemps(tmpl, suffixlen), and from then until tmpdone(*slot) a SIGINT, SIGTERM or SIGHUP
 * removes the file before it kills the process (*slot -1: none was made, or no slot was left,
 * and a signal leaves it). */
int tmpopen(char *tmpl, int suffixlen, int *slot);
void tmpdone(int slot);
/* fork(), and until tmpwait() such a signal is passed on to the child first, so that it stops
 * writing; no signal comes between the fork and that. */
pid_t tmpfork(void);
void tmpwait(void);

#endif
