#include "core/export/profilejson.h"
#include "core/profile/profiledb.h"
#include "core/profile/profilepipeline.h"
#include "core/profile/profiletable.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

#include <cmath>

using namespace Qt::StringLiterals;
using namespace Twinscope::Core;

// The profile pipeline over tests/data/profile (make_fixtures.py): every number asserted comes
// from expected.json, which the script computed from the rows it wrote.
class tst_ProfilePipeline : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void clusterMatchesExpected();
    void slowRanksAndLinks();
    void memoryOfOneRank();
    void openingOneRankOrItsOutputFolder();
    void shardsMergeToTheSameSummary();
    void summaryCountsAiCpu();
    void pytorchDatabase();
    void analysisDatabase();
    void brokenInputs_data();
    void brokenInputs();
    void clusterRowWithBadRankIsSkipped();
    void filesViewKeepsEveryColumn();
    void canceledReturnsNothing();
};

namespace {

const QString root = QStringLiteral(TWINSCOPE_TEST_DATA "/profile/");

QJsonObject expected;

Result<ProfileAnalysis> run(const QStringList &paths, int shard = 0, int shards = 1)
{
    ProfilePipelineInput in;
    in.paths = paths;
    in.shardIndex = shard;
    in.shardCount = shards;
    ProgressSink progress;
    return runProfilePipeline(in, progress, CancelToken());
}

bool near(double a, double b)
{
    return std::abs(a - b) <= 1e-9 * std::max(1.0, std::abs(b));
}

// Two JSON values equal, numbers within a relative 1e-9 (sums taken in another order).
bool sameJson(const QJsonValue &a, const QJsonValue &b, QString *where)
{
    if (a.isDouble() && b.isDouble()) {
        if (!near(a.toDouble(), b.toDouble()))
            return *where += u" %1 != %2"_s.arg(a.toDouble()).arg(b.toDouble()), false;
        return true;
    }
    if (a.type() != b.type())
        return *where += u" type"_s, false;
    if (a.isObject()) {
        const QJsonObject x = a.toObject(), y = b.toObject();
        if (x.keys() != y.keys())
            return *where += u" keys"_s, false;
        for (const QString &k : x.keys()) {
            if (!sameJson(x.value(k), y.value(k), &(*where += u'.' + k)))
                return false;
        }
        return true;
    }
    if (a.isArray()) {
        const QJsonArray x = a.toArray(), y = b.toArray();
        if (x.size() != y.size())
            return *where += u" size"_s, false;
        for (qsizetype i = 0; i < x.size(); ++i) {
            if (!sameJson(x[i], y[i], &(*where += u'[' + QString::number(i) + u']')))
                return false;
        }
        return true;
    }
    return a == b;
}

} // namespace

void tst_ProfilePipeline::initTestCase()
{
    QFile f(root + u"expected.json"_s);
    QVERIFY(f.open(QIODevice::ReadOnly));
    expected = QJsonDocument::fromJson(f.readAll()).object();
    QVERIFY(!expected.isEmpty());
}

