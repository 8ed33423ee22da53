"""The same DAG written in other orders: random topological orders of a program's independent
statements, deterministic by seed, and a check that two programs are the same DAG.

  ir_orders(text, seed, free_groups)   textual IR: each graph's nodes in a random topological
                                       order of its edges, renumbered, lines renumbered as
                                       written (@K:3 for the K-th node)
  c_orders(text, seed, free_groups)    a straight-line DAGCC_GRAPH body (one statement a line,
                                       `if (COND) call(...);` allowed, leading `int r = ...;`
                                       declarations stay first): its statements in a random
                                       topological order of the accesses they declare
  dag(irtext)                          the DAG dagcc extracted (its --no-schedule --emit=ir):
                                       per graph, nodes named by their text, edges by kind
  same_dag(a, b, free_groups)          whether two such DAGs are the same after canonical naming

What may move, in both: only statements with no dependence between them. In C the dependences
are computed here from the call's declared accesses (DAGCC_IN/OUT/INOUT of each kernel's
prototype in the file, the collectives' signatures; a buffer is its argument up to a top-level
'+', so any two offsets into one buffer conflict) and every call on a group is ordered against
every other on it, which is stricter than dagcc's rules (its edges can be added with `extra`:
pairs of statement indices); in a graph with sends and receives, or one compiled per rank, all
communication keeps its order (a blocking call on one group may wait for a rank that waits on
another). With free_groups the collectives of a group may change places where no data orders
them, as dagcc's default schedule itself reorders them alike on every rank (DESIGN.md); graphs
with sends and receives or ranks never get it.
"""
import hashlib
import random
import re

# (in, out, inout) argument positions of the runtime's calls
COLLECTIVES = {
    "dagcc_all_reduce": ((), (), (1,)),
    "dagcc_broadcast": ((), (), (1,)),
    "dagcc_all_gather": ((1,), (2,), ()),
    "dagcc_reduce_scatter": ((1,), (2,), ()),
    "dagcc_all_to_all": ((1,), (2,), ()),
    "dagcc_send": ((1,), (), ()),
    "dagcc_recv": ((), (1,), ()),
}
P2P = ("dagcc_send", "dagcc_recv")


# ---------------------------------------------------------------- IR

NODE = re.compile(r"^  %(\d+) = (.*)$")
AFTER = re.compile(r" after ((?:%\d+\([a-z+]+\)(?:, )?)+)$")
LOC = re.compile(r" @(\d+):(\d+)$")
DEP = re.compile(r"%(\d+)\(([a-z+]+)\)")
GROUP = re.compile(r'^(\w+) group "([^"]*)"')


def parse_ir(text):
    """[(header, [(id, body, {pred: kinds}, loc)], trailer lines)]"""
    graphs, cur = [], None
    for line in text.splitlines():
        if line.startswith("graph "):
            cur = (line, [], [])
            graphs.append(cur)
            continue
        m = NODE.match(line)
        if cur is not None and m:
            body, loc = m.group(2), None
            lm = LOC.search(body)
            if lm:
                loc, body = lm.group(0), body[:lm.start()]
            deps = {}
            am = AFTER.search(body)
            if am:
                for p, k in DEP.findall(am.group(1)):
                    deps[int(p)] = frozenset(k.split("+"))
                body = body[:am.start()]
            cur[1].append((int(m.group(1)), body, deps, loc))
        elif cur is not None and line.strip() and not line.startswith("}"):
            if line.strip().startswith("schedule"):
                raise ValueError("an IR with a schedule: write it with --no-schedule")
            cur[2].append(line)
    return graphs


def node_group(body):
    m = GROUP.match(body)
    return (m.group(1), m.group(2)) if m else (None, None)


def random_topo(n, preds, rng):
    """a random topological order of nodes 0..n-1 (preds: node -> set of nodes before it)"""
    succs = [[] for _ in range(n)]
    left = [0] * n
    for x in range(n):
        for p in preds[x]:
            succs[p].append(x)
            left[x] += 1
    ready = [x for x in range(n) if not left[x]]
    out = []
    while ready:
        x = ready.pop(rng.randrange(len(ready)))
        out.append(x)
        for y in succs[x]:
            left[y] -= 1
            if not left[y]:
                ready.append(y)
    if len(out) != n:
        raise ValueError("a cycle")
    return out


