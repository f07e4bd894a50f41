#include "common/testdata.h"
#include "core/common/filesniffer.h"

#include <QCryptographicHash>
#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace Twinscope::Core;

class tst_FileSniffer : public QObject
{
    Q_OBJECT

private slots:
    void realFiles_data();
    void realFiles();
    void everySharedFileHasAnExpectation();
    void sharedCopyIsComplete();
    void folders();
    void brokenInputs();
    void unreadableFile();
    void gzipPrefixIsSniffed();
    void realH100Data_data();
    void realH100Data();
    void checkpoints_data();
    void checkpoints();
    void compareResultsAndStacks_data();
    void compareResultsAndStacks();
};

namespace {

struct Expectation
{
    const char *file;
    const char *kind;
    const char *producer;
};

// Every file of the shared corpus (tests/data/shared, a copy of ../shared/data) with the kind and
// producer a user would name (docs/FORMATS.md §0).
const Expectation expectations[] = {
    {"PROVENANCE.md", "unknown", ""},
    {"dump/msprobe_ms_2_3_input.npy", "dump", "npy"},
    {"dump/msprobe_ms_api_info_statistics.json", "dump", "msprobe"},
    {"dump/msprobe_ms_api_info_tensor.json", "dump", "msprobe"},
    {"dump/msprobe_ms_vs_pt_compare/mindspore_data/construct.json", "dump", "msprobe"},
    {"dump/msprobe_ms_vs_pt_compare/mindspore_data/dump.json", "dump", "msprobe"},
    {"dump/msprobe_ms_vs_pt_compare/mindspore_data/stack.json", "dump", "msprobe"},
    {"dump/msprobe_ms_vs_pt_compare/pytorch_data/construct.json", "dump", "msprobe"},
    {"dump/msprobe_ms_vs_pt_compare/pytorch_data/dump.json", "dump", "msprobe"},
    {"dump/msprobe_ms_vs_pt_compare/pytorch_data/stack.json", "dump", "msprobe"},
    {"dump/msprobe_run_ut_dump.json", "dump", "msprobe"},
    {"dump/msprobe_run_ut_forward.json", "dump", "msprobe"},
    {"dump/ptdbg_compare_result_20230703104808.csv", "dump", "ptdbg"},
    {"dump/ptdbg_compare_result_without_accuracy.csv", "dump", "ptdbg"},
    {"dump/ptdbg_npu_test_dump.pkl", "dump", "ptdbg"},
    {"loss/barber0_llm_pretrain_train.log", "loss", "keyvalue_log"},
    {"loss/hf_trainer_nsllm_trainer_state.json", "loss", "hf_trainer_state"},
    {"loss/llamafactory_nsllm_trainer_log.jsonl", "loss", "llamafactory"},
    {"loss/megatron_gpu_golden_gpt3_mcore_te_tp2_pp2_dev_dgx_a100.json", "loss", "megatron_golden"},
    {"loss/mindspeed_core_ms_pta_npu_qwen_grpo_det.txt", "loss", "mindspeed_rl"},
    {"loss/mindspeed_core_ms_pta_npu_qwen_sft_det.txt", "loss", "megatron"},
    {"loss/mindspeed_core_ms_pta_npu_qwen_sft_non_det.txt", "loss", "megatron"},
    {"loss/mindspeed_llm_mindspore_npu_baseline_deepseek_v3_pretrain.json",
     "loss",
     "mindspeed_baseline"},
    {"loss/mindspeed_llm_npu_baseline_deepseek_v3_mcore_tp1_pp2_ep4.json",
     "loss",
     "mindspeed_baseline"},
    {"loss/mindspeed_llm_npu_baseline_qwen3_8b_tp2_pp4_vpp2.json", "loss", "mindspeed_baseline"},
    {"loss/troubleshooter_gpu_loss.txt", "loss", "megatron"},
    {"loss/troubleshooter_npu_loss.txt", "loss", "megatron"},
    // MindSpore's per-op time tables have times but no signatures: profiler tables (issue #11).
    {"nsys/saxpy-mpi-cuda_nsys_perlmutter0.sqlite", "trace", "nsys"},
    {"opinfo/mindspore_aicore_intermediate_1_detail_run2.csv", "profile", "mindspore"},
    {"opinfo/mindspore_dynamic_shape_info_0.json", "opinfo", "mindspore"},
    {"opinfo/mindspore_framework_raw_1_run2.csv", "opinfo", "mindspore"},
    {"opinfo/mindspore_output_op_compute_time_1_run1.txt", "profile", "mindspore"},
    {"profiler/msprof_analyze_cluster_communication.json", "profile", "msprof_analyze"},
    {"profiler/msprof_analyze_cluster_step_trace_time.csv", "profile", "msprof_analyze"},
    {"profiler/torch_npu_level1/db/rank0_ascend_pt/ASCEND_PROFILER_OUTPUT/analysis.db",
     "profile",
     "msprof_analyze"},
    {"profiler/torch_npu_level1/db/rank0_ascend_pt/ASCEND_PROFILER_OUTPUT/"
     "ascend_pytorch_profiler_0.db",
     "profile",
     "torch_npu"},
    {"profiler/torch_npu_level1/db/rank0_ascend_pt/profiler_info_0.json", "profile", "torch_npu"},
    {"profiler/torch_npu_level1/db/rank1_ascend_pt/ASCEND_PROFILER_OUTPUT/analysis.db",
     "profile",
     "msprof_analyze"},
    {"profiler/torch_npu_level1/db/rank1_ascend_pt/ASCEND_PROFILER_OUTPUT/"
     "ascend_pytorch_profiler_1.db",
     "profile",
     "torch_npu"},
    {"profiler/torch_npu_level1/db/rank1_ascend_pt/profiler_info_1.json", "profile", "torch_npu"},
    {"profiler/torch_npu_level1/text/rank0_ascend_pt/ASCEND_PROFILER_OUTPUT/api_statistic.csv",
     "profile",
     "torch_npu"},
    {"profiler/torch_npu_level1/text/rank0_ascend_pt/ASCEND_PROFILER_OUTPUT/communication.json",
     "profile",
     "torch_npu"},
    {"profiler/torch_npu_level1/text/rank0_ascend_pt/ASCEND_PROFILER_OUTPUT/"
     "communication_matrix.json",
     "profile",
     "torch_npu"},
    {"profiler/torch_npu_level1/text/rank0_ascend_pt/ASCEND_PROFILER_OUTPUT/kernel_details.csv",
     "profile",
     "torch_npu"},
    {"profiler/torch_npu_level1/text/rank0_ascend_pt/ASCEND_PROFILER_OUTPUT/l2_cache.csv",
     "profile",
     "torch_npu"},
    {"profiler/torch_npu_level1/text/rank0_ascend_pt/ASCEND_PROFILER_OUTPUT/memory_record.csv",
     "profile",
     "torch_npu"},
    {"profiler/torch_npu_level1/text/rank0_ascend_pt/ASCEND_PROFILER_OUTPUT/npu_module_mem.csv",
     "profile",
     "torch_npu"},
    {"profiler/torch_npu_level1/text/rank0_ascend_pt/ASCEND_PROFILER_OUTPUT/op_statistic.csv",
     "profile",
     "torch_npu"},
    {"profiler/torch_npu_level1/text/rank0_ascend_pt/ASCEND_PROFILER_OUTPUT/operator_details.csv",
     "profile",
     "torch_npu"},
    {"profiler/torch_npu_level1/text/rank0_ascend_pt/ASCEND_PROFILER_OUTPUT/operator_memory.csv",
     "profile",
     "torch_npu"},
    {"profiler/torch_npu_level1/text/rank0_ascend_pt/ASCEND_PROFILER_OUTPUT/step_trace_time.csv",
     "profile",
     "torch_npu"},
    {"profiler/torch_npu_level1/text/rank0_ascend_pt/ASCEND_PROFILER_OUTPUT/trace_view.json",
     "trace",
     "torch_npu"},
    {"profiler/torch_npu_level1/text/rank0_ascend_pt/profiler_info_0.json", "profile", "torch_npu"},
    {"profiler/torch_npu_level1/text/rank0_ascend_pt/profiler_metadata.json",
     "profile",
     "torch_npu"},
    {"profiler/torch_npu_level1/text/rank1_ascend_pt/ASCEND_PROFILER_OUTPUT/api_statistic.csv",
     "profile",
     "torch_npu"},
    {"profiler/torch_npu_level1/text/rank1_ascend_pt/ASCEND_PROFILER_OUTPUT/communication.json",
     "profile",
     "torch_npu"},
    {"profiler/torch_npu_level1/text/rank1_ascend_pt/ASCEND_PROFILER_OUTPUT/"
     "communication_matrix.json",
     "profile",
     "torch_npu"},
    {"profiler/torch_npu_level1/text/rank1_ascend_pt/ASCEND_PROFILER_OUTPUT/kernel_details.csv",
     "profile",
     "torch_npu"},
    {"profiler/torch_npu_level1/text/rank1_ascend_pt/ASCEND_PROFILER_OUTPUT/l2_cache.csv",
     "profile",
     "torch_npu"},
    {"profiler/torch_npu_level1/text/rank1_ascend_pt/ASCEND_PROFILER_OUTPUT/memory_record.csv",
     "profile",
     "torch_npu"},
    {"profiler/torch_npu_level1/text/rank1_ascend_pt/ASCEND_PROFILER_OUTPUT/npu_module_mem.csv",
     "profile",
     "torch_npu"},
    {"profiler/torch_npu_level1/text/rank1_ascend_pt/ASCEND_PROFILER_OUTPUT/op_statistic.csv",
     "profile",
     "torch_npu"},
    {"profiler/torch_npu_level1/text/rank1_ascend_pt/ASCEND_PROFILER_OUTPUT/operator_details.csv",
     "profile",
     "torch_npu"},
    {"profiler/torch_npu_level1/text/rank1_ascend_pt/ASCEND_PROFILER_OUTPUT/operator_memory.csv",
     "profile",
     "torch_npu"},
    {"profiler/torch_npu_level1/text/rank1_ascend_pt/ASCEND_PROFILER_OUTPUT/step_trace_time.csv",
     "profile",
     "torch_npu"},
    {"profiler/torch_npu_level1/text/rank1_ascend_pt/ASCEND_PROFILER_OUTPUT/trace_view.json",
     "trace",
     "torch_npu"},
    {"profiler/torch_npu_level1/text/rank1_ascend_pt/profiler_info_1.json", "profile", "torch_npu"},
    {"profiler/torch_npu_level1/text/rank1_ascend_pt/profiler_metadata.json",
     "profile",
     "torch_npu"},
    {"trace/cann_msprof_PROF_000001_device0_hccl_0_2_1.json", "trace", "cann_msprof"},
    {"trace/cann_msprof_PROF_000001_device0_msprof_0_2_1.json", "trace", "cann_msprof"},
    {"trace/cann_msprof_PROF_000001_device0_step_trace_0_2_1.json", "trace", "cann_msprof"},
    {"trace/cann_msprof_PROF_000001_device0_task_time_0_2_1.json", "trace", "cann_msprof"},
    {"trace/catapult_async_begin_end.json", "trace", "catapult"},
    {"trace/catapult_big_trace.json", "trace", "catapult"},
    {"trace/catapult_flow.json", "trace", "catapult"},
    {"trace/catapult_flow_simple.json", "trace", "catapult"},
    {"trace/catapult_instance_counters.json", "trace", "catapult"},
    {"trace/catapult_instant_events.json", "trace", "catapult"},
    {"trace/catapult_lthi_cats.json.gz", "trace", "catapult"},
    {"trace/catapult_main_thread_has_unclosed_slices.json", "trace", "catapult"},
    {"trace/catapult_nanoseconds.json", "trace", "catapult"},
    {"trace/catapult_nestable_async.json", "trace", "catapult"},
    {"trace/catapult_simple_trace.json", "trace", "catapult"},
    {"trace/catapult_trivial_trace.json", "trace", "catapult"},
    {"trace/catapult_x_event_trace.json", "trace", "catapult"},
    {"trace/hta_amd_mi250_minitoy_train_ROCm6_2_kineto.json.gz", "trace", "kineto"},
    {"trace/hta_cpu_only_rank-34.pt.trace.json.gz", "trace", "kineto"},
    {"trace/hta_cupti_profiler_benchmark_trace.json.gz", "trace", "kineto"},
    {"trace/hta_nccl_data.json.gz", "trace", "kineto"},
    {"trace/hta_ns_resolution_rank-0.Apr_03_18_51_38.1102.pt.trace.json", "trace", "kineto"},
    {"trace/hta_triton_example.json.gz", "trace", "kineto"},
    {"trace/kineto_resnet50_nw0_worker0.1623143089861.pt.trace.json.gz", "trace", "kineto"},
    {"trace/mindspore_ascend_timeline_display_1_run2.json", "trace", "mindspore"},
    {"trace/mindspore_gpu_timeline_display_0.json", "trace", "mindspore"},
    // kernel_details.csv sits beside trace_view.json but is a table, not a timeline (issue #11).
    {"trace/mstt_advisor_kernel_details.csv", "profile", "torch_npu"},
    {"trace/mstt_advisor_trace_view.json", "trace", "torch_npu"},
    {"trace/mstt_compute_advice_kernel_details_small.csv", "profile", "torch_npu"},
};

} // namespace

