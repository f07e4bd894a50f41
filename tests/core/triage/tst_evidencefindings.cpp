// Issue #15's adapters for the kinds merged after the first findings: profiler folders (slow
// ranks), the run under test's dump alone (float16 saturation) and checkpoint pairs (the first
// divergent parameter), each through runTriagePipeline as the workspace and the CLI run it, and
// each with its "nothing wrong here" input that must give no problem finding.
#include "common/testdata.h"
#include "core/triage/triagepipeline.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <cmath>

using namespace Qt::StringLiterals;
using namespace Twinscope::Core;

namespace {

const QString Data = QStringLiteral(TWINSCOPE_TEST_DATA);

InvestigationInput input(const QString &path, const QString &kind, InputRole role)
{
    InvestigationInput in;
    in.path = path;
    in.kind = kind;
    in.role = role;
    return in;
}

std::shared_ptr<const TriageAnalysis> triage(const QList<InvestigationInput> &inputs)
{
    TriagePipelineInput in;
    in.workspace.inputs = inputs;
    in.scanLogs = false;
    ProgressSink progress;
    const Result<TriageAnalysis> r = runTriagePipeline(in, progress, CancelToken());
    return r.isOk() ? r.value() : nullptr;
}

std::vector<const Finding *> withCode(const FindingList &findings, const QString &code)
{
    std::vector<const Finding *> out;
    for (const Finding &f : findings) {
        if (f.code == code)
            out.push_back(&f);
    }
    return out;
}

QStringList problemCodes(const FindingList &findings)
{
    QStringList codes;
    for (const Finding &f : findings) {
        if (f.severity != FindingSeverity::Clear)
            codes << f.code;
    }
    return codes;
}

// A float16 .npy (format 1.0): magic, version, header length, the header dict padded with spaces
// to a multiple of 64 bytes and ended by a newline, then the little-endian halves.
bool writeHalfNpy(const QString &path, const QList<quint16> &halves)
{
    QByteArray header = "{'descr': '<f2', 'fortran_order': False, 'shape': (" +
                        QByteArray::number(halves.size()) + ",), }";
    const int unpadded = 10 + int(header.size()) + 1;
    header.append(QByteArray((64 - unpadded % 64) % 64, ' '));
    header.append('\n');
    QByteArray bytes("\x93NUMPY\x01\x00", 8);
    const quint16 len = quint16(header.size());
    bytes.append(char(len & 0xff));
    bytes.append(char(len >> 8));
    bytes.append(header);
    for (quint16 h : halves) {
        bytes.append(char(h & 0xff));
        bytes.append(char(h >> 8));
    }
    QFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write(bytes) == bytes.size();
}

// Halves: 1.0, 2.0, 3.0, 0.5 and 65504 (0x7bff, the largest finite float16).
constexpr quint16 One = 0x3c00, Two = 0x4000, Three = 0x4200, Half = 0x3800, Max = 0x7bff;

} // namespace

class tst_EvidenceFindings : public QObject
{
    Q_OBJECT

private slots:
    void clusterStepTableNamesTheSlowRank();
    void plantedClusterNamesTheSlowLink();
    void singleRankProfileGivesNoFinding();
    void saturatedNpuDumpIsNamed();
    void saturatedSingleDumpIsNamed();
    void realAmpPairHasNoSaturation();
    void divergentCheckpointParameter();
    void checkpointAgainstItselfGivesNoFinding();
};

void tst_EvidenceFindings::clusterStepTableNamesTheSlowRank()
{
    const auto a =
        triage({input(sharedData(u"profiler/msprof_analyze_cluster_step_trace_time.csv"_s),
                      u"profile"_s,
                      InputRole::Target)});
    QVERIFY(a && a->profile);
    const auto slow = withCode(a->findings, u"profile.slow_rank"_s);
    // tst_profilereal: ranks 1, 6 and 3 idle past the rule, rank 1 the most (Free).
    QCOMPARE(int(slow.size()), 3);
    const Finding &f = *slow.front(); // ranked by its share of the step
    QCOMPARE(f.severity, FindingSeverity::Warning);
    QCOMPARE(f.evidence.value(u"rank"_s).toInt(), 1);
    QCOMPARE(f.evidence.value(u"phase"_s).toString(), u"free"_s);
    QVERIFY(std::abs(f.evidence.value(u"value_us"_s).toDouble() - 1488610.0587500026) < 1e-6);
    QVERIFY(std::abs(f.evidence.value(u"median_us"_s).toDouble() - 1120562.683891) < 1e-3);
    const double share = f.evidence.value(u"step_share"_s).toDouble();
    QVERIFY2(share > SlowRankStepShare && share < 1, qPrintable(QString::number(share)));
    QVERIFY2(f.text.contains(u"Rank 1"_s), qPrintable(f.text));
    QVERIFY(f.nextAction.contains(u"timeline"_s));
    QVERIFY(f.nextAction.contains(u"Free"_s));
    QCOMPARE(f.link.view, FindingLink::View::ProfileRow);
    QCOMPARE(f.link.name, u"1"_s);
    QCOMPARE(findingLinkViewId(f.link.view), u"profile_row"_s);
    for (const Finding *g : slow)
        QVERIFY(g->weight <= f.weight);
    // The step table has no communication: no slow link.
    QVERIFY(withCode(a->findings, u"profile.slow_link"_s).empty());
}

