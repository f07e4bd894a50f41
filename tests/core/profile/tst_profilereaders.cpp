#include "common/testdata.h"
#include "core/profile/profilereaders.h"

#include <QDirIterator>
#include <QFile>
#include <QTest>

#include <cmath>

using namespace Qt::StringLiterals;
using namespace Twinscope::Core;

// Every reader on every cut of its good fixtures (docs/DESIGN.md §9's prefix sweep): a cut file
// reads fewer records or fails with a message naming it, never crashes or reads more than the
// whole.
class tst_ProfileReaders : public QObject
{
    Q_OBJECT

private slots:
    void prefixes_data();
    void prefixes();
    void countersThatDoNotApplyStayBlank();
};

namespace {

using Reader =
    std::function<TableRead(std::string_view, const QString &, RankProfile &, Diagnostics &)>;

Reader readerFor(const QString &name)
{
    const CancelToken c;
    if (name == u"kernel_details.csv"_s || name.contains(u"kernel_details"_s))
        return [c](auto d, auto &n, auto &r, auto &g) {
            return readKernelDetails(d, n, r, g, c);
        };
    if (name == u"step_trace_time.csv"_s)
        return [c](auto d, auto &n, auto &r, auto &g) {
            return readStepTraceTime(d, n, r, g, c);
        };
    if (name == u"op_statistic.csv"_s)
        return [c](auto d, auto &n, auto &r, auto &g) {
            return readOpStatistic(d, n, r, g, c);
        };
    if (name == u"communication.json"_s)
        return [c](auto d, auto &n, auto &r, auto &g) {
            return readCommunication(d, n, r, g, c);
        };
    if (name == u"communication_matrix.json"_s)
        return [c](auto d, auto &n, auto &r, auto &g) {
            return readCommunicationMatrix(d, n, {}, r, g, c);
        };
    if (name == u"memory_record.csv"_s)
        return [c](auto d, auto &n, auto &r, auto &g) {
            return readMemoryRecord(d, n, r, g, c);
        };
    if (name == u"operator_memory.csv"_s)
        return [c](auto d, auto &n, auto &r, auto &g) {
            return readOperatorMemory(d, n, r, g, c);
        };
    if (name == u"npu_module_mem.csv"_s)
        return [c](auto d, auto &n, auto &r, auto &g) {
            return readNpuModuleMem(d, n, r, g, c);
        };
    if (name.startsWith(u"profiler_info"_s))
        return [](auto d, auto &n, auto &r, auto &) {
            return readProfilerInfo(d, n, r);
        };
    if (name == u"profiler_metadata.json"_s)
        return [](auto d, auto &n, auto &r, auto &) {
            GroupRanks g;
            return readProfilerMetadata(d, n, r, g);
        };
    if (name.contains(u"cluster_step_trace_time"_s))
        return [c](auto d, auto &n, auto &, auto &g) {
            std::map<int, RankProfile> ranks;
            return readClusterStepTraceTime(d, n, ranks, g, c);
        };
    if (name.contains(u"cluster_communication"_s))
        return [c](auto d, auto &n, auto &, auto &g) {
            std::map<int, RankProfile> ranks;
            return readClusterCommunication(d, n, ranks, g, c);
        };
    if (name.contains(u"aicore_intermediate"_s) && name.contains(u"detail"_s))
        return [c](auto d, auto &n, auto &r, auto &g) {
            return readMindSporeAicoreDetail(d, n, {}, r, g, c);
        };
    if (name.contains(u"aicore_intermediate"_s))
        return [c](auto d, auto &n, auto &r, auto &g) {
            return readMindSporeAicoreType(d, n, r, g, c);
        };
    if (name.contains(u"op_compute_time"_s))
        return [c](auto d, auto &n, auto &r, auto &g) {
            return readMindSporeOpComputeTime(d, n, {}, r, g, c);
        };
    if (name.contains(u"step_trace_raw"_s))
        return [c](auto d, auto &n, auto &r, auto &g) {
            return readMindSporeStepTrace(d, n, r, g, c);
        };
    if (name.startsWith(u"info.json"_s))
        return [](auto d, auto &n, auto &r, auto &) {
            return readCannInfo(d, n, r);
        };
    return {};
}

} // namespace

