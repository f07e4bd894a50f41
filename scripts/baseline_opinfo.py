#!/usr/bin/env python3
"""What users do today (the porting guide's get_ascend_op_info.py approach), for benchmark ratios:
read every *.log in a plog folder line by line, keep "[INFO] ASCENDCL ... aclopCompile::aclOp" lines,
cut the op type and its parameters out of the text and count them. Keeps the counts the original
throws away, so it does strictly more work than the guide's script, never less.

    baseline_opinfo.py PLOG_FOLDER_OR_FILE
"""
import collections
import os
import sys


def main():
    path = sys.argv[1]
    files = [path] if os.path.isfile(path) else [
        os.path.join(path, f) for f in sorted(os.listdir(path)) if f.endswith(".log") or f.endswith(".out")]
    per_type = collections.defaultdict(collections.Counter)
    for name in files:
        with open(name, "r", encoding="utf-8", errors="replace") as f:
            for line in f:
                if line.startswith("[INFO] ASCENDCL") and "aclopCompile::aclOp" in line:
                    parts = line.split("OpType: ")
                    if len(parts) < 2:
                        continue
                    info = parts[1][:-2]
                    op_type = info.split(",")[0]
                    per_type[op_type][info[len(op_type) + 2:]] += 1
    total = sum(sum(c.values()) for c in per_type.values())
    print("%d compiles, %d op types, %d with more than one signature" % (
        total, len(per_type), sum(1 for c in per_type.values() if len(c) > 1)))


if __name__ == "__main__":
    main()
