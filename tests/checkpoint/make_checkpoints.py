#!/usr/bin/python3
"""Writes the checkpoint fixtures under tests/data/checkpoint/ (issue #13).

Every tensor is built with numpy from a fixed seed; the same small network is saved
  - as PyTorch would: torch.save of an OrderedDict state dict (and of a training checkpoint
    {"epoch", "model", "optimizer"} with Adam state), through Debian's python3-torch;
  - as MindSpore would: the serialized Checkpoint protobuf message of MindSpore's public
    checkpoint.proto (our own minimal copy, ms_checkpoint.proto, compiled here with protoc),
    MindSpore's parameter names and order, one message per value exactly as save_checkpoint
    writes them, scalars with dims [0];
  - as safetensors (written by the format's specification), .npz and HDF5.
The MindSpore copy differs from the PyTorch one in exactly one place: layer1.0.bn2's
moving_variance, channel 5, is 2.5 larger (ms_net_scaled.ckpt instead scales
layer1.0.bn1's moving_variance by 1.05). Broken fixtures cover the bad-input cases.

Run with Debian's python (numpy, h5py, python3-protobuf, python3-torch, protobuf-compiler):
    /usr/bin/python3 tests/checkpoint/make_checkpoints.py
Output is deterministic: a second run rewrites every file byte for byte (checked with
python3-torch 1.13.1, whose torch.save writes fixed zip timestamps).
"""
import argparse
import collections
import json
import os
import struct
import subprocess
import sys
import tempfile
import zlib

import h5py
import numpy as np
import torch

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "..", "data", "checkpoint")
# What the malicious pickle would create if it ever ran (tst_torchcheckpoint checks it does not).
PWNED = "/tmp/twinscope-ckpt-pwned"


def load_proto():
    tmp = tempfile.mkdtemp()
    subprocess.check_call(["protoc", "-I", HERE, "--python_out", tmp,
                           os.path.join(HERE, "ms_checkpoint.proto")])
    sys.path.insert(0, tmp)
    import ms_checkpoint_pb2  # noqa: E402
    return ms_checkpoint_pb2


pb = load_proto()
MS_TYPE = {np.float32: "Float32", np.float16: "Float16", np.int32: "Int32", np.int64: "Int64"}


def network(rng):
    """The PyTorch state dict of a small network: conv + BatchNorm blocks, a Conv1d, an
    Embedding, a LayerNorm and a Linear head."""
    sd = collections.OrderedDict()

    def bn(prefix, c):
        sd[prefix + ".weight"] = rng.uniform(0.5, 1.5, c).astype(np.float32)
        sd[prefix + ".bias"] = rng.normal(0, 0.1, c).astype(np.float32)
        sd[prefix + ".running_mean"] = rng.normal(0, 0.1, c).astype(np.float32)
        sd[prefix + ".running_var"] = rng.uniform(0.5, 1.5, c).astype(np.float32)
        sd[prefix + ".num_batches_tracked"] = np.array(100, dtype=np.int64)

    sd["conv1.weight"] = rng.normal(0, 0.2, (8, 3, 3, 3)).astype(np.float32)
    bn("bn1", 8)
    sd["layer1.0.conv1.weight"] = rng.normal(0, 0.1, (8, 8, 3, 3)).astype(np.float32)
    bn("layer1.0.bn1", 8)
    sd["layer1.0.conv2.weight"] = rng.normal(0, 0.1, (16, 8, 3, 3)).astype(np.float32)
    bn("layer1.0.bn2", 16)
    sd["temporal.weight"] = rng.normal(0, 0.1, (4, 16, 3)).astype(np.float32)  # Conv1d
    sd["temporal.bias"] = rng.normal(0, 0.1, 4).astype(np.float32)
    sd["embed.weight"] = rng.normal(0, 1, (20, 16)).astype(np.float32)
    sd["norm.weight"] = rng.uniform(0.5, 1.5, 16).astype(np.float32)
    sd["norm.bias"] = rng.normal(0, 0.1, 16).astype(np.float32)
    sd["fc.weight"] = rng.normal(0, 0.1, (10, 16)).astype(np.float32)
    sd["fc.bias"] = rng.normal(0, 0.1, 10).astype(np.float32)
    return sd


