"""truncate.py DAGCC PROFILE IR: dagcc reads every prefix of a good profile (every STEP-th byte)
and a few byte flips of it as --profile: each must be refused with a located error (exit 1,
"FILE:LINE:COL: error:", no output file) or, where the cut leaves a whole profile, read
(exit 0); never a crash, a hang or a sanitizer report. Prints a count."""
import os
import subprocess
import sys

dagcc, good, ir = sys.argv[1:4]
step = int(sys.argv[4]) if len(sys.argv) > 4 else 5
text = open(good, "rb").read()
tmp = good + ".cut"
out = good + ".out.ir"
cases = [text[:n] for n in range(0, len(text), step)]
for i in range(3, len(text), 97):
    for b in (b"}", b"-", b"\x00", b"9"):
        cases.append(text[:i] + b + text[i + 1:])
bad = 0
for case in cases:
    open(tmp, "wb").write(case)
    if os.path.exists(out):
        os.remove(out)
    r = subprocess.run([dagcc, "--from-ir", ir, "--profile", tmp, "--emit=ir", "-o", out],
                       capture_output=True, text=True, errors="replace", timeout=60)
    located = f"{tmp}:" in r.stderr and ": error: " in r.stderr
    ok = (r.returncode == 0) or (r.returncode == 1 and located and not os.path.exists(out))
    if not ok or "Sanitizer" in r.stderr or "runtime error" in r.stderr:
        bad += 1
        print(f"BAD: exit {r.returncode} on {case[-40:]!r}: {r.stderr[-300:]}")
print(f"{len(cases)} cut or flipped profiles, {bad} mishandled")
sys.exit(1 if bad else 0)
