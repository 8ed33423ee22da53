/* ref.c - where a pointer points: a buffer root and a byte offset into it, through members,
 * subscripts, local pointers and tables of pointers, and the pointers the graph stores into
 * memory (slots). */
#include <stdlib.h>
#include <string.h>

#include "extract.h"

const char unknownroot[] = UNKNOWN_ROOT;

const char unknownhow[] =
	"pass the buffer itself, or a pointer the graph derives from one (a parameter, a member path with constant indices, a local pointer or array of pointers initialized from those)";

/* A pointer dagcc cannot follow: e, for why. The warning comes where it is used. */
Ref unknown(Expr *e, const char *why)
{
	return (Ref){.root = unknownroot, .unknown = 1, .what = e, .why = why};
}

/* A pointer a barrier may have changed. */
Ref changed(Expr *e)
{
	return (Ref){.root = unknownroot,
		     .unknown = 1,
		     .what = e,
		     .why = "it may change in a statement dagcc does not follow"};
}

/* The name of the element of `size` bytes at byte off of root: root[k], or root@off off an
 * element boundary. */
static const char *elemname(X *x, const char *root, int64_t off, int64_t size)
{
	if (size > 0 && off % size == 0)
		return afmt(x->g->arena, "%s[%lld]", root, (long long)(off / size));
	return afmt(x->g->arena, "%s@%lld", root, (long long)off);
}

/* What the graph last stored at r (md->w = a + 4), or NULL. */
static const Ref *stored(X *x, Ref r)
{
	for (int i = x->nstore - 1; i >= 0; i--)
		if (!x->store[i].root || /* stored through a place not followed: any pointer */
		    ((x->store[i].wild || x->store[i].off == r.off) &&
		     x->store[i].slot == (r.slot != 0) && strcmp(x->store[i].root, r.root) == 0))
			return &x->store[i].value;
	return NULL;
}

/* The pointer stored at r, in an array of elements of `size` bytes: the DSL names the memory it
 * points to by the path of the slot (md->act[3], p[0]; root@off off an element), a root of its
 * own. A pointer loaded from the graph's own locals (their contents
 * are not followed) or from an unknown place is unknown. */
Ref load(X *x, Expr *e, Ref r, int64_t size)
{
	if (r.unknown)
		return r;
	if (r.null)
		return unknown(e, "a pointer read through a null pointer");
	if (r.slot) { /* the pointer whose address r is */
		if (r.slot == 2 || r.local)
			return unknown(
				e,
				"a pointer whose address the graph takes: it may change through that address");
		if (!r.known || r.span || r.off)
			return unknown(e, "a read next to a pointer, not of it");
		const Ref *st = stored(x, r);
		return st ? *st : (Ref){.root = r.root, .known = 1, .inplace = r.inplace};
	}
	if (r.local) { /* *(ptrs + i) of a table: its element */
		for (int i = x->nenv - 1; i >= 0; i--) {
			Bind *t = &x->env[i];
			if (t->kind != B_PTRS || !t->root || strcmp(t->root, r.root))
				continue;
			if (r.known && !r.span && size > 0 && r.off % size == 0 &&
			    r.off / size < t->n)
				return t->refs[r.off / size];
			break;
		}
		return unknown(e, "a pointer read from a local that dagcc does not follow");
	}
	if (!r.known || r.span)
		return unknown(e, "a pointer read at an index that is not a constant");
	const Ref *st = stored(x, r);
	return st ? *st : (Ref){.root = elemname(x, r.root, r.off, size), .known = 1};
}

Ref offset(X *x, Ref r, Expr *ptr, Expr *idx, int sign)
{
	Val v = eval(x, idx);
	int64_t d;
	if (!v.ok && v.why && strstr(v.why, "overflows") && once(x, v.bad->loc))
		derror(x->d, v.bad->loc, "offset %s", v.why);
	if (r.unknown || r.null)
		return r;
	int64_t lo, hi, dlo, dhi;
	if (r.known && !(v.ok && v.isint) && ptr->elemsize > 0 && range(x, idx, &lo, &hi) &&
	    !__builtin_mul_overflow(sign > 0 ? lo : -hi, ptr->elemsize, &dlo) &&
	    !__builtin_mul_overflow(sign > 0 ? hi : -lo, ptr->elemsize, &dhi) &&
	    !__builtin_add_overflow(r.off, dlo, &r.off) &&
	    !__builtin_add_overflow(r.span, dhi - dlo, &r.span))
		return r;
	if (!r.known || !v.ok || !v.isint || ptr->elemsize <= 0 ||
	    __builtin_mul_overflow(v.i, ptr->elemsize * sign, &d) ||
	    __builtin_add_overflow(r.off, d, &r.off))
		r.known = 0;
	return r;
}

