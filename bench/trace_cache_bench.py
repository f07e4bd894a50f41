#!/usr/bin/env python3
"""Trace cache and trace comparison figures of issue #28, in one run (docs/PERFORMANCE.md,
"Trace cache and comparison").

    trace_cache_bench.py OLD_CLI NEW_CLI --pair DIR [--trace FILE] [--workdir DIR] [--runs 3]
                         [--json-load]

DIR holds baseline.json and target.json from bench/gen_trace_pair.py --bytes 1G; --trace adds a
gen_chrome_trace.py trace. For each trace: the old build's `trace --json`, the new build's parse
without the cache (`--no-cache`), its first open (parse + cache write into an empty cache
directory), its second open (`trace --summary` and `trace --json` from the cache). For the pair:
`tracediff` old, new cold (empty cache directory) and new warm. --json-load adds Python's
json.load on each trace (once: it takes tens of seconds and several GB). Every figure is the median
of --runs runs, wall time beside CPU time (user + system) and peak RSS from os.wait4; old and new
alternate. The cache directory is --workdir/cache (never the user's cache) and is removed at the
end. Prints Markdown rows."""
import argparse
import os
import shutil
import statistics
import subprocess
import sys
import time

PY = '/usr/bin/python3'


def measure(cmd, env):
    t0 = time.perf_counter()
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env)
    err = proc.stderr.read()
    _, status, ru = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - t0
    if os.waitstatus_to_exitcode(status) != 0:
        sys.exit('failed: %s\n%s' % (' '.join(cmd), err[-500:].decode(errors='replace')))
    return wall, ru.ru_utime + ru.ru_stime, ru.ru_maxrss / 1024.0


def median(rows):
    return tuple(statistics.median(r[i] for r in rows) for i in range(3))


def fmt(name, m, base=None):
    ratio = f' | {base[0] / m[0]:.1f}×' if base else ' | '
    return f'| {name} | {m[0]:.2f} s | {m[1]:.2f} s | {m[2]:.0f} MB{ratio} |'


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('old')
    ap.add_argument('new')
    ap.add_argument('--pair', required=True)
    ap.add_argument('--trace', action='append', default=[])
    ap.add_argument('--workdir', default='.')
    ap.add_argument('--runs', type=int, default=3)
    ap.add_argument('--json-load', action='store_true')
    a = ap.parse_args()
    cache = os.path.join(a.workdir, 'cache')
    env = dict(os.environ, TWINSCOPE_CACHE_DIR=cache)
    env_off = dict(os.environ, TWINSCOPE_CACHE='0')

    def empty_cache():
        shutil.rmtree(cache, ignore_errors=True)

    base, target = os.path.join(a.pair, 'baseline.json'), os.path.join(a.pair, 'target.json')
    traces = [base] + a.trace
    print('| command | wall (median) | CPU | peak RSS | vs old |')
    print('|---|---|---|---|---|')
    for t in traces:
        gb = os.path.getsize(t) / 1e9
        old, nocache, first, warm_summary, warm_json = [], [], [], [], []
        for _ in range(a.runs):
            old.append(measure([a.old, 'trace', '--json', t], env_off))
            nocache.append(measure([a.new, 'trace', '--json', '--no-cache', t], env))
            empty_cache()
            first.append(measure([a.new, 'trace', '--json', t], env))
            warm_summary.append(measure([a.new, 'trace', '--summary', t], env))
            warm_json.append(measure([a.new, 'trace', '--json', t], env))
        size = sum(os.path.getsize(os.path.join(cache, 'traces', f))
                   for f in os.listdir(os.path.join(cache, 'traces')))
        name = os.path.basename(t)
        mo = median(old)
        print(f'| **{name}** ({gb:.2f} GB), cache {size / 1e6:.0f} MB = {size / os.path.getsize(t):.2f}× | | | | |')
        print(fmt('old `trace --json`', mo))
        print(fmt('new `trace --json --no-cache`', median(nocache), mo))
        print(fmt('new first open `trace --json` (parse + cache write)', median(first), mo))
        print(fmt('new second open `trace --summary` (cache)', median(warm_summary), mo))
        print(fmt('new second open `trace --json` (cache + statistics)', median(warm_json), mo))
        if a.json_load:
            m = measure([PY, '-c', 'import json,sys; json.load(open(sys.argv[1],"rb"))', t], env_off)
            print(fmt('Python `json.load` (once)', m))
            print(f'| new `--no-cache` vs json.load | {m[0] / median(nocache)[0]:.1f}× wall | '
                  f'{m[1] / median(nocache)[1]:.1f}× CPU | | |')
        sys.stdout.flush()
    old, cold, warm = [], [], []
    for _ in range(a.runs):
        old.append(measure([a.old, 'tracediff', base, target], env_off))
        empty_cache()
        cold.append(measure([a.new, 'tracediff', base, target], env))
        warm.append(measure([a.new, 'tracediff', base, target], env))
    mo = median(old)
    print('| **tracediff** 2 × 1 GB pair | | | | |')
    print(fmt('old `tracediff`', mo))
    print(fmt('new `tracediff`, cold (empty cache: parse both + write)', median(cold), mo))
    print(fmt('new `tracediff`, both caches warm', median(warm), mo))
    empty_cache()


if __name__ == '__main__':
    main()
