#!/usr/bin/python3
"""Writes the small tensor-pair fixtures in tests/data/dump/reference/ and reference.json, the metrics
a plain float64 numpy computation gives for each pair (METRICS.md §1-§3, msprobe conventions).
tst_dumpmetrics compares Twinscope's streaming results with these to 1e-9 relative.

    /usr/bin/python3 tests/dump/make_reference.py     (needs python3-numpy and python3-h5py)

Deterministic: the same seed always gives the same files.
"""
import json
import os
import sys

import h5py
import numpy as np

EPS = np.finfo(np.float64).eps
OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "data", "dump", "reference")
rng = np.random.default_rng(20261122)


def reference(b, n, dtype_name, rtol, atol):
    """b, n: the logical arrays as stored (any dtype); returns msprobe-convention metrics in float64."""
    b = np.asarray(b).astype(np.float64).ravel()
    n = np.asarray(n).astype(np.float64).ravel()
    out = {"count": int(b.size)}
    bad_b = ~np.isfinite(b)
    bad_n = ~np.isfinite(n)
    out["nan_npu"] = int(np.isnan(n).sum())
    out["inf_npu"] = int(np.isinf(n).sum())
    out["nan_bench"] = int(np.isnan(b).sum())
    out["inf_bench"] = int(np.isinf(b).sum())
    if (np.isnan(b) != np.isnan(n)).any() or (np.isinf(b) != np.isinf(n)).any():
        for k in ("cosine", "max_abs_err", "max_rel_err", "mean_abs_err", "rmse", "rel_euclidean",
                  "one_thousandth_ratio", "five_thousandth_ratio", "allclose_pass_share", "kl"):
            out[k] = None
        return out
    b = np.where(bad_b, 0.0, b)
    n = np.where(bad_n, 0.0, n)
    d = np.abs(n - b)
    zero = b == 0
    re = np.abs((np.where(zero, n + EPS, n) - np.where(zero, EPS, b)) / np.where(zero, EPS, b))
    nb, nn = np.linalg.norm(b), np.linalg.norm(n)
    if nn <= EPS and nb <= EPS:
        cos = 1.0
    elif nn <= EPS or nb <= EPS:
        cos = None
    else:
        cos = float(np.dot(n, b) / (nn * nb))
    out["cosine"] = cos
    out["max_abs_err"] = float(d.max())
    out["max_rel_err"] = float(re.max())
    out["mean_abs_err"] = float(d.mean())
    out["rmse"] = float(np.sqrt(np.mean(d * d)))
    out["rel_euclidean"] = 0.0 if nb <= EPS else float(np.sqrt(np.sum(d * d)) / nb)
    out["one_thousandth_ratio"] = float(np.mean(re < 1e-3))
    out["five_thousandth_ratio"] = float(np.mean(re < 5e-3))
    out["allclose_pass_share"] = float(np.mean(d <= atol + rtol * np.abs(b)))
    # msaccucmp KL(NPU || bench), METRICS.md §3.1, on the zeroed arrays
    eps32 = np.float64(np.finfo(np.float32).eps)

    def norm(x):
        lo, hi = x.min(), x.max()
        x = (x - lo) / (hi - lo) if hi != lo else x.copy()
        return np.maximum(x, eps32)

    pn, qb = norm(n), norm(b)
    p, q = pn / pn.sum(), qb / qb.sum()
    kl = float(np.sum(p * np.log(p / q)))
    out["kl"] = 0.0 if abs(kl) < EPS else kl
    return out


cases = []


def add_npy(name, b, n, dtype_name, rtol, atol, fortran_b=False, fortran_n=False, note=""):
    pb = os.path.join(OUT, name + ".bench.npy")
    pn = os.path.join(OUT, name + ".npu.npy")
    np.save(pb, np.asfortranarray(b) if fortran_b else np.ascontiguousarray(b))
    np.save(pn, np.asfortranarray(n) if fortran_n else np.ascontiguousarray(n))
    r = reference(b, n, dtype_name, rtol, atol)
    r.update({"name": name, "bench": os.path.basename(pb), "npu": os.path.basename(pn), "note": note})
    cases.append(r)


def noisy(b, rel, dtype):
    return (b.astype(np.float64) * (1 + rel * rng.standard_normal(b.shape))).astype(dtype)


os.makedirs(OUT, exist_ok=True)
for f in os.listdir(OUT):
    os.remove(os.path.join(OUT, f))

