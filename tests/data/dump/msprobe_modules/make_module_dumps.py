#!/usr/bin/python3
"""Writes the msprobe mix-level dumps of tests/data/dump/msprobe_modules with msprobe's own dumper,
then msprobe's own graph compare (.vis.db) of each pair. Tensor mode uses the same tree at 1/16 of the width (tiny_resnet).

Usage (Debian 12, /usr/bin/python3 with python3-torch 1.13, python3-torchvision 0.14, python3-yaml,
python3-pandas, python3-openpyxl, python3-tqdm, python3-packaging):

    /usr/bin/python3 make_module_dumps.py --msprobe MSTT/debug/accuracy_tools --out OUT
    /usr/bin/python3 make_module_dumps.py --msprobe MSTT/debug/accuracy_tools --out OUT --graph OUT/vis

Each run is a separate process (msprobe's PrecisionDebugger is a singleton): torchvision resnet18
(num_classes 10, seed 1234), one 2x3x32x32 batch (batch norm in training needs 2 values per channel at layer4) (generator seed 99), one forward + backward step
with SGD, level "mix" (modules and APIs, so construct.json holds the module tree), on CPU.

  bench    float32: the benchmark
  deep     the output of layer3.1.bn2 (depth 3) is scaled by 1.25
  mid      the output of layer2.0.downsample.0 (depth 4: layer2 > 0 > downsample > 0) by 0.5
  shallow  0.1 is added to the output of bn1 (depth 1, top level)

The module is the first (and deepest) place whose recorded outputs change (see plant()).
"""
import argparse
import json
import os
import subprocess
import sys
import types

RUNS = {
    "bench": None,
    "deep": ("layer3.1.bn2", "scale", 1.25),
    "mid": ("layer2.0.downsample.0", "scale", 0.5),
    "shallow": ("bn1", "shift", 0.1),
    # The same plants through a forward hook: torch 1.13 runs msprobe's module hooks first, so
    # msprobe records each module's output before the hook changes it.
    "hookdeep": ("layer3.1.bn2", "hook-scale", 1.25),
    "hookmid": ("layer2.0.downsample.0", "hook-scale", 0.5),
    "hookshallow": ("bn1", "hook-shift", 0.1),
}
TASKS = {"statistics": ["bench", "deep", "mid", "shallow", "hookdeep", "hookmid", "hookshallow"],
         "md5": ["bench", "deep", "shallow"],
         "tensor": ["bench", "deep"]}


def prepare(msprobe):
    import torch

    # torch 1.13 has no Tensor.untyped_storage, which msprobe only uses to check data_ptr().
    torch.Tensor.untyped_storage = torch.Tensor.storage
    sys.path.insert(0, msprobe)
    # Modules Debian lacks, imported by msprobe parts these runs never use.
    for stub in ("matplotlib", "matplotlib.pyplot", "einops"):
        sys.modules.setdefault(stub, types.ModuleType(stub))
    sys.modules["einops"].rearrange = None
    return torch


def plant(torch, module, kind, amount):
    """Wraps the module's forward: the planted change is part of the module's own output, which
    msprobe's module hooks (they run before a forward hook of ours) then record. The arithmetic goes
    through torch's C entry points, which msprobe does not wrap, so the plant adds no API node."""
    if kind.startswith("hook-"):
        def hook(_module, _inputs, out):
            if kind == "hook-scale":
                return torch._C._VariableFunctions.mul(out, amount)
            return torch._C._VariableFunctions.add(out, amount)
        module.register_forward_hook(hook)
        return
    forward = module.forward

    def planted(*args, **kwargs):
        out = forward(*args, **kwargs)
        if kind == "scale":
            return torch._C._VariableFunctions.mul(out, amount)
        return torch._C._VariableFunctions.add(out, amount)
    module.forward = planted