void tst_FileSniffer::realFiles_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("kind");
    QTest::addColumn<QString>("producer");
    for (const Expectation &e : expectations)
        QTest::newRow(e.file) << QString::fromUtf8(e.file) << QString::fromUtf8(e.kind)
                              << QString::fromUtf8(e.producer);
}

void tst_FileSniffer::realFiles()
{
    QFETCH(QString, file);
    QFETCH(QString, kind);
    QFETCH(QString, producer);
    const QString path = sharedData(file);
    QVERIFY2(QFile::exists(path), qPrintable(path + u" is missing from the in-repo copy"_s));
    const SniffResult r = sniffPath(path);
    QVERIFY(!r.error);
    QCOMPARE(fileKindId(r.kind), kind);
    QCOMPARE(r.producer, producer);
    QCOMPARE(r.bytes, QFileInfo(path).size());
    QCOMPARE(r.gzip, file.endsWith(u".gz"_s));
    if (r.kind == FileKind::Unknown)
        QVERIFY(!r.seen.isEmpty());
}

namespace {

QStringList expectedFiles()
{
    QStringList known;
    for (const Expectation &e : expectations)
        known << QString::fromUtf8(e.file);
    return known;
}

QStringList filesUnder(const QString &root)
{
    QStringList files;
    QDirIterator it(root, QDir::Files, QDirIterator::Subdirectories);
    while (it.hasNext())
        files << QDir(root).relativeFilePath(it.next());
    files.sort();
    return files;
}

QByteArray sha256(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    QCryptographicHash hash(QCryptographicHash::Sha256);
    hash.addData(&f);
    return hash.result().toHex();
}

} // namespace

