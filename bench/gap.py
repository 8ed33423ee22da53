#!/usr/bin/env python3
"""How far dagcc's schedules are from the optimum, over the corpus of bench/gen.

usage: gap.py CORPUS [--sample N] [--time-limit S] [--reorder] [--dagcc BIN] [--json OUT]
              [--optima FILE]

For each of the first N graphs of CORPUS/manifest.json (the families take turns, so any N is
a balanced sample; the bench rows come last): dagcc as a user runs it (the default pipeline,
with bucketing), dagcc's scheduler alone (--passes=...,cost,sched,analyze: the same graph the
yardstick sees), the program order (--passes=...,cost,order,analyze) and the yardstick
(bench/optimal.py, CP-SAT, one worker, S seconds). Prints the geometric mean and the largest
gap (makespan / optimum - 1) of each, how many graphs dagcc's schedule is optimal on, the
graphs the solver did not finish (their gap is taken against the best schedule found, so it
is a lower bound), and the 10 worst graphs with family and seed.

--optima FILE caches the yardstick: a JSON object keyed by a hash of the graph (its nodes,
costs, dependences and stream classes, not dagcc's schedule of it) and the solver's flags. A
graph found there is not solved again, so after one slow run the scheduler can be measured
against the whole sample in seconds. (The solver is hinted with dagcc's schedule: an
unfinished graph's best found is that of the run that filled the cache.)
"""
import hashlib
import argparse
import json
import math
import os
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import optimal  # noqa: E402