void tst_ProfilePipeline::clusterMatchesExpected()
{
    const auto r = run({root + u"good/cluster"_s});
    QVERIFY2(r.isOk(), qPrintable(r.error().toString()));
    const ProfileAnalysis &a = *r.value();
    const QJsonArray ranks = expected.value(u"ranks"_s).toArray();
    QCOMPARE(qsizetype(a.ranks.size()), ranks.size());
    for (qsizetype i = 0; i < ranks.size(); ++i) {
        const QJsonObject e = ranks[i].toObject();
        const RankSummary &s = a.ranks[size_t(i)];
        QCOMPARE(s.rank, e.value(u"rank"_s).toInt());
        QCOMPARE(s.steps, e.value(u"steps"_s).toInteger());
        QVERIFY(near(s.us[int(StepPhase::Computing)], e.value(u"computing_us"_s).toDouble()));
        QVERIFY(near(s.us[int(StepPhase::Free)], e.value(u"free_us"_s).toDouble()));
        QVERIFY(near(s.stepUs, e.value(u"step_us"_s).toDouble()));
    }
    // Kernels by type and core, over the four rank folders; the unknown "Vendor Extra" column and
    // the N/A cells did not stop a row.
    const KernelTable types = a.kernels.regrouped(KernelGrouping::TypeAndCore);
    const QJsonObject kernels = expected.value(u"kernels"_s).toObject();
    QCOMPARE(qsizetype(types.groups.size()), kernels.size());
    for (const KernelGroup &g : types.groups) {
        const QJsonObject e = kernels.value(g.type + u'|' + g.core).toObject();
        QVERIFY2(!e.isEmpty(), qPrintable(g.type));
        QCOMPARE(g.count, e.value(u"count"_s).toInteger());
        QVERIFY(near(g.totalUs, e.value(u"total_us"_s).toDouble()));
    }
    // Two signatures of MatMulV2: 4096,512 (aligned) and 4096,500 (flagged).
    int matmuls = 0;
    for (const KernelGroup &g : a.kernels.groups) {
        if (g.type != u"MatMulV2"_s)
            continue;
        ++matmuls;
        QCOMPARE(g.isUnalignedOnAiCore(), g.inputShapes.contains(u"500"_s));
        QCOMPARE(g.inputShapes.startsWith(u'"'), false); // triple quotes undone
    }
    QCOMPARE(matmuls, 2);
    QVERIFY(a.kernelSignatures);
    // Communication: "Total Op Info" entries are msprof-analyze's sums and not counted again.
    const QJsonObject comm = expected.value(u"communication"_s).toObject();
    QCOMPARE(qsizetype(a.collectives.size()), comm.size());
    for (const CollectiveStats &c : a.collectives) {
        const QJsonObject e = comm.value(c.op).toObject();
        QCOMPARE(c.count, e.value(u"count"_s).toInteger());
        QVERIFY(near(c.elapseMs, e.value(u"elapse_ms"_s).toDouble()));
        QVERIFY(near(c.waitMs, e.value(u"wait_ms"_s).toDouble()));
        if (e.value(u"hccs_time_ms"_s).toDouble() > 0)
            QVERIFY(near(c.links.at(u"HCCS"_s).bandwidthGbps(),
                         e.value(u"hccs_size_mb"_s).toDouble() /
                             e.value(u"hccs_time_ms"_s).toDouble()));
    }
    // Matrix ends were local to their group and mapped through profiler_metadata.json.
    QVERIFY(!a.matrixLocalRanks);
    QCOMPARE(int(a.matrix.size()), 4);
    // Every table file is listed; op_statistic.csv gave way to the kernel table beside it.
    qint64 shadowed = 0;
    for (const ProfileFile &f : a.files) {
        QVERIFY2(!f.error, qPrintable(f.path));
        shadowed += f.diagnostics.count(u"op_statistic_shadowed"_s);
    }
    QCOMPARE(shadowed, 4);
    QCOMPARE(r.diagnostics().count(u"profile_file_failed"_s), 0);
}

void tst_ProfilePipeline::slowRanksAndLinks()
{
    const auto r = run({root + u"good/cluster"_s});
    QVERIFY(r.isOk());
    const ProfileAnalysis &a = *r.value();
    const QJsonArray slow = expected.value(u"slow_ranks"_s).toArray();
    QCOMPARE(qsizetype(a.slowRanks.size()), slow.size());
    const double threshold = SlowRankStepShare * expected.value(u"mean_step_us"_s).toDouble();
    for (qsizetype i = 0; i < slow.size(); ++i) {
        const QJsonObject e = slow[i].toObject();
        QCOMPARE(a.slowRanks[size_t(i)].rank, e.value(u"rank"_s).toInt());
        QCOMPARE(stepPhaseId(a.slowRanks[size_t(i)].phase), e.value(u"phase"_s).toString());
        QVERIFY(near(a.slowRanks[size_t(i)].medianUs, e.value(u"median_us"_s).toDouble()));
        QVERIFY(near(a.slowRanks[size_t(i)].thresholdUs, threshold));
    }
    const QJsonArray links = expected.value(u"slow_links"_s).toArray();
    QCOMPARE(qsizetype(a.slowLinks.size()), links.size());
    const QJsonObject l = links[0].toObject();
    QCOMPARE(a.slowLinks[0].src, l.value(u"src"_s).toInt());
    QCOMPARE(a.slowLinks[0].dst, l.value(u"dst"_s).toInt());
    QCOMPARE(a.slowLinks[0].link, l.value(u"link"_s).toString());
    QVERIFY(near(a.slowLinks[0].bandwidthGbps, l.value(u"bandwidth_gbps"_s).toDouble()));
    QVERIFY(near(a.slowLinks[0].medianGbps, l.value(u"median_gbps"_s).toDouble()));

    // Nothing is wrong with ranks 0 and 1 alone: no slow rank, no slow link (too few to judge).
    const auto two = run({root + u"good/cluster/node0_1000_20250101_ascend_pt"_s,
                          root + u"good/cluster/node0_1001_20250101_ascend_pt"_s});
    QVERIFY(two.isOk());
    QVERIFY(two.value()->slowRanks.empty());
    QVERIFY(two.value()->slowLinks.empty());
}