// A file added to the corpus without an expectation would silently go untested.
void tst_FileSniffer::everySharedFileHasAnExpectation()
{
    const QStringList known = expectedFiles();
    const QStringList files = filesUnder(sharedData());
    QVERIFY2(!files.isEmpty(), qPrintable(sharedData() + u" is empty"_s));
    for (const QString &rel : files)
        QVERIFY2(known.contains(rel), qPrintable(rel));
}

// The copy must follow ../shared/data, so a file added there is still noticed: each one is either
// copied here byte for byte or at least has an expectation. Only where ../shared is beside the
// checkout; a clone of the project alone has nothing to compare with.
void tst_FileSniffer::sharedCopyIsComplete()
{
    const QString upstream = upstreamSharedData();
    if (upstream.isEmpty())
        QSKIP("../shared/data is not beside this checkout: nothing to compare tests/data/shared "
              "with");
    const QStringList known = expectedFiles();
    for (const QString &rel : filesUnder(upstream)) {
        const QString copy = sharedData(rel);
        if (!QFile::exists(copy)) {
            QVERIFY2(known.contains(rel),
                     qPrintable(rel + u" is in ../shared/data but neither in tests/data/shared "
                                      u"nor expected: copy it with its PROVENANCE.md row"_s));
            continue;
        }
        if (rel == u"PROVENANCE.md"_s)
            continue; // the copy's own provenance, with sha256 and links
        QVERIFY2(sha256(copy) == sha256(upstream + u'/' + rel),
                 qPrintable(rel + u" differs from ../shared/data: refresh the copy"_s));
    }
}

