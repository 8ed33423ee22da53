"""Frontend speed: a generated 10,000-call graph (a 1,000-iteration loop) through dagcc --stats.

Prints the median and worst wall time over RUNS runs, the peak resident memory, and the node
count dagcc reported. The target (issue 2) is under 2 s on the 2-core development machine.

usage: frontend.py DAGCC [ITERS] [RUNS]
"""
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time

here = os.path.dirname(os.path.abspath(__file__))
dagcc = sys.argv[1]
iters = int(sys.argv[2]) if len(sys.argv) > 2 else 1000
runs = int(sys.argv[3]) if len(sys.argv) > 3 else 5

with tempfile.TemporaryDirectory() as tmp:
    src = os.path.join(tmp, "loop.c")
    with open(src, "w") as f:
        subprocess.run([sys.executable, os.path.join(here, "gen_loop.py"), str(iters)], stdout=f, check=True)
    times = []
    for _ in range(runs):
        t0 = time.perf_counter()
        out = subprocess.run([dagcc, "--stats", src], capture_output=True, text=True, check=True)
        times.append(time.perf_counter() - t0)
    rss = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    g = json.loads(out.stdout)["graphs"][0]
    print(f"frontend --stats: {g['nodes']} nodes ({g['compute']} compute, {g['collectives']} collectives), "
          f"{g['edges']} edges")
    print(f"  wall: median {statistics.median(times):.3f} s, worst {max(times):.3f} s over {runs} runs")
    print(f"  peak RSS: {rss:.1f} MiB")
