/* heap.c - the priority queue the scheduler and the lower bound take nodes from. */
#include "../ir/ir.h"

/* A binary heap of (key, node): largest key first when max is set, else smallest; ties go to
 * the smaller tie[node] where tie is given, then the smaller node. */
static int before(const Heap *h, Item x, Item y)
{
	if (x.key != y.key)
		return h->max ? x.key > y.key : x.key < y.key;
	if (h->tie && h->tie[x.node] != h->tie[y.node])
		return h->tie[x.node] < h->tie[y.node];
	return x.node < y.node;
}

void hpush(Heap *h, double key, int node)
{
	int i = h->n;
	vpush(h->arena, h, ((Item){key, node}));
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
