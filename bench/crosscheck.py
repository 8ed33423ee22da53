#!/usr/bin/env python3
"""Cross-check the yardstick's model (bench/optimal.py) against dagcc's simulator (sim.c).

usage: crosscheck.py [--graphs N] [--schedules K] [--optimize M] [--seed S] [--dagcc BIN]

Random graphs (IR: compute, barriers, allocs and frees, collectives of up to four groups with
random sizes on a random target, so stream classes vary; costs given with `us` to 1e-3 us),
and for each K random valid schedules (a random topological walk of runs, starts and waits as
passes/check.c allows them). Every schedule goes through
`dagcc --from-ir G.ir --passes=cost,order,analyze --report=json`, and its "after" makespan
must equal, to 1e-6 us, the CP-SAT model's minimum makespan with that schedule's step order
imposed, and the peak bytes the model's count. Then for M of the graphs the model is solved
(as is and with --reorder): the schedule derived from the solution, run by sim.c, must give
the optimum exactly, within the memory budget, and no random schedule nor dagcc's may beat it.
Exit status 1 on any mismatch.
"""
import argparse
import json
import os
import random
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import optimal  # noqa: E402

KINDS = ["all_reduce", "all_gather", "reduce_scatter", "all_to_all", "broadcast", "send", "recv"]
TARGETS = {"h100-8x": 8, "h100-2x8": 16}


def rgraph(rng, name, nmin=4, nmax=24):
    """(IR text without schedule, nodes: list of dict(kind, group, deps{p: kinds}), gsizes)"""
    n = rng.randint(nmin, nmax)
    ngroup = rng.randint(1, 4)
    nodes, live, text = [], [], []
    last = {}
    for i in range(n):
        r = rng.random()
        deps = {}
        cand = list(range(i))
        for p in rng.sample(cand, min(len(cand), rng.choice([0, 1, 1, 2, 3]))):
            if nodes[p]["kind"] != "free":
                deps[p] = {"raw"}
        if r < 0.12 and live == [] or r < 0.06:
            kind, attr = "alloc", "size %d" % rng.choice([64, 256, 1024, 4096])
            live.append((i, int(attr.split()[1])))
            deps = {}
        elif r < 0.18 and live:
            a, size = live.pop(rng.randrange(len(live)))
            kind, attr = "free", "size %d" % size
            users = [j for j in range(a + 1, i) if a in nodes[j]["deps"]]
            deps = {a: {"waw"}}
            for u in users:
                deps[u] = {"war"}
        elif r < 0.22:
            kind, attr = "barrier", '"stmt"'
        elif r < 0.55:
            g = "g%d" % rng.randrange(ngroup)
            kind = rng.choice(KINDS)
            attr = 'group "%s" f32%s count 16 us %.3f inout "b%d"[0:64]' % (
                g, " op sum" if kind in ("all_reduce", "reduce_scatter") else "",
                rng.randint(1, 40000) / 1000, i)
            if kind == "broadcast":
                attr = attr.replace(" count", " count").replace("f32", "f32") + ""
            if g in last:
                deps.setdefault(last[g], set()).add("group")
            last[g] = i
            if live and rng.random() < 0.5:
                a = rng.choice(live)[0]
                deps.setdefault(a, set()).add("waw")
        else:
            kind, attr = "compute", '"k" us %.3f' % (rng.randint(1, 30000) / 1000)
            if live and rng.random() < 0.4:
                a = rng.choice(live)[0]
                deps.setdefault(a, set()).add("raw")
        group = attr.split('"')[1] if kind in KINDS else None
        nodes.append({"kind": kind, "group": group, "deps": deps})
        line = "  %%%d = %s %s" % (i, kind, attr)
        if kind == "broadcast":
            line = "  %%%d = broadcast group \"%s\" f32 count 16 peer 0 us %.3f inout \"b%d\"[0:64]" % (
                i, group, rng.randint(1, 40000) / 1000, i)
        elif kind in ("send", "recv"):
            line = "  %%%d = %s group \"%s\" f32 count 16 peer 1 us %.3f %s \"b%d\"[0:64]" % (
                i, kind, group, rng.randint(1, 40000) / 1000, "in" if kind == "send" else "out",
                i)
        text.append(line)
    for a, size in live:  # free what is left
        i = len(nodes)
        users = [j for j in range(a + 1, i) if a in nodes[j]["deps"]]
        deps = {a: {"waw"}}
        for u in users:
            deps[u] = {"war"}
        nodes.append({"kind": "free", "group": None, "deps": deps})
        text.append("  %%%d = free size %d" % (i, size))
    explicit(nodes)
    for i, x in enumerate(nodes):
        if x["deps"]:
            text[i] += " after " + ", ".join("%%%d(%s)" % (p, "+".join(
                k for k in ["raw", "war", "waw", "order", "group"] if k in x["deps"][p]))
                for p in sorted(x["deps"]))
    target = rng.choice(sorted(TARGETS))
    world = TARGETS[target]
    sizes = {"g%d" % k: rng.choice([s for s in (2, 4, 8, 16) if s <= world])
             for k in range(ngroup)}
    return "\n".join(text), nodes, target, sizes


