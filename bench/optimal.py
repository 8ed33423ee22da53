#!/usr/bin/env python3
"""The yardstick: the exact optimum of a graph's makespan under the model of passes/sim.c.

usage: optimal.py [--dagcc BIN] [--from-ir] [--target T] [--group-size TEXT=N ...]
                  [--mem-budget BYTES|P%] [--reorder] [--class-order fifo|serial]
                  [--time-limit S] [--schedule] INPUT [-- FLAGS]

Reads the graph from dagcc itself (one call: `--passes=[extract,deps,]cost,sched,analyze
--emit=json --report=json` gives every node's kind, group, bytes, cost and edges, dagcc's own
schedule and the program's peak; one more, `--emit=ir`, gives the edges' kinds), builds a
CP-SAT model and prints JSON per graph: the optimum (status "optimal") or the interval
[best found, best bound] ("feasible") when the time limit ends first, with the program order's
and dagcc's (sched, no bucketing) makespans and a schedule that reaches the best found.

The model (times in integer nanoseconds: --emit=json gives costs to 1e-3 us, exactly):
  * one compute stream: every compute node and barrier with a cost (a barrier's cost is the
    communication dagcc does not schedule, in place: Graph.hidden) is an interval [S, S+d) and
    no two overlap; alloc, free and zero-cost nodes are points. A collective's start (issue
    time I) and wait (W) are points of the compute stream too. No point lies strictly inside
    a compute interval (the compute stream is one sequence of steps: a start or a wait happens
    between two kernels, never during one).
  * one FIFO stream per stream class (passes/classes.c: two groups share a class when their
    sizes multiply past the target's world size; sizes from --group-size, else the world),
    and a send and a receive stream per group (ir/ir.c's streamof): a collective occupies
    [B, B+cost) on its stream, B >= I, no two overlap, and their order on the stream is their
    start order (I_a <= I_b when a runs first).
  * a wait: W >= B+cost. The compute stream is held, i.e. nothing that needs the collective
    happens before W.
  * edges as passes/check.c has them: x after p means x's run/start is after p's run (its end:
    S_p + d_p), or after p's wait when p is a collective -- except that a collective after a
    collective on its group's same stream only needs to be started after it (I_x >= I_p; the
    stream then runs it after p), and so does one after another of its group by program order
    alone (a receive after a send: issued in that order). With --reorder, edges that are only 'group' edges (program order of one
    group's collectives) are dropped, so one group's collectives may be started in any order
    (not sends and receives, which pair with a peer's by their order).
  * memory: allocs add and frees remove their bytes at their times; at every time the bytes
    held are within the budget (default: dagcc's own, the report's mem_budget_bytes). At
    one time the frees count before the allocs (a schedule can free first); an alloc and a free
    that depends on it through zero-length steps only are kept 1 ns apart.
  * makespan: the latest end of any interval or wait; dagcc's makespan is max(compute stream
    clock after the last step, every stream's end), the same thing.
Any valid schedule (passes/check.c) maps onto a solution with its simulated makespan (start
and wait steps at the compute stream's clock, a wait at the clock after it); any solution maps
back onto a schedule (events sorted by time, frees first, kernels last at a time) that sim.c
runs in at most the solution's makespan. bench/crosscheck.py checks both directions against
dagcc. Needs ortools (scripts/bench-deps.sh installs it into build/bench-venv).
"""
import argparse
import json
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
COLL = {"all_reduce", "all_gather", "reduce_scatter", "all_to_all", "broadcast", "send", "recv"}


def ns(us):
    return int(round(us * 1000))


def world_size(target, flags):
    """nodes x gpus_per_node of a target name or file (as passes/target.c finds it)."""
    path = target
    if not os.path.exists(path):
        path = os.path.join(ROOT, "targets", target + ".target")
    vals = {}
    with open(path) as f:
        for line in f:
            w = line.split("#")[0].split()
            if len(w) >= 2:
                vals[w[0]] = w[1]
    return int(float(vals["nodes"])) * int(float(vals["gpus_per_node"]))


