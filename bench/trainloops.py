#!/usr/bin/env python3
"""trainloops.py - training loops of run-time steps and micro-batches, pipelined against unrolled.

Writes FSDP, DDP and ZeRO training loops with gradient accumulation (a step loop bounded by
nsteps around a micro-batch loop bounded by nmicro, or the micro-batch loop alone), over a grid
of layer counts, hidden sizes and tokens, and simulates each with dagcc (--report=json):

  written     the program as written, K steps of M micro-batches (--trips)
  pipelined   dagcc's program: each loop's body scheduled and rotated (--trips: the emitted
              code does not depend on K and M)
  norotate    the same with --no-rotate (a trip at a time)
  unrolled    the same program with both loops unrolled for K and M (--assume), scheduled
              whole, buckets off (a loop body is not bucketed) and on (the default)

and prints a row per program and the geometric mean and worst of pipelined / unrolled.
--inputs: each micro-batch first loads its own inputs, the (step * nmicro + mb)-th block of
tokens, through a pointer the body declares from the loop variables (as real trainers do; a
body that names its variable stayed a barrier, run as written, before dagcc read such bodies).
--loss: the backward starts from the gradient of a loss of the forward's output, as in any
trainer (without it the backward reads a gradient no one writes, so that unrolled, a later
micro-batch's weight gradients may run before an earlier one's forward).

usage: trainloops.py [--dagcc BIN] [--steps K] [--micro M] [--quick] [--inputs] [--loss]
"""
import argparse
import json
import math
import os
import subprocess
import sys
import tempfile

HEAD = """#include "dagcc.h"
#define L %(layers)d
#define H %(hidden)d
#define T %(tokens)d
#define DP 8
DAGCC_COMPUTE(flops = 2.0 * m * n * k, bytes = 2.0 * (m * k + k * n + m * n))
void matmul(dagcc_stream_t s, DAGCC_IN const void *x, DAGCC_IN const void *w, DAGCC_OUT void *y, int m, int n, int k);
DAGCC_COMPUTE(flops = 2.0 * m * n * k, bytes = 2.0 * (m * k + k * n + m * n))
void matmul_dx(dagcc_stream_t s, DAGCC_IN const void *dy, DAGCC_IN const void *w, DAGCC_OUT void *dx, int m, int n, int k);
DAGCC_COMPUTE(flops = 2.0 * m * n * k, bytes = 2.0 * (m * k + k * n + m * n))
void matmul_dw(dagcc_stream_t s, DAGCC_IN const void *x, DAGCC_IN const void *dy, DAGCC_INOUT void *dw, int m, int n, int k);
DAGCC_COMPUTE(bytes = 6.0 * n)
void accumulate(dagcc_stream_t s, DAGCC_IN const void *g, DAGCC_INOUT void *acc, int n);
DAGCC_COMPUTE(bytes = 8.0 * n)
void adam(dagcc_stream_t s, DAGCC_INOUT void *acc, DAGCC_INOUT void *w, int n);
DAGCC_COMPUTE(bytes = 4.0 * n)
void load(dagcc_stream_t s, DAGCC_IN_N(2 * n) const char *x, DAGCC_OUT void *act, int n);
DAGCC_COMPUTE(bytes = 4.0 * n)
void loss_grad(dagcc_stream_t s, DAGCC_IN const void *y, DAGCC_OUT void *dy, int n);
struct model {
	dagcc_group *dp;
	void *w[L], *shard[L], *full[L], *g[L], *gpart[L], *gacc[L], *act[L + 1], *dact[L + 1];
	char *tokens;
};
"""

FWD = """			for (int l = 0; l < L; l++) {
%(gather)s				matmul(s, md->act[l], %(w)s, md->act[l + 1], T, H, H);
			}
%(loss)s			for (int l = L - 1; l >= 0; l--) {
				matmul_dw(s, md->act[l], md->dact[l + 1], %(dw)s, T, H, H);
				matmul_dx(s, md->dact[l + 1], %(w)s, md->dact[l], T, H, H);
%(after)s			}
"""

FAMILIES = {
    # parameters gathered per layer, gradients reduce-scattered per micro-batch and accumulated
    "fsdp": dict(gather="\t\t\t\tdagcc_all_gather(md->dp, md->shard[l], md->full[l], H * H / DP, DAGCC_BF16, s);\n",
                 w="md->full[l]", dw="md->g[l]",
                 after="\t\t\t\tdagcc_reduce_scatter(md->dp, md->g[l], md->gpart[l], H * H / DP, DAGCC_BF16, DAGCC_SUM, s);\n"
                       "\t\t\t\taccumulate(s, md->gpart[l], md->gacc[l], H * H / DP);\n",
                 step="\t\tfor (int l = 0; l < L; l++)\n\t\t\tadam(s, md->gacc[l], md->shard[l], H * H / DP);\n"),
    # gradients accumulated locally, all-reduced once a step, then the update
    "ddp": dict(gather="", w="md->w[l]", dw="md->gacc[l]", after="",
                step="\t\tfor (int l = L - 1; l >= 0; l--)\n"
                     "\t\t\tdagcc_all_reduce(md->dp, md->gacc[l], H * H, DAGCC_BF16, DAGCC_AVG, s);\n"
                     "\t\tfor (int l = 0; l < L; l++)\n\t\t\tadam(s, md->gacc[l], md->w[l], H * H);\n"),
    # ZeRO-2: gradients reduce-scattered per micro-batch into shards, the update on the shard,
    # the full weights gathered again after it
    "zero": dict(gather="", w="md->w[l]", dw="md->g[l]",
                 after="\t\t\t\tdagcc_reduce_scatter(md->dp, md->g[l], md->gpart[l], H * H / DP, DAGCC_BF16, DAGCC_SUM, s);\n"
                       "\t\t\t\taccumulate(s, md->gpart[l], md->gacc[l], H * H / DP);\n",
                 step="\t\tfor (int l = 0; l < L; l++) {\n\t\t\tadam(s, md->gacc[l], md->shard[l], H * H / DP);\n"
                      "\t\t\tdagcc_all_gather(md->dp, md->shard[l], md->w[l], H * H / DP, DAGCC_BF16, s);\n\t\t}\n"),
}