/* The memory an lvalue names (a variable, a member, an element), as a Ref to its start. */
Ref place(X *x, Expr *e)
{
	switch (e->kind) {
	case E_VAR: {
		Bind *b = lookup(x, e->name);
		int ptr = e->isptr && !e->isarray;
		if (b && b->kind == B_PTR)
			return (Ref){.root = b->cname ? b->cname : e->name,
				     .known = 1,
				     .local = 1,
				     .inplace = 1,
				     .slot = 2};
		if (b) /* a local array or struct */
			return (Ref){.root = b->root ? b->root : e->name,
				     .known = 1,
				     .local = 1,
				     .inplace = 1};
		if (ptr) /* a global is followed; a parameter whose address is taken is not */
			return (Ref){.root = e->name, .known = 1, .slot = e->isglobal ? 1 : 2};
		return (Ref){.root = e->name, .known = 1, .inplace = 1};
	}
	case E_INDEX:
		if (e->a->isptr)
			return offset(x, resolve(x, e->a), e->a, e->b, 1);
		break;
	case E_UN:
		if (strcmp(e->op, "*") == 0)
			return resolve(x, e->a);
		break;
	case E_MEMBER: {
		/* one name for every spelling of the member: the struct's address, then "." when
		 * that is a named place (md.w, m->s.t, (&m->s)->t), "->" when it is memory a pointer
		 * points into (m->w, (*m).w, p[2].w, (p + 2)->w) */
		Ref base = e->arrow ? resolve(x, e->a) : place(x, e->a);
		if (base.unknown || base.null)
			return base.null ? unknown(e, "a member of a null pointer") : base;
		if (!base.known || base.span)
			return unknown(e, "a member at an index that is not a constant");
		Expr *ptr = e->arrow					? e->a :
			    e->a->kind == E_UN || e->a->kind == E_INDEX ? e->a->a :
									  NULL;
		int64_t size = ptr ? ptr->elemsize : 0;
		const char *name =
			base.off == 0 ? base.root : elemname(x, base.root, base.off, size);
		return (Ref){.root = afmt(x->g->arena, "%s%s%s", name, base.inplace ? "." : "->",
					  e->name),
			     .known = 1,
			     .local = base.local,
			     .inplace = 1,
			     .slot = e->isptr && !e->isarray,
			     .table = e->arrow ? base.root : base.table};
	}
	default:
		break;
	}
	return unknown(e, "not a variable, member or element dagcc can name");
}

