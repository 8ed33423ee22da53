"""bench/gen: a corpus of graphs nobody tunes to, deterministic from a seed.

usage: python3 bench/gen --out DIR [--count N] [--seed S] [--dagcc BIN] [--no-bench]

Writes DIR/NNNN-FAMILY.c or .ir and DIR/manifest.json (per graph: file, family, seed, target,
dagcc flags, nodes). See bench/gen/families.py for the families.
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
    a = p.parse_args()
    os.makedirs(a.out, exist_ok=True)
    items = families.corpus(a.count, a.seed, a.dagcc, bench=not a.no_bench)
    man = []
    for k, it in enumerate(items):
        name = "%04d-%s.%s" % (k, it["family"], it["lang"])
        with open(os.path.join(a.out, name), "w") as f:
            f.write(it["text"])
        man.append({"file": name, "family": it["family"], "seed": it["seed"],
                    "target": it["target"], "flags": it["flags"], "nodes": it["nodes"],
                    "lang": it["lang"]})
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
