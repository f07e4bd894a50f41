#!/usr/bin/env python3
"""The hostile-input table of docs/RELIABILITY.md: each case run by two twinscope-cli builds on the
inputs of scripts/gen_hostile_inputs.py, with exit status, wall time, peak RSS and what came out.

    /usr/bin/python3 scripts/gen_hostile_inputs.py /tmp/twinscope_hostile
    python3 bench/hostile_compare.py OLD_CLI NEW_CLI [/tmp/twinscope_hostile] [CASE...]

A CASE ending in * selects every case it starts (trace_*). A run whose peak RSS passes RSS_CAP_MB
(default 6000) is killed and reported as such, so the old build's gzip bombs and long names cannot
take a shared machine's memory.

Wall time depends on the machine's load; CPU time (user + system of the child) does not. A run
that does not end within its limit is killed and reported as such (the FIFO and 10^12-element
cases never end on a build without the issue #16 checks). Peak RSS is the child's VmHWM, sampled
every 2 ms (wait4's ru_maxrss would include this script's own high-water mark)."""
import json
import re
import os
import signal
import subprocess
import sys
import time

OLD, NEW = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
H = sys.argv[3] if len(sys.argv) > 3 else '/tmp/twinscope_hostile'
ONLY = set(sys.argv[4:])
RSS_CAP_MB = int(os.environ.get('RSS_CAP_MB', '6000'))


def run(cmd, limit, cwd=None):
    out_path, err_path = '/tmp/hostile_compare.out', '/tmp/hostile_compare.err'
    with open(out_path, 'wb') as out, open(err_path, 'wb') as err:
        t0 = time.perf_counter()
        p = subprocess.Popen(cmd, stdout=out, stderr=err, stdin=subprocess.DEVNULL, cwd=cwd,
                             env=dict(os.environ, LANG='C.UTF-8', LC_ALL='C.UTF-8'))
        hwm, killed, status, usage = 0, False, None, None
        while True:
            pid, status, usage = os.wait4(p.pid, os.WNOHANG)
            if pid == p.pid:
                break
            try:
                with open(f'/proc/{p.pid}/status') as s:
                    for line in s:
                        if line.startswith('VmHWM:'):
                            hwm = max(hwm, int(line.split()[1]))
            except OSError:
                pass
            if time.perf_counter() - t0 > limit or hwm > RSS_CAP_MB * 1024:
                p.send_signal(signal.SIGKILL)
                _, status, usage = os.wait4(p.pid, 0)
                killed = 'rss' if hwm > RSS_CAP_MB * 1024 else 'time'
                break
            time.sleep(0.002)
        wall = time.perf_counter() - t0
        p.returncode = os.waitstatus_to_exitcode(status)
    out = open(out_path, 'rb').read()
    err = open(err_path, 'rb').read().decode('utf-8', 'replace')
    return {'code': p.returncode, 'killed': killed, 'wall': wall, 'rss_mb': hwm / 1024,
            'cpu': usage.ru_utime + usage.ru_stime,
            'out': out, 'err': err}


def warnings(r, kind):
    try:
        doc = json.loads(r['out'])
    except ValueError:
        return None
    return sum(w['count'] for w in doc.get('warnings', []) if w['kind'] == kind)


def rows(r, pred):
    try:
        doc = json.loads(r['out'])
    except ValueError:
        return None
    return sum(1 for t in doc.get('tensors', []) if pred(t))


def outcome(r, note):
    if r['killed'] == 'rss':
        return f"killed at {RSS_CAP_MB / 1000:.0f} GB RSS after {r['wall']:.0f} s"
    if r['killed']:
        return f"killed after {r['wall']:.0f} s"
    text = f"exit {r['code']}" if r['code'] >= 0 else f"signal {-r['code']}"
    return text + (f'; {note(r)}' if note and r['code'] == 0 else
                   f"; {r['err'].strip().splitlines()[-1][:90]}" if r['err'].strip() else '')


fifo = '/tmp/hostile_compare.fifo'
if not os.path.exists(fifo):
    os.mkfifo(fifo)
npy = f'{H}/canary.npy'
h5 = f'{H}/hdf5'
error_rows = lambda r: f"{rows(r, lambda t: t['verdict'] == 'error')} error rows"
outside = lambda r: (f"{rows(r, lambda t: t['cosine'] is not None and t['name'] != 'inside.npy')}"
                     f" rows compared from outside the dump, outside_dump_folder "
                     f"{warnings(r, 'outside_dump_folder')}")