/* The root object and byte offset a pointer expression points at. */
Ref resolve(X *x, Expr *e)
{
	switch (e->kind) {
	case E_NUM:
		if (e->isint ? e->ival == 0 : e->num == 0)
			return (Ref){.root = NULL, .known = 1, .null = 1}; /* NULL */
		break;
	case E_VAR: {
		Bind *b = lookup(x, e->name);
		/* a global: what the graph stored there; one whose address is taken: not followed */
		if (e->isptr && !e->isarray && (e->isglobal || addressed(x, e->name)))
			return load(x, e, place(x, e), 0);
		if (b && b->kind == B_PTR)
			return b->ref;
		if (b && b->kind == B_PTRS) /* the array itself: local memory */
			return (Ref){.root = b->root, .known = 1, .local = 1};
		if (b && b->kind == B_OPAQUE && !e->isptr)
			break;
		if (b) /* a local array: the graph's own memory */
			return (Ref){.root = b->root ? b->root : e->name, .known = 1, .local = 1};
		return (Ref){.root = e->name, .known = 1}; /* a parameter or a global */
	}
	case E_BIN:
		if ((e->op[0] == '+' || e->op[0] == '-') && !e->op[1]) {
			if (e->a->isptr && !e->b->isptr)
				return offset(x, resolve(x, e->a), e->a, e->b,
					      e->op[0] == '-' ? -1 : 1);
			if (e->b->isptr && !e->a->isptr && e->op[0] == '+')
				return offset(x, resolve(x, e->b), e->b, e->a, 1);
		}
		if (strcmp(e->op, ",") == 0)
			return resolve(x, e->b);
		break;
	case E_UN:
		if (strcmp(e->op, "&") == 0)
			return place(x, e->a);
		if (strcmp(e->op, "*") == 0 && e->isarray) /* *&arr: the array, where it is */
			return resolve(x, e->a);
		if (strcmp(e->op, "*") == 0)
			return load(x, e, resolve(x, e->a), e->a->elemsize);
		break;
	case E_INDEX: {
		if (e->isarray && e->a->isptr) /* g[1] of float g[4][8]: a row, where it is */
			return offset(x, resolve(x, e->a), e->a, e->b, 1);
		Bind *b = e->a->kind == E_VAR ? lookup(x, e->a->name) : NULL;
		if (b && b->kind == B_PTRS) {
			Val v = eval(x, e->b);
			if (v.ok && v.isint && v.i >= 0 && v.i < b->n)
				return b->refs[v.i];
			return unknown(
				e,
				"an element of a local array of pointers at an index that is not a constant");
		}
		if (!e->a->isptr)
			break;
		return load(x, e, offset(x, resolve(x, e->a), e->a, e->b, 1), e->a->elemsize);
	}
	case E_MEMBER: {
		/* a pointer member: what it points to is named by its path, unless the graph stored
		 * a pointer there; an array member: the array is that same path's memory */
		Ref r = place(x, e);
		if (r.local && e->isptr && !r.unknown) /* mm.w of a struct local: its value */
			return unknown(e, "a pointer read from a local that dagcc does not follow");
		return r.slot ? load(x, e, r, 0) : r;
	}
	case E_COND: {
		Val c = eval(x, e->a);
		if (c.ok)
			return resolve(x, (c.isint ? c.i != 0 : c.d != 0) ? e->b : e->c);
		return unknown(e, "a choice made at run time");
	}
	case E_CALL:
		return unknown(e, "a call's result");
	default:
		break;
	}
	return unknown(e, "an expression dagcc does not follow");
}

/* The place of a pointer lvalue (md->w, tab[2], *pp, a global). */
Ref slotof(X *x, Expr *lv)
{
	return lv->kind == E_MEMBER || lv->kind == E_VAR ? place(x, lv) :
	       lv->kind == E_INDEX && lv->a->isptr ? offset(x, resolve(x, lv->a), lv->a, lv->b, 1) :
	       lv->kind == E_UN && !strcmp(lv->op, "*") ? resolve(x, lv->a) :
							  (Ref){.unknown = 1};
}

/* The graph stores value at slot, a place that holds a pointer (at an offset not known: any
 * pointer in its root may have changed). */
void keep(X *x, Ref slot, Ref value)
{
	if (slot.unknown) { /* *pp = a with pp not followed: any pointer in memory may be a */
		agrow(x->g->arena, &x->store, &x->capstore, x->nstore + 1, sizeof(Store));
		x->store[x->nstore++] = (Store){NULL, 0, 1, 1, changed(NULL)};
		return;
	}
	if (slot.null || slot.local || slot.slot == 2)
		return;
	int wild = !slot.known || slot.span;
	agrow(x->g->arena, &x->store, &x->capstore, x->nstore + 1, sizeof(Store));
	x->store[x->nstore++] =
		(Store){slot.root, slot.off, slot.slot != 0, wild, wild ? changed(NULL) : value};
}

/* What a store lv = rhs (a barrier, so nothing moves across it) makes known: an element of a
 * local table gets its new value; a slot of memory (md->w, tab[2]) read as a pointer later
 * points where rhs does (x->store). */
void store(X *x, Expr *lv, Expr *rhs)
{
	Bind *b = lv->kind == E_INDEX && lv->a->kind == E_VAR ? lookup(x, lv->a->name) : NULL;
	if (b && (b->kind == B_PTRS || b->kind == B_INTS)) {
		Val i = eval(x, lv->b);
		if (!i.ok || !i.isint || i.i < 0 || i.i >= b->n || hascall(rhs))
			untable(b);
		else if (b->kind == B_PTRS)
			b->refs[i.i] = resolve(x, rhs);
		else
			b->vals[i.i] = eval(x, rhs);
		return;
	}
	if (!lv->isptr || (lv->kind == E_VAR && !lv->isglobal))
		return;
	keep(x, slotof(x, lv), hascall(rhs) ? changed(rhs) : resolve(x, rhs));
}