void tst_ProfilePipeline::memoryOfOneRank()
{
    const auto r = run({root + u"good/cluster"_s});
    QVERIFY(r.isOk());
    const RankProfile *rank = r.value()->detail(0);
    QVERIFY(rank);
    const QJsonObject e = expected.value(u"memory"_s).toObject().value(u"0"_s).toObject();
    QCOMPARE(qsizetype(rank->memory.curves.size()), e.value(u"curves"_s).toInteger());
    const MemoryCurve &pta = rank->memory.curves.front().component == u"PTA"_s
                                 ? rank->memory.curves.front()
                                 : rank->memory.curves.back();
    QCOMPARE(qsizetype(pta.tsNs.size()), e.value(u"pta_samples"_s).toInteger());
    QVERIFY(std::is_sorted(pta.tsNs.begin(), pta.tsNs.end()));
    QCOMPARE(rank->memory.allocators.front().name, e.value(u"top_allocator"_s).toString());
    QCOMPARE(rank->memory.allocators.front().totalKb, e.value(u"top_total_kb"_s).toDouble());
    QCOMPARE(qsizetype(rank->memory.modules.size()), e.value(u"modules"_s).toInteger());
    const auto slog = std::find_if(rank->memory.modules.begin(),
                                   rank->memory.modules.end(),
                                   [](const ModuleMemory &m) { return m.component == u"SLOG"_s; });
    QCOMPARE(slog->peakReservedMb, e.value(u"peak_slog_mb"_s).toDouble());
    // Peaks per step: the steps' spans come from the kernel table's start times.
    QCOMPARE(int(rank->memory.stepPeaks.size()), 2);
    QVERIFY(rank->memory.stepPeaks[0].reservedMb > 0);
    QCOMPARE(rank->rank, 0);
    QCOMPARE(rank->info.value(u"cann_version"_s), u"8.0.RC3"_s);
}

void tst_ProfilePipeline::openingOneRankOrItsOutputFolder()
{
    const QString rank2 = root + u"good/cluster/node0_1002_20250101_ascend_pt"_s;
    for (const QString &path : {rank2, rank2 + u"/ASCEND_PROFILER_OUTPUT"_s}) {
        const auto r = run({path});
        QVERIFY2(r.isOk(), qPrintable(path));
        QCOMPARE(int(r.value()->ranks.size()), 1);
        QCOMPARE(r.value()->ranks.front().rank, 2); // from profiler_info_2.json
    }
    // A single table opened alone.
    const auto one = run({rank2 + u"/ASCEND_PROFILER_OUTPUT/step_trace_time.csv"_s});
    QVERIFY(one.isOk());
    QCOMPARE(one.value()->ranks.front().steps, 2);
}

void tst_ProfilePipeline::shardsMergeToTheSameSummary()
{
    const auto direct = run({root + u"good/cluster"_s});
    QVERIFY(direct.isOk());
    std::vector<ProfileAnalysis> parts;
    for (int i = 0; i < 3; ++i) {
        const auto part = run({root + u"good/cluster"_s}, i, 3);
        QVERIFY(part.isOk());
        const QByteArray text =
            QJsonDocument(profileShardJson(*part.value(), i, 3)).toJson(QJsonDocument::Compact);
        const auto back =
            readProfileShard(std::string_view(text.constData(), size_t(text.size())), u"s"_s);
        QVERIFY2(back.isOk(), qPrintable(back.error().toString()));
        QCOMPARE(back.value()->index, i);
        QCOMPARE(back.value()->count, 3);
        parts.push_back(back.value()->analysis);
    }
    const ProfileAnalysis merged = mergeAnalyses(std::move(parts));
    QString where;
    QVERIFY2(sameJson(profileSummaryJson(merged), profileSummaryJson(*direct.value()), &where),
             qPrintable(where));
}