DEP_RE = re.compile(r"%(\d+)\(([a-z+]+)\)")


def depkinds(irtext):
    """[ [ {pred: set(kinds)} per node ] per graph, in order ] from printed IR (by position:
    a rank-specialized function prints one graph of its name per rank)."""
    out, cur = [], None
    for line in irtext.splitlines():
        if re.match(r'graph @(\S+) ', line):
            cur = []
            out.append(cur)
            continue
        m = re.match(r"\s+%(\d+) = ", line)
        if m and cur is not None:
            i = int(m.group(1))
            while len(cur) <= i:
                cur.append({})
            k = line.rfind(" after ")
            if k >= 0:
                for p, kinds in DEP_RE.findall(line[k:]):
                    cur[i][int(p)] = set(kinds.split("+"))
    return out


class Graph:
    """One graph: nodes (kind, group, bytes, cost in ns, deps with kinds), classes."""

    def __init__(self, name, nodes, kinds, sizes, world):
        self.name = name
        self.n = len(nodes)
        self.kind = [x["kind"] for x in nodes]
        self.group = [x["group"] for x in nodes]
        self.bytes = [x["bytes"] for x in nodes]
        self.cost = [ns(x["cost_us"]) for x in nodes]
        self.deps = []
        for i, x in enumerate(nodes):
            k = kinds[i] if kinds and i < len(kinds) else {}
            self.deps.append([(p, k.get(p, {"raw"})) for p in x["deps"]])
        groups = []
        for g in self.group:
            if g is not None and g not in groups:
                groups.append(g)
        self.groups = groups
        size = [sizes.get(g, world) for g in groups]
        cls = list(range(len(groups)))

        def find(a):
            while cls[a] != a:
                cls[a] = cls[cls[a]]
                a = cls[a]
            return a
        for a in range(len(groups)):
            for b in range(a):
                if size[a] * size[b] > world:
                    cls[find(a)] = find(b)
        self.cls = {g: find(i) for i, g in enumerate(groups)}

    def coll(self, i):
        return self.kind[i] in COLL

    def runs(self, i):
        """which of its group's streams collective i runs on (ir/collectives.h)"""
        return self.kind[i] if self.kind[i] in ("send", "recv") else "coll"

    def stream(self, i):
        """the stream collective i runs on (ir/ir.c's streamof): its class's collective
        stream, or its group's send or receive stream"""
        r = self.runs(i)
        return self.cls[self.group[i]] if r == "coll" else (r, self.group[i])

    def reorderable(self, p, x):
        """whether p and x, collectives of one group, may start in either order (ir/ir.c's
        reorderable: never a send or a receive)"""
        return self.group[p] == self.group[x] and \
            not {self.kind[p], self.kind[x]} & {"send", "recv"}

    def dur(self, i):
        """time a run of a non-collective holds the compute stream"""
        return self.cost[i] if self.kind[i] in ("compute", "barrier") else 0

    def edges(self, reorder=False):
        """(p, x, rule): rule 'run' (after p's run), 'start' (after p's start, same group),
        'wait' (after p's wait)"""
        for x in range(self.n):
            for p, kinds in self.deps[x]:
                if not self.coll(p):
                    yield p, x, "run"
                elif self.coll(x) and self.group[p] == self.group[x] and \
                        (self.runs(p) == self.runs(x) or kinds == {"group"}):
                    if reorder and kinds == {"group"} and self.reorderable(p, x):
                        continue
                    yield p, x, "start"
                else:
                    yield p, x, "wait"