def ir_orders(text, seed, free_groups=False, identity=False):
    """text in a random topological order (identity: the order as written, renumbered the same
    way, so that every variant has gone through this writer)"""
    rng = random.Random(seed)
    out = []
    for header, nodes, rest in parse_ir(text):
        idx = {nid: k for k, (nid, _, _, _) in enumerate(nodes)}
        kind = [node_group(body) for _, body, _, _ in nodes]
        # as in C: with sends and receives, or in a rank graph, all communication in one order
        one = " rank " in header or any(kd in ("send", "recv") for kd, _ in kind)
        free = free_groups and not one

        def movable(k):  # a collective whose group order dagcc's schedule may change
            return free and kind[k][1] is not None and kind[k][0] not in ("send", "recv")
        preds = [set() for _ in nodes]
        deps = []
        lastof = {}
        for k, (nid, body, dk, _) in enumerate(nodes):
            d = {}
            for p, ks in dk.items():
                # a group edge between two movable collectives is program order alone
                if movable(k) and movable(idx[p]):
                    ks = ks - {"group"}
                if ks:
                    d[idx[p]] = ks
                    preds[k].add(idx[p])
            deps.append(d)
            g = kind[k][1] if not one or kind[k][1] is None else "one order"
            if g is not None and not movable(k):
                if g in lastof:
                    preds[k].add(lastof[g])  # a group's sends and receives stay in order
                lastof[g] = k
        order = list(range(len(nodes))) if identity else random_topo(len(nodes), preds, rng)
        if free:  # the group edges of the order as now written
            lastof = {}
            for k in order:
                if movable(k):
                    g = kind[k][1]
                    if g in lastof:
                        deps[k][lastof[g]] = deps[k].get(lastof[g], frozenset()) | {"group"}
                    lastof[g] = k
        new = {k: j for j, k in enumerate(order)}
        out.append(header)
        for j, k in enumerate(order):
            nid, body, _, loc = nodes[k]
            line = "  %%%d = %s" % (j, body)
            if deps[k]:
                line += " after " + ", ".join(
                    "%%%d(%s)" % (new[p], "+".join(sorted(ks, key=KINDS.index)))
                    for p, ks in sorted(deps[k].items(), key=lambda pk: new[pk[0]]))
            if loc:
                line += " @%d:3" % (j + 1)
            out.append(line)
        out += rest
        out.append("}")
    return "\n".join(out) + "\n"


KINDS = ["raw", "war", "waw", "order", "group"]


# ---------------------------------------------------------------- C

PROTO = re.compile(r"DAGCC_COMPUTE\([^\n]*\)\s*\n\s*void\s+(\w+)\s*\(([^)]*)\)", re.S)
CALL = re.compile(r"^(?:if \((?P<cond>.*)\) )?(?P<name>\w+)\((?P<args>.*)\);$")
DECL = re.compile(r"^\w+ \*(?P<var>\w+) = (?P<name>dagcc_alloc_async)\((?P<args>.*)\);$")


def split_args(s):
    out, depth, cur = [], 0, ""
    for ch in s:
        if ch in "([":
            depth += 1
        elif ch in ")]":
            depth -= 1
        if ch == "," and depth == 0:
            out.append(cur.strip())
            cur = ""
        else:
            cur += ch
    if cur.strip():
        out.append(cur.strip())
    return out


def buffer_of(arg):
    """the buffer an argument names: the text before a top-level '+', without spaces"""
    depth = 0
    for i, ch in enumerate(arg):
        if ch in "([":
            depth += 1
        elif ch in ")]":
            depth -= 1
        elif ch == "+" and depth == 0:
            arg = arg[:i]
            break
    return arg.replace(" ", "").lstrip("&")


