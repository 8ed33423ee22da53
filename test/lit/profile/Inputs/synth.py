"""synth.py DIR: a graph (DIR/calib.ir) and its profile from two ranks (DIR/calib.rank0 and
.rank1) whose times come from known constants through the roofline and a latency-bandwidth
line per collective: what dagcc --calibrate must recover. Compute times are spread around the
truth so that their median over both ranks is the truth; a collective is slower on rank 1,
which is the truth (the straggler). One more all-reduce (2 MiB, the graph's last node) is not
in the profile: --profile costs it by the line fitted through the measured ones."""
import json
import os
import sys

FLOPS = {"bf16": 400e12, "f32": 40e12}
MEM_BW, KERNEL_US = 2e12, 4.0
COLL = {"all_reduce": (25.0, 80e9), "all_gather": (12.0, 150e9)}  # lat us, bytes/s

out = sys.argv[1]
lines, nodes = [], []
line = 1


def node(text, name, kind, us):
    global line
    lines.append(f"  %{len(lines)} = {text} @{line}:3")
    nodes.append({"name": name, "kind": kind, "line": line, "us": us})
    line += 1


for i, (dt, flops, nbytes) in enumerate([
        ("bf16", 2e12, 1e8), ("bf16", 8e11, 4e7), ("bf16", 3e9, 6e8), ("bf16", 1e9, 2e9),
        ("f32", 4e11, 1e7), ("f32", 1e11, 2e7), ("f32", 2e8, 4e8), ("f32", 5e7, 1e9),
        ("bf16", 5e12, 2e8), ("f32", 1e6, 5e6)]):
    us = KERNEL_US + max(flops / FLOPS[dt], nbytes / MEM_BW) * 1e6
    node(f'compute "k{i}" {dt} flops {flops:g} bytes {nbytes:g} out "c{i}"[0:?]', f"k{i}",
         "compute", us)
for kind, (lat, bw) in COLL.items():
    for count in (1 << 16, 1 << 20, 1 << 24, 1 << 26):
        nbytes = count * 2
        io = (f'inout "{kind}{count}"[0:{nbytes}]' if kind == "all_reduce" else
              f'in "{kind}s{count}"[0:{nbytes}] out "{kind}r{count}"[0:?]')
        node(f'{kind} group "dp" bf16{" op sum" if kind == "all_reduce" else ""} count {count} {io}',
             kind, "collective", lat + nbytes / bw * 1e6)
unmeasured = f'all_reduce group "dp" bf16 op sum count {1 << 20} inout "late"[0:{2 << 20}] @{line}:3'
lines.append(f"  %{len(lines)} = {unmeasured}")
with open(os.path.join(out, "calib.ir"), "w") as f:
    f.write('graph @calib "calib.c" {\n' + "\n".join(lines) + "\n}\n")
for rank in (0, 1):
    prof = []
    for n in nodes:
        t = n["us"]
        runs = ([t * 0.97, t, t * 1.05] if rank == 0 else [t * 0.99, t, t * 1.01]) \
            if n["kind"] == "compute" else ([t * 0.9] * 3 if rank == 0 else [t] * 3)
        prof.append({"file": "/elsewhere/calib.c", "line": n["line"], "col": 3, "copy": 0,
                     "name": n["name"], "kind": n["kind"], "us": runs})
    with open(os.path.join(out, f"calib.rank{rank}"), "w") as f:
        json.dump({"version": 1, "rank": rank, "ranks": 2, "steps": 3, "nodes": prof}, f)
