"""after.py A.json B.json: succeeds when every graph's simulated makespan after scheduling in
A (a --report=json) is lower than in B by more than 10 us. Both simulate one profile, so the
relation is exact, not a timing: here the gap is at least the hidden all-reduce's measured time
(hundreds of microseconds under mpirun)."""
import json
import sys

a, b = (json.load(open(p))["graphs"] for p in sys.argv[1:3])
for ga, gb in zip(a, b):
    ma, mb = ga["after"]["makespan_us"], gb["after"]["makespan_us"]
    print(f"{ga['name']}: {ma:.1f} us against {mb:.1f} us")
    if not ma < mb - 10:
        sys.exit(f"{ga['name']}: {ma:.1f} us is not lower than {mb:.1f} us")
