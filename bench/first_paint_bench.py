#!/usr/bin/env python3
"""Open → painted timeline in the GUI (issue #28, docs/PERFORMANCE.md "First paint while loading").

    first_paint_bench.py BUILD_DIR FILE... [--runs 3] [--workdir DIR]

For each trace: `BUILD_DIR/bench/bench_firstpaint FILE` (offscreen, a 1600×1000 main window) with
the cache off (a first open: the head preview is the first frame), then with a private cache
directory under --workdir: one open that writes the cache and --runs second opens from it. Each run
is its own process; it prints ms from the open request to the first frame that shows slices (and
the process CPU time spent between the two, every thread), to the
first frame of the loaded trace, and to the end of the job; CPU time (user + system) and peak RSS
come from os.wait4 (the whole process, Qt start included; the ms figures exclude the start). Medians
of --runs. The cache directory is removed at the end. Prints Markdown rows."""
import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import time


def run(exe, path, env):
    t0 = time.perf_counter()
    proc = subprocess.Popen([exe, path], stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
    out = proc.stdout.read()
    err = proc.stderr.read()
    _, status, ru = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - t0
    if os.waitstatus_to_exitcode(status) != 0:
        sys.exit('failed: %s %s\n%s' % (exe, path, err[-800:].decode(errors='replace')))
    r = json.loads(out.decode().strip().splitlines()[-1])
    r['process_wall_s'] = wall
    r['process_cpu_s'] = ru.ru_utime + ru.ru_stime
    r['process_rss_mb'] = ru.ru_maxrss / 1024.0
    return r


def row(name, runs):
    def med(k):
        return statistics.median(r[k] for r in runs)
    first = [r['first_paint_ms'] for r in runs]
    return (f"| {name} | {med('first_paint_ms'):.0f} ms ({', '.join('%d' % v for v in first)}) | "
            f"{med('first_paint_slices'):.0f} | {med('first_paint_cpu_s') * 1000:.0f} ms | "
            f"{med('loaded_paint_ms'):.0f} ms | "
            f"{med('job_done_ms'):.0f} ms | {med('process_cpu_s'):.2f} s | "
            f"{med('process_rss_mb'):.0f} MB |")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('build')
    ap.add_argument('files', nargs='+')
    ap.add_argument('--runs', type=int, default=3)
    ap.add_argument('--workdir', default='.')
    a = ap.parse_args()
    exe = os.path.join(a.build, 'bench', 'bench_firstpaint')
    cache = os.path.join(a.workdir, 'first-paint-cache')
    base = dict(os.environ, QT_QPA_PLATFORM='offscreen')
    off = dict(base, TWINSCOPE_CACHE='0')
    warm = dict(base, TWINSCOPE_CACHE_DIR=cache)
    print('| open | first paint, wall (runs) | slices in it | CPU to first paint | '
          'loaded trace painted | job done | CPU (process) | peak RSS |')
    print('|---|---|---|---|---|---|---|---|')
    try:
        for f in a.files:
            name = os.path.basename(f)
            cold = [run(exe, f, off) for _ in range(a.runs)]
            print(row(f'{name}, first open (no cache)', cold), flush=True)
            shutil.rmtree(cache, ignore_errors=True)
            run(exe, f, warm)  # writes the cache
            second = [run(exe, f, warm) for _ in range(a.runs)]
            print(row(f'{name}, second open (cache)', second), flush=True)
            shutil.rmtree(cache, ignore_errors=True)
    finally:
        shutil.rmtree(cache, ignore_errors=True)


if __name__ == '__main__':
    main()
