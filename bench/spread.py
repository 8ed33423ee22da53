#!/usr/bin/env python3
"""How much dagcc's schedule depends on the order a DAG is written in, over a corpus of bench/gen
written with --orders K (each DAG in its family's writing orders and K random topological
orders of its statements: manifest 'dag' and 'order').

usage: spread.py CORPUS [--dagcc BIN] [--sample N] [--families LIST] [--sched] [--check-dag]
                 [--max-spread PCT] [--json OUT]

Per DAG the spread is (max - min) / min of the scheduled makespan over its orders: dagcc's
default pipeline (`--report=json`, its simulation; a rank-specialized graph's step is the
slowest rank's pipeline_after step), or with --sched dagcc's scheduler alone
(`--passes=...,cost,sched,analyze`, as bench/gap.py's *sched*). Prints per family the geometric
mean spread (of 1 + spread, minus 1), the worst, how many DAGs are above 0.5%, and the worst
DAGs with their orders' makespans. dagcc's memory budget is relative to the program's peak as
written, which an order that moves an alloc or a free changes: such DAGs are marked, and the
line 'all, same peak' leaves them out (--flag=--mem-budget=BYTES gives every order one budget).
--check-dag checks again that the orders of each DAG are one
DAG (bench/gen/orders.py's same_dag on dagcc's --no-schedule IR). --max-spread: exit 1 when a
DAG's spread is above PCT percent (or an order is not the same DAG).
"""
import argparse
import json
import math
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, os.path.join(HERE, "gen"))
import orders  # noqa: E402


def dagcc_cmd(a, item, path):
    cmd = [a.dagcc, "--target", item["target"]] + item["flags"] + a.flag
    if item["lang"] == "ir":
        return cmd + ["--from-ir", path], ""
    return cmd + ["-I", os.path.join(ROOT, "include"), path], "extract,deps,"


