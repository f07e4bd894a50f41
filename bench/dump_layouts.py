#!/usr/bin/env python3
"""Dump comparison on two layouts, Twinscope and the numpy/h5py baseline in ONE run (issue #12).

    python3 bench/dump_layouts.py [--runs 5] [--baseline-runs 2] [--work /tmp/twinscope_layouts]

Layouts (generated once under --work, never committed):
  many  gen_dump_pair.py --mb 284: torch.utils.dumper HDF5, 2 x 284 MB, 323 tensors of 0.1-3 MB per
        side (the per-tensor overhead shows here);
  big   make_big_dump_pair.py --gb 1 --tensor-mb 500: 2 x 1 GB, two 500 MB float32 tensors per side.
Every file is read once first (warm page cache, for both tools alike); Twinscope and the baseline
alternate. Reported per layout: median wall, GB/s (input bytes / wall), CPU (user + sys), peak RSS,
the wall and CPU ratios against the baseline, and the load average before and after: the machine
is shared, so wall times include waiting for a core, and CPU time is the load-independent figure
(bytes / (CPU / 2) is what two free cores would give). Env: TWINSCOPE_CLI (build/app/twinscope-cli),
TWINSCOPE_TOOLS (../shared/tools)."""
import argparse
import os
import statistics
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CLI = os.environ.get('TWINSCOPE_CLI', os.path.join(ROOT, 'build/app/twinscope-cli'))
TOOLS = os.environ.get('TWINSCOPE_TOOLS', os.path.join(ROOT, '../shared/tools'))
PY = '/usr/bin/python3'  # Debian's numpy and h5py


def measure(cmd):
    t0 = time.perf_counter()
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    err = proc.stderr.read()
    _, status, ru = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - t0
    if os.waitstatus_to_exitcode(status) != 0:
        sys.exit(f'FAILED: {cmd}: {err[-400:]!r}')
    return wall, ru.ru_utime + ru.ru_stime, ru.ru_maxrss / 1024.0


def load():
    return ' '.join(open('/proc/loadavg').read().split()[:3])


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--runs', type=int, default=5)
    ap.add_argument('--baseline-runs', type=int, default=2)
    ap.add_argument('--work', default='/tmp/twinscope_layouts')
    ap.add_argument('--layouts', default='many,big')
    a = ap.parse_args()
    layouts = {
        'many': ([PY, os.path.join(TOOLS, 'gen_dump_pair.py'), '--mb', '284', '--out-dir'],
                 '2 x 284 MB, 323 tensors per side (gen_dump_pair.py --mb 284)'),
        'big': ([PY, os.path.join(ROOT, 'bench/make_big_dump_pair.py'), '--gb', '1',
                 '--tensor-mb', '500'], '2 x 1 GB, 2 tensors per side (make_big_dump_pair.py)'),
    }
    print('cli', subprocess.run([CLI, '--version'], capture_output=True, text=True).stdout.strip())
    print('cores', os.cpu_count())
    for name in a.layouts.split(','):
        gen, title = layouts[name]
        pair = os.path.join(a.work, name)
        if not os.path.exists(os.path.join(pair, 'npu.h5')):
            subprocess.check_call(gen + [pair] if name == 'many' else gen[:2] + [pair] + gen[2:],
                                  stdout=subprocess.DEVNULL)
        files = [os.path.join(pair, 'bench.h5'), os.path.join(pair, 'npu.h5')]
        size = sum(os.path.getsize(f) for f in files)
        subprocess.run(['cat'] + files, stdout=subprocess.DEVNULL)
        ours, base = [], []
        before = load()
        for i in range(a.runs):
            ours.append(measure([CLI, 'dumps', '--json'] + files))
            if i < a.baseline_runs:
                base.append(measure([PY, os.path.join(TOOLS, 'baseline_compare_dumps_numpy.py'),
                                     '--quiet'] + files))
        after = load()
        print(f'\n## {name}: {title}, {size} bytes; load average {before} -> {after}')
        print('| tool | wall (median; all runs) | GB/s | CPU s | peak RSS |')
        print('|---|---|---|---|---|')
        med = {}
        for label, runs in (('twinscope-cli dumps', ours), ('numpy/h5py baseline', base)):
            w = statistics.median(r[0] for r in runs)
            c = statistics.median(r[1] for r in runs)
            m = max(r[2] for r in runs)
            med[label] = (w, c)
            walls = ', '.join(f'{r[0]:.2f}' for r in runs)
            print(f'| {label} | {w:.2f} s ({walls}) | {size / 1e9 / w:.2f} | {c:.2f} | {m:.0f} MB |')
        (tw, tc), (bw, bc) = med['twinscope-cli dumps'], med['numpy/h5py baseline']
        print(f'ratio: {bw / tw:.1f}x wall, {bc / tc:.1f}x CPU; Twinscope on two free cores '
              f'(bytes / (CPU / 2)): {size / 1e9 / (tc / 2):.2f} GB/s')


if __name__ == '__main__':
    main()
