"""share.py PROFILE OUT DAGCC IR: PROFILE with the all-gathers at lines 15 and 16 replaced by
one bucket entry ("bucket:all_gather:15.3.0,16.3.0", 1000 us, at the first's position) written
to OUT; then dagcc --emit=json with OUT: each member must cost its share of the 1000 us in
proportion to its model cost, the two adding up to the bucket's time. The model of an
all-gather here is the line --profile fits through the two all-gathers still measured
(synth.py's truth: 12 us + bytes / 150e9)."""
import json
import subprocess
import sys

src, out, dagcc, ir = sys.argv[1:5]
p = json.load(open(src))
p["nodes"] = [n for n in p["nodes"] if not (n["name"] == "all_gather" and n["line"] in (15, 16))]
p["nodes"].append({"file": "calib.c", "line": 15, "col": 3, "copy": 0,
                   "name": "bucket:all_gather:15.3.0,16.3.0", "kind": "collective",
                   "us": [1000.0, 1000.0, 1000.0]})
json.dump(p, open(out, "w"))


def costs(*flags):
    r = subprocess.run([dagcc, "--from-ir", ir, "--emit=json", "-o", "-", *flags],
                       capture_output=True, text=True, check=True)
    nodes = json.loads(r.stdout)["graphs"][0]["nodes"]
    return {int(n["loc"].split(":")[1]): n["cost_us"] for n in nodes if n["kind"] == "all_gather"}


got = costs("--profile", out)
model = {15: 12 + 131072 / 150e9 * 1e6, 16: 12 + 2097152 / 150e9 * 1e6}
want = {k: 1000.0 * model[k] / (model[15] + model[16]) for k in (15, 16)}
print(f"model {model[15]:.3f} + {model[16]:.3f} us; shares {got[15]:.3f} + {got[16]:.3f} us")
bad = [k for k in (15, 16) if abs(got[k] - want[k]) > 0.01]
sys.exit(f"shares off at lines {bad}: want {want}" if bad else 0)
