#!/usr/bin/env python3
"""Writes N one-rank shard summaries for timing `twinscope-cli profile --merge` (docs/SCALE.md).

    python3 bench/make_rank_summaries.py TEMPLATE.json OUT_DIR [--ranks 10000]

TEMPLATE is a real shard summary of one rank (`twinscope-cli profile --json --shard 0/1024
CLUSTER > TEMPLATE.json`, CLUSTER from bench/make_profile_cluster.py). Each copy becomes rank i of
N (shard i/N) with its times scaled by a seeded factor in [0.97, 1.03], so the merge does the work of
a real 10 000-rank job: one summary file per rank, as a Slurm job array with one task per rank
writes them. Rank 7 777 gets 15 % more Computing, so the merged summary names a slow rank.
"""
import argparse
import copy
import json
import os
import random


def scale(value, f):
    return value * f if isinstance(value, (int, float)) and not isinstance(value, bool) else value


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("template")
    ap.add_argument("out")
    ap.add_argument("--ranks", type=int, default=10000)
    a = ap.parse_args()
    base = json.load(open(a.template))
    os.makedirs(a.out, exist_ok=True)
    for r in range(a.ranks):
        rng = random.Random(r)
        f = rng.uniform(0.97, 1.03)
        d = copy.deepcopy(base)
        d["shard"] = {"index": r, "count": a.ranks}
        p = d["partial"]
        for rank in p["ranks"]:
            rank["rank"] = r
            rank["path"] = f"/cluster/node{r // 8}_{r}_ascend_pt"
            rank["step_us"] = scale(rank["step_us"], f)
            for k, v in rank["phases_us"].items():
                rank["phases_us"][k] = scale(v, f * (1.15 if r == 7777 and k == "computing" else 1))
        for k in p["kernels"]:
            for key in ("total_us", "min_us", "max_us", "wait_us"):
                k[key] = scale(k[key], f)
        p["device_us"] = scale(p["device_us"], f)
        for c in p["communication"]:
            for key in ("elapse_ms", "transit_ms", "wait_ms", "sync_ms", "idle_ms"):
                c[key] = scale(c[key], f)
            for link in c["links"].values():
                link["time_ms"] = scale(link["time_ms"], f)
        for link in p["rank_links"]:
            link["rank"] = r
            link["time_ms"] = scale(link["time_ms"], f)
        with open(os.path.join(a.out, f"rank{r:05d}.json"), "w") as fh:
            json.dump(d, fh, separators=(",", ":"))
    print(f"{a.ranks} summaries in {a.out}")


if __name__ == "__main__":
    main()