void tst_ProfilePipeline::summaryCountsAiCpu()
{
    // The keys themselves are tests/cli/tst_cliprofile.cpp's contract check.
    const auto r = run({root + u"good/cluster"_s});
    QVERIFY(r.isOk());
    const QJsonObject o = profileSummaryJson(*r.value());
    // AI CPU: NonZero, 55 us per call, 2 steps × 4 ranks.
    const QJsonObject aiCpu = o.value(u"ai_cpu"_s).toObject();
    QCOMPARE(aiCpu.value(u"count"_s).toInt(), 8);
    QCOMPARE(aiCpu.value(u"total_us"_s).toDouble(), 440.0);
}

void tst_ProfilePipeline::pytorchDatabase()
{
    RankProfile rank;
    Diagnostics d;
    const TableRead r = readProfileDatabase(
        root + u"good/db/ascend_pytorch_profiler_0.db"_s, rank, d, CancelToken());
    QVERIFY2(!r.error, qPrintable(r.error ? r.error->toString() : QString()));
    const QJsonObject e = expected.value(u"db"_s).toObject();
    const QJsonObject kernels = e.value(u"kernels"_s).toObject();
    const KernelTable types = rank.kernels.regrouped(KernelGrouping::TypeAndCore);
    QCOMPARE(qsizetype(types.groups.size()), kernels.size());
    for (const KernelGroup &g : types.groups) {
        const QJsonObject k = kernels.value(g.type + u'|' + g.core).toObject();
        QCOMPARE(g.count, k.value(u"count"_s).toInteger());
        QVERIFY(near(g.totalUs, k.value(u"total_us"_s).toDouble()));
    }
    const QJsonArray steps = e.value(u"steps_us"_s).toArray();
    QCOMPARE(qsizetype(rank.steps.size()), steps.size());
    for (qsizetype i = 0; i < steps.size(); ++i)
        QCOMPARE(rank.steps[size_t(i)].wallUs, steps[i].toDouble());
    const QJsonObject c = e.value(u"collective"_s).toObject();
    QCOMPARE(rank.collectives.front().op, c.value(u"op"_s).toString());
    QCOMPARE(rank.collectives.front().count, c.value(u"count"_s).toInteger());
    QVERIFY(near(rank.collectives.front().elapseMs, c.value(u"elapse_ms"_s).toDouble()));
}

void tst_ProfilePipeline::analysisDatabase()
{
    RankProfile rank;
    Diagnostics d;
    const TableRead r =
        readProfileDatabase(root + u"good/db/analysis.db"_s, rank, d, CancelToken());
    QVERIFY(!r.error);
    const QJsonObject e = expected.value(u"analysis_db"_s).toObject();
    QCOMPARE(int(rank.steps.size()), 1);
    QCOMPARE(rank.steps[0].us[int(StepPhase::Computing)], e.value(u"computing_us"_s).toDouble());
    QCOMPARE(rank.steps[0].us[int(StepPhase::Free)], e.value(u"free_us"_s).toDouble());
    const QJsonObject c = e.value(u"collective"_s).toObject();
    const CollectiveStats &s = rank.collectives.front();
    QCOMPARE(s.op, c.value(u"op"_s).toString());
    QCOMPARE(s.count, c.value(u"count"_s).toInteger());
    QVERIFY(near(s.elapseMs, c.value(u"elapse_ms"_s).toDouble()));
    QVERIFY(near(s.waitMs, c.value(u"wait_ms"_s).toDouble()));
    // The link's size and time repeat on each packet-size row and count once per call.
    QVERIFY(near(s.links.at(u"HCCS"_s).bandwidthGbps(), e.value(u"hccs_gbps"_s).toDouble()));
    QCOMPARE(s.links.at(u"HCCS"_s).packets.at(1.0).first, e.value(u"packets_1mb"_s).toInteger());
}

