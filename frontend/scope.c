/* scope.c - the environment of a reading: bindings of names (loop variables, constant locals,
 * parameters, pointers), each mistake reported once per source location, and the per-copy
 * names of locals in the text each copy emits. */
#include <stdlib.h>
#include <string.h>

#include "extract.h"

int once(X *x, Loc loc)
{
	uint64_t key = ((uint64_t)(unsigned)loc.line << 32 | (unsigned)loc.col) + 1;
	Seen *sn = x->seen;
	if (sn->n * 2 >= sn->cap) {
		int cap = sn->cap ? sn->cap * 2 : 64;
		uint64_t *t = aalloc(sn->arena, (size_t)cap * sizeof *t);
		for (int i = 0; i < sn->cap; i++) {
			uint64_t k = sn->key[i];
			if (!k)
				continue;
			size_t h = (size_t)(k * 0x9E3779B97F4A7C15ull) & (size_t)(cap - 1);
			while (t[h])
				h = (h + 1) & (size_t)(cap - 1);
			t[h] = k;
		}
		sn->key = t;
		sn->cap = cap;
	}
	size_t h = (size_t)(key * 0x9E3779B97F4A7C15ull) & (size_t)(sn->cap - 1);
	while (sn->key[h]) {
		if (sn->key[h] == key)
			return 0;
		h = (h + 1) & (size_t)(sn->cap - 1);
	}
	sn->key[h] = key;
	sn->n++;
	return 1;
}

/* once, for a second kind of report at a place (a barrier's warning takes the first) */
int oncemore(X *x, Loc loc)
{
	loc.col = -loc.col - 1;
	return once(x, loc);
}

Bind *lookup(X *x, const char *name)
{
	for (int i = (x->frame ? x->frame - 1 : x->nenv) - 1; i >= x->scope; i--)
		if (strcmp(x->env[i].name, name) == 0)
			return &x->env[i];
	if (x->scope) /* a helper's body: the graph's parameters are not its names */
		return NULL;
	for (int i = 0; i < x->nouter; i++)
		if (strcmp(x->outer[i].name, name) == 0)
			return &x->outer[i];
	return NULL;
}

/* The binding an assignment to name changes: its own, wherever it was made (a change outlives
 * the block it is made in), or a new one for a parameter, kept for the whole graph. */
Bind *rebind(X *x, const char *name, BindKind kind)
{
	Bind *b = lookup(x, name);
	if (!b && x->scope) /* in a helper: for the rest of its body */
		b = bind(x, name, kind);
	if (!b) {
		agrow(x->g->arena, &x->outer, &x->capouter, x->nouter + 1, sizeof(Bind));
		b = &x->outer[x->nouter++];
		memset(b, 0, sizeof *b);
		b->name = name;
	}
	b->kind = kind;
	return b;
}

Bind *bind(X *x, const char *name, BindKind kind)
{
	agrow(x->g->arena, &x->env, &x->capenv, x->nenv + 1, sizeof(Bind));
	Bind *b = &x->env[x->nenv++];
	memset(b, 0, sizeof *b);
	b->name = name;
	b->kind = kind;
	return b;
}

/* The text of one copy of src: loop variables and constant locals become their values,
 * per-copy and reassigned locals their emitted names; the first identifier becomes `first` if
 * given (the variable an assignment gives a new name). */
const char *substfirst(X *x, const Src *src, const char *first)
{
	if (!src || !src->text)
		return NULL;
	for (int k = 0; k < src->nhidden && src->expanded; k++) {
		const Bind *bd = lookup(x, src->hidden[k]);
		if (bd && (bd->kind == B_INT || bd->cname))
			return substfirst(x, src->expanded, first);
	}
	Buf b = {0};
	int pos = 0, sw = 0, *fold = xmalloc((size_t)(src->nsw + 1) * sizeof *fold);
	memset(fold, 0, (size_t)(src->nsw + 1) * sizeof *fold);
	/* one pass: a switch is written (with the default it may need) once the identifiers of
	 * its condition, all before its end, have told whether it is on a constant */
	for (int k = 0; k <= src->nid; k++) {
		int at = k < src->nid ? src->off[k] : (int)strlen(src->text);
		for (; sw < src->nsw && src->swend[sw] < at; sw++) /* a switch on a constant */
			if (fold[sw]) {
				int end = src->swend[sw], bol = end;
				while (bol > 0 &&
				       (src->text[bol - 1] == ' ' || src->text[bol - 1] == '\t'))
					bol--;
				bput(&b, src->text + pos, (size_t)(end - pos));
				if (bol > 0 &&
				    src->text[bol - 1] == '\n') /* `}` on a line of its own */
					bprintf(&b, "default:;\n%.*s", end - bol, src->text + bol);
				else
					bputs(&b, " default:; ");
				pos = end;
			}
		if (k == src->nid)
			break;
		bput(&b, src->text + pos, (size_t)(at - pos));
		char name[256];
		snprintf(name, sizeof name, "%.*s", src->len[k], src->text + src->off[k]);
		Bind *bd = src->len[k] < (int)sizeof name ? lookup(x, name) : NULL;
		for (int j = sw; j < src->nsw && bd && bd->kind == B_INT && !(k == 0 && first); j++)
			fold[j] |= at >= src->swlo[j] && at < src->swhi[j];
		if (k == 0 && first)
			bputs(&b, first);
		else if (bd && bd->kind == B_INT)
			bprintf(&b, bd->value < 0 ? "(%lld)" : "%lld", (long long)bd->value);
		else if (bd && bd->cname)
			bputs(&b, bd->cname);
		else
			bputs(&b, name);
		pos = src->off[k] + src->len[k];
	}
	free(fold);
	bputs(&b, src->text + pos);
	const char *s = astrdup(x->g->arena, b.s ? b.s : "");
	bfree(&b);
	return s;
}

const char *subst(X *x, const Src *src)
{
	return substfirst(x, src, NULL);
}

const char *localbase(X *x, const Stmt *s)
{
	int same = 0;
	for (int i = 0; i < x->nlocal; i++) {
		if (x->local[i].decl == s)
			return x->local[i].base;
		same += strcmp(x->local[i].decl->var, s->var) == 0;
	}
	agrow(x->g->arena, &x->local, &x->caplocal, x->nlocal + 1, sizeof(Local));
	const char *base = same ? afmt(x->g->arena, "%s#%d", s->var, same + 1) : s->var;
	x->local[x->nlocal++] = (Local){s, base};
	return base;
}

/* The emitted name of a per-copy or repeated local: w.1.3 is w__1_3, w#2.0 is w_v2__0, w.-1 is
 * w__m1. */
const char *mangle(X *x, const char *local)
{
	Buf b = {0};
	int dots = 0;
	for (const char *c = local; *c; c++) {
		if (*c == '#')
			bputs(&b, "_v");
		else if (*c == '.')
			bputs(&b, dots++ ? "_" : "__");
		else if (*c == '-')
			bputs(&b, "m");
		else
			bput(&b, c, 1);
	}
	const char *s = astrdup(x->g->arena, b.s);
	bfree(&b);
	return s;
}

/* A local array of pointers or ints whose elements may have changed: what is known of them
 * is gone. */
void untable(Bind *b)
{
	for (int i = 0; b && b->kind == B_PTRS && i < b->n; i++)
		b->refs[i] = changed(NULL);
	for (int i = 0; b && b->kind == B_INTS && i < b->n; i++)
		b->vals[i] = notconst(NULL, "not a constant expression");
}
