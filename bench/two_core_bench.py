#!/usr/bin/env python3
"""Two-core measurements of trace, dumps and opinfo against their Python baselines, in one run.

    OUT=/tmp/out python3 bench/two_core_bench.py trace dumps opinfo

Every measured process is pinned to cores 0,1 (opinfo also to core 0 alone); medians and ratios go to
stdout and $OUT/perf_<parts>.txt. Env: TWINSCOPE_CLI (build/app/twinscope-cli), TWINSCOPE_TOOLS
(../shared/tools). Inputs are generated into /tmp, never into the repository."""
import os, subprocess, sys, time, statistics, json
OUT = os.environ.get('OUT', '/tmp/out')
os.makedirs(OUT, exist_ok=True)
CLI = os.environ.get('TWINSCOPE_CLI', 'build/app/twinscope-cli')
env = dict(os.environ, QT_QPA_PLATFORM='offscreen')
CORES = {0, 1}
log = open(os.path.join(OUT, 'perf_%s.txt' % '_'.join(sys.argv[1:])), 'w')
def p(*a):
    s = ' '.join(str(x) for x in a); print(s, flush=True); log.write(s + '\n'); log.flush()
def measure(cmd, cores=CORES):
    def pin():
        os.sched_setaffinity(0, cores)
    t0 = time.perf_counter()
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, preexec_fn=pin, env=env)
    err = proc.stderr.read()
    _, status, ru = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - t0
    code = os.waitstatus_to_exitcode(status)
    if code != 0:
        p('FAILED', code, cmd, err[-500:])
    return wall, ru.ru_maxrss / 1024.0, ru.ru_utime + ru.ru_stime
def row(name, runs, nbytes):
    w = statistics.median(r[0] for r in runs); m = statistics.median(r[1] for r in runs); c = statistics.median(r[2] for r in runs)
    p(f'| {name} | {w:.2f} s ({", ".join(f"{r[0]:.2f}" for r in runs)}) | {nbytes/1e9/w:.2f} GB/s | {c:.2f} s | {m:.0f} MB |')
    return w
p('nproc', os.cpu_count(), 'load', open('/proc/loadavg').read().strip())
p(subprocess.run([CLI, '--version'], env=env, capture_output=True, text=True).stdout.strip())
T = os.environ.get('TWINSCOPE_TOOLS', '../shared/tools')  # gen_plog.py and baseline_opinfo.py: scripts/
def trace():
    for size, events in (('100MB', 366000), ('1GB', 3660000)):
        path = f'/tmp/trace_{size}.json'
        subprocess.check_call([sys.executable, f'{T}/gen_chrome_trace.py', '--events', str(events), '--out', path])
        subprocess.run(['cat', path], stdout=subprocess.DEVNULL)
        n = os.path.getsize(path)
        p(f'\n## trace {size}: {n} bytes')
        ours = [measure([CLI, 'trace', '--json', path]) for _ in range(5)]
        base = [measure([sys.executable, f'{T}/baseline_json_load.py', path]) for _ in range(1 if size == '1GB' else 3)]
        a = row('twinscope-cli trace', ours, n); b = row('python json.load', base, n)
        p(f'ratio {b/a:.1f}x')

def dumps():
    pair = '/tmp/pair'
    t0 = time.time()
    subprocess.check_call([sys.executable, f'{T}/gen_dump_pair.py', '--out-dir', pair, '--mb', '1000'])
    p('gen_dump_pair took', round(time.time() - t0), 's')
    n = os.path.getsize(f'{pair}/bench.h5') + os.path.getsize(f'{pair}/npu.h5')
    subprocess.run(['cat', f'{pair}/bench.h5', f'{pair}/npu.h5'], stdout=subprocess.DEVNULL)
    p(f'\n## dumps: {n} bytes')
    ours = [measure([CLI, 'dumps', '--json', f'{pair}/bench.h5', f'{pair}/npu.h5']) for _ in range(5)]
    base = [measure([sys.executable, f'{T}/baseline_compare_dumps_numpy.py', '--quiet', f'{pair}/bench.h5', f'{pair}/npu.h5']) for _ in range(3)]
    a = row('twinscope-cli dumps', ours, n); b = row('numpy baseline', base, n); p(f'ratio {b/a:.1f}x')

def opinfo():
    plog = '/tmp/plog-pid_1000_1g.log'
    subprocess.check_call([sys.executable, 'scripts/gen_plog.py', '--bytes', '1G', '--out', plog])
    n = os.path.getsize(plog)
    subprocess.run(['cat', plog], stdout=subprocess.DEVNULL)
    p(f'\n## opinfo: {n} bytes')
    one = [measure([CLI, 'opinfo', '--json', plog], {0}) for _ in range(3)]
    two = [measure([CLI, 'opinfo', '--json', plog]) for _ in range(3)]
    base = [measure([sys.executable, 'scripts/baseline_opinfo.py', plog]) for _ in range(3)]
    row('twinscope-cli opinfo, 1 core', one, n); a = row('twinscope-cli opinfo, 2 cores', two, n); b = row('python baseline', base, n)
    p(f'ratio {b/a:.1f}x')

for part in sys.argv[1:]:
    globals()[part]()
p('load after', open('/proc/loadavg').read().strip())