def explicit(nodes):
    """order edges where a node reaches a barrier, or a barrier reaches it, through group
    order alone (random group chains do): dagcc adds them as it reads the IR
    (passes/deps.c's orderbarriers), and the schedules here must keep them"""
    n = len(nodes)

    def above(strong):  # above[i]: the nodes that reach i
        r = [set() for _ in range(n)]
        for i in range(n):
            for p, kinds in nodes[i]["deps"].items():
                if not strong or kinds != {"group"}:
                    r[i] |= r[p] | {p}
        return r
    for b in range(n):
        if nodes[b]["kind"] == "barrier":
            anyr, strong = above(False), above(True)
            for x in range(n):
                if x in anyr[b] and x not in strong[b]:
                    nodes[b]["deps"].setdefault(x, set()).add("order")
                if b in anyr[x] and b not in strong[x]:
                    nodes[x]["deps"].setdefault(b, set()).add("order")


def onestream(nodes, p, i):
    """collective i may start right after collective p's start (passes/check.c): p runs
    before it on its group's same stream, or comes first by program order alone"""
    runs = [x["kind"] if x["kind"] in ("send", "recv") else "coll" for x in (nodes[p], nodes[i])]
    return nodes[p]["group"] == nodes[i]["group"] and (
        runs[0] == runs[1] or nodes[i]["deps"][p] == {"group"})


def rschedule(rng, nodes):
    """a random valid schedule (passes/check.c's rules)"""
    n = len(nodes)
    coll = [x["kind"] in KINDS for x in nodes]
    done = set()
    steps = []
    while len(steps) < n + sum(coll):
        ready = []
        for i in range(n):
            if coll[i]:
                if ("start", i) not in done:
                    ok = all(("run", p) in done if not coll[p] else
                             ("start", p) in done if onestream(nodes, p, i)
                             else ("wait", p) in done for p in nodes[i]["deps"])
                    if ok:
                        ready.append(("start", i))
                elif ("wait", i) not in done:
                    ready.append(("wait", i))
            elif ("run", i) not in done:
                if all(("wait", p) in done if coll[p] else ("run", p) in done
                       for p in nodes[i]["deps"]):
                    ready.append(("run", i))
        e = rng.choice(ready)
        done.add(e)
        steps.append(e)
    return steps


def irschedule(steps):
    return "  schedule {\n" + "".join(
        "    %s%%%d\n" % ("" if k == "run" else k + " ", i) for k, i in steps) + "  }\n"


def run_order(a, path, target, sizes):
    cmd = [a.dagcc, "--from-ir", path, "--passes=cost,order,analyze", "--report=json",
           "--target", target]
    for g, s in sorted(sizes.items()):
        cmd += ["--group-size", "%s=%d" % (g, s)]
    r = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    if r.returncode:
        sys.exit("dagcc failed on %s:\n%s" % (path, r.stderr))
    return json.loads(r.stdout)["graphs"]