def makespan(a, item, path):
    cmd, pre = dagcc_cmd(a, item, path)
    if a.sched:
        cmd.append("--passes=%scost,sched,analyze" % pre)
    with tempfile.TemporaryDirectory() as tmp:
        r = subprocess.run(cmd + ["--report=json", "--emit=ir", "-o", os.path.join(tmp, "o")],
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    if r.returncode:
        raise RuntimeError("%s: %s" % (path, r.stderr[-2000:]))
    gs = json.loads(r.stdout)["graphs"]
    peak = max(g["before"]["peak_bytes"] for g in gs)
    if any("pipeline_after" in g for g in gs):
        return max(g["pipeline_after"]["step_us"] for g in gs), peak
    return sum(g["after"]["makespan_us"] for g in gs), peak


def extract(a, item, path):
    cmd, _ = dagcc_cmd(a, item, path)
    r = subprocess.run(cmd + ["--no-schedule", "--emit=ir", "-o", "-"],
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    if r.returncode:
        raise RuntimeError("%s: %s" % (path, r.stderr[-2000:]))
    return r.stdout


def geomean_pct(xs):
    return 100 * (math.exp(sum(math.log1p(x) for x in xs) / len(xs)) - 1) if xs else float("nan")


def summarize(dags):
    """per family and overall: DAGs, geomean spread %, worst %, how many above 0.5%"""
    fams = {}
    for d in dags:
        fams.setdefault(d["family"], []).append(d["spread"])
    out = {f: {"dags": len(xs), "geomean_pct": round(geomean_pct(xs), 3),
               "max_pct": round(100 * max(xs), 3),
               "above_0.5pct": sum(1 for x in xs if x > 0.005)}
           for f, xs in sorted(fams.items())}
    xs = [d["spread"] for d in dags if d["same_peak"]]
    out["all, same peak"] = {"dags": len(xs), "geomean_pct": round(geomean_pct(xs), 3),
                             "max_pct": round(100 * max(xs), 3) if xs else None,
                             "above_0.5pct": sum(1 for x in xs if x > 0.005)}
    xs = [d["spread"] for d in dags]
    out["all"] = {"dags": len(xs), "geomean_pct": round(geomean_pct(xs), 3),
                  "max_pct": round(100 * max(xs), 3) if xs else None,
                  "above_0.5pct": sum(1 for x in xs if x > 0.005)}
    return out


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("corpus")
    p.add_argument("--dagcc", default=os.path.join(ROOT, "build", "bin", "dagcc"))
    p.add_argument("--sample", type=int, default=0, help="the first N DAGs (0: all)")
    p.add_argument("--families", help="only these (comma-separated)")
    p.add_argument("--sched", action="store_true", help="dagcc's scheduler alone, no buckets")
    p.add_argument("--check-dag", action="store_true")
    p.add_argument("--max-spread", type=float, metavar="PCT")
    p.add_argument("--json", help="write every DAG's makespans here")
    p.add_argument("--flag", action="append", default=[], metavar="ARG",
                   help="pass ARG to dagcc (--flag=--mem-budget=1099511627776: one memory budget "
                   "for every order instead of twice each order's own peak as written)"),
    a = p.parse_args()
    with open(os.path.join(a.corpus, "manifest.json")) as f:
        man = [m for m in json.load(f) if "order" in m]
    if a.families:
        man = [m for m in man if m["family"] in a.families.split(",")]
    by = {}
    for m in man:
        by.setdefault(m["dag"], []).append(m)
    keys = sorted(by)
    if a.sample:
        keys = keys[:a.sample]
    dags, bad = [], []
    for k in keys:
        items = by[k]
        if len(items) < 2:
            continue
        ms, peaks = {}, set()
        ir0 = None
        for it in items:
            path = os.path.join(a.corpus, it["file"])
            ms[it["order"]], peak = makespan(a, it, path)
            peaks.add(peak)
            if a.check_dag:
                ir = extract(a, it, path)
                if ir0 is None:
                    ir0 = ir
                else:
                    ok, why = orders.same_dag(ir0, ir, True)
                    if not ok:
                        bad.append("%s: not the same DAG as %s: %s" % (it["file"], items[0]["file"], why))
        lo, hi = min(ms.values()), max(ms.values())
        d = {"dag": k, "family": items[0]["family"], "file": items[0]["file"],
             "seed": items[0]["seed"], "variant": items[0].get("variant", ""),
             "styles": {it["order"]: it.get("style", "") for it in items},
             "makespans_us": ms, "spread": (hi - lo) / lo if lo > 0 else 0.0,
             "same_peak": len(peaks) == 1}
        dags.append(d)
        print("%-22s %-7s %d orders  min %11.3f  max %11.3f  spread %6.3f%%%s" % (
            d["file"], d["family"], len(ms), lo, hi, 100 * d["spread"],
            "" if d["same_peak"] else "  (peak as written differs)"), flush=True)
    sm = summarize(dags)
    print("| family | DAGs | geomean spread | max spread | above 0.5% |")
    print("|---|---:|---:|---:|---:|")
    for f, x in sm.items():
        print("| %s | %d | %.3f%% | %.3f%% | %d |" % (f, x["dags"], x["geomean_pct"],
                                                     x["max_pct"] or 0, x["above_0.5pct"]))
    worst = sorted(dags, key=lambda d: -d["spread"])[:5]
    for d in worst:
        print("worst: %s (%s, %s) %.3f%%: %s" % (
            d["file"], d["family"], d["variant"], 100 * d["spread"],
            ", ".join("%s %s %.3f" % (o, d["styles"][o], v) for o, v in sorted(d["makespans_us"].items()))))
    for b in bad:
        print("error: " + b)
    if a.json:
        with open(a.json, "w") as f:
            json.dump({"summary": sm, "dags": dags}, f, indent=0)
    if bad:
        return 1
    if a.max_spread is not None:
        over = [d for d in dags if 100 * d["spread"] > a.max_spread]
        for d in over:
            print("error: %s: spread %.3f%% above --max-spread %g%%" % (d["file"], 100 * d["spread"], a.max_spread))
        if over:
            return 1
        print("spread at most %g%% on all %d DAGs" % (a.max_spread, len(dags)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