CASES = [
    ('hdf5_1e12', ['dumps', '--json', f'{h5}/declared_1e12.h5', f'{h5}/declared_1e12.h5'], 30, None,
     lambda r: f"{error_rows(r)}, hdf5_unstored_elements {warnings(r, 'hdf5_unstored_elements')}"),
    ('hdf5_1e9_unstored', ['dumps', '--json', f'{h5}/declared_1e9_unstored.h5',
                           f'{h5}/declared_1e9_unstored.h5'], 60, None,
     lambda r: f"{error_rows(r)}, hdf5_unstored_elements {warnings(r, 'hdf5_unstored_elements')}"),
    ('hdf5_external', ['dumps', '--json', f'{h5}/external_storage.h5',
                       f'{h5}/external_storage.h5'], 30, h5,
     lambda r: f"{error_rows(r)}, hdf5_external_storage {warnings(r, 'hdf5_external_storage')}"),
    ('hdf5_links', ['dumps', '--json', f'{h5}/external_link.h5', f'{h5}/external_link.h5'], 30, h5,
     lambda r: f"{error_rows(r)}, hdf5_external_link {warnings(r, 'hdf5_external_link')}, "
               f"hdf5_external_storage {warnings(r, 'hdf5_external_storage')}"),
    ('msprobe_escape', ['dumps', '--json', f'{H}/msprobe_escape', f'{H}/msprobe_escape'], 30, None,
     outside),
    ('map_fifo', ['dumps', '--map', fifo, npy, npy], 10, None, None),
    ('csv_fifo', ['dumps', '--csv', fifo, npy, npy], 10, None, None),
    ('map_devzero', ['dumps', '--map', '/dev/zero', npy, npy], 30, None, None),
    ('opinfo_1e5', ['opinfo', f'{H}/opinfo_1e5'], 300, None, lambda r: 'report printed'),
    ('opinfo_1e5_json', ['opinfo', '--json', f'{H}/opinfo_1e5'], 300, None,
     lambda r: 'report printed'),
    ('msprobe_200k', ['dumps', f'{H}/msprobe_200k', f'{H}/msprobe_200k'], 300, None,
     lambda r: r['out'].decode().splitlines()[1]),
    ('msprobe_200k_json', ['dumps', '--json', f'{H}/msprobe_200k', f'{H}/msprobe_200k'], 300, None,
     lambda r: f"{rows(r, lambda t: True)} tensors"),
    ('ptdbg_1m', ['dumps', f'{H}/ptdbg_1m.pkl', f'{H}/ptdbg_1m.pkl'], 300, None,
     lambda r: r['out'].decode().splitlines()[1]),
    ('ptdbg_1m_json', ['dumps', '--json', f'{H}/ptdbg_1m.pkl', f'{H}/ptdbg_1m.pkl'], 300, None,
     lambda r: f"{rows(r, lambda t: True)} tensors"),
    ('framework_garbage', ['opinfo', '--json', f'{H}/framework_raw_0.csv'], 30, None,
     lambda r: f"unparsed_row {warnings(r, 'unparsed_row')}, "
               f"{len(json.loads(r['out'])['warnings'])} warning kinds"),
    ('loss_repeated', ['loss', '--json', f'{H}/loss_repeated.log'], 30, None,
     lambda r: f"repeated_step {warnings(r, 'repeated_step')}"),
]



def said(r):
    """The warning kinds text mode printed to stderr, with their counts: [kind]xN."""
    out = []
    for line in r['err'].splitlines():
        m = re.search(r'(?:\((\d+) times\) )?\[([a-z_]+)\]$', line)
        if m:
            out.append(f"[{m.group(2)}]x{m.group(1) or 1}")
    return 'stderr: ' + (' '.join(out) if out else 'no warning')


def escaped(r):
    raw = any(b < 0x20 and b not in (9, 10) for b in r['out'] + r['err'].encode())
    return ('raw control bytes on the terminal' if raw else 'controls escaped') + '; ' + said(r)


T = f'{H}/trace'
CASES += [
    ('trace_deep_x', ['trace', f'{T}/deep.json'], 120, None, said),
    ('trace_open_b', ['trace', f'{T}/open.json'], 120, None, said),
    ('trace_nested_be', ['trace', f'{T}/nested.json'], 120, None, said),
    ('trace_unmatched_e', ['trace', f'{T}/ends.json'], 60, None, said),
    ('trace_empties', ['trace', f'{T}/empties.json'], 60, None, said),
    ('trace_empties_gz', ['trace', f'{T}/empties.json.gz'], 60, None, said),
    ('trace_long_name', ['trace', f'{T}/longname.json'], 60, None, said),
    ('trace_cut', ['trace', f'{T}/cut.json'], 30, None, said),
    ('trace_junk', ['trace', f'{T}/junk.json'], 30, None, said),
    ('trace_cut_gz', ['trace', f'{T}/cut.json.gz'], 30, None, said),
    ('trace_controls', ['trace', f'{T}/ctrl.json'], 30, None, escaped),
    ('trace_odd_pid_tid', ['trace', f'{T}/oddpid.json'], 30, None, said),
    ('trace_bomb_spaces', ['trace', f'{T}/spaces.json.gz'], 120, None, said),
    ('trace_bomb_nul', ['trace', f'{T}/nul.json.gz'], 120, None, said),
    ('loss_bomb', ['loss', f'{T}/spaces.log.gz'], 120, None, said),
    ('opinfo_bomb', ['opinfo', f'{T}/plog-pid_1_20260101000000.log.gz'], 120, None, said),
]


def selected(name):
    return not ONLY or name in ONLY or any(o.endswith('*') and name.startswith(o[:-1])
                                           for o in ONLY)


print('load', open('/proc/loadavg').read().strip(), flush=True)
print('| case | build | outcome | wall | CPU | peak RSS |')
print('|---|---|---|---|---|---|')
for name, args, limit, cwd, note in CASES:
    if not selected(name):
        continue
    for label, cli in (('old', OLD), ('new', NEW)):
        r = run([cli] + args, limit, cwd)
        print(f"| {name} | {label} | {outcome(r, note)} | {r['wall']:.2f} s | {r['cpu']:.2f} s "
              f"| {r['rss_mb']:.0f} MB |",
              flush=True)
print('load', open('/proc/loadavg').read().strip())
