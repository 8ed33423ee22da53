"""after.py A.json B.json: succeeds when every graph's simulated makespan after scheduling in
A (a --report=json) is lower than in B, by at least 1%."""
import json
import sys

a, b = (json.load(open(p))["graphs"] for p in sys.argv[1:3])
for ga, gb in zip(a, b):
    ma, mb = ga["after"]["makespan_us"], gb["after"]["makespan_us"]
    print(f"{ga['name']}: {ma:.1f} us against {mb:.1f} us")
    if not ma < 0.99 * mb:
        sys.exit(f"{ga['name']}: {ma:.1f} us is not lower than {mb:.1f} us")
