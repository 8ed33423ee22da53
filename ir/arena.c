/* arena.c - memory: arenas that free everything at once, allocation that cannot fail, and the
 * ways out when dagcc cannot go on (fatal, die). The bottom of ir/: it uses no other file of
 * it; text.c builds on it, and diag.c on both. */
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ir.h"

typedef struct Chunk Chunk;
struct Chunk {
	Chunk *next;
	size_t used, cap;
	_Alignas(16) unsigned char data[];
};

struct Arena {
	Chunk *head;
};

void *xmalloc(size_t n)
{
	void *p = malloc(n ? n : 1);
	if (!p)
		fatal("out of memory");
	return p;
}

/* Not calloc: its fresh pages are the kernel's zero page until written, so an array read before
 * it is written faults twice per page, and with a second thread running the second fault
 * interrupts that thread's processor too. */
void *zalloc(size_t n, size_t size)
{
	size_t bytes;
	if (__builtin_mul_overflow(n ? n : 1, size, &bytes))
		fatal("out of memory");
	void *p = xmalloc(bytes);
	memset(p, 0, bytes);
	return p;
}

Arena *arena_new(void)
{
	Arena *a = xmalloc(sizeof *a);
	a->head = NULL;
	return a;
}

void arena_free(Arena *a)
{
	if (!a)
		return;
	for (Chunk *c = a->head, *next; c; c = next) {
		next = c->next;
		free(c);
	}
	free(a);
}

/* from's memory becomes into's (freed with it); from is gone. */
void arena_adopt(Arena *into, Arena *from)
{
	Chunk **tail = &from->head;
	while (*tail)
		tail = &(*tail)->next;
	if (into->head) { /* into keeps allocating from its current chunk */
		*tail = into->head->next;
		into->head->next = from->head;
	} else {
		into->head = from->head;
	}
	free(from);
}

void *aalloc(Arena *a, size_t n)
{
	void *p = auninit(a, n);
	memset(p, 0, n); /* written now: a page read first and written later faults twice */
	return p;
}

void *auninit(Arena *a, size_t n)
{
	n = (n + 15) & ~(size_t)15;
	Chunk *c = a->head;
	if (!c || c->cap - c->used < n) {
		size_t cap = n > 65536 ? n : 65536;
		c = xmalloc(sizeof *c + cap);
		c->used = 0;
		c->cap = cap;
		c->next = a->head;
		a->head = c;
	}
	void *p = c->data + c->used;
	c->used += n;
	return p;
}

char *astrndup(Arena *a, const char *s, size_t n)
{
	char *p = aalloc(a, n + 1);
	memcpy(p, s, n);
	p[n] = 0;
	return p;
}

char *astrdup(Arena *a, const char *s)
{
	return astrndup(a, s, strlen(s));
}

char *afmt(Arena *a, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	int n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	char *p = aalloc(a, (size_t)n + 1);
	va_start(ap, fmt);
	vsnprintf(p, (size_t)n + 1, fmt, ap);
	va_end(ap);
	return p;
}

void *aarray(Arena *a, size_t n, size_t size)
{
	size_t bytes;
	if (__builtin_mul_overflow(n, size, &bytes))
		fatal("out of memory");
	return aalloc(a, bytes);
}

void agrowz(Arena *a, void *p, size_t *cap, size_t n, size_t elt)
{
	if (n <= *cap)
		return;
	size_t ncap = *cap ? *cap : 8, bytes;
	while (ncap < n)
		ncap *= 2;
	if (__builtin_mul_overflow(ncap, elt, &bytes))
		fatal("out of memory");
	void **pp = p;
	if (!a) {
		void *np = realloc(*pp, bytes);
		if (!np)
			fatal("out of memory");
		*pp = np;
	} else {
		void *np = aalloc(a, bytes);
		if (*cap)
			memcpy(np, *pp, *cap * elt);
		*pp = np;
	}
	*cap = ncap;
}

void agrow(Arena *a, void *p, int *cap, int n, size_t elt)
{
	if (n <= *cap)
		return;
	size_t c = (size_t)*cap;
	agrowz(a, p, &c, (size_t)n, elt);
	if (c > INT_MAX)
		fatal("out of memory");
	*cap = (int)c;
}

/* "dagcc: WHAT: " and the message, on a line of stderr */
static void say(const char *what, const char *fmt, va_list ap)
{
	fprintf(stderr, "dagcc: %s: ", what);
	vfprintf(stderr, fmt, ap);
	fputc('\n', stderr);
}

void fatal(const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	say("error", fmt, ap);
	va_end(ap);
	exit(1);
}

void die(const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	say("internal error", fmt, ap);
	va_end(ap);
	abort();
}