F32 = (1.3e-6, 1e-5)
F16 = (1e-3, 1e-5)
F64 = (1e-7, 1e-7)

b = rng.standard_normal((64, 48)).astype(np.float32)
add_npy("f32_noise", b, noisy(b, 1e-4, np.float32), "float32", *F32, note="float32 with relative noise 1e-4")
b = rng.standard_normal((3000,)).astype(np.float32) * 100
add_npy("f32_large_values", b, noisy(b, 3e-3, np.float32), "float32", *F32, note="errors around the 1e-3 ratios")
b = rng.standard_normal((32, 33)).astype(np.float16)
add_npy("f16", b, noisy(b, 2e-3, np.float16), "float16", *F16, note="npy f2, widened exactly")
b = rng.standard_normal((20, 30)).astype(np.float64)
add_npy("f64_bigendian", b.astype(">f8"), noisy(b, 1e-9, ">f8"), "float64", *F64, note="big-endian >f8")
b = rng.standard_normal((17, 5, 3)).astype(np.float32)
add_npy("fortran_both", b, noisy(b, 1e-3, np.float32), "float32", *F32, fortran_b=True, fortran_n=True,
        note="both sides in Fortran order: streamed in storage order")
b = rng.standard_normal((9, 11)).astype(np.float32)
add_npy("fortran_vs_c", b, noisy(b, 1e-3, np.float32), "float32", *F32, fortran_b=True, fortran_n=False,
        note="one side Fortran, the other C: reordered to logical order")
b = rng.standard_normal((1000,)).astype(np.float32)
b[::7] = 0
n = noisy(b, 1e-3, np.float32)
n[::21] = 1e-3
add_npy("bench_zeros", b, n, "float32", *F32, note="bench zeros: msprobe adds eps, MaxRelativeErr ~ 4.5e12")
b = rng.standard_normal((50, 20)).astype(np.float32)
n = noisy(b, 1e-5, np.float32)
for a in (b, n):
    a[3, 4] = np.nan
    a[10, 0] = np.inf
    a[11, 1] = -np.inf
add_npy("nan_same_positions", b, n, "float32", *F32, note="NaN/Inf at identical positions: compared as 0")
b = rng.standard_normal((40,)).astype(np.float32)
n = b.copy()
n[17] = np.nan
add_npy("nan_npu_only", b, n, "float32", *F32, note="NaN positions differ: every metric NaN")
b = rng.integers(-1000, 1000, size=(25, 4)).astype(np.int32)
n = b.copy()
n[3, 2] += 5
add_npy("int32", b, n, "int32", 0.0, 0.0, note="integers compared as exact values")
b = rng.integers(0, 2, size=(64,)).astype(np.bool_)
n = b.copy()
n[5] = not n[5]
add_npy("bool", b, n, "bool", 0.0, 0.0, note="bool -> 0/1")
b = np.zeros((10, 10), np.float32)
add_npy("all_zero", b, b.copy(), "float32", *F32, note="both all zero: cosine 1")

# .npz (numpy.savez, stored members): tensors are streamed from their offsets inside the zip.
a = rng.standard_normal((10, 7)).astype(np.float32)
b = rng.standard_normal((33,)).astype(np.float64)
np.savez(os.path.join(OUT, "arrays.bench.npz"), first=a, second=b)
np.savez(os.path.join(OUT, "arrays.npu.npz"), first=noisy(a, 1e-4, np.float32), second=noisy(b, 1e-6, np.float64))
with np.load(os.path.join(OUT, "arrays.npu.npz")) as z:
    r = reference(b, z["second"], "float64", *F64)
r.update({"name": "npz_member", "bench": "arrays.bench.npz", "npu": "arrays.npu.npz", "tensor": "second",
          "note": "a stored member of a numpy.savez archive"})
cases.append(r)