void tst_EvidenceFindings::plantedClusterNamesTheSlowLink()
{
    // The generated cluster of tst_profilepipeline (tests/data/profile/expected.json): rank 3
    // idles, rank 2 computes longer, and the HCCS link 1 -> 2 moves 2.5 GB/s against a 10 GB/s
    // median.
    const auto a =
        triage({input(Data + u"/profile/good/cluster"_s, u"profile"_s, InputRole::Target)});
    QVERIFY(a && a->profile);
    QList<int> ranks;
    for (const Finding *f : withCode(a->findings, u"profile.slow_rank"_s))
        ranks << f->evidence.value(u"rank"_s).toInt();
    std::sort(ranks.begin(), ranks.end());
    QCOMPARE(ranks, (QList<int>{2, 3}));
    const auto links = withCode(a->findings, u"profile.slow_link"_s);
    QCOMPARE(int(links.size()), 1);
    const Finding &f = *links.front();
    QCOMPARE(f.severity, FindingSeverity::Warning);
    QCOMPARE(f.evidence.value(u"src"_s).toInt(), 1);
    QCOMPARE(f.evidence.value(u"dst"_s).toInt(), 2);
    QCOMPARE(f.evidence.value(u"link"_s).toString(), u"HCCS"_s);
    QVERIFY(std::abs(f.evidence.value(u"bandwidth_gbps"_s).toDouble() - 2.5) < 1e-9);
    QVERIFY(std::abs(f.evidence.value(u"median_gbps"_s).toDouble() - 10.0) < 1e-9);
    QVERIFY2(f.text.contains(u"1 -> 2 HCCS"_s), qPrintable(f.text));
    QCOMPARE(f.link.view, FindingLink::View::ProfileRow);
}

void tst_EvidenceFindings::singleRankProfileGivesNoFinding()
{
    const auto a = triage(
        {input(Data + u"/profile/real/mindspore_profiler"_s, u"profile"_s, InputRole::Target)});
    QVERIFY(a && a->profile);
    QVERIFY(!a->profile->ranks.empty());
    QVERIFY2(problemCodes(a->findings).isEmpty(),
             qPrintable(problemCodes(a->findings).join(u", "_s)));
}

void tst_EvidenceFindings::saturatedNpuDumpIsNamed()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString bench = dir.filePath(u"bench"_s), npu = dir.filePath(u"npu"_s);
    QVERIFY(QDir().mkpath(bench) && QDir().mkpath(npu));
    // The same two calls on both sides; the NPU's second output saturates at 65504.
    for (const QString &side : {bench, npu}) {
        QVERIFY(writeHalfNpy(side + u"/1.fc.input.0.npy"_s, {One, Two, Three, Half}));
        QVERIFY(writeHalfNpy(side + u"/1.fc.output.0.npy"_s, {Two, Three, Half, One}));
        QVERIFY(writeHalfNpy(side + u"/2.mul.input.0.npy"_s, {Two, Three, Half, One}));
    }
    QVERIFY(writeHalfNpy(bench + u"/2.mul.output.0.npy"_s, {Three, Half, One, Two}));
    QVERIFY(writeHalfNpy(npu + u"/2.mul.output.0.npy"_s, {Three, Max, One, Two}));
    const auto a = triage(
        {input(bench, u"dump"_s, InputRole::Benchmark), input(npu, u"dump"_s, InputRole::Target)});
    QVERIFY(a && a->dumps && a->overflow);
    const auto sat = withCode(a->findings, u"dump.fp16_saturation"_s);
    QCOMPARE(int(sat.size()), 1);
    const Finding &f = *sat.front();
    QCOMPARE(f.severity, FindingSeverity::Warning);
    QVERIFY2(f.evidence.value(u"tensor"_s).toString().contains(u"2.mul.output.0"_s),
             qPrintable(f.evidence.value(u"tensor"_s).toString()));
    QCOMPARE(f.evidence.value(u"saturated_tensors"_s).toInt(), 1);
    QCOMPARE(f.evidence.value(u"saturated_elements"_s).toInt(), 1);
    QVERIFY(f.nextAction.contains(u"loss scaling"_s));
    QVERIFY(f.nextAction.contains(u"fp32"_s));
    QCOMPARE(f.link.view, FindingLink::View::DumpTensor);
    // The link opens the comparison row of that tensor.
    QVERIFY(f.link.row >= 0);
    const DumpComparison &c = *a->dumps->runs[0];
    QCOMPARE(c.npu->tensors[c.rows[f.link.row].npu].name, f.link.name);

    // The benchmark side alone saturates nowhere.
    const auto benign = triage({input(bench, u"dump"_s, InputRole::Target)});
    QVERIFY(benign && benign->overflow);
    QVERIFY(withCode(benign->findings, u"dump.fp16_saturation"_s).empty());
}

