#!/usr/bin/env python3
"""Deterministic generator of a baseline/target trace pair with planted differences (issue #10).

Standard library only.  Usage:

    gen_trace_pair.py --out-dir DIR [--baseline gpu|npu] [--steps N] [--layers L] [--seed S]
                      [--bytes SIZE]

Writes DIR/baseline.json (a Kineto trace of a GPU run, or a torch_npu trace_view.json of an NPU
run) and DIR/target.json (always torch_npu style) and DIR/truth.json naming what was planted.
--bytes 1G keeps adding steps until each file is about that large (the benchmark's 1 GB pair).

Both runs train the same L-layer model: per layer aten::linear -> matmul, aten::layer_norm,
aten::gelu, aten::dropout and aten::add, each launching one device kernel; an all-reduce of the
gradients at the end of every step; a synchronisation that ends the step.  Planted in the target:

  * the matmul family runs 3x longer (MatMulV2 on the AI Core);
  * one extra TransData per layer (format conversion);
  * aten::dropout and its kernel are removed;
  * the all-reduce starts only after the last layer's compute, so it is exposed, where the
    baseline's overlaps the second half of the layers;
  * device memory peaks 20 % higher.

Everything else (host op durations, layer_norm, gelu, add kernels, all-reduce length) is the same
on both sides up to +-1 % noise, so an op diff must rank the planted rows first and call the rest
"same".
"""
import argparse
import json
import os
import random

MATMUL_US = 100.0
NPU_EPOCH_US = 1_704_161_510_000_000
PLANT = {"matmul_factor": 3.0, "transdata_us": 8.0, "removed_op": "aten::dropout",
         "allreduce_us": 400.0, "memory_factor": 1.2}


class Writer:
    def __init__(self, path, kind):
        self.f = open(path, "w")
        self.kind = kind
        self.first = True
        if kind == "kineto":
            self.f.write('{\n  "schemaVersion": 1,\n  "deviceProperties": [{"id": 0, "name": "NVIDIA A100"}],\n'
                         '  "distributedInfo": {"backend": "nccl", "rank": 0, "world_size": 2},\n'
                         '  "traceEvents": [\n')
        else:
            self.f.write("[\n")
        self.bytes = self.f.tell()

    def ev(self, obj):
        # Kineto pretty-prints its events (one key per line, indented); torch_npu writes them
        # compactly, one per line.
        if self.kind == "kineto":
            text = "  " + json.dumps(obj, indent=2).replace("\n", "\n  ")
        else:
            text = json.dumps(obj, separators=(",", ":"))
        if not self.first:
            self.f.write(",\n")
            self.bytes += 2
        self.first = False
        self.f.write(text)
        self.bytes += len(text)

    def close(self):
        if self.kind == "kineto":
            self.f.write('\n  ],\n  "displayTimeUnit": "ms",\n  "traceName": "generated"\n}\n')
        else:
            self.f.write("\n]\n")
        self.f.close()