def simulate(g, steps):
    """passes/sim.c in Python, integer ns: (makespan, peak bytes)."""
    t, mem, peak, end, free_at = 0, 0, 0, {}, {}
    for kind, i in steps:
        if kind == "run":
            t += g.dur(i)
            if g.kind[i] == "alloc":
                mem += g.bytes[i]
            elif g.kind[i] == "free":
                mem -= g.bytes[i]
            peak = max(peak, mem)
        elif kind == "start":
            c = g.stream(i)
            begin = max(t, free_at.get(c, 0))
            end[i] = free_at[c] = begin + g.cost[i]
        else:
            t = max(t, end[i])
    return max([t] + list(free_at.values())), peak


def program_order(g):
    st = []
    for i in range(g.n):
        st += [("start", i), ("wait", i)] if g.coll(i) else [("run", i)]
    return st


def times_of(g, steps):
    """the event times sim.c gives a schedule: {('run'|'start'|'wait'|'begin', i): ns}"""
    t, end, free_at, T = 0, {}, {}, {}
    for kind, i in steps:
        if kind == "run":
            T["run", i] = t
            t += g.dur(i)
        elif kind == "start":
            c = g.stream(i)
            T["start", i] = t
            T["begin", i] = max(t, free_at.get(c, 0))
            end[i] = free_at[c] = T["begin", i] + g.cost[i]
        else:
            t = max(t, end[i])
            T["wait", i] = t
    T["M", 0] = max([t] + list(free_at.values()))
    return T


