#!/usr/bin/env bash
# Schedule quality and speed (issue 4): for each example at production sizes, the simulated
# makespan before and after scheduling, the lower bound and the efficiency; then the wall time
# of scheduling a generated 100,000-node graph. usage: bench/schedule.sh [BUILD_DIR]
set -euo pipefail
source "$(dirname "$0")/lib.sh"
cd "$(dirname "$0")/.."
build=${1:-build-rel}
dagcc=$build/bin/dagcc
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

row() { # name, then dagcc arguments
	local name=$1
	shift
	"$dagcc" --report=json "$@" | python3 -c "
import json, sys
for g in json.load(sys.stdin)['graphs']:
    b, a = g['before'], g['after']
    print('%-34s %-9s before %10.1f us  after %10.1f us  bound %10.1f us  exposed %8.1f -> %8.1f us  efficiency %5.1f%%  peak %.0f -> %.0f MiB'
          % ('$name', g['target'], b['makespan_us'], a['makespan_us'], g['lower_bound_us'],
             b['exposed_comm_us'], a['exposed_comm_us'], 100 * g['efficiency'],
             b['peak_bytes'] / 2**20, a['peak_bytes'] / 2**20))"
}

examples row

python3 bench/gen_loop.py 10000 > "$tmp/big.c"
"$dagcc" --no-schedule --emit=ir "$tmp/big.c" -o "$tmp/big.ir"
parse=$(best "$dagcc" --from-ir "$tmp/big.ir" --no-schedule --emit=ir -o /dev/null)
full=$(best "$dagcc" --from-ir "$tmp/big.ir" --group-size 'st->tp=2' --group-size 'st->dp=4' --emit=ir -o /dev/null)
python3 -c "print('100000-node graph: read + verify %.2f s; + cost, schedule, verify, simulate twice %.2f s: scheduling %.2f s' % ($parse, $full, $full - $parse))"