void tst_EvidenceFindings::saturatedSingleDumpIsNamed()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    QVERIFY(writeHalfNpy(dir.filePath(u"1.fc.input.0.npy"_s), {One, Two}));
    QVERIFY(writeHalfNpy(dir.filePath(u"1.fc.output.0.npy"_s), {Max, Two}));
    QVERIFY(writeHalfNpy(dir.filePath(u"2.add.output.0.npy"_s), {Max, Max}));
    const auto a = triage({input(dir.path(), u"dump"_s, InputRole::Target)});
    QVERIFY(a && a->overflow);
    QVERIFY(!a->dumps); // no benchmark: nothing compared
    const auto sat = withCode(a->findings, u"dump.fp16_saturation"_s);
    QCOMPARE(int(sat.size()), 1);
    QVERIFY(sat.front()->evidence.value(u"tensor"_s).toString().contains(u"1.fc.output.0"_s));
    QCOMPARE(sat.front()->evidence.value(u"saturated_tensors"_s).toInt(), 2);

    // A compare result alone holds no tensors: it is not read as a dump, nor reported as failed.
    const auto table =
        triage({input(Data + u"/dump/compare_result/msprobe833_tensor_weight_step0.xlsx"_s,
                      u"dump"_s,
                      InputRole::Target)});
    QVERIFY(table);
    QVERIFY(table->failedInputs.isEmpty());
    QVERIFY(!table->overflow);
}

void tst_EvidenceFindings::realAmpPairHasNoSaturation()
{
    // The real fp32-vs-AMP pair (an H100, tests/data/real_h100): its fp16 activations stay far
    // below 65504 (the -inf of the causal mask is not saturation).
    const QString dumps = Data + u"/real_h100/dump/"_s;
    const auto a = triage({input(dumps + u"npy_cpu_fp32"_s, u"dump"_s, InputRole::Benchmark),
                           input(dumps + u"npy_gpu_fp16amp"_s, u"dump"_s, InputRole::Target)});
    QVERIFY(a && a->dumps && a->overflow);
    QCOMPARE(a->overflow->runs.size(), a->dumps->runs.size());
    QCOMPARE(a->overflow->runs[0]->saturatedTensors, 0);
    QVERIFY(withCode(a->findings, u"dump.fp16_saturation"_s).empty());
}

void tst_EvidenceFindings::divergentCheckpointParameter()
{
    const QString good = Data + u"/checkpoint/good/"_s;
    const auto a = triage({input(good + u"torch_net.pth"_s, u"checkpoint"_s, InputRole::Benchmark),
                           input(good + u"ms_net.ckpt"_s, u"checkpoint"_s, InputRole::Target)});
    QVERIFY(a && a->checkpoints);
    const auto div = withCode(a->findings, u"ckpt.divergent_parameter"_s);
    QCOMPARE(int(div.size()), 1);
    const Finding &f = *div.front();
    // The planted difference: MindSpore's layer1.0.bn2.moving_variance[5] (+2.5), PyTorch's
    // running_var, paired by the built-in renaming.
    QCOMPARE(f.evidence.value(u"parameter_a"_s).toString(), u"layer1.0.bn2.running_var"_s);
    QCOMPARE(f.evidence.value(u"parameter_b"_s).toString(), u"layer1.0.bn2.moving_variance"_s);
    QCOMPARE(f.evidence.value(u"mapping_rule"_s).toString(), u"builtin"_s);
    QVERIFY(!f.evidence.value(u"mapping_how"_s).toString().isEmpty());
    QVERIFY(std::abs(f.evidence.value(u"max_abs_err"_s).toDouble() - 2.5) < 1e-5);
    QVERIFY(f.text.contains(u"layer1.0.bn2.running_var"_s));
    QVERIFY(f.nextAction.contains(u"step before"_s));
    QVERIFY(f.nextAction.contains(u"after − before"_s));
    QCOMPARE(f.link.view, FindingLink::View::CheckpointParam);
    QCOMPARE(f.link.name, u"layer1.0.bn2.running_var"_s);
}

void tst_EvidenceFindings::checkpointAgainstItselfGivesNoFinding()
{
    const QString pth = Data + u"/checkpoint/good/torch_net.pth"_s;
    const auto a = triage({input(pth, u"checkpoint"_s, InputRole::Benchmark),
                           input(pth, u"checkpoint"_s, InputRole::Target)});
    QVERIFY(a && a->checkpoints);
    QVERIFY(a->checkpoints->comparison && !a->checkpoints->comparison->rows.isEmpty());
    QVERIFY2(problemCodes(a->findings).isEmpty(),
             qPrintable(problemCodes(a->findings).join(u", "_s)));
}

QTEST_GUILESS_MAIN(tst_EvidenceFindings)
#include "tst_evidencefindings.moc"
