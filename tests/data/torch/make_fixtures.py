#!/usr/bin/python3
"""Writes the .pt fixtures of tests/core/torch with Debian's python3-torch (1.13).

Run from this folder: /usr/bin/python3 make_fixtures.py
Every file is what torch.save writes, except malicious*.pt, whose pickles would run a command
if torch.load (or any unrestricted unpickler) read them: Twinscope must refuse them unread.
"""
import collections
import os
import pickle
import zipfile

import torch

torch.manual_seed(0)
base = torch.arange(12, dtype=torch.float32).reshape(3, 4) / 4 - 1  # -1, -0.75, ..., 1.75

torch.save(base, "tensor_f32.pt")
torch.save(base.to(torch.bfloat16), "tensor_bf16.pt")
torch.save(base.to(torch.float16), "tensor_f16.pt")
torch.save(torch.arange(5, dtype=torch.int64) - 2, "tensor_i64.pt")
torch.save(torch.tensor([True, False, True]), "tensor_bool.pt")
torch.save(torch.tensor(2.5), "tensor_scalar.pt")
torch.save(torch.zeros(0, 3), "tensor_empty.pt")
torch.save(base.t(), "view_transposed.pt")       # storage order differs from logical order
torch.save(base[1:], "view_offset.pt")            # storage offset 4, rows 1..2
torch.save(base[:, ::2], "view_strided.pt")       # gaps: not a reordering, refused
torch.save(torch.nn.Parameter(base.clone()), "parameter.pt")
torch.save(base, "protocol4.pt", pickle_protocol=4)

lin = torch.nn.Linear(4, 3)
torch.save(lin.state_dict(), "state_dict.pt")

opt = torch.optim.SGD(lin.parameters(), lr=0.1, momentum=0.9)
lin(base).sum().backward()
opt.step()
torch.save(
    {
        "model": lin.state_dict(),
        "optimizer": opt.state_dict(),  # state keyed by int parameter ids
        "step": 7,
        "lr": 0.1,
        "name": "tiny",
        "flag": True,
        "nothing": None,
        "bytes": b"\x00\x01\xff",      # protocol 2 writes _codecs.encode(..., 'latin1')
        "shape": torch.Size([3, 4]),
        "dtype": torch.bfloat16,
        "big": 2**70,                  # LONG1 with 9 bytes
        "negative": -(2**40),
        "shared": [base, base[1:]],    # one storage, two views
    },
    "checkpoint.pt",
)
torch.save(base, "legacy.pt", _use_new_zipfile_serialization=False)


class RunsCommand:
    def __reduce__(self):
        return (os.system, ("touch twinscope-pickle-executed",))


torch.save({"weight": base, "payload": RunsCommand()}, "malicious_reduce.pt")

# The same attack through STACK_GLOBAL (protocol 4) and builtins.eval, stored in a torch.save zip.
payload = pickle.dumps(
    {"payload": type("E", (), {"__reduce__": lambda self: (eval, ("open('twinscope-pickle-executed', 'w')",))})()},
    protocol=4,
)
with zipfile.ZipFile("malicious_eval.pt", "w", zipfile.ZIP_STORED) as z:
    z.writestr("malicious_eval/data.pkl", payload)
    z.writestr("malicious_eval/version", "3\n")

for name in sorted(os.listdir(".")):
    if name.endswith(".pt"):
        print(name, os.path.getsize(name))
