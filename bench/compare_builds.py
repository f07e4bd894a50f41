#!/usr/bin/env python3
"""Two twinscope-cli builds on the same inputs, interleaved, in one run: the "unchanged or better"
check of a refactoring (docs/PERFORMANCE.md, "Before and after").

    python3 bench/compare_builds.py OLD_CLI NEW_CLI [trace] [tracegz] [dumps] [opinfo] [loss]

Inputs are generated once into /tmp (never into the repository): a 1 GB Kineto-style trace
(../shared/tools/gen_chrome_trace.py) and its .json.gz, a 2 x 1 GB HDF5 dump pair (gen_dump_pair.py),
a 1 GB plog (scripts/gen_plog.py) and the 1 M-line Megatron log of bench_lossparser (set
TWINSCOPE_LOSS_LOG to it). Each command runs RUNS times (default 5) alternating old and new (and which goes
first), with the page cache warm; the table gives median wall time, CPU time and peak RSS and the new/old ratio."""
import os, subprocess, sys, time, statistics, gzip, shutil

RUNS = int(os.environ.get('RUNS', '5'))
TOOLS = os.environ.get('TWINSCOPE_TOOLS', os.path.join(os.path.dirname(__file__), '../../shared/tools'))
PY = '/usr/bin/python3'


def measure(cmd):
    t0 = time.perf_counter()
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    err = proc.stderr.read()
    _, status, ru = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - t0
    if os.waitstatus_to_exitcode(status) not in (0,):
        print('FAILED', cmd, err[-300:], flush=True)
    return wall, ru.ru_utime + ru.ru_stime, ru.ru_maxrss / 1024.0


def inputs(part):
    if part == 'trace':
        p = '/tmp/cmp_trace_1GB.json'
        if not os.path.exists(p):
            subprocess.check_call([sys.executable, f'{TOOLS}/gen_chrome_trace.py', '--events', '3660000', '--out', p])
        return ['trace', '--json', p], os.path.getsize(p)
    if part == 'tracegz':
        src, p = '/tmp/cmp_trace_1GB.json', '/tmp/cmp_trace_1GB.json.gz'
        inputs('trace')
        if not os.path.exists(p):
            with open(src, 'rb') as i, gzip.open(p, 'wb', compresslevel=6) as o:
                shutil.copyfileobj(i, o, 1 << 24)
        return ['trace', '--json', p], os.path.getsize(src)
    if part == 'dumps':
        d = '/tmp/cmp_pair_1000'
        if not os.path.exists(f'{d}/truth.json'):
            subprocess.check_call([PY, f'{TOOLS}/gen_dump_pair.py', '--out-dir', d, '--mb', '1000'])
        n = os.path.getsize(f'{d}/bench.h5') + os.path.getsize(f'{d}/npu.h5')
        return ['dumps', '--json', f'{d}/bench.h5', f'{d}/npu.h5'], n
    if part == 'opinfo':
        p = '/tmp/cmp_plog-pid_1000_1g.log'
        if not os.path.exists(p):
            subprocess.check_call([sys.executable, 'scripts/gen_plog.py', '--bytes', '1G', '--out', p])
        return ['opinfo', '--json', p], os.path.getsize(p)
    if part == 'loss':
        p = os.environ.get('TWINSCOPE_LOSS_LOG', '/tmp/megatron_1M.log')
        if not os.path.exists(p):
            sys.exit(f'{p} missing: run bench_lossparser with TWINSCOPE_LOSS_BENCH_FILE={p} first')
        return ['loss', '--json', p], os.path.getsize(p)
    sys.exit(f'unknown part {part}')


def main():
    old, new = sys.argv[1], sys.argv[2]
    print('load', open('/proc/loadavg').read().strip(), flush=True)
    print('| input | old wall | new wall | new/old | old CPU | new CPU | old RSS | new RSS |')
    print('|---|---|---|---|---|---|---|---|')
    for part in sys.argv[3:]:
        args, nbytes = inputs(part)
        for f in args[2:]:
            subprocess.run(['cat', f], stdout=subprocess.DEVNULL)
        runs = {old: [], new: []}
        for k in range(RUNS):
            # Alternate who goes first: a process that follows one freeing 2 GB meets a different
            # page allocator state, and a fixed order would bias the ratio.
            for cli in ((old, new) if k % 2 == 0 else (new, old)):
                runs[cli].append(measure([cli] + args))
        med = {c: [statistics.median(r[i] for r in runs[c]) for i in range(3)] for c in runs}
        o, n = med[old], med[new]
        print(f'| {part} ({nbytes / 1e9:.2f} GB) | {o[0]:.2f} s | {n[0]:.2f} s | {n[0] / o[0]:.2f} | '
              f'{o[1]:.2f} s | {n[1]:.2f} s | {o[2]:.0f} MB | {n[2]:.0f} MB |', flush=True)
    print('load', open('/proc/loadavg').read().strip())


if __name__ == '__main__':
    main()
