#!/usr/bin/python3
"""Records real msprobe training-state monitor output (TrainerMon, CSV format) on CPU.

Usage (Debian 12, /usr/bin/python3 with python3-torch 1.13, pandas, tqdm, yaml):

    /usr/bin/python3 record_msprobe_monitor.py --msprobe MSTT/debug/accuracy_tools --out OUT [--steps 30]

A tiny MLP (seed 1234) trained with Adam for --steps steps; TrainerMon monitors weight
gradients, parameters and optimizer moments (all modules; activations need torch >= 2.0 hooks), ops norm/min/max/mean/nans,
anomaly dump on. Then msprobe's own csv2db turns the CSV folder into monitor_metrics.db and
its anomaly_processor sorts the anomalies into anomaly_analyse.json.
"""
import argparse
import json
import os
import sys
import types


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--msprobe", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--steps", type=int, default=30)
    args = ap.parse_args()
    import torch

    # torch 1.13 has no Tensor.untyped_storage; msprobe only reads data_ptr() through it.
    torch.Tensor.untyped_storage = torch.Tensor.storage
    sys.path.insert(0, args.msprobe)
    for stub in ("matplotlib", "matplotlib.pyplot", "einops"):
        sys.modules.setdefault(stub, types.ModuleType(stub))
    sys.modules["einops"].rearrange = None
    # torch 1.13's FSDP package does not import on Python 3.11 (a dataclass with a mutable
    # default); msprobe only tests isinstance(model, FSDP), which this run's model never is.
    fsdp = types.ModuleType("torch.distributed.fsdp")
    fsdp.FullyShardedDataParallel = type("FullyShardedDataParallel", (), {})
    sys.modules["torch.distributed.fsdp"] = fsdp
    # No tensorboard on Debian: the CSV writer this run uses never touches SummaryWriter, but
    # msprobe's writers module derives a class from it at import time.
    tb = types.ModuleType("torch.utils.tensorboard")
    tb.SummaryWriter = type("SummaryWriter", (), {})
    sys.modules["torch.utils.tensorboard"] = tb
    os.makedirs(args.out, exist_ok=True)
    out = os.path.abspath(args.out)
    os.environ["MONITOR_OUTPUT_DIR"] = out
    cfg = {
        "targets": {},
        "wg_distribution": True,
        "param_distribution": True,
        "mv_distribution": True,
        "format": "csv",
        "ops": ["norm", "min", "max", "mean", "nans"],
        "ndigits": 8,
        "step_count_per_record": 10,
        "alert": {"rules": [{"rule_name": "AnomalyTurbulence", "args": {"threshold": 0.5}}], "dump": True},
    }
    cfg_path = os.path.join(out, "monitor_config.json")
    with open(cfg_path, "w") as f:
        json.dump(cfg, f)
    # msprobe's monitor refuses torch < 2.0 for forward hooks with kwargs (activation monitoring,
    # left off here); the gradient, parameter and optimizer hooks it registers exist in 1.13.
    import msprobe.pytorch  # noqa: F401 (its package init branches on the real version)
    real_version = torch.__version__
    torch.__version__ = "2.1.0"
    # torch >= 2.0 lets @torch.no_grad decorate without parentheses; msprobe's hooks use that.
    real_no_grad = torch.no_grad

    def no_grad(func=None):
        return real_no_grad()(func) if callable(func) else real_no_grad()

    torch.no_grad = no_grad
    # msprobe exports TrainerMon only for torch >= 2.0; the module itself imports on 1.13.
    from msprobe.pytorch.monitor.module_hook import TrainerMon
    torch.__version__ = real_version

    torch.manual_seed(1234)
    model = torch.nn.Sequential(torch.nn.Linear(8, 16), torch.nn.ReLU(), torch.nn.Linear(16, 4))
    opt = torch.optim.Adam(model.parameters(), lr=1e-2)
    mon = TrainerMon(config_file_path=cfg_path, params_have_main_grad=False)
    mon.set_monitor(model, grad_acc_steps=1, optimizer=opt)
    x = torch.randn(64, 8)
    y = torch.randn(64, 4)
    for step in range(args.steps):
        opt.zero_grad()
        loss = torch.nn.functional.mse_loss(model(x), y)
        loss.backward()
        opt.step()
    from msprobe.core.monitor.csv2db import CSV2DBConfig, csv2db
    csv2db(CSV2DBConfig(monitor_path=out, output_dirpath=os.path.join(out, "csv2db")))
    # msprobe's anomaly sorter: anomaly_detected/rank*/anomaly.json -> anomaly_analyse.json.
    from msprobe.core.monitor import anomaly_processor
    sys.argv = ["anomaly_processor", "-d", os.path.join(out, "anomaly_detected")]
    anomaly_processor._anomaly_analyse()


if __name__ == "__main__":
    main()
