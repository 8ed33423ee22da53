#!/usr/bin/env bash
# Bucketing (issue 6): for each example at production sizes, the scheduled makespan without
# buckets (--bucket-cap 0) and with them (the default 25 MiB cap), the exposed communication,
# the peak of temporaries and the buckets formed. usage: bench/bucket.sh [BUILD_DIR]
set -euo pipefail
source "$(dirname "$0")/lib.sh"
cd "$(dirname "$0")/.."
build=${1:-build-rel}
dagcc=$build/bin/dagcc

row() { # name, then dagcc arguments
	local name=$1
	shift
	local off on
	off=$("$dagcc" --report=json --bucket-cap 0 "$@")
	on=$("$dagcc" --report=json "$@")
	python3 - "$name" "$off" "$on" <<'PY'
import json, sys
name, off, on = sys.argv[1], json.loads(sys.argv[2]), json.loads(sys.argv[3])
for x, y in zip(off['graphs'], on['graphs']):
    a, b = x['after'], y['after']
    print('%-32s %-8s as written %10.1f us | no buckets %10.1f us (exposed %8.1f) | buckets %3d: %10.1f us (exposed %8.1f)  %+6.1f%%  peak %.1f -> %.1f MiB'
          % (name, y['target'], x['before']['makespan_us'], a['makespan_us'], a['exposed_comm_us'],
             y['buckets'], b['makespan_us'], b['exposed_comm_us'],
             100 * (b['makespan_us'] - a['makespan_us']) / a['makespan_us'],
             a['peak_bytes'] / 2**20, b['peak_bytes'] / 2**20))
PY
}

examples row