void tst_FileSniffer::folders()
{
    SniffResult r = sniffPath(sharedData(u"dump/msprobe_ms_vs_pt_compare"_s));
    QVERIFY(r.folder);
    QCOMPARE(r.kind, FileKind::Dump);
    QCOMPARE(r.producer, u"msprobe"_s);
    // Mostly timelines, and two kernel tables: a timeline folder that also opens in Profile.
    r = sniffPath(sharedData(u"trace"_s));
    QCOMPARE(r.kind, FileKind::Trace);
    QCOMPARE(r.alsoKinds, QList<FileKind>{FileKind::Profile});
    r = sniffPath(sharedData(u"profiler"_s));
    QCOMPARE(r.kind, FileKind::Profile);
    QVERIFY(r.alsoKinds.isEmpty());
    // The rank folder of a database export: the profiler's, tables and a timeline.
    r = sniffPath(sharedData(u"profiler/torch_npu_level1/db/rank1_ascend_pt"_s));
    QCOMPARE(r.kind, FileKind::Profile);
    QCOMPARE(r.producer, u"torch_npu"_s);
    QCOMPARE(r.alsoKinds, QList<FileKind>{FileKind::Trace});
    // msprobe dumps with a module tree (construct.json with nodes: levels L0, mix) also open in
    // the Model tab (issue #26); a level L1 dump ("{}") does not.
    r = sniffPath(sharedData(u"dump/msprobe_ms_vs_pt_compare"_s));
    QCOMPARE(r.alsoKinds, QList<FileKind>{FileKind::Model});
    r = sniffPath(QStringLiteral(TWINSCOPE_TEST_DATA "/dump/msprobe_modules/md5/bench"));
    QCOMPARE(r.kind, FileKind::Dump);
    QCOMPARE(r.alsoKinds, QList<FileKind>{FileKind::Model});
    r = sniffPath(QStringLiteral(TWINSCOPE_TEST_DATA "/dump/msprobe_planted/statistics/bench"));
    QCOMPARE(r.kind, FileKind::Dump);
    QVERIFY(r.alsoKinds.isEmpty());
    // msprobe's graph compare result: a Model input by its tables.
    r = sniffPath(
        QStringLiteral(TWINSCOPE_TEST_DATA "/dump/msprobe_modules/vis/md5_shallow.vis.db"));
    QCOMPARE(r.kind, FileKind::Model);
    QCOMPARE(r.producer, u"msprobe"_s);
    QCOMPARE(r.format, u"vis_db"_s);

    QTemporaryDir empty;
    r = sniffPath(empty.path());
    QVERIFY(r.folder);
    QCOMPARE(r.kind, FileKind::Unknown);
    QVERIFY(!r.seen.isEmpty());
}

