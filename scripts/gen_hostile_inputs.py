#!/usr/bin/python3
"""Writes the hostile inputs of docs/RELIABILITY.md (issue #16, inputs half) into OUT (default
/tmp/twinscope_hostile), never into the repository. Each one reproduces a line of the hostile-input
table; tests/cli/tst_clihostile.cpp builds the same shapes itself at test time.

    /usr/bin/python3 scripts/gen_hostile_inputs.py [OUT] [NAME...]

Names: msprobe_200k ptdbg_1m opinfo_1e5 framework_garbage loss_repeated hdf5 msprobe_escape canary
trace (default: all). "trace" writes OUT/trace/: the shapes of tests/cli/tst_clihostile_trace.cpp
(branch i16a-trace; tests/common/hostileinputs.h), about 1.3 GB in all. The HDF5 inputs need python3-h5py (Debian); the others use the standard library.
"""
import gzip
import json
import os
import struct
import sys

OUT = sys.argv[1] if len(sys.argv) > 1 else '/tmp/twinscope_hostile'
WANTED = set(sys.argv[2:])


def want(name):
    return not WANTED or name in WANTED


def npy_bytes(values, shape):
    """A float32 .npy (format 1.0) holding values with the given shape."""
    header = "{'descr': '<f4', 'fortran_order': False, 'shape': (%s), }" % (
        ''.join('%d, ' % d for d in shape) if len(shape) != 1 else '%d,' % shape[0])
    pad = 64 - (10 + len(header) + 1) % 64
    header = header + ' ' * pad + '\n'
    return b'\x93NUMPY\x01\x00' + struct.pack('<H', len(header)) + header.encode() + \
        struct.pack('<%df' % len(values), *values)


def tensor(shape, i, name=None):
    t = {"type": "torch.Tensor", "dtype": "torch.float32", "shape": shape,
         "Max": 1.0 + i % 7, "Min": -1.0 - i % 5, "Mean": 0.001 * (i % 100), "Norm": 10.0 + i % 13,
         "requires_grad": False}
    if name:
        t["data_name"] = name
    return t


def msprobe_200k(path, entries=200_000):
    """Statistics-mode dump.json with 200k calls (2 inputs, 1 output each): ~150 MB."""
    os.makedirs(path, exist_ok=True)
    with open(os.path.join(path, 'dump.json'), 'w') as f:
        f.write('{"task": "statistics", "level": "L1", "framework": "pytorch", '
                '"dump_data_dir": null, "data": {')
        for i in range(entries):
            key = "Functional.linear.%d.forward" % i
            body = {"input_args": [tensor([32, 1024], i), tensor([1024, 4096], i + 1)],
                    "input_kwargs": {"bias": {"type": "bool", "value": False}},
                    "output": [tensor([32, 4096], i + 2)]}
            f.write(('' if i == 0 else ', ') + json.dumps(key) + ': ' + json.dumps(body))
        f.write('}}\n')