def solve(g, reorder=False, budget=None, time_limit=10.0, fixed=None, hints=(), workers=1,
          horizon=None, class_order=False):
    """Minimize the makespan. fixed: a schedule whose step order is imposed (the model's
    makespan for that schedule). Returns dict(status, best, bound, schedule)."""
    from ortools.sat.python import cp_model
    m = cp_model.CpModel()
    n = g.n
    if horizon is None:
        horizon = sum(g.cost) + 1
    # events: ('run', i) for non-collectives, ('start', c), ('wait', c)
    ev = {}
    for i in range(n):
        if g.coll(i):
            ev["start", i] = m.NewIntVar(0, horizon, "I%d" % i)
            ev["wait", i] = m.NewIntVar(0, horizon, "W%d" % i)
            ev["begin", i] = m.NewIntVar(0, horizon, "B%d" % i)
        else:
            ev["run", i] = m.NewIntVar(0, horizon, "S%d" % i)
    M = m.NewIntVar(0, horizon, "makespan")
    runs = []  # positive compute-stream intervals
    for i in range(n):
        if not g.coll(i):
            d = g.dur(i)
            m.Add(M >= ev["run", i] + d)
            if d > 0:
                runs.append(i)
    iv = [m.NewFixedSizeIntervalVar(ev["run", i], g.dur(i), "R%d" % i) for i in runs]
    if len(iv) > 1:
        m.AddNoOverlap(iv)
    bycls = {}
    for i in range(n):
        if g.coll(i):
            m.Add(ev["begin", i] >= ev["start", i])
            m.Add(ev["wait", i] >= ev["begin", i] + g.cost[i])
            m.Add(M >= ev["wait", i])
            bycls.setdefault(g.stream(i), []).append(i)
    # the event DAG with lags: successor lists and a closure for pruning
    evs = [k for k in ev if k[0] != "begin"]
    idx = {k: j for j, k in enumerate(evs)}
    succ = [[] for _ in evs]  # (j, lag)

    def arc(a, b, lag):
        succ[idx[a]].append((idx[b], lag))
    for p, x, rule in g.edges(reorder):
        tx = ("start", x) if g.coll(x) else ("run", x)
        if rule == "run":
            m.Add(ev[tx] >= ev["run", p] + g.dur(p))
            arc(("run", p), tx, g.dur(p))
        elif rule == "start":
            m.Add(ev[tx] >= ev["start", p])
            arc(("start", p), tx, 0)
        else:
            m.Add(ev[tx] >= ev["wait", p])
            arc(("wait", p), tx, 0)
    for i in range(n):
        if g.coll(i):
            arc(("start", i), ("wait", i), g.cost[i])
    # topological order of events (program order is topological for nodes)
    order = []
    for i in range(n):
        order += [("start", i), ("wait", i)] if g.coll(i) else [("run", i)]
    reach = [0] * len(evs)  # bitset of events reachable (strict successors)
    zreach = [0] * len(evs)  # ... through zero-lag arcs only
    for k in reversed(order):
        j = idx[k]
        r = z = 0
        for s, lag in succ[j]:
            r |= reach[s] | (1 << s)
            if lag == 0:
                z |= zreach[s] | (1 << s)
        reach[j], zreach[j] = r, z
    # FIFO per class: stream order = start order
    pairs = {}
    bools = []  # (var, event x, event y, d): true when x + d <= y, for hints
    for c, cs in bycls.items():
        for a_ in range(len(cs)):
            for b_ in range(a_ + 1, len(cs)):
                a, b = cs[a_], cs[b_]
                ia, ib = idx["start", a], idx["start", b]
                if (reach[ia] >> ib) & 1 or (g.group[a] == g.group[b] and
                                             not (reorder and g.reorderable(a, b))) or \
                        class_order == "fifo":
                    first = True
                elif (reach[ib] >> ia) & 1:
                    first = False
                else:
                    first = None
                if first is None:
                    o = m.NewBoolVar("o%d_%d" % (a, b))
                    pairs[a, b] = o
                    bools.append((o, ("begin", a), ("begin", b), 0))
                    m.Add(ev["begin", b] >= ev["begin", a] + g.cost[a]).OnlyEnforceIf(o)
                    m.Add(ev["start", b] >= ev["start", a]).OnlyEnforceIf(o)
                    m.Add(ev["begin", a] >= ev["begin", b] + g.cost[b]).OnlyEnforceIf(o.Not())
                    m.Add(ev["start", a] >= ev["start", b]).OnlyEnforceIf(o.Not())
                    if class_order and g.group[a] != g.group[b]:
                        m.Add(ev["start", b] >= ev["wait", a]).OnlyEnforceIf(o)
                        m.Add(ev["start", a] >= ev["wait", b]).OnlyEnforceIf(o.Not())
                else:
                    x, y = (a, b) if first else (b, a)
                    m.Add(ev["begin", y] >= ev["begin", x] + g.cost[x])
                    m.Add(ev["start", y] >= ev["start", x])
                    if class_order and g.group[a] != g.group[b]:
                        m.Add(ev["start", y] >= ev["wait", x])
        ivs = [m.NewFixedSizeIntervalVar(ev["begin", i], g.cost[i], "C%d" % i) for i in cs]
        if len(ivs) > 1:
            m.AddNoOverlap(ivs)
    # points never strictly inside a kernel
    points = [k for k in evs if k[0] != "run" or g.dur(k[1]) == 0]
    for k in points:
        pk = idx[k]
        for r in runs:
            rj = idx["run", r]
            if (reach[pk] >> rj) & 1 or (reach[rj] >> pk) & 1:
                continue
            b = m.NewBoolVar("")
            bools.append((b, k, ("run", r), 0))
            m.Add(ev[k] <= ev["run", r]).OnlyEnforceIf(b)
            m.Add(ev[k] >= ev["run", r] + g.dur(r)).OnlyEnforceIf(b.Not())
    # memory
    mev = [i for i in range(n) if g.kind[i] in ("alloc", "free") and g.bytes[i]]
    if budget is not None and mev:
        delta = [g.bytes[i] if g.kind[i] == "alloc" else -g.bytes[i] for i in mev]
        lo = -sum(-d for d in delta if d < 0)
        m.AddReservoirConstraint([ev["run", i] for i in mev], delta, min(lo, 0),
                                 max(int(budget), 0))
        for a in mev:
            if g.kind[a] != "alloc":
                continue
            za = zreach[idx["run", a]]
            for f in mev:
                if g.kind[f] == "free" and (za >> idx["run", f]) & 1:
                    m.Add(ev["run", f] >= ev["run", a] + 1)
    if fixed is not None:
        seq = [(k, i) for k, i in fixed]
        for (k0, i0), (k1, i1) in zip(seq, seq[1:]):
            d = g.dur(i0) if k0 == "run" else 0
            m.Add(ev[k1, i1] >= ev[k0, i0] + d)
        pos = {(k, i): j for j, (k, i) in enumerate(seq)}
        for (a, b), o in pairs.items():
            m.Add(o == (1 if pos["start", a] < pos["start", b] else 0))
    for h in hints:
        for k, v in ev.items():
            if k in h:
                m.AddHint(v, h[k])
        for b, x, y, d in bools:
            if x in h and y in h:
                m.AddHint(b, 1 if h[x] + d <= h[y] else 0)
        m.AddHint(M, h["M", 0])
        break  # one hint set: CP-SAT takes one
    m.Minimize(M)

    def run(limit, presolve):
        s = cp_model.CpSolver()
        s.parameters.max_time_in_seconds = limit
        s.parameters.num_workers = workers
        s.parameters.cp_model_presolve = presolve
        if presolve:  # probing is most of presolve's time on these models
            s.parameters.cp_model_probing_level = 0
            s.parameters.max_presolve_iterations = 1
        st = s.Solve(m)
        ok = st in (cp_model.OPTIMAL, cp_model.FEASIBLE)
        return s, st, ok
    # Two tries: without presolve (it finds solutions and bounds at once on large models,
    # where presolve alone can take the whole time), then, unless that proved the optimum,
    # with presolve, from the best solution so far.
    if fixed is None:
        s, st, ok = run(0.4 * time_limit, False)
        best = (s.ObjectiveValue(), {k: s.Value(v) for k, v in ev.items()}) if ok else None
        bound = s.BestObjectiveBound() if ok or st == cp_model.OPTIMAL else 0
        if st != cp_model.OPTIMAL:
            if best:
                m.ClearHints()
                for k, v in ev.items():
                    m.AddHint(v, best[1][k])
                for b, x, y, d in bools:
                    m.AddHint(b, 1 if best[1][x] + d <= best[1][y] else 0)
                m.AddHint(M, int(best[0]))
            s, st, ok = run(0.6 * time_limit, True)
            if ok and (best is None or s.ObjectiveValue() <= best[0]):
                best = (s.ObjectiveValue(), {k: s.Value(v) for k, v in ev.items()})
            if ok or st == cp_model.OPTIMAL:
                bound = max(bound, s.BestObjectiveBound())
        if best is None:
            return {"status": "unknown" if st == cp_model.UNKNOWN else "infeasible",
                    "best": None, "bound": bound or None, "schedule": None}
        status = "optimal" if st == cp_model.OPTIMAL or bound >= best[0] else "feasible"
        return {"status": status, "best": best[0], "bound": bound, "schedule": derive(g, best[1])}
    s, st, ok = run(time_limit, True)
    if not ok:
        return {"status": "unknown" if st == cp_model.UNKNOWN else "infeasible",
                "best": None, "bound": None, "schedule": None}
    val = {k: s.Value(v) for k, v in ev.items()}
    return {"status": "optimal" if st == cp_model.OPTIMAL else "feasible",
            "best": s.ObjectiveValue(), "bound": s.BestObjectiveBound(),
            "schedule": derive(g, val)}


