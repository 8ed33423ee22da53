/* json.c - the one JSON reader: the profiles the runtime writes (passes/profile.c reads them
 * with it) and compile_commands.json, checked whole before libclang reads it (frontend/flags.c).
 *
 * A reader for the JSON the runtime writes: objects, arrays, strings, numbers, true, false,
 * null; errors name the file and byte offset. Lax (compile_commands.json), it takes what
 * libclang's reader of that file takes as well: a comma before the closing bracket, bare words
 * ([A-Za-z0-9+-.]) for values and any value for a key, any escape and any byte in a string,
 * and up to 256 levels of values inside the outermost. */
#include <ctype.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "ir.h"

enum { MAXDEPTH = 256 }; /* of the values skipped (the runtime's nest 3 deep) */

/* where j stands, as a clang-style error with the line and a caret under the byte (quiet: j
 * fails, and reads as at its end from then on) */
void jsonbad(Json *j, const char *what)
{
	if (!j->what) {
		j->failed = 1;
		j->p = j->e;
		return;
	}
	int line = 1, col = 1;
	for (const char *q = j->s; q < j->p && *q; q++)
		if (*q == '\n')
			line++, col = 1;
		else
			col++;
	error((Loc){j->path, line, col}, "%s: %s", j->what, what);
	exit(1);
}

/* the byte j stands at; 0 at the end (lax: NUL is a byte like any other) */
static int at(const Json *j)
{
	return j->lax && j->p >= j->e ? 0 : *j->p;
}

void jsonws(Json *j)
{
	while (at(j) == ' ' || at(j) == '\n' || at(j) == '\t' || at(j) == '\r' ||
	       (j->lax && j->p < j->e && isspace((unsigned char)*j->p)))
		j->p++;
}

int jsoneat(Json *j, char c)
{
	jsonws(j);
	if (at(j) != c || (j->lax && j->p >= j->e))
		return 0;
	j->p++;
	return 1;
}

char *jsonstr(Json *j)
{
	if (!jsoneat(j, '"')) {
		jsonbad(j, "expected a string");
		return NULL;
	}
	Buf b = {0};
	for (; j->lax ? j->p < j->e && *j->p != '"' : *j->p != '"'; j->p++) {
		if (!*j->p && !j->lax) {
			jsonbad(j, "unterminated string");
			break;
		}
		char c = *j->p;
		if (c == '\\' && j->lax) {
			if (++j->p == j->e)
				break;
			c = *j->p;
		} else if (c == '\\') {
			c = *++j->p;
			if (c == 'n')
				c = '\n';
			else if (c == 't')
				c = '\t';
			else if (c == 'u') {
				c = (char)strtol((char[5]){j->p[1], j->p[2], j->p[3], j->p[4], 0},
						 NULL, 16);
				if (!j->p[1] || !j->p[2] || !j->p[3] || !j->p[4])
					jsonbad(j, "bad escape");
				j->p += 4;
			} else if (!c)
				jsonbad(j, "unterminated string");
		}
		bput(&b, &c, 1);
	}
	if (j->lax && j->p == j->e)
		jsonbad(j, "unterminated string");
	else
		j->p++;
	bput(&b, "", 1);
	return b.s;
}

double jsonnum(Json *j)
{
	jsonws(j);
	char *end;
	double v = strtod(j->p, &end);
	if (end == j->p || !isfinite(v))
		jsonbad(j, "expected a number");
	j->p = end;
	return v;
}

/* a bare word (lax): a number, true, or anything else libclang takes unquoted */
static void word(Json *j)
{
	const char *b = j->p;
	while (j->p < j->e &&
	       (isalnum((unsigned char)*j->p) || *j->p == '-' || *j->p == '+' || *j->p == '.'))
		j->p++;
	if (j->p == b)
		jsonbad(j, "expected a value");
}

/* a value, depth levels inside those skipped: past MAXDEPTH an error, not a stack overflow */
void jsonskip(Json *j, int depth)
{
	jsonws(j);
	if (j->lax ? depth > MAXDEPTH : (*j->p == '{' || *j->p == '[') && depth >= MAXDEPTH) {
		jsonbad(j, "nested too deeply (over 256 levels)");
		return;
	}
	if (at(j) == '"' && !(j->lax && j->p >= j->e)) {
		free(jsonstr(j));
	} else if (jsoneat(j, '{')) {
		if (jsoneat(j, '}'))
			return;
		do {
			if (j->lax && jsoneat(j, '}'))
				return;
			if (j->lax)
				jsonskip(j, depth + 1);
			else
				free(jsonstr(j));
			if (!jsoneat(j, ':'))
				jsonbad(j, "expected ':'");
			jsonskip(j, depth + 1);
		} while (jsoneat(j, ','));
		if (!jsoneat(j, '}'))
			jsonbad(j, "expected '}'");
	} else if (jsoneat(j, '[')) {
		if (jsoneat(j, ']'))
			return;
		do {
			if (j->lax && jsoneat(j, ']'))
				return;
			jsonskip(j, depth + 1);
		} while (jsoneat(j, ','));
		if (!jsoneat(j, ']'))
			jsonbad(j, "expected ']'");
	} else if (j->lax) {
		word(j);
	} else if (!strncmp(j->p, "true", 4) || !strncmp(j->p, "null", 4)) {
		j->p += 4;
	} else if (!strncmp(j->p, "false", 5)) {
		j->p += 5;
	} else {
		jsonnum(j);
	}
}

int jsonwhole(const char *text, size_t len)
{
	Json j = {.s = text, .p = text, .e = text + len, .lax = 1};
	jsonskip(&j, 0);
	jsonws(&j);
	return !j.failed && j.p == j.e;
}