# HDF5: a chunked, gzip-compressed pair (hyperslab path) and a torch.utils.dumper-style pair with
# fp16 stored as float32, uint8 stored as int8 bits and a transposed Stride.
with h5py.File(os.path.join(OUT, "chunked.bench.h5"), "w") as fb, \
        h5py.File(os.path.join(OUT, "chunked.npu.h5"), "w") as fn:
    b = rng.standard_normal((37, 29, 7)).astype(np.float32)
    n = noisy(b, 5e-4, np.float32)
    fb.create_dataset("layer/0/output_0", data=b, chunks=(5, 29, 7), compression="gzip")
    fn.create_dataset("layer/0/output_0", data=n, chunks=(4, 10, 7), compression="gzip")
    r = reference(b, n, "float32", *F32)
    r.update({"name": "h5_chunked_gzip", "bench": "chunked.bench.h5", "npu": "chunked.npu.h5",
              "tensor": "layer/0/output_0", "note": "different chunk shapes on the two sides"})
    cases.append(r)
    # Rows longer than a read chunk: read piecewise along the last axis.
    b2 = rng.standard_normal((2, 3001)).astype(np.float64)
    n2 = noisy(b2, 1e-7, np.float64)
    fb.create_dataset("layer/1/output_0", data=b2, chunks=(1, 500), compression="gzip")
    fn.create_dataset("layer/1/output_0", data=n2, chunks=(2, 64), compression="gzip")
    r = reference(b2, n2, "float64", *F64)
    r.update({"name": "h5_chunked_long_rows", "bench": "chunked.bench.h5", "npu": "chunked.npu.h5",
              "tensor": "layer/1/output_0", "note": "rows longer than the read chunk"})
    cases.append(r)


def dumper_ds(f, path, stored, code, stride):
    ds = f.create_dataset(path, data=stored)
    ds.attrs["DeviceType"] = np.int32(1)
    ds.attrs["DataType"] = np.int32(code)
    ds.attrs["FormatType"] = np.int32(0)
    ds.attrs["Type"] = np.int32(0)
    ds.attrs["Stride"] = np.array(stride, np.int64)
    return ds


w = rng.standard_normal((6, 4)).astype(np.float32)  # (out, in) weight
x16 = rng.standard_normal((8, 5)).astype(np.float16)
u8 = rng.integers(0, 256, size=(12,)).astype(np.uint8)
for side in ("bench", "npu"):
    with h5py.File(os.path.join(OUT, "dumper.%s.h5" % side), "w") as f:
        ww = w if side == "bench" else noisy(w, 1e-4, np.float32)
        # mat2 = weight.t(): logical shape (in, out), stride [1, in], storage = the weight's row-major bytes
        dumper_ds(f, "addmm/1/input/mat2", ww.reshape(4, 6), 1, [1, 4])
        xx = x16 if side == "bench" else noisy(x16, 2e-3, np.float16)
        dumper_ds(f, "addmm/1/output/result", xx.astype(np.float32), 10, [5, 1])
        uu = u8 if side == "bench" else np.where(np.arange(12) == 3, u8 ^ 1, u8).astype(np.uint8)
        dumper_ds(f, "gelu/2/output/result", uu.view(np.int8), 2, [1])
        f.create_dataset("gelu/2/input/approximate", data=np.int64(0)).attrs["Type"] = np.int32(3)
wn = None
with h5py.File(os.path.join(OUT, "dumper.npu.h5"), "r") as f:
    wn = f["addmm/1/input/mat2"][()]
    xn = f["addmm/1/output/result"][()]
    un = f["gelu/2/output/result"][()].view(np.uint8)
r = reference(w.T, wn.reshape(6, 4).T, "float32", *F32)
r.update({"name": "dumper_mat2_stride", "bench": "dumper.bench.h5", "npu": "dumper.npu.h5",
          "tensor": "addmm/1/input/mat2", "note": "transposed Stride [1, in] on both sides"})
cases.append(r)
r = reference(x16.astype(np.float32), xn, "float16", *F16)
r.update({"name": "dumper_fp16_as_f32", "bench": "dumper.bench.h5", "npu": "dumper.npu.h5",
          "tensor": "addmm/1/output/result", "dtype": "float16", "note": "DataType 10 stored as float32"})
cases.append(r)
r = reference(u8, un, "uint8", 0.0, 0.0)
r.update({"name": "dumper_uint8_as_i8", "bench": "dumper.bench.h5", "npu": "dumper.npu.h5",
          "tensor": "gelu/2/output/result", "dtype": "uint8", "note": "DataType 2 stored as int8 bits"})
cases.append(r)

# Broken inputs for tst_dumpreaders: every one must fail (or become an error row) with a message.
BROKEN = os.path.join(OUT, "..", "broken")
os.makedirs(BROKEN, exist_ok=True)
for f in os.listdir(BROKEN):
    os.remove(os.path.join(BROKEN, f))
