/* util.c - arenas, growable text buffers, and clang-style diagnostics. */
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

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

void agrow(Arena *a, void *p, int *cap, int n, size_t elt)
{
	if (n <= *cap)
		return;
	int ncap = *cap ? *cap : 8;
	while (ncap < n)
		ncap *= 2;
	void **pp = p;
	void *np = aalloc(a, (size_t)ncap * elt);
	if (*cap)
		memcpy(np, *pp, (size_t)*cap * elt);
	*pp = np;
	*cap = ncap;
}

void bput(Buf *b, const char *s, size_t n)
{
	if (b->len + n + 1 > b->cap) {
		size_t cap = b->cap ? b->cap : 256;
		while (cap < b->len + n + 1)
			cap *= 2;
		char *p = realloc(b->s, cap);
		if (!p)
			fatal("out of memory");
		b->s = p;
		b->cap = cap;
	}
	memcpy(b->s + b->len, s, n);
	b->len += n;
	b->s[b->len] = 0;
}

void bputs(Buf *b, const char *s)
{
	bput(b, s, strlen(s));
}

void bprintf(Buf *b, const char *fmt, ...)
{
	char small[256];
	va_list ap;
	va_start(ap, fmt);
	int n = vsnprintf(small, sizeof small, fmt, ap);
	va_end(ap);
	if ((size_t)n < sizeof small) {
		bput(b, small, (size_t)n);
		return;
	}
	char *big = xmalloc((size_t)n + 1);
	va_start(ap, fmt);
	vsnprintf(big, (size_t)n + 1, fmt, ap);
	va_end(ap);
	bput(b, big, (size_t)n);
	free(big);
}

void bputq(Buf *b, const char *s)
{
	bput(b, "\"", 1);
	for (;;) {
		const char *run = s;
		while ((unsigned char)*s >= 32 && *s != 127 && *s != '"' && *s != '\\')
			s++;
		bput(b, run, (size_t)(s - run));
		unsigned char c = (unsigned char)*s;
		if (!c)
			break;
		if (c == '"' || c == '\\')
			bprintf(b, "\\%c", c);
		else if (c == '\n')
			bputs(b, "\\n");
		else if (c == '\t')
			bputs(b, "\\t");
		else
			bprintf(b, "\\u%04x", c);
		s++;
	}
	bput(b, "\"", 1);
}

void bfree(Buf *b)
{
	free(b->s);
	b->s = NULL;
	b->len = b->cap = 0;
}

char *readfile(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	if (!f)
		return NULL;
	Buf b = {0};
	char tmp[65536];
	size_t n;
	while ((n = fread(tmp, 1, sizeof tmp, f)) > 0)
		bput(&b, tmp, n);
	int bad = ferror(f);
	fclose(f);
	if (bad) {
		bfree(&b);
		return NULL;
	}
	if (!b.s)
		bput(&b, "", 0);
	if (len)
		*len = b.len;
	return b.s;
}

/* A file's bytes, NUL-terminated, to read only. A regular file whose length leaves room for the
 * NUL in its last page is mapped (the rest of that page reads as zeros): no copy, and no pages
 * of our own to fault in, which at 100 MB is a tenth of a second. Other files are read. */
int mapfile(const char *path, Text *t)
{
	*t = (Text){0};
	int fd = open(path, O_RDONLY);
	if (fd < 0)
		return 0;
	struct stat st;
	long page = sysconf(_SC_PAGESIZE);
	if (fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && st.st_size > 0 && page > 0 &&
	    st.st_size % page != 0) {
		void *p = mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
		if (p != MAP_FAILED) {
			close(fd);
			*t = (Text){p, (size_t)st.st_size, 1};
			return 1;
		}
	}
	close(fd);
	t->s = readfile(path, &t->len);
	return t->s != NULL;
}

void unmapfile(Text *t)
{
	if (t->mapped)
		munmap((void *)t->s, t->len);
	else
		free((void *)t->s);
	*t = (Text){0};
}

/* Source files for the caret lines, read once each. */
static struct {
	char *name, *text;
	size_t len;
} srcs[16];
static int nsrc;

const char *srcline(const char *file, int line, size_t *len)
{
	if (!file || line < 1)
		return NULL;
	int i;
	for (i = 0; i < nsrc; i++)
		if (strcmp(srcs[i].name, file) == 0)
			break;
	if (i == nsrc) {
		if (nsrc == (int)(sizeof srcs / sizeof srcs[0]))
			return NULL;
		char *text = readfile(file, &srcs[i].len);
		if (!text)
			return NULL;
		srcs[i].name = strdup(file);
		srcs[i].text = text;
		nsrc++;
	}
	const char *p = srcs[i].text, *end = p + srcs[i].len;
	for (int l = 1; l < line; l++) {
		p = memchr(p, '\n', (size_t)(end - p));
		if (!p)
			return NULL;
		p++;
	}
	const char *e = memchr(p, '\n', (size_t)(end - p));
	*len = (size_t)((e ? e : end) - p);
	return p;
}

