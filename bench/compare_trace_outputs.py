#!/usr/bin/env python3
"""The trace commands of two twinscope-cli builds give the same bytes (issue #28).

    python3 bench/compare_trace_outputs.py OLD_CLI NEW_CLI [EXTRA_PAIR_BASELINE EXTRA_PAIR_TARGET]

Runs `trace`, `trace --json` on every chrome trace under tests/data/trace and tests/data/shared/trace,
and `tracediff` (text and --json) on the tracediff fixture pairs and the optional extra pair (the
1 GB bench pair), each new-build command twice: the first run fills the trace cache, the second
reads it (a temporary TWINSCOPE_CACHE_DIR; the old build has no cache). Load times are masked.
Prints the differing invocations and exits 1 if there are any."""
import glob, os, re, subprocess, sys, tempfile

MASK = [(re.compile(rb'loaded in [0-9.]+ s'), b'loaded in X s'),
        (re.compile(rb'"load_seconds": [0-9.e-]+'), b'"load_seconds": X')]


def run(cli, args, env):
    p = subprocess.run([cli] + args, capture_output=True, env=env)
    out = p.stdout + b'\n--stderr--\n' + p.stderr + b'\n--rc %d--\n' % p.returncode
    for rx, rep in MASK:
        out = rx.sub(rep, out)
    return out


def main():
    old, new = sys.argv[1], sys.argv[2]
    root = os.path.join(os.path.dirname(__file__), '..', 'tests', 'data')
    traces = sorted(glob.glob(f'{root}/trace/**/*.json', recursive=True) +
                    glob.glob(f'{root}/trace/**/*.json.gz', recursive=True) +
                    glob.glob(f'{root}/shared/trace/*.json*'))
    cmds = [['trace', t] for t in traces] + [['trace', '--json', t] for t in traces]
    pairs = [(f'{root}/trace/tracediff/{d}/baseline.json', f'{root}/trace/tracediff/{d}/target.json')
             for d in ('gpu_npu', 'npu_npu')]
    if len(sys.argv) == 5:
        pairs.append((sys.argv[3], sys.argv[4]))
    for b, t in pairs:
        cmds += [['tracediff', b, t], ['tracediff', '--json', b, t]]
    bad = 0
    with tempfile.TemporaryDirectory() as cache:
        env = dict(os.environ, TWINSCOPE_CACHE_DIR=cache, TWINSCOPE_CACHE_MAX_MB='4096',
                   TWINSCOPE_TRACE_CACHE_MIN_BYTES='0')
        # Cache the small fixtures too: the threshold is for speed, not correctness.
        env_old = dict(os.environ, TWINSCOPE_CACHE='0')
        for c in cmds:
            want = run(old, c, env_old)
            for attempt in ('cold', 'warm'):
                got = run(new, c, env)
                if got != want:
                    bad += 1
                    print('DIFFERS', attempt, ' '.join(c))
    print(f'{len(cmds)} invocations x 2 (cold, warm cache), {bad} differ')
    return 1 if bad else 0


if __name__ == '__main__':
    sys.exit(main())