good = os.path.join(OUT, "f32_noise.bench.npy")
raw = open(good, "rb").read()
open(os.path.join(BROKEN, "truncated.npy"), "wb").write(raw[:len(raw) - 1000])
open(os.path.join(BROKEN, "header_cut.npy"), "wb").write(raw[:40])
open(os.path.join(BROKEN, "bad_magic.npy"), "wb").write(b"\x93NUMPX" + raw[6:])
open(os.path.join(BROKEN, "version9.npy"), "wb").write(raw[:6] + b"\x09\x00" + raw[8:])


def npy_with_header(name, header, payload=b""):
    h = header.encode("latin1")
    pad = 64 - (10 + len(h) + 1) % 64
    h = h + b" " * pad + b"\n"
    open(os.path.join(BROKEN, name), "wb").write(b"\x93NUMPY\x01\x00" + len(h).to_bytes(2, "little") + h + payload)


npy_with_header("object.npy", "{'descr': '|O', 'fortran_order': False, 'shape': (2,), }", b"\x80\x04N." * 4)
npy_with_header("void2_bf16.npy", "{'descr': '|V2', 'fortran_order': False, 'shape': (4,), }", b"\x00\x3f" * 4)
npy_with_header("bad_dict.npy", "{'descr': '<f4', 'fortran_order': Maybe, 'shape': (4,), }", b"\x00" * 16)
npy_with_header("huge_shape.npy", "{'descr': '<f8', 'fortran_order': False, 'shape': (4294967296, 4294967296, 64), }")
open(os.path.join(BROKEN, "empty.npy"), "wb").close()
np.savez_compressed(os.path.join(BROKEN, "compressed.npz"), x=np.arange(10.0))


def short_member_npz(path):
    """A stored member whose .npy header promises 100 float64 values, with 50 of them present."""
    import io
    import zipfile
    buf = io.BytesIO()
    np.save(buf, np.arange(100.0))
    with zipfile.ZipFile(path, "w") as z:
        z.writestr(zipfile.ZipInfo("whole.npy", (2024, 1, 2, 3, 4, 6)), buf.getvalue())
        z.writestr(zipfile.ZipInfo("short.npy", (2024, 1, 2, 3, 4, 6)), buf.getvalue()[:-400])


short_member_npz(os.path.join(BROKEN, "short_member.npz"))
zraw = open(os.path.join(OUT, "arrays.bench.npz"), "rb").read()
open(os.path.join(BROKEN, "truncated.npz"), "wb").write(zraw[:len(zraw) // 2])
h5raw = open(os.path.join(OUT, "dumper.bench.h5"), "rb").read()
open(os.path.join(BROKEN, "truncated.h5"), "wb").write(h5raw[:len(h5raw) // 2])
with h5py.File(os.path.join(BROKEN, "wrong_dtype.h5"), "w") as f:
    dumper_ds(f, "add_Tensor/1/output/result", np.arange(6, dtype=np.int32).reshape(2, 3), 1, [3, 1])
    dumper_ds(f, "add_Tensor/1/input/self", np.ones((2, 3), np.float32), 1, [3, 1])
with h5py.File(os.path.join(BROKEN, "stride_mismatch.h5"), "w") as f:
    dumper_ds(f, "add_Tensor/1/output/result", np.ones((2, 3), np.float32), 1, [1])
    dumper_ds(f, "add_Tensor/1/input/self", np.ones((2, 3), np.float32), 1, [3, 1])
for side, shape in (("bench", (4, 6)), ("npu", (6, 4))):
    with h5py.File(os.path.join(BROKEN, "shape_mismatch.%s.h5" % side), "w") as f:
        dumper_ds(f, "bmm/1/output/result", np.ones(shape, np.float32), 1, [shape[1], 1])
open(os.path.join(BROKEN, "not_json.dump.json"), "w").write('{"task": "statistics", "data": {"A.b.0.forward": [1, 2,')
open(os.path.join(BROKEN, "no_tensors.dump.json"), "w").write('{"task": "statistics", "dump_data_dir": null, "data": {}}')

with open(os.path.join(OUT, "reference.json"), "w") as fh:
    json.dump({"generator": "tests/dump/make_reference.py", "numpy": np.__version__, "cases": cases}, fh, indent=1)
print("wrote %d cases to %s" % (len(cases), OUT), file=sys.stderr)