void tst_ProfileReaders::prefixes_data()
{
    QTest::addColumn<QString>("path");
    QStringList files;
    QDirIterator it(
        QStringLiteral(TWINSCOPE_TEST_DATA "/profile/good/cluster/node0_1000_20250101_ascend_pt"),
        QDir::Files,
        QDirIterator::Subdirectories);
    while (it.hasNext())
        files << it.next();
    QDirIterator real(QStringLiteral(TWINSCOPE_TEST_DATA "/profile/real"),
                      QDir::Files,
                      QDirIterator::Subdirectories);
    while (real.hasNext())
        files << real.next();
    files << QStringLiteral(
                 TWINSCOPE_TEST_DATA
                 "/profile/good/cluster/cluster_analysis_output/cluster_step_trace_time.csv")
          << sharedData(u"trace/mstt_compute_advice_kernel_details_small.csv"_s)
          << sharedData(u"profiler/msprof_analyze_cluster_communication.json"_s)
          << sharedData(u"profiler/msprof_analyze_cluster_step_trace_time.csv"_s)
          << sharedData(u"opinfo/mindspore_output_op_compute_time_1_run1.txt"_s)
          << sharedData(u"opinfo/mindspore_aicore_intermediate_1_detail_run2.csv"_s);
    files.sort();
    for (const QString &f : files) {
        if (readerFor(QFileInfo(f).fileName()))
            QTest::newRow(qPrintable(QFileInfo(f).fileName())) << f;
    }
}

void tst_ProfileReaders::prefixes()
{
    QFETCH(QString, path);
    QFile f(path);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QByteArray data = f.readAll();
    const Reader read = readerFor(QFileInfo(path).fileName());
    RankProfile whole;
    Diagnostics d;
    const TableRead full =
        read(std::string_view(data.constData(), size_t(data.size())), path, whole, d);
    QVERIFY2(!full.error, qPrintable(full.error ? full.error->toString() : QString()));
    for (int i = 0; i < 100; ++i) {
        const QByteArray part = data.left(data.size() * i / 100);
        RankProfile rank;
        Diagnostics diagnostics;
        const TableRead r =
            read(std::string_view(part.constData(), size_t(part.size())), path, rank, diagnostics);
        if (r.error) {
            QVERIFY(!r.error->message.isEmpty());
            QCOMPARE(r.error->file, path);
            continue;
        }
        QVERIFY(r.rows <= full.rows);
        QVERIFY(rank.kernels.kernels <= whole.kernels.kernels);
    }
}

void tst_ProfileReaders::countersThatDoNotApplyStayBlank()
{
    // A vector kernel's cube counters and a cube kernel's vector counters are written as 0 but
    // do not apply (issue #29): they stay out of the means, so the table shows them blank.
    const std::string csv =
        "Name,Type,Accelerator Core,Duration(us),aicore_time(us),aic_mac_fp16_ratio,"
        "aiv_time(us),aiv_vec_fp16_ratio\n"
        "Add1,Add,AI_VECTOR_CORE,10,0,0,9.5,0.25\n"
        "MatMul1,MatMul,AI_CORE,20,19,0.75,0,0\n"
        "FA1,FlashAttention,MIX_AIC,30,12,0.5,14,0\n";
    RankProfile rank;
    Diagnostics diagnostics;
    const CancelToken cancel;
    const TableRead r = readKernelDetails(csv, u"kernel_details.csv"_s, rank, diagnostics, cancel);
    QVERIFY(!r.error);
    const KernelTable &t = rank.kernels;
    const auto group = [&](const QString &type) -> const KernelGroup & {
        for (const KernelGroup &g : t.groups) {
            if (g.type == type)
                return g;
        }
        qFatal("no group %s", qPrintable(type));
    };
    const int aicTime = int(t.pmuColumns.indexOf(u"aicore_time(us)"_s));
    const int aicMac = int(t.pmuColumns.indexOf(u"aic_mac_fp16_ratio"_s));
    const int aivTime = int(t.pmuColumns.indexOf(u"aiv_time(us)"_s));
    const int aivVec = int(t.pmuColumns.indexOf(u"aiv_vec_fp16_ratio"_s));
    QVERIFY(aicTime >= 0 && aicMac >= 0 && aivTime >= 0 && aivVec >= 0);
    QVERIFY(std::isnan(group(u"Add"_s).pmuMean(aicTime)));
    QVERIFY(std::isnan(group(u"Add"_s).pmuMean(aicMac)));
    QCOMPARE(group(u"Add"_s).pmuMean(aivVec), 0.25);
    QVERIFY(std::isnan(group(u"MatMul"_s).pmuMean(aivTime)));
    QCOMPARE(group(u"MatMul"_s).pmuMean(aicMac), 0.75);
    // A mixed kernel uses both cores: its zero is a real zero.
    QCOMPARE(group(u"FlashAttention"_s).pmuMean(aivVec), 0.0);
    QCOMPARE(group(u"FlashAttention"_s).pmuMean(aicMac), 0.5);
}

QTEST_GUILESS_MAIN(tst_ProfileReaders)
#include "tst_profilereaders.moc"
