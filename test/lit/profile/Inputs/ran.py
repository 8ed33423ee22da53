"""ran.py R.json: succeeds when every graph of R (a --report=json of the schedule that ran,
read back with --keep-order and the run's profile) has its step measured and the schedule that
ran, rebuilt from the profile's positions, simulating to exactly the makespan of that schedule
(both simulate one schedule with one profile's costs: equal to the bit, not a timing)."""
import json
import sys

for g in json.load(open(sys.argv[1]))["graphs"]:
    p, after = g["profile"], g["after"]["makespan_us"]
    print(f"{g['name']}: measured {p['step_measured_us']:.1f} us, rebuilt {p['step_simulated_us']} us, kept {after:.3f} us")
    if p["unplaced"] != 0 or p["step_simulated_us"] is None:
        sys.exit(f"{g['name']}: the schedule that ran was not rebuilt")
    if abs(p["step_simulated_us"] - after) > 1e-3:
        sys.exit(f"{g['name']}: rebuilt {p['step_simulated_us']} us, not {after:.3f} us")
