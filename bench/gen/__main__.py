"""bench/gen: a corpus of graphs nobody tunes to, deterministic from a seed.

usage: python3 bench/gen --out DIR [--count N] [--seed S] [--dagcc BIN] [--no-bench]
                        [--families old|new|all|LIST] [--orders K]

Writes DIR/NNNN-FAMILY.c or .ir and DIR/manifest.json (per graph: file, family, seed, target,
dagcc flags, nodes; dag, the number of the DAG, and order: w0 as the family wrote it, wK its
other writing orders, pK random topological orders, NNNN-FAMILY.TAG.c or .ir). See
bench/gen/families.py for the families and bench/gen/orders.py for the orders.
"""
import argparse
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import families  # noqa: E402


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--out", required=True)
    p.add_argument("--count", type=int, default=1000)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--dagcc", default=os.path.join(families.ROOT, "build", "bin", "dagcc"))
    p.add_argument("--no-bench", action="store_true", help="leave out bench/workloads.py's rows")
    p.add_argument("--families", help="old (default: RESULTS.md's corpus), new (issue 27's), all, "
                   "or comma-separated names")
    p.add_argument("--orders", type=int, default=0,
                   help="each DAG also in K random topological orders of its statements")
    a = p.parse_args()
    os.makedirs(a.out, exist_ok=True)
    items = families.corpus(a.count, a.seed, a.dagcc, bench=not a.no_bench,
                            families=a.families, orders=a.orders)
    man = []
    for k, it in enumerate(items):
        dag = it.get("dag", k)
        tag = it.get("order", "w0")
        name = "%04d-%s%s.%s" % (dag, it["family"], "" if tag == "w0" else "." + tag, it["lang"])
        with open(os.path.join(a.out, name), "w") as f:
            f.write(it["text"])
        m = {"file": name, "family": it["family"], "seed": it["seed"], "target": it["target"],
             "flags": it["flags"], "nodes": it["nodes"], "lang": it["lang"], "dag": dag,
             "order": tag}
        for key in ("style", "variant", "graphs"):
            if key in it:
                m[key] = it[key]
        man.append(m)
    with open(os.path.join(a.out, "command.txt"), "w") as f:  # bench/gap.py names it
        f.write(" ".join(["python3 bench/gen"] + sys.argv[1:]) + "\n")
    with open(os.path.join(a.out, "manifest.json"), "w") as f:
        json.dump(man, f, indent=0)
    fam = {}
    for m in man:
        fam[m["family"]] = fam.get(m["family"], 0) + 1
    print(json.dumps({"graphs": len(man), "families": fam,
                      "nodes_min": min(m["nodes"] for m in man),
                      "nodes_max": max(m["nodes"] for m in man)}))


if __name__ == "__main__":
    main()
