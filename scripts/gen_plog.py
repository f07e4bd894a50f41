#!/usr/bin/env python3
"""Deterministic CANN host-log (plog) generator for Twinscope's op-info parser benchmarks.

No public real plog exists (docs/FORMATS.md section 4), so the lines follow the documented grammar:
    [LEVEL] MODULE(pid,process):YYYY-MM-DD-HH:MM:SS.mmm.uuu [file:line]tid message
with aclopCompile::aclOp records (AclOp::DebugString), records longer than the plog line limit cut
at 1023 characters and re-logged as DEBUG chunks, recompiles after the first step followed by the
porting guide's "To compile op" / "Match op inputs/type failed" markers, WARNING/ERROR noise, AI CPU
fallbacks and a few garbage lines.

    gen_plog.py --bytes 1G --out /tmp/plog-pid_1000_big.log [--seed 7] [--crlf] [--wallclock]

Standard library only.
"""
import argparse
import random
import sys

LINE_LIMIT = 1023  # plog's 1024-byte buffer minus the terminating NUL

FP32, FP16, INT32, INT64, BOOL, BF16 = 0, 1, 3, 9, 12, 27
NCHW, ND, NC1HWC0, FRACTAL_Z, FRACTAL_NZ = 0, 2, 3, 4, 29


def shape_text(shape):
    return "[" + ", ".join(str(d) for d in shape) + "]"


def desc(dtype, fmt, shape, storage_format=None, storage_shape=None, shape_range="[]", memtype=0,
         const=None):
    sf = fmt if storage_format is None else storage_format
    ss = shape if storage_shape is None else storage_shape
    text = ("[TensorDesc] DataType = %d, Format = %d, StorageFormat = %d, Shape = %s, StorageShape = %s, "
            "shapeRange = %s, memtype = %d, " % (dtype, fmt, sf, shape_text(shape), shape_text(ss),
                                                 shape_range, memtype))
    if const is None:
        return text + "isConst = 0"
    return text + "isConst = true, Const Len = %d ,Const data = %s," % (
        2 * len(const), ",".join(str(v) for v in const))


def record(op_type, inputs, outputs, attr=None):
    text = "OpType: %s, " % op_type
    for i, d in enumerate(inputs):
        text += "InputDesc[%d]: %s " % (i, d)
    for i, d in enumerate(outputs):
        text += "OutputDesc[%d]: %s " % (i, d)
    if attr is not None:
        text += "Attr: {%s}" % attr
    return text