def derive(g, val):
    """A schedule from a solution: events by time; at one time frees, waits, starts (in
    stream order), zero-length runs, allocs, then the kernel that begins there; never before
    an event it depends on."""
    import heapq
    rank = {"free": 0, "wait": 1, "start": 2, "zero": 3, "alloc": 4, "kernel": 5}
    keys = []
    for i in range(g.n):
        if g.coll(i):
            keys.append(((val["start", i], rank["start"], val["begin", i], i), ("start", i)))
            keys.append(((val["wait", i], rank["wait"], 0, i), ("wait", i)))
        else:
            k = g.kind[i]
            r = k if k in ("alloc", "free") else ("kernel" if g.dur(i) > 0 else "zero")
            keys.append(((val["run", i], rank[r], 0, i), ("run", i)))
    key = {e: k for k, e in keys}
    preds = {e: [] for _, e in keys}
    for p, x, rule in g.edges(True):
        tx = ("start", x) if g.coll(x) else ("run", x)
        preds[tx].append(("run", p) if rule == "run" else (rule, p))
    # a dropped 'group' edge: the stream order below keeps it unless --reorder
    for i in range(g.n):
        if g.coll(i):
            preds["wait", i].append(("start", i))
    bycls = {}
    for i in range(g.n):
        if g.coll(i):
            bycls.setdefault(g.stream(i), []).append((val["begin", i], i))
    for cs in bycls.values():  # a stream runs its collectives in start order
        cs.sort()
        for (_, a), (_, b) in zip(cs, cs[1:]):
            preds["start", b].append(("start", a))
    npred = {e: len(set(v)) for e, v in preds.items()}
    succs = {e: [] for e in preds}
    for e, v in preds.items():
        for p in set(v):
            succs[p].append(e)
    heap = [(key[e], e) for e in preds if npred[e] == 0]
    heapq.heapify(heap)
    out = []
    while heap:
        _, e = heapq.heappop(heap)
        out.append(e)
        for s in succs[e]:
            npred[s] -= 1
            if npred[s] == 0:
                heapq.heappush(heap, (key[s], s))
    assert len(out) == len(preds), "derive: the solution's order has a cycle"
    return out