void tst_ProfilePipeline::brokenInputs_data()
{
    QTest::addColumn<QString>("path");
    QTest::addColumn<QString>("code");
    QTest::addColumn<QString>("mentions");
    QTest::newRow("kernel table without Type")
        << root + u"broken/no_type"_s << u"malformed"_s << u"\"Type\""_s;
    QTest::newRow("step table without Free")
        << root + u"broken/no_free/step_trace_time.csv"_s << u"malformed"_s << u"\"Free\""_s;
    QTest::newRow("cut communication.json")
        << root + u"broken/bad_json"_s << u"malformed"_s << u"not valid JSON"_s;
    QTest::newRow("profiler database of unknown layout")
        << root + u"broken/strings_only.db"_s << u"unsupported"_s << u"COMPUTE_TASK_INFO"_s;
    QTest::newRow("unrelated database")
        << root + u"broken/unrelated.db"_s << u"unknown_format"_s << u"unrelated.db"_s;
    QTest::newRow("empty folder") << root + u"no_such_folder"_s << u"unreadable"_s << QString();
}

void tst_ProfilePipeline::brokenInputs()
{
    QFETCH(QString, path);
    QFETCH(QString, code);
    QFETCH(QString, mentions);
    const auto r = run({path});
    QVERIFY(r.isFailed());
    QCOMPARE(errorCodeId(r.error().code), code);
    QVERIFY2(r.error().message.contains(mentions) || r.error().toString().contains(mentions),
             qPrintable(r.error().toString()));
    // The message names the file it is about.
    QVERIFY2(!r.error().file.isEmpty() && r.error().file.startsWith(path.section(u'/', 0, -2)),
             qPrintable(r.error().file));
    if (path.endsWith(u"strings_only.db"_s))
        QVERIFY(r.error().found.contains(u"notes"_s));
}

void tst_ProfilePipeline::clusterRowWithBadRankIsSkipped()
{
    const auto r = run({root + u"broken/cluster_bad_index"_s});
    QVERIFY(r.isOk());
    QCOMPARE(int(r.value()->ranks.size()), 1);
    QCOMPARE(r.value()->ranks.front().rank, 1);
    QCOMPARE(r.diagnostics().count(u"cluster_step_bad_rank"_s), 1);
    QVERIFY(!r.diagnostics().entries().front().file.isEmpty());
}

void tst_ProfilePipeline::filesViewKeepsEveryColumn()
{
    const QString file =
        root +
        u"good/cluster/node0_1000_20250101_ascend_pt/ASCEND_PROFILER_OUTPUT/kernel_details.csv"_s;
    ProgressSink progress;
    const auto t = readProfileTable(file, 3, progress, CancelToken());
    QVERIFY(t.isOk());
    QCOMPARE(t.value()->header.last(), u"Vendor Extra"_s);
    QCOMPARE(t.value()->totalRows, 10);
    QVERIFY(t.value()->truncated);
    QCOMPARE(int(t.value()->rows.size()), 3);
    QCOMPARE(t.value()->rows[0][12], u"4096,512;512,1024"_s);
    QCOMPARE(t.value()->rows[0][7], u"1700000000001000.000"_s); // the tab trimmed
    const auto json = readProfileTable(
        root +
            u"good/cluster/node0_1000_20250101_ascend_pt/ASCEND_PROFILER_OUTPUT/communication.json"_s,
        10,
        progress,
        CancelToken());
    QVERIFY(json.isFailed());
    QCOMPARE(json.error().code, ErrorCode::Unsupported);
}

void tst_ProfilePipeline::canceledReturnsNothing()
{
    ProfilePipelineInput in;
    in.paths = {root + u"good/cluster"_s};
    CancelToken cancel = CancelToken::create();
    cancel.cancel();
    ProgressSink progress;
    QVERIFY(runProfilePipeline(in, progress, cancel).isCanceled());
}

QTEST_GUILESS_MAIN(tst_ProfilePipeline)
#include "tst_profilepipeline.moc"