def ms_names(sd):
    """MindSpore's names and order for the same tensors: BatchNorm keeps moving_mean,
    moving_variance, gamma, beta (in that order, as nn.BatchNorm2d creates them) and no counter;
    Embedding has embedding_table; LayerNorm gamma/beta; Conv1d's weight is [out, in, 1, k]."""
    out = collections.OrderedDict()
    done = set()
    for name, value in sd.items():
        if name in done:
            continue
        prefix, leaf = name.rsplit(".", 1)
        if prefix + ".running_var" in sd and leaf in ("weight", "bias", "running_mean",
                                                       "running_var", "num_batches_tracked"):
            out[prefix + ".moving_mean"] = sd[prefix + ".running_mean"]
            out[prefix + ".moving_variance"] = sd[prefix + ".running_var"]
            out[prefix + ".gamma"] = sd[prefix + ".weight"]
            out[prefix + ".beta"] = sd[prefix + ".bias"]
            done.update(prefix + "." + x for x in ("weight", "bias", "running_mean",
                                                   "running_var", "num_batches_tracked"))
            continue
        if name == "embed.weight":
            out["embed.embedding_table"] = value
        elif name.startswith("norm."):
            out["norm." + {"weight": "gamma", "bias": "beta"}[leaf]] = value
        elif name == "temporal.weight":
            out[name] = value.reshape(4, 16, 1, 3)
        else:
            out[name] = value
        done.add(name)
    return out