def ptdbg_1m(path, lines=1_000_000):
    with open(path, 'w') as f:
        for i in range(lines):
            side = 'input.0' if i % 2 == 0 else 'output'
            f.write(json.dumps(["Functional_linear_%d_forward_%s" % (i // 2, side), 1, [],
                                "torch.float32", [32, 1024], [1.5 + i % 3, -1.25, 0.0625]]) + '\n')


def opinfo_1e5(path, signatures=100_000):
    """One plog with 10^5 distinct MatMul signatures (the first dimension counts up)."""
    os.makedirs(path, exist_ok=True)
    with open(os.path.join(path, 'plog-pid_4242_20260319100000.log'), 'w') as f:
        for i in range(signatures):
            f.write('[INFO] ASCENDCL(4242,python3):2026-03-19-10:00:00.%03d.%03d '
                    '[op_compile.cpp:74]4242 aclopCompile::aclOp = OpType: MatMul, '
                    'InputDesc[0]: [TensorDesc] DataType = 1, Format = 2, StorageFormat = 2, '
                    'Shape = [%d, 1024], StorageShape = [%d, 1024], shapeRange = [], memtype = 0, '
                    'isConst = 0 InputDesc[1]: [TensorDesc] DataType = 1, Format = 2, '
                    'StorageFormat = 2, Shape = [1024, 4096], StorageShape = [1024, 4096], '
                    'shapeRange = [], memtype = 0, isConst = 0 OutputDesc[0]: [TensorDesc] '
                    'DataType = 1, Format = 2, StorageFormat = 2, Shape = [%d, 4096], '
                    'StorageShape = [%d, 4096], shapeRange = [], memtype = 0, isConst = 0 '
                    'Attr: {transpose_x1 = 0, transpose_x2 = 0}\n'
                    % (i // 1000, i % 1000, i + 1, i + 1, i + 1, i + 1))


def framework_garbage(path, rows=2122):
    """A framework_raw CSV with a valid header and nothing but garbage rows."""
    with open(path, 'w') as f:
        f.write('task_id,stream_id,block_dim,full_op_name,op_name,op_type,subgraph,op_info\n')
        for i in range(rows):
            f.write('%x garbage;;%d\n' % (i * 2654435761 % 2**32, i) if i % 2 else
                    '1,2,3,Default/x,x,MatMul,Default,{not json %d\n' % i)


def loss_repeated(path):
    """10 steps logged twice (a resumed job), three metrics per line: 10 repeated steps."""
    with open(path, 'w') as f:
        for _ in range(2):
            for step in range(1, 11):
                f.write(' iteration %d/ 10 | lm loss: %.6E | grad norm: %.3f | '
                        'learning rate: 1.000E-04 |\n' % (step, 2.0 / step, 1.0 + step / 10))


def hdf5(path):
    import h5py
    import numpy as np
    os.makedirs(path, exist_ok=True)
    # 10^12 float32 declared, one 4 KiB chunk stored: a few KB that would stream ~4 TB of fill.
    with h5py.File(os.path.join(path, 'declared_1e12.h5'), 'w') as f:
        d = f.create_dataset('layer/output', shape=(10**12,), dtype='f4', chunks=(1024,))
        d[0:1024] = np.arange(1024, dtype='f4')
    # Under the element cap, but nothing stored: a chunked and a contiguous dataset of fill only.
    with h5py.File(os.path.join(path, 'declared_1e9_unstored.h5'), 'w') as f:
        f.create_dataset('chunked/output', shape=(10**9,), dtype='f4', chunks=(1 << 16,))
        f.create_dataset('contiguous/output', shape=(10**9,), dtype='f4')
        f.create_dataset('fine/output', data=np.arange(64, dtype='f4'))
    # External raw storage: /dev/zero (endless zeros), /etc/passwd (someone else's bytes) and a
    # canary beside the dump folder.
    with h5py.File(os.path.join(path, 'external_storage.h5'), 'w') as f:
        f.create_dataset('zero/output', shape=(1 << 20,), dtype='f4',
                         external=[('/dev/zero', 0, h5py.h5f.UNLIMITED)])
        f.create_dataset('passwd/output', shape=(64,), dtype='u1', external=[('/etc/passwd', 0, 64)])
        f.create_dataset('canary/output', shape=(16,), dtype='f4',
                         external=[('../canary.bin', 0, 64)])
        f.create_dataset('fine/output', data=np.arange(64, dtype='f4'))
    # External links (another file's datasets) and a virtual dataset mapping another file.
    with h5py.File(os.path.join(path, 'other.h5'), 'w') as f:
        f.create_dataset('secret', data=np.full(16, 42, dtype='f4'))
    with h5py.File(os.path.join(path, 'external_link.h5'), 'w') as f:
        f['linked'] = h5py.ExternalLink('other.h5', '/secret')
        f['abs_linked'] = h5py.ExternalLink('/etc/passwd', '/x')
        layout = h5py.VirtualLayout(shape=(16,), dtype='f4')
        layout[:] = h5py.VirtualSource('other.h5', 'secret', shape=(16,))
        f.create_virtual_dataset('virtual/output', layout)
        f.create_dataset('fine/output', data=np.arange(64, dtype='f4'))


def canary(path):
    """A tensor outside every dump folder, with values no fixture has (tests check it is never
    compared)."""
    with open(os.path.join(path, 'canary.npy'), 'wb') as f:
        f.write(npy_bytes([4242.0 + i for i in range(16)], [16]))
    with open(os.path.join(path, 'canary.bin'), 'wb') as f:
        f.write(struct.pack('<16f', *[4242.0 + i for i in range(16)]))


def msprobe_escape(path):
    """Tensor-mode dump whose data_name values leave the dump folder: ../.., absolute, symlink."""
    data = os.path.join(path, 'dump_tensor_data')
    os.makedirs(data, exist_ok=True)
    with open(os.path.join(data, 'inside.npy'), 'wb') as f:
        f.write(npy_bytes([1.0 + i for i in range(16)], [16]))
    link = os.path.join(data, 'linked.npy')
    if not os.path.lexists(link):
        os.symlink('../../canary.npy', link)
    names = {'inside': 'inside.npy', 'dotdot': '../../canary.npy',
             'absolute': os.path.abspath(os.path.join(path, '..', 'canary.npy')),
             'symlink': 'linked.npy'}
    dump = {"task": "tensor", "level": "L1", "framework": "pytorch", "dump_data_dir": None,
            "data": {}}
    for i, (key, name) in enumerate(names.items()):
        dump["data"]["Functional.%s.%d.forward" % (key, i)] = {
            "input_args": [], "input_kwargs": {}, "output": [tensor([16], i, name)]}
    with open(os.path.join(path, 'dump.json'), 'w') as f:
        json.dump(dump, f, indent=1)


def event_array(f, n, event):
    """Writes [event(0),event(1),...] to f in pieces."""
    f.write(b'[')
    step = 100_000
    for at in range(0, n, step):
        f.write(b','.join(event(i) for i in range(at, min(n, at + step))) +
                (b',' if at + step < n else b''))
    f.write(b']')


def small_trace():
    return b'[' + b','.join(b'{"ph":"X","name":"k%d","pid":1,"tid":1,"ts":%d,"dur":1}' % (i % 7, 2 * i)
                            for i in range(100_000)) + b']'


def gzip_bomb(path, prefix, fill, inflated=20 << 30):
    """prefix, then inflated bytes of fill, as copies of one member holding 1 MiB of fill (each
    ~1 KiB): 20 GB in ~21 MB."""
    member = gzip.compress(fill * (1 << 20), 9)
    with open(path, 'wb') as f:
        f.write(gzip.compress(prefix))
        for _ in range(inflated >> 20):
            f.write(member)


def traces(path):
    """The trace half's hostile inputs (issue #16): nesting, unmatched events, memory, gzip."""
    os.makedirs(path, exist_ok=True)
    n = 1_000_000
    with open(os.path.join(path, 'deep.json'), 'wb') as f:  # a runaway recursion
        event_array(f, n, lambda i: b'{"ph":"X","name":"f","pid":1,"tid":1,"ts":%d,"dur":%d}'
                    % (i, 2 * (n - i)))
    with open(os.path.join(path, 'open.json'), 'wb') as f:  # a killed job's trace
        event_array(f, n, lambda i: b'{"ph":"B","name":"f","pid":1,"tid":1,"ts":%d}' % i)
    with open(os.path.join(path, 'nested.json'), 'wb') as f:
        event_array(f, 2 * n, lambda i: (b'{"ph":"B","name":"f","pid":1,"tid":1,"ts":%d}' if i < n
                                         else b'{"ph":"E","pid":1,"tid":1,"ts":%d}') % i)
    with open(os.path.join(path, 'ends.json'), 'wb') as f:
        event_array(f, n, lambda i: b'{"ph":"E","pid":1,"tid":1,"ts":%d}' % i)
    empties = b'[' + b','.join([b'{}'] * (10 * n)) + b']'
    with open(os.path.join(path, 'empties.json'), 'wb') as f:
        f.write(empties)
    with open(os.path.join(path, 'empties.json.gz'), 'wb') as f:
        f.write(gzip.compress(empties, 6))
    with open(os.path.join(path, 'longname.json'), 'wb') as f:  # one 500 MB name
        f.write(b'[{"ph":"X","pid":1,"tid":1,"ts":1,"dur":1,"name":"')
        piece = b'n' * (1 << 20)
        for _ in range(500):
            f.write(piece)
        f.write(b'"},{"ph":"X","name":"after","pid":1,"tid":1,"ts":3,"dur":1}]')
    t = small_trace()
    with open(os.path.join(path, 'cut.json'), 'wb') as f:
        f.write(t[:len(t) // 2])
    with open(os.path.join(path, 'junk.json'), 'wb') as f:
        f.write(t + b' junk')
    gz = gzip.compress(t, 6)
    with open(os.path.join(path, 'cut.json.gz'), 'wb') as f:
        f.write(gz[:len(gz) // 2])
    with open(os.path.join(path, 'ctrl.json'), 'wb') as f:
        f.write(b'[{"ph":"X","name":"a\\u001b[2J\\u0007\\u0000\xc2\x9bz","pid":1,"tid":1,"ts":1,'
                b'"dur":5}]')
    with open(os.path.join(path, 'oddpid.json'), 'wb') as f:
        f.write(b'[{"ph":"X","name":"a","pid":{"x":1},"tid":[2],"ts":1,"dur":5},'
                b'{"ph":"X","name":"a","pid":null,"tid":true,"ts":1,"dur":5}]')
    gzip_bomb(os.path.join(path, 'spaces.json.gz'), b'[', b' ')
    gzip_bomb(os.path.join(path, 'nul.json.gz'), b'[{}', b'\0')
    gzip_bomb(os.path.join(path, 'spaces.log.gz'), b'step 1 loss 2.5\n', b' ')
    gzip_bomb(os.path.join(path, 'plog-pid_1_20260101000000.log.gz'), b'[INFO] GE(1,python):', b'\0')


os.makedirs(OUT, exist_ok=True)
if want('canary'):
    canary(OUT)
if want('msprobe_200k'):
    msprobe_200k(os.path.join(OUT, 'msprobe_200k'))
if want('ptdbg_1m'):
    ptdbg_1m(os.path.join(OUT, 'ptdbg_1m.pkl'))
if want('opinfo_1e5'):
    opinfo_1e5(os.path.join(OUT, 'opinfo_1e5'))
if want('framework_garbage'):
    framework_garbage(os.path.join(OUT, 'framework_raw_0.csv'))
if want('loss_repeated'):
    loss_repeated(os.path.join(OUT, 'loss_repeated.log'))
if want('hdf5'):
    hdf5(os.path.join(OUT, 'hdf5'))
if want('msprobe_escape'):
    msprobe_escape(os.path.join(OUT, 'msprobe_escape'))
if want('trace'):
    traces(os.path.join(OUT, 'trace'))
print(OUT)
