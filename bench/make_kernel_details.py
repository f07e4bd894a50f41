#!/usr/bin/env python3
"""A large torch_npu kernel_details.csv for the hostile-input figures of docs/RELIABILITY.md (issue #30):

    make_kernel_details.py --rows 450000 --types 200000 --seed SEED.csv --out DIR/ASCEND_PROFILER_OUTPUT/kernel_details.csv

SEED is a real kernel_details.csv (tests/data/shared/profiler/torch_npu_level1/text/rank0_ascend_pt/
ASCEND_PROFILER_OUTPUT/kernel_details.csv): its header is kept, and every row is its first row's layout
with its own op type (of --types distinct ones), name and start time. Then
`/usr/bin/time -f '%e s %U user %M KB' twinscope-cli profile [--json] DIR`.
"""
import argparse
import os


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--rows", type=int, required=True)
    ap.add_argument("--types", type=int, required=True)
    ap.add_argument("--seed", required=True)
    ap.add_argument("--out", required=True)
    args = ap.parse_args()
    with open(args.seed) as f:
        header = f.readline()
    os.makedirs(os.path.dirname(os.path.abspath(args.out)), exist_ok=True)
    t0 = 1736408883704643.212
    with open(args.out, "w") as f:
        f.write(header)
        for i in range(args.rows):
            op = "Op%d" % (i % args.types)
            f.write('50,4294967295,%d,2,%s_%d,%s,dynamic,AI_VECTOR_CORE,%.3f\t,53.741,0,32,0,NO,'
                    '"""32,3,224,224""",FLOAT,NCHW,"""32,1,224,224,8""",FLOAT,NC1HWC0,N/A,0.0,0,0.0,0.0,0.0,'
                    '0.0,0.0,0.0,0.0,0.0,0.0,0.0,0.0,50.522,2910056,9.406,0.186,4.32,0.086,27.875,0.552,'
                    '33.687,0.667,0.023,0\n' % (i, op, i, op, t0 + i * 60))


if __name__ == "__main__":
    main()