def ms_value(name, array, type_name=None, slices=1):
    """Serialized Checkpoint messages for one parameter, as save_checkpoint writes them: the
    content split into `slices` consecutive values with one tag (MindSpore slices at 512 MiB)."""
    data = np.ascontiguousarray(array).tobytes()
    dims = list(array.shape) if array.shape != () else [0]
    step = -(-len(data) // slices) if data else 0
    step += (-step) % max(array.itemsize, 1)
    chunks = [data[i:i + step] for i in range(0, len(data), step)] if data else [b""]
    out = b""
    for chunk in chunks:
        ckpt = pb.Checkpoint()
        value = ckpt.value.add()
        value.tag = name
        value.tensor.dims.extend(dims)
        value.tensor.tensor_type = type_name or MS_TYPE[array.dtype.type]
        value.tensor.tensor_content = chunk
        out += ckpt.SerializeToString()
    return out


def write_ckpt(path, params, extra=b"", slices=None):
    slices = slices or {}
    with open(path, "wb") as f:
        for name, value in params.items():
            f.write(ms_value(name, value, slices=slices.get(name, 1)))
        f.write(extra)


def write_safetensors(path, sd):
    header, blobs, offset = {"__metadata__": {"format": "pt"}}, [], 0
    codes = {np.float32: "F32", np.int64: "I64"}
    for name, value in sd.items():
        data = np.ascontiguousarray(value).tobytes()
        header[name] = {"dtype": codes[value.dtype.type], "shape": list(value.shape),
                        "data_offsets": [offset, offset + len(data)]}
        blobs.append(data)
        offset += len(data)
    write_safetensors_raw(path, header, b"".join(blobs))


def write_safetensors_raw(path, header, data):
    text = json.dumps(header).encode()
    text += b" " * ((-len(text)) % 8)
    with open(path, "wb") as f:
        f.write(struct.pack("<Q", len(text)) + text + data)


def torch_state(sd):
    return collections.OrderedDict((k, torch.from_numpy(np.array(v))) for k, v in sd.items())


def adam_state(sd, rng):
    """torch.optim.Adam's state_dict for the parameters (not the buffers) of sd."""
    params = [k for k in sd if not k.endswith(("running_mean", "running_var",
                                               "num_batches_tracked"))]
    state, moments = {}, {}
    for i, name in enumerate(params):
        m = (rng.normal(0, 0.01, sd[name].shape)).astype(np.float32)
        v = (rng.uniform(0, 1e-4, sd[name].shape)).astype(np.float32)
        moments[name] = (m, v)
        state[i] = {"step": torch.tensor(10.0), "exp_avg": torch.from_numpy(m),
                    "exp_avg_sq": torch.from_numpy(v)}
    groups = [{"lr": 0.001, "betas": (0.9, 0.999), "eps": 1e-08, "weight_decay": 0,
               "amsgrad": False, "maximize": False, "foreach": None, "capturable": False,
               "differentiable": False, "fused": False, "params": list(range(len(params)))}]
    return {"state": state, "param_groups": groups}, moments


def scalar(value, dtype):
    return np.array(value, dtype=dtype)


class Pwn:
    """A pickle that would create a file if anyone unpickled it with pickle.load."""

    def __reduce__(self):
        return (os.system, ("touch " + PWNED,))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default=OUT)
    args = parser.parse_args()
    good, broken = os.path.join(args.out, "good"), os.path.join(args.out, "broken")
    os.makedirs(good, exist_ok=True)
    os.makedirs(broken, exist_ok=True)
    rng = np.random.default_rng(13)
    sd = network(rng)

    # The acceptance pair: identical but for one BatchNorm moving variance.
    torch.save(torch_state(sd), os.path.join(good, "torch_net.pth"))
    ms = ms_names(sd)
    ms["layer1.0.bn2.moving_variance"] = ms["layer1.0.bn2.moving_variance"].copy()
    ms["layer1.0.bn2.moving_variance"][5] += 2.5
    write_ckpt(os.path.join(good, "ms_net.ckpt"), ms)
    # The same MindSpore parameters with fc.weight written in three slices, as MindSpore writes a
    # parameter over 512 MiB (consecutive values with one tag).
    write_ckpt(os.path.join(good, "ms_net_sliced.ckpt"), ms, slices={"fc.weight": 3})
    # Issue #24: one moving variance scaled by 1.05 on every element (cosine 1, every element
    # 5 % larger); everything else is the PyTorch copy's exact values.
    scaled = ms_names(sd)
    scaled["layer1.0.bn1.moving_variance"] = (
        scaled["layer1.0.bn1.moving_variance"] * np.float32(1.05)).astype(np.float32)
    write_ckpt(os.path.join(good, "ms_net_scaled.ckpt"), scaled)
    # One saved tensor (what msprobe dumps): a tensor dump, not a checkpoint.
    torch.save(torch.from_numpy(sd["fc.bias"]), os.path.join(good, "tensor.pt"))
    # The PyTorch state in other containers, each holding the very same values.
    write_safetensors(os.path.join(good, "net.safetensors"), sd)
    np.savez(os.path.join(good, "net.npz"), **sd)
    with h5py.File(os.path.join(good, "net.h5"), "w") as f:
        for name, value in sd.items():
            f.create_dataset(name.replace(".", "/"), data=value)

    # Training checkpoints with optimizer state (Adam): PyTorch keys it by parameter index,
    # MindSpore saves moment1/moment2 clones and bookkeeping scalars next to the weights.
    opt, moments = adam_state(sd, rng)
    torch.save({"epoch": 3, "model": torch_state(sd), "optimizer": opt},
               os.path.join(good, "torch_train.pth"))
    ms_train = ms_names(sd)
    ms_moments = collections.OrderedDict()

    def ms_param(torch_name):
        prefix, leaf = torch_name.rsplit(".", 1)
        if prefix + ".running_var" in sd:
            return prefix + "." + {"weight": "gamma", "bias": "beta"}[leaf]
        if torch_name == "embed.weight":
            return "embed.embedding_table"
        if prefix == "norm":
            return "norm." + {"weight": "gamma", "bias": "beta"}[leaf]
        return torch_name

    for torch_name, (m, v) in moments.items():
        shape = ms_train[ms_param(torch_name)].shape
        ms_moments["moment1." + ms_param(torch_name)] = m.reshape(shape)
        ms_moments["moment2." + ms_param(torch_name)] = v.reshape(shape)
    ms_train.update(ms_moments)
    ms_train["global_step"] = scalar(10, np.int32)
    ms_train["learning_rate"] = scalar(0.001, np.float32)
    ms_train["beta1_power"] = np.array([0.9 ** 10], dtype=np.float32)
    ms_train["beta2_power"] = np.array([0.999 ** 10], dtype=np.float32)
    text = pb.Checkpoint()
    value = text.value.add()
    value.tag = "network_name"
    value.tensor.dims.append(0)
    value.tensor.tensor_type = "str"
    value.tensor.tensor_content = "ResNetTiny".encode("utf-32-le")
    table = pb.Checkpoint()
    value = table.value.add()
    value.tag = "hash_embedding"
    value.maptensor = b"\x0a\x00"
    write_ckpt(os.path.join(good, "ms_train.ckpt"), ms_train,
               extra=text.SerializeToString() + table.SerializeToString())

    # Update mode: the two runs start from different weights (so every parameter differs), then
    # take one step of the same optimizer (after = before - 0.01 * g, the same g on both sides),
    # except that MindSpore's gradient of fc.weight is wrong in its last five rows (a backward-pass
    # bug). Only the update of fc.weight differs; the weights themselves differ everywhere.
    before = network(np.random.default_rng(7))
    ms_before_torch_names = network(np.random.default_rng(8))
    grads = {k: np.random.default_rng(zlib.crc32(k.encode())).normal(0, 1, v.shape)
             .astype(np.float32) for k, v in before.items() if v.dtype == np.float32}
    wrong = dict(grads)
    wrong["fc.weight"] = grads["fc.weight"].copy()
    wrong["fc.weight"][5:] = np.random.default_rng(99).normal(0, 1, (5, 16)).astype(np.float32)

    def step(weights, g):
        return collections.OrderedDict(
            (k, (v - np.float32(0.01) * g[k]).astype(np.float32) if k in g else v + 1)
            for k, v in weights.items())

    torch.save(torch_state(before), os.path.join(good, "torch_before.pth"))
    torch.save(torch_state(step(before, grads)), os.path.join(good, "torch_after.pth"))
    write_safetensors(os.path.join(good, "net_before.safetensors"), before)
    write_safetensors(os.path.join(good, "net_after.safetensors"), step(before, grads))
    write_ckpt(os.path.join(good, "ms_before.ckpt"), ms_names(ms_before_torch_names))
    write_ckpt(os.path.join(good, "ms_after.ckpt"), ms_names(step(ms_before_torch_names, wrong)))

    # Bad input.
    small = collections.OrderedDict([("a.weight", np.arange(6, dtype=np.float32).reshape(2, 3)),
                                     ("a.bias", np.ones(2, dtype=np.float32))])
    with open(os.path.join(broken, "ckpt_unknown_type.ckpt"), "wb") as f:
        f.write(ms_value("a.weight", small["a.weight"]))
        f.write(ms_value("a.bias", small["a.bias"], type_name="Complex64"))
    with open(os.path.join(broken, "ckpt_size_mismatch.ckpt"), "wb") as f:
        bad = pb.Checkpoint()
        value = bad.value.add()
        value.tag = "a.weight"
        value.tensor.dims.extend([4, 4])
        value.tensor.tensor_type = "Float32"
        value.tensor.tensor_content = b"\0" * 12
        f.write(bad.SerializeToString())
        f.write(ms_value("a.bias", small["a.bias"]))
    data = open(os.path.join(good, "ms_net.ckpt"), "rb").read()
    with open(os.path.join(broken, "ckpt_truncated.ckpt"), "wb") as f:
        f.write(data[:len(data) * 3 // 5])
    with open(os.path.join(broken, "ckpt_encrypted.ckpt"), "wb") as f:
        f.write(np.random.default_rng(5).integers(0, 256, 4096, dtype=np.uint8).tobytes())

    blob = np.ascontiguousarray(small["a.weight"]).tobytes() + small["a.bias"].tobytes()
    header = {"a.weight": {"dtype": "F32", "shape": [2, 3], "data_offsets": [0, 24]},
              "a.bias": {"dtype": "F32", "shape": [2], "data_offsets": [24, 4000]}}
    write_safetensors_raw(os.path.join(broken, "st_offsets_past_end.safetensors"), header, blob)
    header["a.bias"]["data_offsets"] = [24, 28]
    write_safetensors_raw(os.path.join(broken, "st_wrong_size.safetensors"), header, blob)
    header["a.bias"]["data_offsets"] = [16, 24]
    write_safetensors_raw(os.path.join(broken, "st_overlap.safetensors"), header, blob)
    with open(os.path.join(broken, "st_header_too_long.safetensors"), "wb") as f:
        f.write(struct.pack("<Q", 1 << 20) + b'{"a.weight": {"dtype": "F32"')
    with open(os.path.join(broken, "st_not_json.safetensors"), "wb") as f:
        f.write(struct.pack("<Q", 16) + b'{"data_offsets":' + blob)

    state = torch_state(small)
    torch.save({"model": state, "hook": Pwn()}, os.path.join(broken, "pth_malicious.pth"))
    torch.save({"model": state, "args": argparse.Namespace(lr=0.1)},
               os.path.join(broken, "pth_nontensor_global.pth"))
    data = open(os.path.join(good, "torch_net.pth"), "rb").read()
    with open(os.path.join(broken, "pth_truncated.pth"), "wb") as f:
        f.write(data[:len(data) // 2])


if __name__ == "__main__":
    main()