def report(a, item, path, passes=None):
    cmd = [a.dagcc, "--target", item["target"]] + item["flags"] + a.dagcc_flags
    if item["lang"] == "ir":
        cmd += ["--from-ir", path]
        if passes:
            cmd += ["--passes=" + passes]
    else:
        cmd += ["-I", os.path.join(optimal.ROOT, "include"), path]
        if passes:
            cmd += ["--passes=extract,deps," + passes]
    with tempfile.TemporaryDirectory() as tmp:
        r = subprocess.run(cmd + ["--report=json", "--emit=ir", "-o", os.path.join(tmp, "o")],
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    if r.returncode:
        raise RuntimeError(r.stderr[-2000:])
    return json.loads(r.stdout)["graphs"][0]


def graphkey(g, a, budget=None):
    """the graph as the yardstick sees it, and the solver's flags, in a form that does not
    depend on the order the graph is written in: each node named by what the model knows of it
    (kind, group, stream class, bytes, cost) refined four times by its neighbours' names and
    edges, so that a DAG written in another order (bench/gen --orders) finds the optimum its
    first order's run cached. Edges the model drops (--reorder: a group's program order alone)
    are left out; the memory budget (dagcc's, the report's mem_budget_bytes) is in it."""
    preds = [[] for _ in range(g.n)]
    succs = [[] for _ in range(g.n)]
    for x in range(g.n):
        for p, kinds in g.deps[x]:
            if a.reorder and set(kinds) == {"group"} and g.reorderable(p, x):
                continue
            k = "+".join(sorted(kinds))
            preds[x].append((k, p))
            succs[p].append((k, x))
    label = [json.dumps([g.kind[i], g.group[i], g.cls.get(g.group[i]), g.bytes[i], g.cost[i]])
             for i in range(g.n)]
    for _ in range(4):
        label = [hashlib.sha256((label[i] + "|" + ",".join(sorted(k + label[p] for k, p in preds[i]))
                                 + "|" + ",".join(sorted(k + label[x] for k, x in succs[i])))
                                .encode()).hexdigest()[:24] for i in range(g.n)]
    edges = sorted((label[p], label[x], k) for x in range(g.n) for k, p in preds[x])
    x = [g.n, sorted(label), edges, sorted(set(g.cls.values())), a.time_limit, a.reorder, budget]
    if {"send", "recv"} & set(g.kind):
        x.append("p2p streams")  # the model changed: an optimum cached before it is stale
    return hashlib.sha256(json.dumps(x, sort_keys=True).encode()).hexdigest()


def cached_optimum(a, cache, g, info):
    key = graphkey(g, a, info["budget"])
    if key not in cache:
        res = optimal.optimum(g, info, reorder=a.reorder, time_limit=a.time_limit)
        res.pop("schedule", None)
        cache[key] = res
        if a.optima:
            tmp = a.optima + ".tmp"
            with open(tmp, "w") as f:
                json.dump(cache, f, indent=0, sort_keys=True)
            os.replace(tmp, a.optima)
    res = dict(cache[key])
    # what depends on dagcc's schedule, not on the graph, is measured afresh
    res["dagcc_sched_us"] = optimal.simulate(g, info["sched"])[0] / 1000
    res["program_order_us"] = optimal.simulate(g, optimal.program_order(g))[0] / 1000
    return res


def geomean(xs):
    return math.exp(sum(math.log(x) for x in xs) / len(xs)) if xs else float("nan")


def corpus_args(doc):
    """the arguments of a script that solves a corpus's graphs (gap.py, boundcheck.py)"""
    p = argparse.ArgumentParser(description=doc.split("\n")[0])
    p.add_argument("corpus")
    p.add_argument("--sample", type=int, default=100)
    p.add_argument("--time-limit", type=float, default=10.0)
    p.add_argument("--dagcc", default=os.path.join(optimal.ROOT, "build", "bin", "dagcc"))
    p.add_argument("--json", help="write every graph's numbers here")
    return p


def main():
    p = corpus_args(__doc__)
    p.add_argument("--reorder", action="store_true")
    p.add_argument("--optima", metavar="FILE", help="cache of the optima (read and extended)")
    p.add_argument("--cached-only", action="store_true",
                   help="skip the graphs --optima does not have (solve nothing)")
    p.add_argument("--families", help="only these (comma-separated)")
    p.add_argument("--results", metavar="RESULTS.md",
                   help="write the figures as this file's section '## Gap to the optimum'")
    p.add_argument("--from-json", metavar="JSON",
                   help="summarize the rows a run wrote with --json instead of running")
    p.add_argument("--deadline", type=float, default=0,
                   help="start no new graph after this many seconds (0: none)")
    p.add_argument("--dags", type=int, default=0,
                   help="instead of --sample: the first N DAGs, each with all its orders")
    p.add_argument("--section", default="Gap to the optimum",
                   help="the title of the section --results writes")
    a = p.parse_args()
    # dagcc measured under the yardstick's rules: one group's collectives in program order
    # unless --reorder
    a.dagcc_flags = [] if a.reorder else ["--keep-group-order"]
    if a.from_json:
        with open(a.from_json) as f:
            d = json.load(f)
        a.sample = len(d["rows"])
        return finish(a, d["rows"], d["summary"]["seconds"])
    with open(os.path.join(a.corpus, "manifest.json")) as f:
        man = json.load(f)
    if a.families:
        man = [m for m in man if m["family"] in a.families.split(",")]
    cache = {}
    if a.optima and os.path.exists(a.optima):
        with open(a.optima) as f:
            cache = json.load(f)
    rows, skipped = [], []
    t0 = time.monotonic()
    if a.dags:  # the first N DAGs with all their orders (bench/gen --orders)
        keep = sorted({m.get("dag", i) for i, m in enumerate(man)})[:a.dags]
        man = [m for i, m in enumerate(man) if m.get("dag", i) in set(keep)]
    else:
        man = man[:a.sample]
    for item in man:
        if a.deadline and time.monotonic() - t0 > a.deadline:
            print("deadline: stopping after %d graphs" % len(rows), flush=True)
            break
        path = os.path.join(a.corpus, item["file"])
        ns = argparse.Namespace(dagcc=a.dagcc, from_ir=item["lang"] == "ir",
                                target=item["target"], input=path, flags=[],
                                dagcc_flags=a.dagcc_flags,
                                group_size=[item["flags"][i + 1]
                                            for i in range(0, len(item["flags"]), 2)])
        if item.get("graphs", 1) > 1:
            skipped.append(item["file"])  # one graph per rank: the yardstick has no ranks
            continue
        (g, info), = optimal.dagcc_graphs(ns)
        po = report(a, item, path, "cost,order,analyze")["after"]["makespan_us"]
        if a.cached_only and graphkey(g, a, info["budget"]) not in cache:
            continue
        res = cached_optimum(a, cache, g, info)
        dflt = report(a, item, path)
        best = res.get("best_us")
        # sim.c's lower bound holds in the model too (program-order group edges included, so
        # not with --reorder); it is in dagcc's costs, which the yardstick has to 0.5 ns each
        lb = dflt["lower_bound_us"]
        if not a.reorder and best is not None and res["status"] != "optimal" and \
                best <= lb + 0.0005 * g.n:
            res["status"] = "optimal-lb"
        b = res.get("bound_us")
        if not a.reorder and best is not None and (b is None or b != b or b < lb):
            res["bound_us"] = min(lb, best)  # the better bound of the two
        row = {"file": item["file"], "family": item["family"], "seed": item["seed"],
               "dag": item.get("dag", item["file"]), "order": item.get("order", "w0"),
               "nodes": item["nodes"], "target": item["target"], "status": res["status"],
               "best_us": best, "bound_us": res.get("bound_us"),
               "dagcc_us": dflt["after"]["makespan_us"], "buckets": dflt.get("buckets", 0),
               "sched_us": res["dagcc_sched_us"], "program_us": po,
               "lower_bound_us": dflt["lower_bound_us"]}
        if best:
            row["gap_dagcc"] = row["dagcc_us"] / best - 1
            row["gap_sched"] = row["sched_us"] / best - 1
            row["gap_program"] = row["program_us"] / best - 1
        rows.append(row)
        print("%-18s %-9s %4d nodes %-8s opt %10.3f [%10.3f]  dagcc %+7.2f%%  sched %+7.2f%%  "
              "program %+7.2f%%" % (item["file"], item["family"], item["nodes"], res["status"],
                                    best or float("nan"), res.get("bound_us") or float("nan"),
                                    100 * row.get("gap_dagcc", float("nan")),
                                    100 * row.get("gap_sched", float("nan")),
                                    100 * row.get("gap_program", float("nan"))), flush=True)
    if skipped:
        print("skipped (one graph per rank, no yardstick): %d: %s" % (len(skipped), " ".join(skipped)))
    finish(a, rows, time.monotonic() - t0, len(skipped))


def spreads(rows, key):
    """per DAG with more than one order: (max - min) / min of key over its orders"""
    by = {}
    for r in rows:
        by.setdefault(r["dag"], []).append(r)
    out = {}
    for d, rs in by.items():
        if len(rs) > 1:
            xs = [r[key] for r in rs]
            out[d] = (rs[0]["family"], (max(xs) - min(xs)) / min(xs) if min(xs) > 0 else 0.0)
    return out


def finish(a, rows, seconds, skipped=0):
    done = [r for r in rows if "gap_dagcc" in r]
    proven = [r for r in done if r["status"] in ("optimal", "optimal-lb")]

    # dagcc's numbers are in its own costs, the yardstick's in costs to 1 ns (--emit=json's
    # precision): they may differ by half a nanosecond a node
    def eq(r, key):
        return abs(r[key + "_us"] - r["best_us"]) <= 0.0005 * r["nodes"] + 1e-9 * r["best_us"]

    def below(r, key):
        return r[key + "_us"] < r["best_us"] - 0.0005 * r["nodes"] - 1e-9 * r["best_us"]
    summary = {
        "graphs": len(rows), "proven_optimal": len(proven),
        "unfinished": [(r["file"], r["family"], r["seed"], r["best_us"], r["bound_us"])
                       for r in rows if r["status"] not in ("optimal", "optimal-lb")],
        "proven_by_dagcc_lower_bound": sum(1 for r in rows if r["status"] == "optimal-lb"),
        "seconds": round(seconds, 1),
    }
    for key in ("dagcc", "sched", "program"):
        gaps = [r["gap_" + key] for r in done]
        summary[key] = {
            "geomean_gap_pct": round(100 * (geomean([1 + x for x in gaps]) - 1), 3),
            "max_gap_pct": round(100 * max(gaps), 3) if gaps else None,
            "min_gap_pct": round(100 * min(gaps), 3) if gaps else None,
            "equal_to_optimum": sum(1 for r in proven if eq(r, key)),
            "below_optimum": sum(1 for r in proven if below(r, key)),
        }
    fams = {}
    for r in done:
        fams.setdefault(r["family"], []).append(r)
    spread = {k: spreads(rows, k + "_us") for k in ("dagcc", "sched")}

    def fam_spread(f, k):
        xs = [x for fam, x in spread[k].values() if f is None or fam == f]
        return {"dags": len(xs),
                "geomean_pct": round(100 * (geomean([1 + x for x in xs]) - 1), 3) if xs else None,
                "max_pct": round(100 * max(xs), 3) if xs else None,
                "above_0.5pct": sum(1 for x in xs if x > 0.005)}
    summary["by_family"] = {}
    for f, rs in sorted(fams.items()):
        x = {"graphs": len(rs), "dags": len({r["dag"] for r in rs}),
             "sched_optimal": sum(1 for r in rs if r["status"] in ("optimal", "optimal-lb") and
                                  eq(r, "sched"))}
        for k in ("dagcc", "sched", "program"):
            x["geomean_gap_%s_pct" % k] = round(100 * (geomean([1 + r["gap_" + k] for r in rs]) - 1), 3)
            x["max_gap_%s_pct" % k] = round(100 * max(r["gap_" + k] for r in rs), 3)
        x["spread_dagcc"] = fam_spread(f, "dagcc")
        x["spread_sched"] = fam_spread(f, "sched")
        summary["by_family"][f] = x
    summary["spread_dagcc"] = fam_spread(None, "dagcc")
    summary["spread_sched"] = fam_spread(None, "sched")
    summary["skipped_rank_graphs"] = skipped
    summary["worst_dagcc"] = [(r["file"], r["family"], r["seed"], r["nodes"],
                               round(100 * r["gap_dagcc"], 2), r["status"])
                              for r in sorted(done, key=lambda r: -r["gap_dagcc"])[:10]]
    summary["worst_sched"] = [(r["file"], r["family"], r["seed"], r["nodes"],
                               round(100 * r["gap_sched"], 2), r["status"])
                              for r in sorted(done, key=lambda r: -r["gap_sched"])[:10]]
    print(json.dumps(summary, indent=1))
    if a.json:
        with open(a.json, "w") as f:
            json.dump({"summary": summary, "rows": rows}, f, indent=0)
    if a.results:
        write_results(a, summary, rows)


def write_results(a, sm, rows):
    sel = "--dags %d" % a.dags if a.dags else "--sample %d" % a.sample
    cmd = "build/bench-venv/bin/python bench/gap.py %s %s --time-limit %g%s%s%s" % (
        a.corpus, sel, a.time_limit, " --reorder" if a.reorder else "",
        " --families " + a.families if a.families else "",
        "" if a.section == "Gap to the optimum" else ' --section "%s"' % a.section)
    if os.path.abspath(a.dagcc) != os.path.join(optimal.ROOT, "build", "bin", "dagcc"):
        cmd += " --dagcc " + a.dagcc
    gen = "python3 bench/gen --out %s --count 1000 --seed 1" % a.corpus
    if os.path.exists(os.path.join(a.corpus, "command.txt")):  # written by bench/gen
        with open(os.path.join(a.corpus, "command.txt")) as f:
            gen = f.read().strip()
    t = ["## " + a.section, "",
         "Generated by `%s` on the corpus of `%s` "
         "(written by bench/gap.py; bench/results.py keeps it). The yardstick is "
         "bench/optimal.py: the exact optimum of each graph under sim.c's model (CP-SAT, one "
         "worker, %g s a graph; sim.c's own lower bound also proves an optimum where the "
         "solver's bound falls short). Gap = makespan / optimum - 1. *dagcc* is the default "
         "pipeline (with bucketing, which the model does not have: it can beat the optimum of "
         "the unbucketed graph), *sched* dagcc's scheduler alone (`--passes=...,cost,sched,"
         "analyze`, the graph the yardstick sees), *program* the order as written." % (
             cmd, gen, a.time_limit), "",
         "%d graphs; proven optimal: %d (%d by sim.c's lower bound); unfinished (gap against "
         "the best found, so at least this large): %d; %.0f s." % (
             sm["graphs"], sm["proven_optimal"], sm.get("proven_by_dagcc_lower_bound", 0),
             len(sm["unfinished"]), sm["seconds"]), "",
         "| schedule | geomean gap | max gap | min gap | = optimum (of %d proven) | below |" %
         sm["proven_optimal"], "|---|---:|---:|---:|---:|---:|"]
    for k in ("dagcc", "sched", "program"):
        x = sm[k]
        t.append("| %s | %.2f%% | %.2f%% | %.2f%% | %d | %d |" % (
            k, x["geomean_gap_pct"], x["max_gap_pct"], x["min_gap_pct"], x["equal_to_optimum"],
            x["below_optimum"]))
    spread = sm.get("spread_dagcc", {}).get("dags")
    t += ["", "Per family: geomean and max gap%s." % (
        "; spread = (max - min) / min of the makespan over one DAG's orders (bench/gen "
        "--orders: its writing orders and random topological orders of its statements), "
        "geomean and max over the family's DAGs, and how many DAGs spread above 0.5%"
        if spread else ""), ""]
    if spread:
        t += ["| family | DAGs | graphs | dagcc | dagcc max | sched | sched max | program | "
              "program max | sched optimal | spread dagcc | max | > 0.5% | spread sched | max | "
              "> 0.5% |", "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
              "---:|---:|---:|"]
    else:
        t += ["| family | graphs | dagcc | dagcc max | sched | sched max | program | program max "
              "| sched optimal |", "|---|---:|---:|---:|---:|---:|---:|---:|---:|"]

    def pct(v):
        return "-" if v is None else "%.2f%%" % v
    fams = list(sm["by_family"].items())
    if spread:
        fams.append(("all", None))
    for f, x in fams:
        if x is None:  # the spread over every family
            sd, ss = sm["spread_dagcc"], sm["spread_sched"]
            t.append("| all | %d | %d | | | | | | | | %s | %s | %d | %s | %s | %d |" % (
                sd["dags"], sm["graphs"], pct(sd["geomean_pct"]), pct(sd["max_pct"]),
                sd["above_0.5pct"], pct(ss["geomean_pct"]), pct(ss["max_pct"]),
                ss["above_0.5pct"]))
            continue
        gaps = "%.2f%% | %.2f%% | %.2f%% | %.2f%% | %.2f%% | %.2f%% | %d" % (
            x["geomean_gap_dagcc_pct"], x["max_gap_dagcc_pct"], x["geomean_gap_sched_pct"],
            x["max_gap_sched_pct"], x["geomean_gap_program_pct"], x["max_gap_program_pct"],
            x["sched_optimal"])
        if spread:
            sd, ss = x["spread_dagcc"], x["spread_sched"]
            t.append("| %s | %d | %d | %s | %s | %s | %d | %s | %s | %d |" % (
                f, x["dags"], x["graphs"], gaps, pct(sd["geomean_pct"]), pct(sd["max_pct"]),
                sd["above_0.5pct"], pct(ss["geomean_pct"]), pct(ss["max_pct"]),
                ss["above_0.5pct"]))
        else:
            t.append("| %s | %d | %s |" % (f, x["graphs"], gaps))
    if sm.get("skipped_rank_graphs"):
        t += ["", "Not measured: %d programs compiled once per rank (the yardstick models one "
              "graph; bench/spread.py measures their order spread)." % sm["skipped_rank_graphs"]]
    t += ["", "Worst 10 (dagcc's scheduler, sched):", "",
          "| graph | family | seed | nodes | gap | solver |", "|---|---|---:|---:|---:|---|"]
    for r in sm["worst_sched"]:
        t.append("| %s | %s | %s | %d | %.2f%% | %s |" % tuple(r))
    if sm["unfinished"]:
        t += ["", "Unfinished (best found, bound): " + ", ".join(
            "%s %s [%.3f, %.3f]" % (u[0], u[1], u[3] or float("nan"), u[4] or float("nan"))
            for u in sm["unfinished"])]
    put_section(a.results, a.section, "\n".join(t) + "\n")


def put_section(path, section, sec):
    """Writes sec (starting with its '## section' line) into the markdown file at path: in
    place of the section of that title, or at the end."""
    text = open(path).read() if os.path.exists(path) else ""
    title = "\n## " + section + "\n"
    if title in text:
        head = text[:text.index(title)]
        rest = text[text.index(title) + 1:]
        nxt = rest.find("\n## ", 1)
        text = head + "\n" + sec + (rest[nxt:] if nxt >= 0 else "")
    else:
        text = text.rstrip("\n") + "\n\n" + sec
    with open(path, "w") as f:
        f.write(text)


if __name__ == "__main__":
    main()