def prototypes(text):
    """kernel name -> (in, out, inout) argument positions, from the DAGCC_COMPUTE prototypes"""
    out = {}
    for name, params in PROTO.findall(text):
        ins, outs, inouts = [], [], []
        for k, prm in enumerate(split_args(params)):
            if "DAGCC_INOUT" in prm:
                inouts.append(k)
            elif "DAGCC_OUT" in prm:
                outs.append(k)
            elif "DAGCC_IN" in prm:
                ins.append(k)
        out[name] = (tuple(ins), tuple(outs), tuple(inouts))
    return out


def body_span(text):
    """(first, last) line indices of the one DAGCC_GRAPH body's statements"""
    lines = text.split("\n")
    start = next(i for i, l in enumerate(lines) if l.startswith("DAGCC_GRAPH"))
    while lines[start].strip() != "{":
        start += 1
    end = next(i for i in range(start + 1, len(lines)) if lines[i] == "}")
    return lines, start + 1, end


def statements(text):
    """[(line, reads, writes, group, is_p2p, pinned)] of the graph body"""
    protos = prototypes(text)
    lines, a, b = body_span(text)
    out = []
    for line in lines[a:b]:
        s = line.strip()
        if not s:
            continue
        if s.startswith("int ") and "(" not in s.split("=")[0]:
            out.append((line, set(), {s.split()[1]}, None, False, True))
            continue
        m = DECL.match(s)
        if m:  # an alloc writes the variable it declares
            out.append((line, set(), {m.group("var")}, None, False, False))
            continue
        m = CALL.match(s)
        if not m:
            raise ValueError("not a statement the order generator knows: %r" % s)
        name, args = m.group("name"), split_args(m.group("args"))
        reads = set(re.findall(r"[A-Za-z_]\w*", m.group("cond") or ""))
        writes, group, p2p = set(), None, False
        if name in COLLECTIVES:
            ins, outs, inouts = COLLECTIVES[name]
            group, p2p = buffer_of(args[0]), name in P2P
        elif name == "dagcc_free_async":
            ins, outs, inouts = (), (0,), ()
        elif name in protos:
            ins, outs, inouts = protos[name]
        else:
            raise ValueError("a call the order generator knows no accesses of: %r" % s)
        for k in ins:
            reads.add(buffer_of(args[k]))
        for k in outs + inouts:
            writes.add(buffer_of(args[k]))
        for k in inouts:
            reads.add(buffer_of(args[k]))
        out.append((line, reads, writes, group, p2p, False))
    return out


def c_preds(stmts, free_groups, rankgraph):
    # with sends and receives, or one graph per rank, a blocking call on one group may wait for
    # a rank that waits on another: all communication keeps the program's order
    one = rankgraph or any(st[4] for st in stmts)
    preds = [set() for _ in stmts]
    for j, (_, rj, wj, gj, pj, pinj) in enumerate(stmts):
        for i in range(j):
            _, ri, wi, gi, pi, pini = stmts[i]
            if pini or pinj or wi & (rj | wj) or ri & wj:
                preds[j].add(i)
            elif gi is not None and gj is not None and (one or (gi == gj and not free_groups)):
                preds[j].add(i)
    return preds


def c_orders(text, seed, free_groups=False, extra=(), identity=False):
    """text with the graph body's statements in a random topological order; extra: (i, j)
    pairs of statement indices that must stay in order too (dagcc's edges)"""
    stmts = statements(text)
    rankgraph = "dagcc_group_rank" in text or "--rank" in text
    preds = c_preds(stmts, free_groups, rankgraph)
    for i, j in extra:
        preds[j].add(i)
    order = list(range(len(stmts))) if identity else \
        random_topo(len(stmts), preds, random.Random(seed))
    lines, a, b = body_span(text)
    body = [stmts[k][0] for k in order]
    return "\n".join(lines[:a] + body + lines[b:])


def dagcc_edges_as_statements(text, irtext):
    """dagcc's edges (from its --no-schedule --emit=ir of text) as pairs of statement indices"""
    lines, a, b = body_span(text)
    line_of = {}
    k = 0
    for i in range(a, b):
        if lines[i].strip():
            line_of[i + 1] = k
            k += 1
    pairs = set()
    for _, nodes, _ in parse_ir(irtext):
        at = {nid: int(loc.split(":")[0][2:]) for nid, _, _, loc in nodes if loc}
        for nid, _, deps, _ in nodes:
            for p in deps:
                if nid in at and p in at and at[p] in line_of and at[nid] in line_of and \
                        line_of[at[p]] != line_of[at[nid]]:
                    pairs.add((line_of[at[p]], line_of[at[nid]]))
    return sorted(pairs)