void tst_FileSniffer::brokenInputs()
{
    const QString broken = QStringLiteral(TWINSCOPE_TEST_DATA "/common/broken/");
    SniffResult r = sniffPath(broken + u"random.bin"_s);
    QVERIFY(!r.error);
    QCOMPARE(r.kind, FileKind::Unknown);
    QVERIFY2(r.seen.contains(u"00 01 02"_s), qPrintable(r.seen));

    r = sniffPath(broken + u"plain.txt"_s);
    QCOMPARE(r.kind, FileKind::Unknown);
    QVERIFY(r.seen.contains(u"hello world"_s));

    r = sniffPath(broken + u"truncated_header.gz"_s);
    QVERIFY(r.gzip);
    QCOMPARE(r.kind, FileKind::Unknown);

    QTemporaryDir dir;
    const QString emptyFile = dir.filePath(u"empty.json"_s);
    QFile f(emptyFile);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.close();
    r = sniffPath(emptyFile);
    QVERIFY(r.error);
    QCOMPARE(r.error->code, ErrorCode::EmptyFile);

    r = sniffPath(dir.filePath(u"does-not-exist"_s));
    QVERIFY(r.error);
    QCOMPARE(r.error->code, ErrorCode::NotFound);
    QCOMPARE(r.error->file, dir.filePath(u"does-not-exist"_s));
}

