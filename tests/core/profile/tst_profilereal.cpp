#include "common/testdata.h"
#include "core/common/bytesource.h"
#include "core/profile/profilepipeline.h"
#include "core/profile/profilereaders.h"

#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSet>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <cmath>

using namespace Qt::StringLiterals;
using namespace Twinscope::Core;

// The real profiler files of the shared corpus and tests/data/profile/real (issue #11's real-data
// acceptance). Every number asserted here comes from an independent reading with Python's csv and
// json modules: tests/data/profile/expected_real.py prints them.
class tst_ProfileReal : public QObject
{
    Q_OBJECT

private slots:
    void kernelDetails_data();
    void kernelDetails();
    void unknownColumnsAreKept();
    void clusterStepTableNamesTheSlowRank();
    void clusterCommunication();
    void mindSporeTimeTables();
    void mindSporeFolderUsesFrameworkRawTypes();
    void mindSporeStepTrace();
    void cannInfoGivesRankAndFrequency();
    void profFolderWithTimelinesOnlyHasNoTables();
    // The same files against counts taken here by a plain line, field or JSON read.
    void kernelDetailsMatchAPlainReading_data();
    void kernelDetailsMatchAPlainReading();
    void clusterStepTableMatchesAPlainReading();
    void clusterCommunicationMatchesQJsonDocument();
    void mindSporeTimeTablesMatchAPlainReading();
};

