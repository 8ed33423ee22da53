"""loops/trace.test's reader: where each process of a --emit=trace file ends against the
--report=json makespans, and how many events of each name lie on each thread."""
import collections
import json
import sys

trace = json.load(open(sys.argv[1]))
report = json.load(open(sys.argv[2]))
threads, ends = {}, collections.defaultdict(float)
procs = {}
for e in trace["traceEvents"]:
    if e["ph"] == "M" and e["name"] == "process_name":
        procs[e["pid"]] = e["args"]["name"]
    elif e["ph"] == "M":
        threads[(e["pid"], e["tid"])] = e["args"]["name"]
ms = {}
for g in report["graphs"]:
    ms[(g["name"], "as written")] = g["before"]["makespan_us"]
    ms[(g["name"], "scheduled")] = g["after"]["makespan_us"]
count = collections.Counter()
for e in trace["traceEvents"]:
    if e["ph"] != "X":
        continue
    assert e["dur"] >= 0 and e["ts"] >= 0, e
    ends[e["pid"]] = max(ends[e["pid"]], e["ts"] + e["dur"])
    if e["pid"] == 2:
        count[(e["name"], threads[(e["pid"], e["tid"])])] += 1
for pid in sorted(procs):
    graph, side = procs[pid].split(": ")
    print("graph %s %s ends at %.1f us, the report %.1f" % (graph, side, ends[pid], ms[(graph, side)]))
for (name, thread), n in sorted(count.items()):
    print("%s: %d on the %s" % (name, n, thread))