int nerrors;
int nwarnings;
int quietdiags;

void diag(const char *severity, Loc loc, const char *fmt, va_list ap)
{
	if (quietdiags)
		return;
	fflush(stdout);
	if (loc.file && loc.line > 0)
		fprintf(stderr, "%s:%d:%d: ", loc.file, loc.line, loc.col);
	else if (loc.file)
		fprintf(stderr, "%s: ", loc.file);
	else
		fprintf(stderr, "dagcc: ");
	fprintf(stderr, "%s: ", severity);
	vfprintf(stderr, fmt, ap);
	fputc('\n', stderr);
	size_t len;
	const char *line = srcline(loc.file, loc.line, &len);
	if (!line || loc.col < 1)
		return;
	if (len && line[len - 1] == '\r')
		len--;
	fprintf(stderr, "%.*s\n", (int)len, line);
	for (int i = 0; i < loc.col - 1 && (size_t)i < len; i++)
		fputc(line[i] == '\t' ? '\t' : ' ', stderr);
	fputs("^\n", stderr);
}

void error(Loc loc, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	diag("error", loc, fmt, ap);
	va_end(ap);
	nerrors++;
}

void fatalerror(Loc loc, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	diag("fatal error", loc, fmt, ap);
	va_end(ap);
	nerrors++;
}

void warning(Loc loc, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	diag("warning", loc, fmt, ap);
	va_end(ap);
	nwarnings++;
}

void note(Loc loc, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	diag("note", loc, fmt, ap);
	va_end(ap);
}

void fatal(const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	fprintf(stderr, "dagcc: error: ");
	vfprintf(stderr, fmt, ap);
	fputc('\n', stderr);
	va_end(ap);
	exit(1);
}

void die(const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	fprintf(stderr, "dagcc: internal error: ");
	vfprintf(stderr, fmt, ap);
	fputc('\n', stderr);
	va_end(ap);
	abort();
}

/* The shortest text that reads back as v, into buf (64 bytes); its length. An integer below
 * 9e15 prints as %g does with exactly its significant digits (61440 is 6.144e+04), without
 * going through printf. */
static int numtext(char *buf, double v)
{
	if (v == (double)(int64_t)v && fabs(v) < 9e15) {
		char d[24];
		int n = 0, len = 0;
		uint64_t x = (uint64_t)fabs(v);
		do
			d[n++] = (char)('0' + x % 10);
		while ((x /= 10));
		int sig = n; /* significant digits: no trailing zeros */
		while (sig > 1 && d[n - sig] == '0')
			sig--;
		if (v < 0)
			buf[len++] = '-';
		if (sig == n) {
			while (n)
				buf[len++] = d[--n];
		} else {
			buf[len++] = d[n - 1];
			if (sig > 1)
				buf[len++] = '.';
			for (int k = 1; k < sig; k++)
				buf[len++] = d[n - 1 - k];
			len += snprintf(buf + len, 16, "e+%02d", n - 1);
		}
		buf[len] = 0;
		return len;
	}
	int len = 0;
	for (int prec = 1; prec <= 17; prec++) {
		len = snprintf(buf, 64, "%.*g", prec, v);
		if (strtod(buf, NULL) == v)
			break;
	}
	return len;
}

void bputnum(Buf *b, double v)
{
	char tmp[64];
	bput(b, tmp, (size_t)numtext(tmp, v));
}

void bputi(Buf *b, int64_t v)
{
	char d[INTTEXT];
	int n = inttext(d, v);
	bput(b, d + INTTEXT - n, (size_t)n);
}

/* A binary heap of (key, node): largest key first when max is set, else smallest; ties go to
 * the smaller node. */
static int before(const Heap *h, Item x, Item y)
{
	if (x.key != y.key)
		return h->max ? x.key > y.key : x.key < y.key;
	return x.node < y.node;
}

void hpush(Heap *h, double key, int node)
{
	if (h->n == h->cap) {
		h->cap = h->cap ? 2 * h->cap : 64;
		h->a = realloc(h->a, (size_t)h->cap * sizeof(Item));
		if (!h->a)
			fatal("out of memory");
	}
	int i = h->n++;
	h->a[i] = (Item){key, node};
	while (i > 0 && before(h, h->a[i], h->a[(i - 1) / 2])) {
		Item t = h->a[i];
		h->a[i] = h->a[(i - 1) / 2];
		h->a[(i - 1) / 2] = t;
		i = (i - 1) / 2;
	}
}

Item hpop(Heap *h)
{
	Item top = h->a[0];
	h->a[0] = h->a[--h->n];
	for (int i = 0;;) {
		int l = 2 * i + 1, r = l + 1, m = i;
		if (l < h->n && before(h, h->a[l], h->a[m]))
			m = l;
		if (r < h->n && before(h, h->a[r], h->a[m]))
			m = r;
		if (m == i)
			break;
		Item t = h->a[i];
		h->a[i] = h->a[m];
		h->a[m] = t;
		i = m;
	}
	return top;
}