void tst_FileSniffer::unreadableFile()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(u"secret.json"_s);
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write("[{\"ph\":\"X\"}]");
    f.close();
    QVERIFY(f.setPermissions(QFileDevice::WriteOwner));
    if (QFileInfo(path).isReadable())
        QSKIP("running as root: permissions are not enforced");
    const SniffResult r = sniffPath(path);
    QVERIFY(r.error);
    QCOMPARE(r.error->code, ErrorCode::Unreadable);
}

void tst_FileSniffer::gzipPrefixIsSniffed()
{
    // Bytes-only sniffing (fuzzers, stdin) takes the same path as files.
    const QByteArray json = "\n{\"schemaVersion\": 1, \"deviceProperties\": [], \"traceEvents\": [";
    const SniffResult plain = sniffBytes(
        std::string_view(json.constData(), size_t(json.size())), u"x.json"_s, json.size());
    QCOMPARE(plain.kind, FileKind::Trace);
    QCOMPARE(plain.producer, u"kineto"_s);
}

void tst_FileSniffer::realH100Data_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("kind");
    QTest::addColumn<QString>("producer");
    QTest::newRow("h5 cpu") << u"dump/cpu_fp32.h5"_s << u"dump"_s << u"torch_dumper_h5"_s;
    QTest::newRow("h5 gpu") << u"dump/gpu_fp16amp.h5"_s << u"dump"_s << u"torch_dumper_h5"_s;
    QTest::newRow("npy folder") << u"dump/npy_cpu_fp32"_s << u"dump"_s << u"npy"_s;
    QTest::newRow("loss") << u"loss/tinylm_gpu_fp32_50steps.log"_s << u"loss"_s << u"megatron"_s;
    QTest::newRow("trace") << u"trace/tinylm_h100_bf16_3steps.pt.trace.json.gz"_s << u"trace"_s
                           << u"kineto"_s;
}

// Files recorded on an H100 for this project (tests/data/real_h100/README.md).
void tst_FileSniffer::realH100Data()
{
    QFETCH(QString, file);
    QFETCH(QString, kind);
    QFETCH(QString, producer);
    const SniffResult r = sniffPath(QStringLiteral(TWINSCOPE_TEST_DATA "/real_h100/") + file);
    QVERIFY(!r.error);
    QCOMPARE(fileKindId(r.kind), kind);
    QCOMPARE(r.producer, producer);
}