namespace {

const QString real = QStringLiteral(TWINSCOPE_TEST_DATA "/profile/real/");

QByteArray bytesOf(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

std::string_view view(const QByteArray &b)
{
    return std::string_view(b.constData(), size_t(b.size()));
}

const KernelGroup *find(const KernelTable &t, const QString &type, const QString &core)
{
    for (const KernelGroup &g : t.groups) {
        if (g.type == type && g.core == core)
            return &g;
    }
    return nullptr;
}

Result<ProfileAnalysis> run(const QStringList &paths)
{
    ProfilePipelineInput in;
    in.paths = paths;
    ProgressSink progress;
    return runProfilePipeline(in, progress, CancelToken());
}

// A plain CSV split for the cross-checks below, written apart from core/common/csvreader: records
// end at a newline outside quotes, fields at a comma outside quotes, "" inside quotes is a quote.
// Good enough for the real tables here (quoted shapes, a tab inside a quoted time), nothing more.
QList<QStringList> plainCsv(const QByteArray &bytes)
{
    QList<QStringList> records;
    QStringList fields;
    QString field;
    bool quoted = false;
    const QString text = QString::fromUtf8(bytes);
    for (qsizetype i = 0; i < text.size(); ++i) {
        const QChar c = text.at(i);
        if (quoted) {
            if (c == u'"' && i + 1 < text.size() && text.at(i + 1) == u'"') {
                field += c;
                ++i;
            } else if (c == u'"') {
                quoted = false;
            } else {
                field += c;
            }
        } else if (c == u'"') {
            quoted = true;
        } else if (c == u',') {
            fields << field;
            field.clear();
        } else if (c == u'\n') {
            fields << field;
            field.clear();
            if (!(fields.size() == 1 && fields.front().isEmpty()))
                records << fields;
            fields.clear();
        } else if (c != u'\r') {
            field += c;
        }
    }
    if (!field.isEmpty() || !fields.isEmpty())
        records << (fields << field);
    return records;
}

double median(std::vector<double> v)
{
    std::sort(v.begin(), v.end());
    const size_t n = v.size();
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

} // namespace

void tst_ProfileReal::kernelDetails_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<int>("rows");
    QTest::addColumn<int>("groups");
    QTest::addColumn<int>("signatures");
    QTest::addColumn<double>("totalUs");
    QTest::addColumn<QString>("topType");
    QTest::addColumn<QString>("topCore");
    QTest::addColumn<int>("topCount");
    QTest::addColumn<double>("topUs");
    QTest::addColumn<int>("aiCpuCount");
    QTest::addColumn<double>("aiCpuUs");
    QTest::addColumn<QStringList>("unaligned");
    // 33 columns (2023 torch_npu) and 46 (adds OP State, HF32 Eligible, more PMU columns; one start
    // time with a tab inside its quotes).
    QTest::newRow("advisor") << sharedData(u"trace/mstt_advisor_kernel_details.csv"_s) << 591 << 44
                             << 136 << 396807.04 << u"hcom_broadcast_"_s << u"HCCL"_s << 2
                             << 308989.62 << 7 << 785.18 << QStringList();
    QTest::newRow("compute advice")
        << sharedData(u"trace/mstt_compute_advice_kernel_details_small.csv"_s) << 29 << 5 << 8
        << 10061.159 << u"MatMulV3"_s << u"AI_CORE"_s << 8 << 4122.342 << 0 << 0.0
        << QStringList{u"MatMulV3"_s};
}

void tst_ProfileReal::kernelDetails()
{
    QFETCH(QString, file);
    QFETCH(int, rows);
    RankProfile rank;
    Diagnostics d;
    const QByteArray bytes = bytesOf(file);
    const TableRead r = readKernelDetails(view(bytes), file, rank, d, CancelToken());
    QVERIFY2(!r.error, qPrintable(r.error ? r.error->toString() : QString()));
    QCOMPARE(r.rows, rows);
    QCOMPARE(rank.kernels.kernels, rows);
    QVERIFY2(d.isEmpty(), qPrintable(d.entries().value(0).message));
    QTEST(int(rank.kernels.groups.size()), "signatures");
    QTEST(int(rank.kernels.regrouped(KernelGrouping::TypeAndCore).groups.size()), "groups");
    QFETCH(double, totalUs);
    QVERIFY(std::abs(rank.kernels.totalUs - totalUs) < 1e-6);
    QFETCH(QString, topType);
    QFETCH(QString, topCore);
    const KernelTable types = rank.kernels.regrouped(KernelGrouping::TypeAndCore);
    const KernelGroup *top = types.byTotal().front();
    QCOMPARE(top->type, topType);
    QCOMPARE(top->core, topCore);
    QTEST(int(top->count), "topCount");
    QFETCH(double, topUs);
    QVERIFY(std::abs(top->totalUs - topUs) < 1e-6);
    qint64 aiCpu = 0;
    double aiCpuTotal = 0;
    QStringList unaligned;
    for (const KernelGroup &g : types.groups) {
        if (g.isAiCpu()) {
            aiCpu += g.count;
            aiCpuTotal += g.totalUs;
        }
        if (g.isUnalignedOnAiCore())
            unaligned << g.type;
    }
    QTEST(int(aiCpu), "aiCpuCount");
    QFETCH(double, aiCpuUs);
    QVERIFY(std::abs(aiCpuTotal - aiCpuUs) < 1e-6);
    QTEST(unaligned, "unaligned");
    // Steps: every row of these files carries a step id and an epoch start time.
    QVERIFY(!rank.stepSpans.empty());
    QVERIFY(rank.stepSpans.front().lastNs > rank.stepSpans.front().firstNs);
}

void tst_ProfileReal::unknownColumnsAreKept()
{
    // The 46-column file's PMU columns are read by name; the 33-column file's others too.
    RankProfile a;
    RankProfile b;
    Diagnostics d;
    const QByteArray small =
        bytesOf(sharedData(u"trace/mstt_compute_advice_kernel_details_small.csv"_s));
    const QByteArray advisor = bytesOf(sharedData(u"trace/mstt_advisor_kernel_details.csv"_s));
    readKernelDetails(view(small), u"small"_s, a, d, CancelToken());
    readKernelDetails(view(advisor), u"advisor"_s, b, d, CancelToken());
    QVERIFY(a.kernels.pmuColumns.contains(u"aic_mte2_ratio"_s));
    QVERIFY(a.kernels.pmuColumns.contains(u"cube_utilization(%)"_s));
    QVERIFY(b.kernels.pmuColumns.contains(u"aiv_vec_fp16_ratio"_s));
    QVERIFY(!b.kernels.pmuColumns.contains(u"aic_mte2_ratio"_s));
    // Mean cube utilisation of MatMulV3 over its 8 kernels (python: 95.43 within rounding).
    const KernelTable t = a.kernels.regrouped(KernelGrouping::TypeAndCore);
    const KernelGroup *mm = find(t, u"MatMulV3"_s, u"AI_CORE"_s);
    QVERIFY(mm);
    const double util = mm->pmuMean(int(t.pmuColumns.indexOf(u"cube_utilization(%)"_s)));
    QVERIFY2(util > 90 && util < 100, qPrintable(QString::number(util)));
}

void tst_ProfileReal::clusterStepTableNamesTheSlowRank()
{
    const auto r = run({sharedData(u"profiler/msprof_analyze_cluster_step_trace_time.csv"_s)});
    QVERIFY2(r.isOk(), qPrintable(r.error().toString()));
    const ProfileAnalysis &a = *r.value();
    QCOMPARE(int(a.ranks.size()), 8);
    for (int i = 0; i < 8; ++i)
        QCOMPARE(a.ranks[size_t(i)].rank, i);
    // python: rank 1 idles the most (the advisor's maximum of Free, max - min = 34.76 % of the mean
    // step); ranks 1, 6 and 3 pass the median (1 120 562.68 us) by more than 5 % of the mean step.
    QVERIFY(!a.slowRanks.empty());
    QCOMPARE(a.slowRanks.front().rank, 1);
    QCOMPARE(a.slowRanks.front().phase, StepPhase::Free);
    QVERIFY(std::abs(a.slowRanks.front().medianUs - 1120562.683891) < 1e-3);
    QVERIFY(std::abs(a.slowRanks.front().valueUs - 1488610.0587500026) < 1e-6);
    QList<int> flagged;
    for (const SlowRank &s : a.slowRanks)
        flagged << s.rank;
    std::sort(flagged.begin(), flagged.end());
    QCOMPARE(flagged, (QList<int>{1, 3, 6}));
    // Computing is even across ranks (1 585 us spread, 0.09 % of a step): no rank is slow there.
    for (const SlowRank &s : a.slowRanks)
        QCOMPARE(s.phase, StepPhase::Free);
}

void tst_ProfileReal::clusterCommunication()
{
    std::map<int, RankProfile> ranks;
    Diagnostics d;
    const QString file = sharedData(u"profiler/msprof_analyze_cluster_communication.json"_s);
    const QByteArray bytes = bytesOf(file);
    const TableRead r = readClusterCommunication(view(bytes), file, ranks, d, CancelToken());
    QVERIFY(!r.error);
    QCOMPARE(r.rows, 4); // python: 2 ops × 2 ranks
    QCOMPARE(int(ranks.size()), 2);
    double elapse = 0;
    LinkTraffic hccs;
    for (const auto &[id, rp] : ranks) {
        QCOMPARE(int(rp.collectives.size()), 1);
        QCOMPARE(rp.collectives.front().op, u"hcom_broadcast"_s);
        elapse += rp.collectives.front().elapseMs;
        hccs.merge(rp.collectives.front().links.at(u"HCCS"_s));
    }
    QVERIFY(std::abs(elapse - 187.011181766) < 1e-8);
    QVERIFY(std::abs(hccs.bandwidthGbps() - 2.565843348) < 1e-8);
    // Size distribution: rank 0's first call moved 18 packets of 0.003072 MB over HCCS.
    QCOMPARE(ranks.at(0).collectives.front().links.at(u"HCCS"_s).packets.at(0.003072).first, 18);
}

void tst_ProfileReal::mindSporeTimeTables()
{
    const QString aicore = sharedData(u"opinfo/mindspore_aicore_intermediate_1_detail_run2.csv"_s);
    const QString compute = sharedData(u"opinfo/mindspore_output_op_compute_time_1_run1.txt"_s);
    Diagnostics d;
    RankProfile a;
    QByteArray bytes = bytesOf(aicore);
    TableRead r = readMindSporeAicoreDetail(view(bytes), aicore, {}, a, d, CancelToken());
    QVERIFY(!r.error);
    // python: 105 rows, 23.088095 ms in all.
    QCOMPARE(r.rows, 105);
    QVERIFY(std::abs(a.kernels.totalUs - 23088.095) < 1e-6);
    RankProfile c;
    bytes = bytesOf(compute);
    r = readMindSporeOpComputeTime(view(bytes), compute, {}, c, d, CancelToken());
    QVERIFY(!r.error);
    // python: 199 ops, 126.43631757142849 ms, which the file's own "total op" line states too.
    QCOMPARE(r.rows, 199);
    QVERIFY(std::abs(c.kernels.totalUs - 126436.31757142849) < 1e-6);
    QCOMPARE(d.count(u"op_time_total_mismatch"_s), 0);
    // python: 29 op types from the names; UnsortedSegmentSum first with 44.607826 ms.
    const KernelTable types = c.kernels.regrouped(KernelGrouping::TypeAndCore);
    QCOMPARE(int(types.groups.size()), 29);
    QCOMPARE(types.byTotal().front()->type, u"UnsortedSegmentSum"_s);
    QVERIFY(std::abs(types.byTotal().front()->totalUs - 44607.82642857142) < 1e-6);
}

void tst_ProfileReal::mindSporeFolderUsesFrameworkRawTypes()
{
    // The op-info folder holds framework_raw (read by the op-info parser) beside the AI Core table:
    // its op types name the AI Core kernels. python: 21 types, MatMul first with 20.65774 ms.
    const auto r = run({sharedData(u"opinfo"_s)});
    QVERIFY2(r.isOk(), qPrintable(r.error().toString()));
    const ProfileAnalysis &a = *r.value();
    QCOMPARE(int(a.ranks.size()), 1);
    const KernelTable types = a.kernels.regrouped(KernelGrouping::TypeAndCore);
    QCOMPARE(int(types.groups.size()), 21);
    QCOMPARE(types.byTotal().front()->type, u"MatMul"_s);
    QVERIFY(std::abs(types.byTotal().front()->totalUs - 20657.74) < 1e-6);
}

void tst_ProfileReal::mindSporeStepTrace()
{
    const auto r = run({real + u"mindspore_profiler"_s});
    QVERIFY2(r.isOk(), qPrintable(r.error().toString()));
    const ProfileAnalysis &a = *r.value();
    QCOMPARE(int(a.ranks.size()), 2); // device 0 (steps) and device 1 (op types) by file suffix
    const RankProfile *steps = a.detail(0);
    QVERIFY(steps);
    // 19 steps; the "-" average row is not one. Ticks at 100 MHz: step 1 is 20 526 144 ticks.
    QCOMPARE(int(steps->steps.size()), 19);
    QCOMPARE(steps->steps.front().wallUs, 205261.44);
    const RankProfile *types = a.detail(1);
    QVERIFY(types && types->kernelsFromStatistics);
    // python: 5 op types, 35 kernels, 1.331134 ms.
    QCOMPARE(int(types->kernels.groups.size()), 5);
    QCOMPARE(types->kernels.kernels, 35);
    QVERIFY(std::abs(types->kernels.totalUs - 1331.134) < 1e-6);
}

void tst_ProfileReal::cannInfoGivesRankAndFrequency()
{
    RankProfile rank;
    const QString file =
        real + u"PROF_000001_20230818142704322_COJGGGCANRMICFBC/device_0/info.json.0"_s;
    const QByteArray bytes = bytesOf(file);
    const TableRead r = readCannInfo(view(bytes), file, rank);
    QVERIFY(!r.error);
    QCOMPARE(rank.rank, 0);
    QCOMPARE(rank.info.value(u"hwts_frequency_mhz"_s), u"100"_s);
    QCOMPARE(rank.info.value(u"ai_core_num"_s), u"32"_s);
}

void tst_ProfileReal::profFolderWithTimelinesOnlyHasNoTables()
{
    // A PROF_* folder with its timeline and device info but no summary table: nothing to
    // tabulate, said as such (the folder opens in the Trace tab alone).
    QTemporaryDir dir;
    const QString device = dir.filePath(u"PROF_000001/device_0"_s);
    QVERIFY(QDir().mkpath(device + u"/timeline"_s));
    QVERIFY(
        QFile::copy(real + u"PROF_000001_20230818142704322_COJGGGCANRMICFBC/device_0/info.json.0"_s,
                    device + u"/info.json.0"_s));
    QVERIFY(QFile::copy(sharedData(u"trace/cann_msprof_PROF_000001_device0_msprof_0_2_1.json"_s),
                        device + u"/timeline/msprof_0_2_1.json"_s));
    const auto r = run({dir.path()});
    QVERIFY(r.isFailed());
    QCOMPARE(r.error().code, ErrorCode::NotFound);
}

void tst_ProfileReal::kernelDetailsMatchAPlainReading_data()
{
    QTest::addColumn<QString>("file");
    QTest::newRow("advisor") << sharedData(u"trace/mstt_advisor_kernel_details.csv"_s);
    QTest::newRow("compute advice")
        << sharedData(u"trace/mstt_compute_advice_kernel_details_small.csv"_s);
}

void tst_ProfileReal::kernelDetailsMatchAPlainReading()
{
    QFETCH(QString, file);
    const QByteArray bytes = bytesOf(file);
    // Independent: records, the Duration(us) sum, the (Type, Accelerator Core) pairs, AI CPU rows.
    const QList<QStringList> records = plainCsv(bytes);
    QVERIFY(records.size() > 1);
    const QStringList header = records.front();
    const qsizetype type = header.indexOf(u"Type"_s);
    const qsizetype core = header.indexOf(u"Accelerator Core"_s);
    const qsizetype duration = header.indexOf(u"Duration(us)"_s);
    QVERIFY(type >= 0 && core >= 0 && duration >= 0);
    double totalUs = 0;
    QSet<QString> pairs;
    int aiCpu = 0;
    for (qsizetype i = 1; i < records.size(); ++i) {
        const QStringList &r = records[i];
        QCOMPARE(r.size(), header.size()); // the quotes were understood
        totalUs += r[duration].toDouble();
        pairs.insert(r[type] + u'|' + r[core]);
        aiCpu += r[core] == u"AI_CPU"_s ? 1 : 0;
    }
    // Plain lines agree: no record of these files spans two lines.
    QCOMPARE(qsizetype(bytes.trimmed().count('\n')) + 1, records.size());

    RankProfile rank;
    Diagnostics d;
    const TableRead read = readKernelDetails(view(bytes), file, rank, d, CancelToken());
    QVERIFY(!read.error);
    QCOMPARE(read.rows, records.size() - 1);
    QCOMPARE(rank.kernels.kernels, records.size() - 1);
    QVERIFY(std::abs(rank.kernels.totalUs - totalUs) < 1e-6 * totalUs);
    const KernelTable types = rank.kernels.regrouped(KernelGrouping::TypeAndCore);
    QCOMPARE(qsizetype(types.groups.size()), pairs.size());
    qint64 readAiCpu = 0;
    for (const KernelGroup &g : types.groups)
        readAiCpu += g.isAiCpu() ? g.count : 0;
    QCOMPARE(readAiCpu, qint64(aiCpu));
}

void tst_ProfileReal::clusterStepTableMatchesAPlainReading()
{
    const QString file = sharedData(u"profiler/msprof_analyze_cluster_step_trace_time.csv"_s);
    const QByteArray bytes = bytesOf(file);
    // Independent: the "rank" rows, one step each here; then msprof-analyze's numbers by hand.
    const QList<QStringList> records = plainCsv(bytes);
    const QStringList header = records.front();
    const qsizetype typeCol = header.indexOf(u"Type"_s);
    const qsizetype indexCol = header.indexOf(u"Index"_s);
    const qsizetype computing = header.indexOf(u"Computing"_s);
    const qsizetype notOverlapped = header.indexOf(u"Communication(Not Overlapped)"_s);
    const qsizetype freeCol = header.indexOf(u"Free"_s);
    std::map<int, double> free;
    double stepSum = 0;
    for (qsizetype i = 1; i < records.size(); ++i) {
        const QStringList &r = records[i];
        if (r[typeCol] != u"rank"_s)
            continue;
        free[r[indexCol].toInt()] = r[freeCol].toDouble();
        stepSum += r[computing].toDouble() + r[notOverlapped].toDouble() + r[freeCol].toDouble();
    }
    QCOMPARE(int(free.size()), 8);
    std::vector<double> frees;
    for (const auto &[rank, us] : free)
        frees.push_back(us);
    const double med = median(frees);
    const double threshold = SlowRankStepShare * stepSum / double(free.size());
    QList<int> expected;
    int worst = -1;
    for (const auto &[rank, us] : free) {
        if (us - med > threshold)
            expected << rank;
        if (worst < 0 || us > free.at(worst))
            worst = rank;
    }

    const auto r = run({file});
    QVERIFY2(r.isOk(), qPrintable(r.error().toString()));
    const ProfileAnalysis &a = *r.value();
    QCOMPARE(qsizetype(a.ranks.size()), qsizetype(free.size()));
    for (const RankSummary &s : a.ranks) {
        QCOMPARE(s.steps, 1);
        QVERIFY(std::abs(s.us[int(StepPhase::Free)] - free.at(s.rank)) < 1e-6);
    }
    QList<int> named;
    for (const SlowRank &s : a.slowRanks)
        named << s.rank;
    std::sort(named.begin(), named.end());
    QCOMPARE(named, expected);
    // The advisor's slow rank (the maximum of Free) comes first: rank 1.
    QCOMPARE(a.slowRanks.front().rank, worst);
    QCOMPARE(worst, 1);
    QVERIFY(std::abs(a.slowRanks.front().medianUs - med) < 1e-6);
}

void tst_ProfileReal::clusterCommunicationMatchesQJsonDocument()
{
    const QString file = sharedData(u"profiler/msprof_analyze_cluster_communication.json"_s);
    const QByteArray bytes = bytesOf(file);
    // Independent: group -> step -> op -> rank entries, their elapse and HCCS MB and ms.
    const QJsonObject root = QJsonDocument::fromJson(bytes).object();
    int entries = 0;
    QSet<QString> ranksSeen;
    double elapse = 0;
    double hccsMb = 0;
    double hccsMs = 0;
    for (const QJsonValue &group : root) {
        for (const QJsonValue &step : group.toObject()) {
            const QJsonObject ops = step.toObject();
            for (auto op = ops.begin(); op != ops.end(); ++op) {
                if (op.key() == u"Total Op Info"_s)
                    continue;
                const QJsonObject byRank = op.value().toObject();
                for (auto rk = byRank.begin(); rk != byRank.end(); ++rk) {
                    ++entries;
                    ranksSeen.insert(rk.key());
                    const QJsonObject o = rk.value().toObject();
                    elapse += o[u"Communication Time Info"_s][u"Elapse Time(ms)"_s].toDouble();
                    const QJsonObject hccs =
                        o[u"Communication Bandwidth Info"_s][u"HCCS"_s].toObject();
                    hccsMb += hccs[u"Transit Size(MB)"_s].toDouble();
                    hccsMs += hccs[u"Transit Time(ms)"_s].toDouble();
                }
            }
        }
    }
    QVERIFY(entries > 0 && hccsMs > 0);

    std::map<int, RankProfile> ranks;
    Diagnostics d;
    const TableRead r = readClusterCommunication(view(bytes), file, ranks, d, CancelToken());
    QVERIFY(!r.error);
    QCOMPARE(r.rows, qint64(entries));
    QCOMPARE(qsizetype(ranks.size()), ranksSeen.size());
    double readElapse = 0;
    qint64 calls = 0;
    LinkTraffic hccs;
    for (const auto &[id, rp] : ranks) {
        for (const CollectiveStats &c : rp.collectives) {
            readElapse += c.elapseMs;
            calls += c.count;
            if (c.links.count(u"HCCS"_s))
                hccs.merge(c.links.at(u"HCCS"_s));
        }
    }
    QCOMPARE(calls, qint64(entries));
    QVERIFY(std::abs(readElapse - elapse) < 1e-9);
    QVERIFY(std::abs(hccs.bandwidthGbps() - hccsMb / hccsMs) < 1e-9);
}

void tst_ProfileReal::mindSporeTimeTablesMatchAPlainReading()
{
    Diagnostics d;
    {
        // aicore_intermediate_*_detail.csv: full_op_name,execution_time (ms) per line.
        const QString file =
            sharedData(u"opinfo/mindspore_aicore_intermediate_1_detail_run2.csv"_s);
        const QByteArray bytes = bytesOf(file);
        const QList<QByteArray> lines = bytes.trimmed().split('\n');
        double ms = 0;
        for (qsizetype i = 1; i < lines.size(); ++i)
            ms += lines[i].split(',').value(1).trimmed().toDouble();
        RankProfile rank;
        const TableRead r =
            readMindSporeAicoreDetail(view(bytes), file, {}, rank, d, CancelToken());
        QVERIFY(!r.error);
        QCOMPARE(r.rows, lines.size() - 1);
        QVERIFY(std::abs(rank.kernels.totalUs - 1000 * ms) < 1e-6);
    }
    {
        // output_op_compute_time_*.txt: "name time stream" lines between the header and the
        // "total op" line, whose time is the sum.
        const QString file = sharedData(u"opinfo/mindspore_output_op_compute_time_1_run1.txt"_s);
        const QByteArray bytes = bytesOf(file);
        qint64 ops = 0;
        double ms = 0;
        double stated = 0;
        for (const QByteArray &line : bytes.split('\n')) {
            const QList<QByteArray> f = line.simplified().split(' ');
            if (line.startsWith("total op"))
                stated = f.value(2).toDouble();
            else if (f.size() == 3 && f[0].contains('/')) {
                ++ops;
                ms += f[1].toDouble();
            }
        }
        QVERIFY(std::abs(ms - stated) < 1e-9);
        RankProfile rank;
        const TableRead r =
            readMindSporeOpComputeTime(view(bytes), file, {}, rank, d, CancelToken());
        QVERIFY(!r.error);
        QCOMPARE(r.rows, ops);
        QVERIFY(std::abs(rank.kernels.totalUs - 1000 * ms) < 1e-6);
    }
    {
        // aicore_intermediate_*_type.csv: op_type,total_time (ms),execution_frequency,percent.
        const QString file = real + u"mindspore_profiler/aicore_intermediate_1_type.csv"_s;
        const QByteArray bytes = bytesOf(file);
        const QList<QByteArray> lines = bytes.trimmed().split('\n');
        double ms = 0;
        qint64 calls = 0;
        for (qsizetype i = 1; i < lines.size(); ++i) {
            const QList<QByteArray> f = lines[i].trimmed().split(',');
            ms += f.value(1).toDouble();
            calls += f.value(2).toLongLong();
        }
        RankProfile rank;
        const TableRead r = readMindSporeAicoreType(view(bytes), file, rank, d, CancelToken());
        QVERIFY(!r.error);
        QCOMPARE(r.rows, lines.size() - 1);
        QCOMPARE(rank.kernels.kernels, calls);
        QVERIFY(std::abs(rank.kernels.totalUs - 1000 * ms) < 1e-6);
    }
    QVERIFY2(d.isEmpty(), qPrintable(d.entries().value(0).message));
}

QTEST_GUILESS_MAIN(tst_ProfileReal)
#include "tst_profilereal.moc"