def stamp(t_us):
    """t_us: microseconds since 2026-03-19 00:00:00."""
    s, us = divmod(int(t_us), 1000000)
    h, s = divmod(s, 3600)
    m, s = divmod(s, 60)
    return "2026-03-19-%02d:%02d:%02d.%03d.%03d" % (h, m, s, us // 1000, us % 1000)


def wallclock(t_us):
    s = int(t_us) // 1000000
    return "[2026-03-19 %02d:%02d:%02d] " % (s // 3600, (s // 60) % 60, s % 60)


class Writer:
    """Formats plog lines; cuts at the limit and adds DEBUG chunks like newer CANN."""

    def __init__(self, pid, process="python3", crlf=False, wall=False):
        self.pid, self.process, self.crlf, self.wall = pid, process, crlf, wall
        self.lines = []

    def prefix(self, level, module, t_us, src, tid):
        return "[%s] %s(%d,%s):%s [%s]%d " % (level, module, self.pid, self.process, stamp(t_us), src, tid)

    def raw(self, text):
        self.lines.append(text)

    def line(self, level, module, t_us, src, tid, message):
        text = self.prefix(level, module, t_us, src, tid) + message
        if len(text) > LINE_LIMIT:
            text = text[:LINE_LIMIT]
        self.lines.append((self.wallprefix(t_us)) + text)

    def wallprefix(self, t_us):
        return wallclock(t_us) if self.wall else ""

    def long_message(self, level, module, t_us, src, tid, message, mode="append", chunks_src=None,
                     interleave=None):
        """A message longer than the limit: the cut line, then DEBUG chunks.

        mode "append": the chunks carry what the cut line lost; "relog": the whole message again;
        "cut": no chunks (the record stays truncated). interleave: lines written between the cut
        line and the first chunk (other threads).
        """
        head = self.prefix(level, module, t_us, src, tid)
        full = head + message
        self.lines.append(self.wallprefix(t_us) + full[:LINE_LIMIT])
        for extra in interleave or []:
            self.lines.append(extra)
        if mode == "cut" or len(full) <= LINE_LIMIT:
            return
        rest = full[LINE_LIMIT:] if mode == "append" else message
        dprefix = self.prefix("DEBUG", module, t_us + 1, chunks_src or src, tid)
        room = LINE_LIMIT - len(dprefix)
        while True:
            piece, rest = rest[:room], rest[room:]
            self.lines.append(self.wallprefix(t_us) + dprefix + piece)
            # A final chunk exactly at the limit would read as cut; CANN pads never, neither do we:
            # if that happens, an empty-tail chunk closes the string.
            if not rest:
                if len(dprefix + piece) >= LINE_LIMIT:
                    self.lines.append(self.wallprefix(t_us) + dprefix.rstrip(" ") + " ")
                break

    def text(self):
        eol = "\r\n" if self.crlf else "\n"
        return eol.join(self.lines) + eol


def signature_pool(rng):
    """About 40 op types of a transformer step, with shapes for batch sizes 32 and others."""
    pool = []
    hidden = [1024, 2048, 4096]
    for h in hidden:
        pool.append(("MatMul", lambda b, h=h: record(
            "MatMul", [desc(FP16, ND, [b, h]), desc(FP16, ND, [h, 4 * h])], [desc(FP16, ND, [b, 4 * h])],
            "transpose_x1 = 0, transpose_x2 = 0")))
        pool.append(("TransData", lambda b, h=h: record(
            "TransData", [desc(FP16, ND, [b, h])],
            [desc(FP16, FRACTAL_NZ, [b, h], FRACTAL_NZ, [h // 16, (b + 15) // 16, 16, 16])],
            "src_format = ND, dst_format = FRACTAL_NZ, groups = 1")))
        pool.append(("Cast", lambda b, h=h: record(
            "Cast", [desc(FP32, ND, [b, h])], [desc(FP16, ND, [b, h])], "dst_type = 1")))
        pool.append(("Add", lambda b, h=h: record(
            "Add", [desc(FP16, ND, [b, h]), desc(FP16, ND, [1], const=[0, 60])], [desc(FP16, ND, [b, h])])))
        pool.append(("LayerNorm", lambda b, h=h: record(
            "LayerNorm", [desc(FP16, ND, [b, h]), desc(FP16, ND, [h]), desc(FP16, ND, [h])],
            [desc(FP16, ND, [b, h]), desc(FP32, ND, [b, 1]), desc(FP32, ND, [b, 1])],
            "begin_norm_axis = -1, begin_params_axis = -1, epsilon = 1e-05")))
    for name in ["Mul", "Sub", "RealDiv", "Gelu", "GeluGrad", "SoftmaxV2", "SoftmaxGrad", "ReduceSumD",
                 "ReduceMeanD", "Sqrt", "Rsqrt", "Exp", "Log", "Maximum", "Minimum", "Tanh", "Relu",
                 "ReluGrad", "Sigmoid", "Neg", "Square", "Pow", "Greater", "Less", "Equal", "Select",
                 "Tile", "ConcatD", "SplitD", "ArgMaxD", "ZerosLike", "OnesLike", "Fill", "Slice"]:
        pool.append((name, lambda b, name=name: record(
            name, [desc(FP16, ND, [b, 4096]), desc(FP16, ND, [b, 4096])], [desc(FP16, ND, [b, 4096])])))
    pool.append(("Conv2D", lambda b: record(
        "Conv2D", [desc(FP16, NCHW, [b, 3, 224, 224], NC1HWC0, [b, 1, 224, 224, 16]),
                   desc(FP16, NCHW, [64, 3, 7, 7], FRACTAL_Z, [49, 4, 16, 16])],
        [desc(FP16, NCHW, [b, 64, 112, 112], NC1HWC0, [b, 4, 112, 112, 16])],
        "data_format = NCHW, dilations = [1, 1, 1, 1], groups = 1, pads = [3, 3, 3, 3], "
        "strides = [1, 1, 2, 2]")))
    # A long fused op whose DebugString exceeds the line limit (multi-line).
    pool.append(("FlashAttentionScore", lambda b: record(
        "FlashAttentionScore",
        [desc(BF16, ND, [b, 32, 2048, 128], shape_range="[[1,64],[32,32],[1,8192],[128,128]]")
         for _ in range(4)],
        [desc(BF16, ND, [b, 32, 2048, 128]), desc(FP32, ND, [b, 32, 2048, 8]), desc(FP32, ND, [b, 32, 2048, 8])],
        "head_num = 32, input_layout = BNSD, keep_prob = 1, pre_tockens = 2147483647, "
        "next_tockens = 0, scale_value = 0.0883883, sparse_mode = 0, inner_precise = 0")))
    return pool


DYNAMIC = {"MatMul", "Add", "Cast", "TransData", "SoftmaxV2", "Gelu", "FlashAttentionScore"}

NOISE = [
    ("INFO", "GE", "graph_manager.cc:2101", "GraphManager::RunGraph end, graph_id = %d"),
    ("INFO", "RUNTIME", "stream.cc:612", "stream_id=%d, task submit ok"),
    ("DEBUG", "RUNTIME", "npu_driver.cc:1880", "MemCopySync: size=%d, kind=1"),
    ("INFO", "ASCENDCL", "op_executor.cpp:145", "aclopExecuteV2: op execute success, stream = %d"),
    ("DEBUG", "ASCENDCL", "op_model_cache.cpp:88", "match op model in cache, hash = %d"),
    ("INFO", "HCCL", "hccl_comm.cc:410", "AllReduce: tag = %d, count = 4096, dataType = float16"),
    ("DEBUG", "GE", "ge_log.cc:77", "Thread pool task %d done"),
    ("INFO", "PROFILING", "prof_acl_mgr.cpp:301", "profiling switch is off, device %d"),
]


def generate(target_bytes, seed, crlf, wall, out):
    rng = random.Random(seed)
    pool = signature_pool(rng)
    pid = 1000
    tids = [pid, pid + 8, pid + 9, pid + 12]
    t = 36000 * 1000000  # 10:00:00
    written = 0
    step = 0
    batches = [32]
    eol = "\r\n" if crlf else "\n"
    with open(out, "w", encoding="utf-8", newline="") as f:
        while written < target_bytes:
            step += 1
            w = Writer(pid, crlf=crlf, wall=wall)
            # From step 3 on, a dynamic-shape input brings new batch sizes (recompiles).
            if step >= 3 and step % 5 == 0:
                batches.append(rng.choice([8, 16, 24, 40, 48, 56, 64]))
            for _ in range(3000):
                t += rng.randint(5, 400)
                tid = rng.choice(tids)
                r = rng.random()
                if r < 0.12:
                    name, make = rng.choice(pool)
                    # Only ops fed by the dynamic-shape input see the new batch sizes.
                    b = rng.choice(batches) if name in DYNAMIC else 32
                    msg = "aclopCompile::aclOp = " + make(b)
                    if len(w.prefix("INFO", "ASCENDCL", t, "op_compile.cpp:74", tid) + msg) > LINE_LIMIT:
                        w.long_message("INFO", "ASCENDCL", t, "op_compile.cpp:74", tid, msg,
                                       mode="append" if rng.random() < 0.7 else "relog")
                    else:
                        w.line("INFO", "ASCENDCL", t, "op_compile.cpp:74", tid, msg)
                    if b != 32:
                        t += 3
                        marker = (rng.choice(["To compile op %s, input shape changed" % name,
                                              "Match op inputs/type failed, op type is %s" % name]))
                        w.line("INFO", "ASCENDCL", t, "op_model_manager.cpp:231", tid, marker)
                elif r < 0.125:
                    w.line("WARNING", rng.choice(["RUNTIME", "GE", "HCCL"]), t, "stream.cc:953", tid,
                           "stream %d synchronize timeout, retry %d" % (rng.randint(0, 8), rng.randint(1, 3)))
                elif r < 0.1255:
                    w.line("ERROR", "ASCENDCL", t, "op_executor.cpp:312", tid,
                           "aclopExecuteV2: execute op[ArgMax] failed, result = 500002")
                elif r < 0.126:
                    w.line("WARNING", "ASCENDCL", t, "op_compile.cpp:200", tid,
                           "op[%s] is not supported on AI Core, now it is running on AiCpu."
                           % rng.choice(["ArgMax", "Unique", "NonZero", "ArgSort"]))
                elif r < 0.1261:
                    w.raw("\x1b[31mTraceback (most recent call last): garbage %d\x1b[0m" % rng.randint(0, 9999))
                else:
                    level, module, src, fmt = rng.choice(NOISE)
                    w.line(level, module, t, src, tid, fmt % rng.randint(0, 100000))
            text = w.text()
            f.write(text)
            written += len(text.encode("utf-8"))
    return written


def parse_size(text):
    mult = {"K": 1 << 10, "M": 1 << 20, "G": 1 << 30}
    if text[-1].upper() in mult:
        return int(float(text[:-1]) * mult[text[-1].upper()])
    return int(text)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--bytes", default="1G", help="approximate size: 1G, 200M, 5000K")
    ap.add_argument("--out", required=True)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--crlf", action="store_true")
    ap.add_argument("--wallclock", action="store_true", help="prefix [YYYY-MM-DD HH:MM:SS] like stdout wrappers")
    args = ap.parse_args()
    n = generate(parse_size(args.bytes), args.seed, args.crlf, args.wallclock, args.out)
    print("wrote %d bytes to %s" % (n, args.out), file=sys.stderr)


if __name__ == "__main__":
    main()