class Run:
    """One run: host thread, device streams, flows, memory."""

    def __init__(self, w, platform, target, rng):
        self.w, self.platform, self.target, self.r = w, platform, target, rng
        # Times stay small floats (exact to the ns); torch_npu's epoch timestamps are written as
        # decimal strings with the epoch added in integer arithmetic, as a double at 1.7e15 µs
        # would round them to 0.25 µs and make back-to-back tasks overlap.
        self.t = 1_000_000.0
        self.dev_free = self.t
        self.comm_free = self.t
        self.flow = 1000
        self.alloc = 2.0e9
        self.pid = 4242
        self.tid = 4242
        if platform == "gpu":
            self.dev_pid, self.compute_tid, self.comm_tid = 0, 7, 28
        else:
            self.dev_pid, self.compute_tid, self.comm_tid = 800, 3, 5
        self.meta()

    def ts(self, rel):
        if self.platform == "gpu":
            return round(rel, 3)
        ns = int(round(rel * 1000))
        return "%d.%03d" % (NPU_EPOCH_US + ns // 1000, ns % 1000)

    def noise(self, us):
        return us * self.r.uniform(0.99, 1.01)

    def meta(self):
        w = self.w
        w.ev({"ph": "M", "name": "process_name", "pid": self.pid, "tid": 0, "args": {"name": "python"}})
        w.ev({"ph": "M", "name": "thread_name", "pid": self.pid, "tid": self.tid, "args": {"name": "pt_main_thread"}})
        if self.platform == "gpu":
            w.ev({"ph": "M", "name": "process_name", "pid": 0, "tid": 0, "args": {"name": "python"}})
            w.ev({"ph": "M", "name": "process_labels", "pid": 0, "tid": 0, "args": {"labels": "GPU 0"}})
            for s in (self.compute_tid, self.comm_tid):
                w.ev({"ph": "M", "name": "thread_name", "pid": 0, "tid": s, "args": {"name": "stream %d " % s}})
        else:
            w.ev({"ph": "M", "name": "process_name", "pid": 800, "tid": 0, "args": {"name": "Ascend Hardware"}})
            for s in (self.compute_tid, self.comm_tid):
                w.ev({"ph": "M", "name": "thread_name", "pid": 800, "tid": s, "args": {"name": "Stream %d" % s}})
            w.ev({"ph": "M", "name": "process_name", "pid": 900, "tid": 0, "args": {"name": "HCCL"}})
            w.ev({"ph": "M", "name": "thread_name", "pid": 900, "tid": 1, "args": {"name": "Communication"}})

    def x(self, name, cat, pid, tid, ts, dur, args=None):
        # the end, not ts and dur separately, is rounded so that back-to-back slices stay apart
        end = round(ts + dur, 3)
        ts = round(ts, 3)
        e = {"ph": "X", "cat": cat, "name": name, "pid": pid, "tid": tid, "ts": self.ts(ts), "dur": round(end - ts, 3)}
        if args:
            e["args"] = args
        self.w.ev(e)

    def memory(self, nbytes):
        self.alloc += nbytes
        factor = PLANT["memory_factor"] if self.target else 1.0
        self.w.ev({"ph": "i", "s": "t", "cat": "cpu_instant_event", "name": "[memory]", "pid": self.pid,
                   "tid": self.tid, "ts": self.ts(self.t),
                   "args": {"Total Allocated": int(self.alloc * factor), "Total Reserved": int(self.alloc * factor * 1.25),
                            "Bytes": nbytes, "Device Type": 1, "Device Id": 0}})

    def kernel(self, name, dur, task_type, stream=None):
        """Launches a device task from the host at self.t; returns nothing."""
        stream = stream or self.compute_tid
        self.flow += 1
        launch_dur = self.noise(5.0)
        if self.platform == "gpu":
            self.x("cudaLaunchKernel", "cuda_runtime", self.pid, self.tid, self.t, launch_dur,
                   {"correlation": self.flow})
            self.w.ev({"ph": "s", "id": self.flow, "pid": self.pid, "tid": self.tid, "ts": self.ts(self.t + 0.5),
                       "cat": "ac2g", "name": "ac2g"})
        else:
            self.w.ev({"ph": "s", "id": self.flow, "pid": self.pid, "tid": self.tid, "ts": self.ts(self.t + 0.5),
                       "cat": "async_npu", "name": "async_npu", "bp": "e"})
        start = max(self.dev_free, self.t + launch_dur + self.noise(3.0))
        dur = self.noise(dur)
        if self.platform == "gpu":
            cat = "gpu_memcpy" if task_type == "MEMCPY" else "kernel"
            self.x(name, cat, 0, stream, start, dur, {"stream": stream, "correlation": self.flow, "device": 0})
            self.w.ev({"ph": "f", "id": self.flow, "pid": 0, "tid": stream, "ts": self.ts(start), "cat": "ac2g",
                       "name": "ac2g", "bp": "e"})
        else:
            self.x(name, "", 800, stream, start, dur, {"Task Type": task_type, "Stream Id": stream, "Task Id": self.flow})
            self.w.ev({"ph": "f", "id": self.flow, "pid": 800, "tid": stream, "ts": self.ts(start),
                       "cat": "async_npu", "name": "async_npu", "bp": "e"})
        self.dev_free = start + dur + self.noise(1.0)
        self.t += launch_dur + 0.5

    def op(self, name, dims, body):
        start = self.t
        self.t += self.noise(2.0)
        body()
        self.t += self.noise(2.0)
        self.x(name, "cpu_op", self.pid, self.tid, start, self.t - start,
               {"Input Dims": dims, "Input type": ["float"] * len(dims)})
        self.t += 1.0

    def layer(self, i, allreduce_at):
        g = self.platform == "gpu"
        B, H = 16, 1024
        mm = MATMUL_US * (PLANT["matmul_factor"] if self.target else 1.0)
        self.op("aten::linear", [[B, H], [H, H], [H]], lambda: self.op(
            "aten::addmm", [[H], [B, H], [H, H]],
            lambda: self.kernel("ampere_sgemm_128x64_tn" if g else "aclnnMm_MatMulCommon_MatMulV2", mm, "AI_CORE")))
        if self.target:
            self.kernel("trans_TransData_%d" % i, PLANT["transdata_us"], "AI_CORE")
        self.op("aten::layer_norm", [[B, H], [H], [H]], lambda: self.kernel(
            "void at::native::vectorized_layer_norm_kernel<float, float>" if g else "LayerNormV3", 20.0, "AI_VECTOR_CORE"))
        self.op("aten::gelu", [[B, H]], lambda: self.kernel(
            "void at::native::GeluCUDAKernelImpl" if g else "aclnnGelu_GeluAiCore_Gelu", 15.0, "AI_VECTOR_CORE"))
        if not self.target:
            self.op("aten::dropout", [[B, H], [], []], lambda: (self.memory(B * H * 4), self.kernel(
                "void at::native::fused_dropout_kernel_vec<float>" if g else "aclnnDropout_DropOutDoMask_DropOutDoMask",
                12.0, "AI_VECTOR_CORE")))
        else:
            self.memory(B * H * 4)
        self.op("aten::add", [[B, H], [B, H], []], lambda: self.kernel(
            "void at::native::vectorized_elementwise_kernel<4, at::native::CUDAFunctor_add<float>>" if g
            else "aclnnAdd_AddAiCore_Add", 10.0, "AI_VECTOR_CORE"))
        if i == allreduce_at:
            self.allreduce()

    def allreduce(self):
        # Runs on its own stream from the moment it is issued: concurrent with the compute that
        # follows on the baseline, alone after the last layer on the target.
        dur = self.noise(PLANT["allreduce_us"])
        start = max(self.comm_free, self.t + 10.0)
        if self.target:
            start = max(start, self.dev_free)
        self.op("nccl:all_reduce" if self.platform == "gpu" else "HcclAllreduce", [[4096, 1024]], lambda: None)
        if self.platform == "gpu":
            self.x("ncclDevKernel_AllReduce_Sum_f32_RING_LL", "kernel", 0, self.comm_tid, start, dur,
                   {"stream": self.comm_tid})
        else:
            self.x("hcom_allReduce__%d_0_1" % self.flow, "", 900, 1, start, dur, {})
            half = dur / 2
            self.x("Notify_Wait", "", 800, self.comm_tid, start, half, {"Task Type": "NOTIFY_WAIT"})
            self.x("Reduce_Inline", "", 800, self.comm_tid, start + half, half, {"Task Type": "REDUCE_ASYNC_V2"})
        self.comm_free = start + dur
        if self.target:
            self.dev_free = max(self.dev_free, self.comm_free)

    def step(self, k, layers):
        start = self.t
        allreduce_at = layers - 1 if self.target else layers // 2
        for i in range(layers):
            self.layer(i, allreduce_at)
        # torch.cuda.synchronize() / torch.npu.synchronize() ends the step: a runtime call, not an
        # aten op, that waits for the device.
        sync_start = self.t
        end = max(self.dev_free, self.comm_free) + self.noise(5.0)
        self.x("cudaDeviceSynchronize" if self.platform == "gpu" else "aclrtSynchronizeDevice",
               "cuda_runtime" if self.platform == "gpu" else "runtime", self.pid, self.tid, sync_start,
               end - sync_start)
        self.t = end + 2.0
        self.x("ProfilerStep#%d" % k, "user_annotation" if self.platform == "gpu" else "cpu_op", self.pid,
               self.tid, start - 1.0, self.t - start + 1.0)
        self.t += 3.0


def generate(path, platform, target, steps, layers, seed, max_bytes):
    w = Writer(path, "kineto" if platform == "gpu" else "npu")
    run = Run(w, platform, target, random.Random(seed))
    k = 1
    while (max_bytes and w.bytes < max_bytes) or (not max_bytes and k <= steps):
        run.step(k, layers)
        k += 1
    w.close()
    return k - 1


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--out-dir", required=True)
    ap.add_argument("--baseline", choices=["gpu", "npu"], default="gpu")
    ap.add_argument("--steps", type=int, default=3)
    ap.add_argument("--layers", type=int, default=8)
    ap.add_argument("--seed", type=int, default=10)
    ap.add_argument("--bytes", default="", help="e.g. 1G: add steps until each file is this large")
    a = ap.parse_args()
    size = 0
    if a.bytes:
        units = {"K": 1 << 10, "M": 1 << 20, "G": 1 << 30}
        size = int(float(a.bytes[:-1]) * units[a.bytes[-1].upper()]) if a.bytes[-1].upper() in units else int(a.bytes)
    os.makedirs(a.out_dir, exist_ok=True)
    nb = generate(os.path.join(a.out_dir, "baseline.json"), a.baseline, False, a.steps, a.layers, a.seed, size)
    nt = generate(os.path.join(a.out_dir, "target.json"), "npu", True, a.steps, a.layers, a.seed + 1, size)
    truth = dict(PLANT, layers=a.layers, baseline_platform=a.baseline, baseline_steps=nb, target_steps=nt,
                 matmul_us=MATMUL_US)
    with open(os.path.join(a.out_dir, "truth.json"), "w") as f:
        json.dump(truth, f, indent=1, sort_keys=True)


if __name__ == "__main__":
    main()