def load(a, path, target, sizes):
    # dagcc's schedule under the rules of the optimum it is compared with (reorder off)
    ns = argparse.Namespace(dagcc=a.dagcc, from_ir=True, target=target, input=path, flags=[],
                            group_size=["%s=%d" % kv for kv in sorted(sizes.items())],
                            dagcc_flags=["--keep-group-order"])
    return optimal.dagcc_graphs(ns)


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--graphs", type=int, default=100)
    p.add_argument("--schedules", type=int, default=10)
    p.add_argument("--optimize", type=int, default=20)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--nmax", type=int, default=24)
    p.add_argument("--time-limit", type=float, default=10.0)
    p.add_argument("--dagcc", default=os.path.join(optimal.ROOT, "build", "bin", "dagcc"))
    a = p.parse_args()
    rng = random.Random(a.seed)
    bad = checked = optimized = proven = 0
    maxdiff = 0.0
    with tempfile.TemporaryDirectory() as tmp:
        for gi in range(a.graphs):
            body, nodes, target, sizes = rgraph(rng, "g%d" % gi, nmax=a.nmax)
            scheds = [rschedule(rng, nodes) for _ in range(a.schedules)]
            path = os.path.join(tmp, "g%d.ir" % gi)
            with open(path, "w") as f:
                for k, st in enumerate(scheds):
                    f.write('graph @s%d "t.c" {\n%s\n%s}\n' % (k, body, irschedule(st)))
            rep = run_order(a, path, target, sizes)
            graphs = load(a, path, target, sizes)
            g = graphs[0][0]
            mins = []
            for k, st in enumerate(scheds):
                sim_us = rep[k]["after"]["makespan_us"]
                sim_peak = rep[k]["after"]["peak_bytes"]
                r = optimal.solve(g, fixed=st, time_limit=a.time_limit)
                py_ms, py_peak = optimal.simulate(g, st)
                model_us = r["best"] / 1000 if r["best"] is not None else float("nan")
                diff = abs(model_us - sim_us)
                maxdiff = max(maxdiff, diff if diff == diff else float("inf"))
                checked += 1
                mins.append(sim_us)
                if not (diff <= 1e-6) or r["status"] != "optimal" or py_peak != sim_peak \
                        or abs(py_ms / 1000 - sim_us) > 1e-6:
                    bad += 1
                    print("MISMATCH graph %d schedule %d: sim.c %.3f model %s (%s) "
                          "peak sim.c %d model %d\n%s" % (gi, k, sim_us, model_us,
                                                          r["status"], sim_peak, py_peak,
                                                          path))
                    with open(path) as f:
                        print(f.read())
                    sys.exit(1)
            if gi < a.optimize:
                info = graphs[0][1]
                for reorder in (False, True):
                    res = optimal.optimum(g, info, reorder=reorder, time_limit=a.time_limit)
                    optimized += 1
                    if res["status"] != "optimal":
                        print("graph %d: not proven in the time limit" % gi)
                        continue
                    proven += 1
                    steps = [(s.split()[0], int(s.split()[1][1:])) if " " in s else
                             ("run", int(s[1:])) for s in res["schedule"]]
                    opath = os.path.join(tmp, "o%d.ir" % gi)
                    # (a reordered schedule breaks only edges dagcc's checker lets it break)
                    with open(opath, "w") as f:
                        f.write('graph @o "t.c" {\n%s\n%s}\n' % (body, irschedule(steps)))
                    orep = run_order(a, opath, target, sizes)[0]
                    ok = abs(orep["after"]["makespan_us"] - res["optimum_us"]) <= 1e-6 and \
                        orep["after"]["peak_bytes"] <= res["budget_bytes"] + 0 * 1
                    if not reorder:
                        ok = ok and res["optimum_us"] <= min(mins) + 1e-6 and \
                            res["optimum_us"] <= res["dagcc_sched_us"] + 1e-6
                    if not ok:
                        print("OPTIMUM MISMATCH graph %d reorder %d: %s, sim.c %s, "
                              "random best %.3f\n%s" % (gi, reorder, json.dumps(res),
                                                        json.dumps(orep["after"]), min(mins),
                                                        open(opath).read()))
                        sys.exit(1)
    print(json.dumps({"schedules": checked, "graphs": a.graphs, "max_abs_diff_us": maxdiff,
                      "mismatches": bad, "optimized": optimized, "proven": proven}))


if __name__ == "__main__":
    main()