LOAD = """			const char *batch = md->tokens + (size_t)(%s) * T * H * 2;
			load(s, batch, md->act[0], T * H);
"""


LOSS = "\t\t\tloss_grad(s, md->act[L], md->dact[L], T * H);\n"


def program(family, layers, hidden, tokens, nested, inputs=False, loss=False):
    f = dict(FAMILIES[family], loss=LOSS if loss else "")
    body = (LOAD % ("step * nmicro + mb" if nested else "mb") if inputs else "") + FWD % f
    if nested:
        text = ("DAGCC_GRAPH void train(struct model *md, int nsteps, int nmicro, dagcc_stream_t s)\n{\n"
                "\tfor (int step = 0; step < nsteps; step++) {\n"
                "\t\tfor (int mb = 0; mb < nmicro; mb++) {\n" + body + "\t\t}\n" + f["step"] + "\t}\n}\n")
    else:
        text = ("DAGCC_GRAPH void train(struct model *md, int nmicro, dagcc_stream_t s)\n{\n"
                "\tfor (int mb = 0; mb < nmicro; mb++) {\n" + body.replace("\n\t", "\n").lstrip("\t").replace("\t\t\tfor", "\t\tfor", 1) +
                "\t}\n" + f["step"].replace("\t\t", "\t") + "}\n")
    return HEAD % dict(layers=layers, hidden=hidden, tokens=tokens) + text


def simulate(dagcc, path, flags):
    out = subprocess.run([dagcc, path, "-o", os.devnull, "--report=json"] + flags,
                         capture_output=True, text=True)
    if out.returncode:
        sys.exit("dagcc %s %s failed:\n%s" % (path, " ".join(flags), out.stderr))
    g = json.loads(out.stdout)["graphs"][0]
    return g["before"]["makespan_us"], g["after"]["makespan_us"]


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--dagcc", default=os.path.join(os.path.dirname(__file__), "..", "build", "bin", "dagcc"))
    ap.add_argument("--steps", type=int, default=4)
    ap.add_argument("--micro", type=int, default=4)
    ap.add_argument("--quick", action="store_true", help="a few programs only")
    ap.add_argument("--inputs", action="store_true", help="micro-batches load their own inputs")
    ap.add_argument("--loss", action="store_true",
                    help="the backward starts from the loss's gradient of the forward's output")
    a = ap.parse_args()
    grid = [(l, h, t) for l in (2, 4, 8) for h in (1024, 4096) for t in (1024, 4096)]
    if a.quick:
        grid = grid[:2]
    rows, ratios, ratios_b = [], [], []
    with tempfile.TemporaryDirectory() as d:
        for fam in FAMILIES:
            for nested in (True, False):
                for (l, h, t) in grid:
                    path = os.path.join(d, "%s.c" % fam)
                    with open(path, "w") as fp:
                        fp.write(program(fam, l, h, t, nested, a.inputs, a.loss))
                    trips = ["--trips", "nmicro=%d" % a.micro] + (["--trips", "nsteps=%d" % a.steps] if nested else [])
                    assume = ["--assume", "nmicro=%d" % a.micro] + (["--assume", "nsteps=%d" % a.steps] if nested else [])
                    written, piped = simulate(a.dagcc, path, trips)
                    _, norot = simulate(a.dagcc, path, trips + ["--no-rotate"])
                    _, unrolled = simulate(a.dagcc, path, assume + ["--bucket-cap", "0"])
                    _, bucketed = simulate(a.dagcc, path, assume)
                    ratios.append(piped / unrolled)
                    ratios_b.append(piped / bucketed)
                    rows.append((fam, "steps x micro" if nested else "micro", l, h, t, written, norot, piped,
                                 unrolled, bucketed))
    print("| family | loops | L | H | tokens | written, us | a trip at a time | pipelined | unrolled, no buckets | unrolled | pipelined / unrolled (no buckets) |")
    print("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    for r in rows:
        print("| %s | %s | %d | %d | %d | %.1f | %.1f | %.1f | %.1f | %.1f | %+.2f%% |" % (r + ((r[7] / r[8] - 1) * 100,)))
    gm = math.exp(sum(map(math.log, ratios)) / len(ratios))
    gmb = math.exp(sum(map(math.log, ratios_b)) / len(ratios_b))
    print("\n%d programs, %d x %d trips: pipelined / unrolled (no buckets) geomean %+.2f%%, worst %+.2f%%; "
          "against unrolled with buckets geomean %+.2f%%, worst %+.2f%%"
          % (len(rows), a.steps, a.micro, (gm - 1) * 100, (max(ratios) - 1) * 100, (gmb - 1) * 100,
             (max(ratios_b) - 1) * 100))


if __name__ == "__main__":
    main()