void tst_FileSniffer::checkpoints_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("kind");
    QTest::addColumn<QString>("producer");
    QTest::addColumn<QString>("format");
    const QString ckpt = QStringLiteral(TWINSCOPE_TEST_DATA "/checkpoint/");
    auto row = [&](const char *name,
                   const QString &file,
                   const char *kind,
                   const char *producer,
                   const char *format) {
        QTest::newRow(name) << file << QString::fromUtf8(kind) << QString::fromUtf8(producer)
                            << QString::fromUtf8(format);
    };
    row("ms ckpt", ckpt + u"good/ms_net.ckpt"_s, "checkpoint", "mindspore", "mindspore_ckpt");
    row("ms ckpt sliced",
        ckpt + u"good/ms_net_sliced.ckpt"_s,
        "checkpoint",
        "mindspore",
        "mindspore_ckpt");
    row("ms training ckpt",
        ckpt + u"good/ms_train.ckpt"_s,
        "checkpoint",
        "mindspore",
        "mindspore_ckpt");
    row("torch state dict", ckpt + u"good/torch_net.pth"_s, "checkpoint", "torch", "torch_zip");
    row("torch training dict",
        ckpt + u"good/torch_train.pth"_s,
        "checkpoint",
        "torch",
        "torch_zip");
    row("safetensors",
        ckpt + u"good/net.safetensors"_s,
        "checkpoint",
        "safetensors",
        "safetensors");
    row("npz of parameters", ckpt + u"good/net.npz"_s, "checkpoint", "numpy", "npz");
    // A saved tensor (msprobe's .pt dump) stays a dump; an h5py parameter file reads as HDF5.
    row("torch tensor", ckpt + u"good/tensor.pt"_s, "dump", "torch_pt", "torch_zip");
    row("hdf5 parameters", ckpt + u"good/net.h5"_s, "dump", "hdf5", "hdf5");
    row("encrypted ckpt", ckpt + u"broken/ckpt_encrypted.ckpt"_s, "unknown", "", "");
}

// Content decides (issue #13): a MindSpore .ckpt by its protobuf framing, safetensors by its
// header, a torch.save zip by the dict at the top of its pickle.
void tst_FileSniffer::checkpoints()
{
    QFETCH(QString, file);
    QFETCH(QString, kind);
    QFETCH(QString, producer);
    QFETCH(QString, format);
    const SniffResult r = sniffPath(file);
    QVERIFY(!r.error);
    QCOMPARE(fileKindId(r.kind), kind);
    QCOMPARE(r.producer, producer);
    if (!format.isEmpty())
        QCOMPARE(r.format, format);
    // The file name only breaks ties: the same bytes under another name sniff the same.
    QFile f(file);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QByteArray head = f.read(65536);
    const SniffResult renamed =
        sniffBytes(std::string_view(head.constData(), size_t(head.size())), u"x.bin"_s, f.size());
    if (format != u"npz"_s) // numpy's archives are told from other zips by their extension
        QCOMPARE(fileKindId(renamed.kind), kind);
}

// Issue #12: msprobe 8.x's .xlsx and CSV compare results, ptdbg's CSV and 8.x stack.json.
void tst_FileSniffer::compareResultsAndStacks_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("producer");
    QTest::addColumn<QString>("format");
    const QString planted = u"dump/msprobe_planted/tensor/bench/step0/rank/"_s;
    QTest::newRow("msprobe xlsx") << u"dump/compare_result/msprobe833_tensor_weight_step0.xlsx"_s
                                  << u"msprobe"_s << u"compare_result"_s;
    QTest::newRow("ptdbg csv") << u"shared/dump/ptdbg_compare_result_20230703104808.csv"_s
                               << u"ptdbg"_s << u"compare_result"_s;
    QTest::newRow("msprobe 8.x stack.json")
        << planted + u"stack.json"_s << u"msprobe"_s << u"msprobe_stack_json"_s;
}

void tst_FileSniffer::compareResultsAndStacks()
{
    QFETCH(QString, file);
    QFETCH(QString, producer);
    QFETCH(QString, format);
    const SniffResult r = sniffPath(QStringLiteral(TWINSCOPE_TEST_DATA "/") + file);
    QVERIFY(!r.error);
    QCOMPARE(r.kind, FileKind::Dump);
    QCOMPARE(r.producer, producer);
    QCOMPARE(r.format, format);
}

QTEST_GUILESS_MAIN(tst_FileSniffer)
#include "tst_filesniffer.moc"
