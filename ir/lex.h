/* lex.h - what the two IR readers share (ir/parse.c, the reference; ir/iofast.c, the fast
 * one): the character classes, string escapes, and the label table. Private to them. */
#ifndef DAGCC_LEX_H
#define DAGCC_LEX_H

#include <ctype.h>
#include <stdlib.h>

#include "ir.h"

/* the C locale's classes, without a call per character */
static inline int digit(int c)
{
	return c >= '0' && c <= '9';
}
static inline int alpha(int c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}
static inline int space(int c)
{
	return c == ' ' || (c >= '\t' && c <= '\r');
}

/* A string's text from p (after the quote) with its escapes decoded, into b (NUL-terminated);
 * returns the text after the closing quote. *err is the first problem, or stays NULL. */
static inline const char *unquote(Buf *b, const char *p, const char **err)
{
	b->len = 0;
	while (*p && *p != '"' && *p != '\n') {
		const char *run = p;
		while (*p && *p != '"' && *p != '\n' && *p != '\\')
			p++;
		bput(b, run, (size_t)(p - run));
		if (*p != '\\')
			break;
		p++;
		char c = *p;
		if (c == 'n' || c == 't' || c == '"' || c == '\\') {
			bput(b, c == 'n' ? "\n" : c == 't' ? "\t" : p, 1);
			p++;
		} else if (c == 'u' && isxdigit((unsigned char)p[1]) &&
			   isxdigit((unsigned char)p[2]) && isxdigit((unsigned char)p[3]) &&
			   isxdigit((unsigned char)p[4])) {
			char hex[5] = {p[1], p[2], p[3], p[4], 0};
			long v = strtol(hex, NULL, 16);
			if (v < 1 || v > 127) {
				if (!*err)
					*err = "unsupported escape in string";
				v = '?';
			}
			char ch = (char)v;
			bput(b, &ch, 1);
			p += 5;
		} else {
			if (!*err)
				*err = "unknown escape in string";
			break;
		}
	}
	if (*p != '"') {
		if (!*err)
			*err = "unterminated string";
	} else {
		p++;
	}
	bput(b, "", 0);
	return p;
}

/* A label named before it was defined, or not printed in order: node's edge dep (or its
 * bucket: dep -1; its guard's loop: dep -2) is filled in once every label is known. */
typedef struct {
	int64_t label;
	Loc loc;
	int node, dep;
} Ref;

/* A label defined by the node at index, at loc. A graph's table of them is sorted once its
 * nodes are read, and searched by bisection. */
typedef struct {
	int64_t label;
	int index;
	Loc loc;
} Label;

static inline int bylabel(const void *a, const void *b)
{
	int64_t x = ((const Label *)a)->label, y = ((const Label *)b)->label;
	return (x > y) - (x < y);
}

/* The node a label names in the sorted table, or -1. */
static inline int findlabel(const Label *tab, int n, int64_t label)
{
	if (label >= 0 && label < n && tab[label].label == label) /* 0, 1, 2, ... as printed */
		return tab[label].index;
	int lo = 0, hi = n - 1;
	while (lo <= hi) {
		int mid = (lo + hi) / 2;
		if (tab[mid].label == label)
			return tab[mid].index;
		if (tab[mid].label < label)
			lo = mid + 1;
		else
			hi = mid - 1;
	}
	return -1;
}

#endif
