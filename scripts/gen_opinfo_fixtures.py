#!/usr/bin/env python3
"""Writes the op-info test fixtures in tests/data/opinfo (run once; the outputs are committed and
the tests assert their exact counts). Uses gen_plog.py's grammar helpers."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from gen_plog import (BF16, FP16, FP32, FRACTAL_NZ, FRACTAL_Z, INT32, NC1HWC0, NCHW, ND, Writer,
                      desc, record)

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tests", "data", "opinfo")
T0 = 36000 * 1000000  # 10:00:00


def matmul(b):
    return record("MatMul", [desc(FP16, ND, [b, 1024]), desc(FP16, ND, [1024, 4096])],
                  [desc(FP16, ND, [b, 4096])], "transpose_x1 = 0, transpose_x2 = 0")


def add(b):
    return record("Add", [desc(FP16, ND, [b, 4096]), desc(FP16, ND, [1], const=[0, 60])],
                  [desc(FP16, ND, [b, 4096])])


CONV = record("Conv2D", [desc(FP32, NCHW, [4, 1, 28, 28]), desc(FP32, NCHW, [6, 1, 3, 3], FRACTAL_Z, [9, 1, 16, 16])],
              [desc(FP32, NCHW, [4, 6, 26, 26], NC1HWC0, [4, 1, 26, 26, 16])],
              "data_format = NCHW, dilations = [1, 1, 1, 1], groups = 1, pads = [0, 0, 0, 0], "
              "strides = [1, 1, 1, 1]")
TRANSDATA = record("TransData", [desc(FP16, ND, [32, 4096])],
                   [desc(FP16, FRACTAL_NZ, [32, 4096], FRACTAL_NZ, [256, 2, 16, 16])],
                   "src_format = ND, dst_format = FRACTAL_NZ, groups = 1")
CAST = record("Cast", [desc(FP32, ND, [32, 4096])], [desc(FP16, ND, [32, 4096])], "dst_type = 1")


def bmm(n):
    return record("BatchMatMulV2",
                  [desc(BF16, ND, [8, 2048, 128], shape_range="[[1,16],[1,4096],[128,128]]") for _ in range(n)],
                  [desc(BF16, ND, [8, 2048, 2048], shape_range="[[1,16],[1,4096],[1,4096]]")],
                  "adj_x1 = 0, adj_x2 = 1, offset_x = 0, enable_hf32 = 0, opImplMode = high_precision, "
                  "_keep_dtype = 1, _op_impl_mode_enum = 1, _fusion_scope = transformer_block_0_attention")


LAYERNORM = record("LayerNormV3",
                   [desc(BF16, ND, [8, 2048, 4096]), desc(BF16, ND, [4096]), desc(BF16, ND, [4096])],
                   [desc(BF16, ND, [8, 2048, 4096]), desc(FP32, ND, [8, 2048, 1]), desc(FP32, ND, [8, 2048, 1]),
                    desc(FP32, ND, [8, 2048, 1])],
                   "begin_norm_axis = -1, begin_params_axis = -1, epsilon = 1e-05")
RNN = record("DynamicRNN", [desc(FP16, ND, [35, 16, 512]) for _ in range(4)] + [desc(INT32, ND, [16])],
             [desc(FP16, ND, [35, 16, 512]) for _ in range(3)], "cell_type = LSTM, direction = UNIDIRECTIONAL")


def aclop(text):
    return "aclopCompile::aclOp = " + text


def file_a():
    """plog-pid_4242: LF, no wall-clock prefix, one record per line, markers, errors, garbage."""
    w = Writer(4242)
    w.line("EVENT", "ASCENDCL", T0 + 1000, "acl.cpp:143", 4242, "aclInit start")
    w.line("INFO", "RUNTIME", T0 + 10100, "runtime.cc:1180", 4242, "rtSetDevice: device_id=0")
    w.line("INFO", "ASCENDCL", T0 + 100000, "op_compile.cpp:74", 4242, aclop(matmul(32)))
    w.line("INFO", "ASCENDCL", T0 + 110000, "op_compile.cpp:74", 4242, aclop(CONV))
    w.line("INFO", "ASCENDCL", T0 + 120000, "op_compile.cpp:74", 4242, aclop(TRANSDATA))
    w.line("INFO", "ASCENDCL", T0 + 130000, "op_compile.cpp:74", 4242, aclop(CAST))
    w.line("INFO", "ASCENDCL", T0 + 140000, "op_compile.cpp:74", 4242, aclop(add(32)))
    w.line("WARNING", "RUNTIME", T0 + 200000, "stream.cc:953", 4250, "stream 3 synchronize timeout, retry 1")
    w.line("INFO", "GE", T0 + 900000, "graph_manager.cc:2101", 4242, "GraphManager::RunGraph end, step 1")
    w.raw("\xff\xfe partial write from a crashed process \x7f")
    w.raw("")
    w.line("INFO", "ASCENDCL", T0 + 5000000, "op_compile.cpp:74", 4242, aclop(matmul(48)))
    w.line("INFO", "ASCENDCL", T0 + 5000300, "op_model_manager.cpp:231", 4242, "To compile op MatMul, input shape changed")
    w.line("INFO", "ASCENDCL", T0 + 6000000, "op_compile.cpp:74", 4242, aclop(add(48)))
    w.line("INFO", "ASCENDCL", T0 + 6000100, "op_model_manager.cpp:231", 4242,
           "Match op inputs/type failed, op type is Add")
    w.line("INFO", "ASCENDCL", T0 + 7000000, "op_compile.cpp:74", 4242, aclop(matmul(32)))
    w.line("ERROR", "ASCENDCL", T0 + 8000000, "op_executor.cpp:312", 4242,
           "aclopExecuteV2: execute op[ArgMax] failed, result = 500002")
    w.line("WARNING", "ASCENDCL", T0 + 8100000, "op_compile.cpp:200", 4242,
           "op[ArgMax] is not supported on AI Core, now it is running on AiCpu.")
    w.line("WARNING", "RUNTIME", T0 + 8200000, "stream.cc:953", 4250, "stream 3 synchronize timeout, retry 2")
    w.line("INFO", "ASCENDCL", T0 + 9000000, "op_compile.cpp:74", 4242, aclop(TRANSDATA))
    return w.text()


def file_b():
    """plog-pid_5151: CRLF, wall-clock prefix, records over the line limit (DEBUG chunks, appended and
    re-logged), a record cut by a following line, one cut at the end of the file, a torch_npu AI CPU
    warning and a garbage line."""
    w = Writer(5151, crlf=True, wall=True)
    t = T0 + 10 * 1000000
    w.line("INFO", "ASCENDCL", t, "acl.cpp:162", 5151, "aclInit: init acl success")
    other = w.wallprefix(t + 2) + w.prefix("INFO", "RUNTIME", t + 2, "stream.cc:612", 5160) + "rtStreamSynchronize ok"
    w.long_message("INFO", "ASCENDCL", t + 100, "op_compile.cpp:74", 5151, aclop(bmm(3)), mode="append",
                   interleave=[other])
    w.long_message("INFO", "ASCENDCL", t + 1000000, "op_compile.cpp:74", 5151, aclop(LAYERNORM), mode="relog")
    w.long_message("INFO", "ASCENDCL", t + 2000000, "op_compile.cpp:74", 5160, aclop(RNN), mode="cut")
    w.line("INFO", "ASCENDCL", t + 2000100, "op_model.cpp:88", 5160, "aclopCreateHandle success")
    w.raw("[W compiler_depend.ts:41] Warning: Warning: kernel [ArgSort] can not support dtype int32 or int64 on "
          "AiCore, Now this kernel is running on AiCpu.")
    w.raw("Epoch 0: 100%|##########| 10/10 [00:01<00:00]")
    w.line("DEBUG", "GE", t + 3000000, "ge_log.cc:77", 5151, "Thread pool task 12 done")
    w.line("ERROR", "GE", t + 3500000, "graph_executor.cc:411", 5151, "Run graph failed, graph_id = 3")
    w.long_message("INFO", "ASCENDCL", t + 4000000, "op_compile.cpp:74", 5151, aclop(bmm(3)), mode="append")
    w.long_message("INFO", "ASCENDCL", t + 5000000, "op_compile.cpp:74", 5151, aclop(bmm(3)), mode="cut")
    return w.text()


def summary():
    """ascend_op_info_summary.txt as get_ascend_op_info.py writes it: "<type> <rest>" with the last
    two characters of each log line (an Attr's closing brace, or the trailing space) dropped."""
    lines = []
    for text in [matmul(32), matmul(48), CONV, add(32), TRANSDATA]:
        op_info = text[len("OpType: "):] + "\n"
        op_info = op_info[:-2]
        op_type = op_info.split(",")[0]
        lines.append(op_type + " " + op_info[len(op_type) + 2:])
    return "\n".join(lines) + "\n"


def write(path, text, binary_ok=False):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    data = text.encode("utf-8", "surrogateescape") if not binary_ok else text.encode("latin-1")
    with open(path, "wb") as f:
        f.write(data)


def main():
    a = file_a()
    # The garbage line holds raw bytes 0xff 0xfe (not UTF-8), as a crashed writer leaves them.
    write(os.path.join(ROOT, "good", "plog", "plog-pid_4242_20260319100000.log"), a, binary_ok=True)
    write(os.path.join(ROOT, "good", "plog", "plog-pid_5151_20260319100010.log"), file_b())
    write(os.path.join(ROOT, "good", "ascend_op_info_summary.txt"), summary())


if __name__ == "__main__":
    main()


def broken():
    """Inputs that must load with counted problems or fail cleanly."""
    w = Writer(777)
    t = T0
    w.line("INFO", "ASCENDCL", t, "acl.cpp:162", 777, "aclInit: init acl success")
    # Month 13: not a plog time stamp, so not a plog line.
    w.raw("[INFO] ASCENDCL(777,python3):2026-13-19-10:00:00.000.000 [acl.cpp:1]777 bad month")
    # A line cut inside its prefix.
    w.raw("[INFO] ASCENDCL(777,pyth")
    # A level plog does not have.
    w.raw("[FATAL] ASCENDCL(777,python3):2026-03-19-10:00:00.000.000 [acl.cpp:1]777 no such level")
    # NUL bytes in the middle of a line.
    w.raw("\x00\x00\x00\x00 zeroed block")
    # Short lines (not at the limit) whose record text is nonetheless incomplete.
    w.line("INFO", "ASCENDCL", t + 100, "op_compile.cpp:74", 777,
           "aclopCompile::aclOp = OpType: Cast, InputDesc[0]: [TensorDesc] DataType = 0, Format = 2, "
           "StorageFormat = 2, Shape = [32, ")
    w.line("INFO", "ASCENDCL", t + 200, "op_compile.cpp:74", 777,
           "aclopCompile::aclOp = OpType: Mul, InputDesc[1]: " + desc(FP16, ND, [4]) + " OutputDesc[0]: "
           + desc(FP16, ND, [4]))
    w.line("INFO", "ASCENDCL", t + 300, "op_compile.cpp:74", 777, "aclopCompile::aclOp = OpType: ")
    # Unknown enum codes are kept as numbers.
    w.line("INFO", "ASCENDCL", t + 400, "op_compile.cpp:74", 777,
           aclop(record("Abs", [desc(99, 77, [2, 2])], [desc(99, 77, [2, 2])])))
    # An Attr without its closing brace in a plog line is cut, not repaired.
    w.line("INFO", "ASCENDCL", t + 500, "op_compile.cpp:74", 777,
           aclop(record("Relu", [desc(FP16, ND, [8])], [desc(FP16, ND, [8])], "x = 1"))[:-1])
    # A DEBUG chunk with no record waiting for it is an ordinary DEBUG line.
    w.line("DEBUG", "ASCENDCL", t + 600, "op_compile.cpp:74", 777, "StorageShape = [8], shapeRange = []")
    return w.text()


def write_broken():
    write(os.path.join(ROOT, "broken", "garbage_mixed.log"), broken())
    write(os.path.join(ROOT, "broken", "not_a_plog.log"),
          "Epoch 0: 100%|##########| 10/10\nloss went down\nno host log here\n")
    write(os.path.join(ROOT, "broken", "empty.log"), "")


if __name__ == "__main__":
    write_broken()