def tiny_resnet(torch, torchvision):
    """resnet18's module tree (same names, torchvision's BasicBlock, [2, 2, 2, 2]) at widths
    4/8/16/32: tensor mode saves every input, output and weight, 620 MB for the real resnet18."""
    from torchvision.models.resnet import ResNet, BasicBlock

    class TinyResNet(ResNet):
        def __init__(self):
            super().__init__(BasicBlock, [2, 2, 2, 2], num_classes=10)
            self.inplanes = 4
            self.conv1 = torch.nn.Conv2d(3, 4, kernel_size=7, stride=2, padding=3, bias=False)
            self.bn1 = torch.nn.BatchNorm2d(4)
            self.layer1 = self._make_layer(BasicBlock, 4, 2)
            self.layer2 = self._make_layer(BasicBlock, 8, 2, stride=2)
            self.layer3 = self._make_layer(BasicBlock, 16, 2, stride=2)
            self.layer4 = self._make_layer(BasicBlock, 32, 2, stride=2)
            self.fc = torch.nn.Linear(32, 10)

    torch.manual_seed(1234)
    return TinyResNet()


def one_run(args):
    torch = prepare(args.msprobe)
    import torchvision
    from msprobe.pytorch import PrecisionDebugger

    torch.manual_seed(1234)
    model = tiny_resnet(torch, torchvision) if args.task == "tensor" else \
        torchvision.models.resnet18(num_classes=10)
    planted = RUNS[args.run]
    if planted:
        plant(torch, dict(model.named_modules())[planted[0]], planted[1], planted[2])
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    summary = {"statistics": "statistics", "md5": "md5", "tensor": "statistics"}[args.task]
    config = {
        "task": "tensor" if args.task == "tensor" else "statistics",
        "dump_path": args.out, "rank": [], "step": [], "level": "mix",
        "tensor": {"scope": [], "list": [], "data_mode": ["all"], "file_format": "bin"},
        "statistics": {"scope": [], "list": [], "data_mode": ["all"], "summary_mode": summary},
    }
    os.makedirs(os.path.dirname(args.out), exist_ok=True)
    config_path = args.out + ".config.json"
    with open(config_path, "w") as f:
        json.dump(config, f)
    debugger = PrecisionDebugger(config_path=config_path)
    data = torch.Generator().manual_seed(99)
    x = torch.randn(2, 3, 32, 32, generator=data)
    target = torch.randint(0, 10, (2,), generator=data)
    debugger.start(model)
    loss = torch.nn.functional.cross_entropy(model(x), target)
    opt.zero_grad()
    loss.backward()
    opt.step()
    debugger.stop()
    debugger.step()
    print(args.run, args.task, "loss", float(loss))
    os.remove(config_path)


def run_graph(args):
    prepare(args.msprobe)
    from msprobe.visualization.graph_service import _graph_service_command

    for task, runs in TASKS.items():
        for run in runs:
            out = os.path.join(args.graph, f"{task}_{run}")
            os.makedirs(out, exist_ok=True)
            param = {"npu_path": os.path.join(args.out, task, run, "step0", "rank"),
                     "bench_path": os.path.join(args.out, task, "bench", "step0", "rank"),
                     "is_print_compare_log": False}
            param_path = os.path.join(out, "input.json")
            with open(param_path, "w") as f:
                json.dump(param, f)
            ns = argparse.Namespace(input_path=param_path, output_path=out, layer_mapping=None,
                                    overflow_check=True, fuzzy_match=False, framework="pytorch")
            _graph_service_command(ns)
            os.remove(param_path)


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--msprobe", required=True)
    p.add_argument("--out", required=True)
    p.add_argument("--run")
    p.add_argument("--task")
    p.add_argument("--graph", help="folder for msprobe's graph compare results (.vis.db)")
    args = p.parse_args()
    if args.run:
        return one_run(args)
    if args.graph:
        return run_graph(args)
    for task, runs in TASKS.items():
        for run in runs:
            out = os.path.join(args.out, task, run)
            subprocess.run([sys.executable, __file__, "--msprobe", args.msprobe, "--out", out,
                            "--run", run, "--task", task], check=True)


if __name__ == "__main__":
    main()
