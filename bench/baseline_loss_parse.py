#!/usr/bin/env python3
"""What users do today with a Megatron/MindSpeed log: an ad-hoc regex script (as TroubleShooter's
loss_compare or a matplotlib notebook). Parses every `key: value` field of every `iteration N/M` line,
like twinscope's parser, so the two do the same work. Prints the rate in MB/s."""
import re
import sys
import time

ITER = re.compile(r'iteration\s*:?\s*(\d+)\s*/\s*\d+\s*\|')
ANSI = re.compile(r'\x1b\[[0-9;]*[A-Za-z]')


def parse(path):
    series = {}
    with open(path, 'r', errors='replace') as f:
        for line in f:
            if '\x1b' in line:
                line = ANSI.sub('', line)
            m = ITER.search(line)
            if not m:
                continue
            step = int(m.group(1))
            for field in line[m.end():].split('|'):
                key, sep, value = field.rpartition(':')
                if not sep:
                    continue
                try:
                    v = float(value.split()[0])
                except (ValueError, IndexError):
                    continue
                series.setdefault(key.strip(), []).append((step, v))
    return series


if __name__ == '__main__':
    path = sys.argv[1]
    best = None
    for _ in range(3):
        t = time.perf_counter()
        s = parse(path)
        dt = time.perf_counter() - t
        best = dt if best is None else min(best, dt)
    import os
    mb = os.path.getsize(path) / 1e6
    print(f'python baseline: {mb:.1f} MB in {best:.3f} s = {mb / best:.0f} MB/s (best of 3), '
          f'{len(s["lm loss"])} lm loss points')