# ---------------------------------------------------------------- the same DAG?

def dag(irtext):
    """per graph (its header without the file name): a canonical form of its DAG, the nodes
    named by their text (kind, costs, accesses: not their number or line) refined by their
    neighbours' names, so that two orders of one DAG give the same form"""
    out = {}
    for header, nodes, _ in parse_ir(irtext):
        key = re.sub(r'"[^"]*"', '"FILE"', header, count=1)
        idx = {nid: k for k, (nid, _, _, _) in enumerate(nodes)}
        edges = []
        for nid, _, deps, _ in nodes:
            for p, ks in deps.items():
                for kd in ks:
                    edges.append((idx[p], idx[nid], kd))
        label = [h(body) for _, body, _, _ in nodes]
        preds = [[] for _ in nodes]
        succs = [[] for _ in nodes]
        for p, x, kd in edges:
            preds[x].append((kd, p))
            succs[p].append((kd, x))
        for _ in range(4):
            label = [h(label[k] + "|" + ",".join(sorted(kd + label[p] for kd, p in preds[k])) +
                       "|" + ",".join(sorted(kd + label[x] for kd, x in succs[k])))
                     for k in range(len(nodes))]
        out[key] = (sorted(label), sorted((label[p], label[x], kd) for p, x, kd in edges),
                    [(label[k], nodes[k][1]) for k in range(len(nodes))])
    return out


def h(s):
    return hashlib.sha1(s.encode()).hexdigest()[:16]


def strip_group_edges(irtext):
    """the IR without its 'group' edges (program order of a group's collectives alone)"""
    out = []
    for line in irtext.splitlines():
        m = AFTER.search(LOC.sub("", line))
        if NODE.match(line) and m:
            deps = []
            for p, k in DEP.findall(m.group(1)):
                ks = [x for x in k.split("+") if x != "group"]
                if ks:
                    deps.append("%%%s(%s)" % (p, "+".join(ks)))
            loc = LOC.search(line)
            head = LOC.sub("", line)[:m.start()]
            line = head + (" after " + ", ".join(deps) if deps else "") + (loc.group(0) if loc else "")
        out.append(line)
    return "\n".join(out) + "\n"


def same_dag(ir_a, ir_b, free_groups=False):
    """whether two --no-schedule IRs are one DAG: the same graphs, each with the same nodes and
    edges after canonical naming (with free_groups, the 'group' edges of graphs that are not
    rank graphs are left out: they are program order, which dagcc's schedule may change).
    Returns (bool, why)."""
    if free_groups:
        ir_a, ir_b = keep_rank_group_edges(ir_a), keep_rank_group_edges(ir_b)
    da, db = dag(ir_a), dag(ir_b)
    if sorted(da) != sorted(db):
        return False, "graphs differ: %s vs %s" % (sorted(da), sorted(db))
    for k in da:
        na, ea, _ = da[k]
        nb, eb, _ = db[k]
        if na != nb:
            return False, "%s: nodes differ (%d and %d nodes, %d unlike their neighbours)" % (
                k, len(na), len(nb), len(set(na) ^ set(nb)))
        if ea != eb:
            return False, "%s: edges differ (%d vs %d)" % (k, len(ea), len(eb))
    return True, ""


def keep_rank_group_edges(irtext):
    """group edges dropped, except in rank graphs and between sends and receives"""
    out, cur_rank = [], False
    for line in irtext.splitlines(True):
        if line.startswith("graph "):
            cur_rank = " rank " in line
        if NODE.match(line) and not cur_rank and not re.match(r"^  %\d+ = (send|recv) ", line):
            line = strip_group_edges(line).rstrip("\n") + "\n"
        out.append(line)
    return "".join(out)