def dagcc_graphs(a, extra_passes=None):
    """Run dagcc on the input: [(Graph, info)] with info: program-order and dagcc's schedule."""
    passes = "cost,sched,analyze" if a.from_ir else "extract,deps,cost,sched,analyze"
    base = [a.dagcc] + (["--from-ir"] if a.from_ir else ["-I", os.path.join(ROOT, "include")])
    base += ["--target", a.target] + getattr(a, "dagcc_flags", [])
    for gs in a.group_size:
        base += ["--group-size", gs]
    tail = [a.input] + (["--"] + a.flags if a.flags else [])
    with tempfile.TemporaryDirectory() as tmp:
        js = os.path.join(tmp, "g.json")
        r = subprocess.run(base + ["--passes=" + passes, "--emit=json", "--report=json",
                                   "-o", js] + tail, stdout=subprocess.PIPE, text=True,
                           stderr=subprocess.PIPE)
        if r.returncode:
            sys.exit("optimal.py: dagcc failed:\n" + r.stderr)
        report = json.loads(r.stdout)
        with open(js) as f:
            nodes = json.load(f)
        r = subprocess.run(base + ["--passes=" + passes, "--emit=ir", "-o", "-"] + tail,
                           stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        kinds = depkinds(r.stdout)
    world = world_size(a.target, [])
    out = []
    for k, (gj, rj) in enumerate(zip(nodes["graphs"], report["graphs"])):
        sizes = {x["name"]: x["ranks"] for x in rj.get("groups", [])}
        g = Graph(gj["name"], gj["nodes"], kinds[k] if k < len(kinds) else None, sizes, world)
        steps = []
        for x in gj["nodes"]:
            if x["kind"] in COLL:
                steps.append((x["position"], "start", x["id"]))
                steps.append((x["wait_position"], "wait", x["id"]))
            else:
                steps.append((x["position"], "run", x["id"]))
        steps = [(k, i) for _, k, i in sorted(steps)]
        info = {"report": rj, "sched": steps, "peak": rj["before"]["peak_bytes"],
                "budget": rj.get("mem_budget_bytes")}
        out.append((g, info))
    return out


def budget_of(spec, peak, own=None):
    """the budget in bytes: spec (BYTES or P% over peak), or dagcc's own (own; None: any)"""
    if spec is None:
        return own
    if spec.endswith("%"):
        return int(peak * (1 + float(spec[:-1]) / 100))
    mult = {"K": 1 << 10, "M": 1 << 20, "G": 1 << 30}
    if spec[-1].upper() in mult:
        return int(float(spec[:-1]) * mult[spec[-1].upper()])
    return int(float(spec))


def optimum(g, info, reorder=False, mem_budget=None, time_limit=10.0, class_order=False):
    po = program_order(g)
    po_ms, _ = simulate(g, po)
    sc_ms, _ = simulate(g, info["sched"])
    budget = budget_of(mem_budget, info["peak"], info.get("budget"))
    hint = times_of(g, info["sched"]) if sc_ms <= po_ms else times_of(g, po)
    horizon = max(po_ms, sc_ms)
    r = solve(g, reorder=reorder, budget=budget, time_limit=time_limit, hints=[hint],
              horizon=horizon, class_order=class_order)
    res = {"name": g.name, "nodes": g.n, "status": r["status"],
           "program_order_us": po_ms / 1000, "dagcc_sched_us": sc_ms / 1000,
           "budget_bytes": budget}
    if r["best"] is not None:
        ms, peak = simulate(g, r["schedule"])
        res["best_us"] = r["best"] / 1000
        res["bound_us"] = r["bound"] / 1000
        res["schedule_sim_us"] = ms / 1000  # the schedule found, through the simulator
        res["schedule_peak_bytes"] = peak
        res["schedule"] = [("" if k == "run" else k + " ") + "%%%d" % i for k, i in r["schedule"]]
        if r["status"] == "optimal":
            res["optimum_us"] = res["best_us"]
    else:  # nothing found in the time: the better of the two schedules it was given
        cands = [(simulate(g, st)[0], st) for st in (info["sched"], po)
                 if budget is None or simulate(g, st)[1] <= budget]
        if cands:
            ms, st = min(cands, key=lambda c: c[0])
            res["best_us"] = ms / 1000
            res["bound_us"] = r["bound"] / 1000 if r["bound"] else None
            res["schedule"] = [("" if k == "run" else k + " ") + "%%%d" % i for k, i in st]
    return res


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("input")
    p.add_argument("flags", nargs="*")
    p.add_argument("--dagcc", default=os.path.join(ROOT, "build", "bin", "dagcc"))
    p.add_argument("--from-ir", action="store_true")
    p.add_argument("--target", default="h100-8x")
    p.add_argument("--group-size", action="append", default=[])
    p.add_argument("--mem-budget", default=None,
                   help="BYTES or P%% over the program's peak (default: dagcc's budget)")
    p.add_argument("--reorder", action="store_true",
                   help="collectives of one group may be started in any order")
    p.add_argument("--class-order", choices=["fifo", "serial"],
                   help="passes/sched.c's own restrictions, not the simulator's rules: "
                   "serial: a collective starts only once those of other groups of its class "
                   "in flight are waited; fifo: that, and one class's collectives start in "
                   "program order")
    p.add_argument("--time-limit", type=float, default=10.0)
    p.add_argument("--schedule", action="store_true", help="print the schedule found")
    a = p.parse_args()
    a.dagcc_flags = [] if a.reorder else ["--keep-group-order"]  # dagcc under the same rules
    res = []
    for g, info in dagcc_graphs(a):
        r = optimum(g, info, a.reorder, a.mem_budget, a.time_limit, a.class_order)
        if not a.schedule:
            r.pop("schedule", None)
        res.append(r)
    print(json.dumps({"graphs": res}, indent=1))


if __name__ == "__main__":
    main()
