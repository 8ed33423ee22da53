#!/usr/bin/env bash
# Python packages the benchmarks need and dagcc does not: ortools (CP-SAT, for the yardstick
# bench/optimal.py and bench/gap.py). Installed into a virtual environment of their own,
# build/bench-venv (or $1), never into the system Python. Safe to run again.
#   scripts/bench-deps.sh && build/bench-venv/bin/python bench/optimal.py examples/fsdp_mlp.c
set -euo pipefail
cd "$(dirname "$0")/.."
venv=${1:-build/bench-venv}
if ! "$venv/bin/python" -c "import ortools" 2>/dev/null; then
	python3 -m venv "$venv"
	"$venv/bin/pip" install -q "ortools>=9.10"
fi
echo "$venv/bin/python"
