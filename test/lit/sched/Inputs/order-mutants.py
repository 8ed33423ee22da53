"""order-mutants.py CORPUS OUT: a corpus (bench/gen --orders) whose orders bench/spread.py must
reject, from CORPUS's first DAG written in C: DAG 0 is that program and the same program with
the first statement that depends on the one before it moved above it (not the same DAG); DAG 1
is the program and itself costed on another target (not the same makespan)."""
import json
import os
import shutil
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..",
                                "..", "bench", "gen"))
import orders  # noqa: E402

src, out = sys.argv[1], sys.argv[2]
with open(os.path.join(src, "manifest.json")) as f:
    man = json.load(f)
w0 = next(m for m in man if m["lang"] == "c" and m["order"] == "w0" and "graphs" in m and
          m["graphs"] == 1 and m["family"] in ("tpsp", "zero", "moea2a", "fb1f1b", "tbo"))
text = open(os.path.join(src, w0["file"])).read()
stmts = orders.statements(text)
preds = orders.c_preds(stmts, True, False)
j = next(j for j in range(1, len(stmts)) if j - 1 in preds[j])
lines = text.split("\n")
a, b = lines.index(stmts[j - 1][0]), lines.index(stmts[j][0])
lines[a], lines[b] = lines[b], lines[a]
os.makedirs(out, exist_ok=True)
shutil.copy(os.path.join(src, w0["file"]), os.path.join(out, "a.c"))
with open(os.path.join(out, "swapped.c"), "w") as f:
    f.write("\n".join(lines))
other = "a100-8x" if w0["target"] != "a100-8x" else "h100-8x"
m = []
for dag, order, name, target in ((0, "w0", "a.c", w0["target"]), (0, "p1", "swapped.c", w0["target"]),
                                 (1, "w0", "a.c", w0["target"]), (1, "p1", "a.c", other)):
    m.append(dict(w0, file=name, dag=dag, order=order, target=target))
with open(os.path.join(out, "manifest.json"), "w") as f:
    json.dump(m, f)
print("swapped statements %d and %d of %s; DAG 1 on %s" % (j - 1, j, w0["file"], other))
