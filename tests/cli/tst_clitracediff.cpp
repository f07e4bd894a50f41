// Runs the real twinscope-cli tracediff: the JSON keys issue #10 lists (a contract checked outside
// the project) and nothing else, a golden for the planted GPU-vs-NPU pair (sorted keys, float
// tolerance; TWINSCOPE_UPDATE_GOLDEN=1 rewrites it), and the exit codes.
#include "common/testdata.h"
#include "testhelpers_cli.h"
#include "testhelpers_golden.h"

#include <QFileInfo>
#include <QJsonArray>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;

namespace {

const QString pairs = QStringLiteral(TWINSCOPE_TEST_DATA "/trace/tracediff/");
const QString goldenDir = QStringLiteral(TWINSCOPE_SOURCE_DIR "/tests/cli/golden/");

QStringList keys(const QJsonValue &v)
{
    QStringList k = v.toObject().keys();
    k.sort();
    return k;
}

} // namespace

class tst_CliTraceDiff : public QObject
{
    Q_OBJECT

private slots:
    void exactKeys();
    void golden();
    void exitCodes_data();
    void exitCodes();
    void textMode();
};

void tst_CliTraceDiff::exactKeys()
{
    const CliRun r = runCli({u"tracediff"_s,
                             u"--json"_s,
                             pairs + u"gpu_npu/baseline.json"_s,
                             pairs + u"gpu_npu/target.json"_s});
    QCOMPARE(r.exitCode, 0);
    const QJsonObject o = r.json();
    QCOMPARE(keys(o),
             (QStringList{u"baseline"_s,
                          u"categories"_s,
                          u"memory"_s,
                          u"ops"_s,
                          u"schemaVersion"_s,
                          u"target"_s,
                          u"warnings"_s}));
    QCOMPARE(o.value(u"schemaVersion"_s).toInt(), 1);
    for (const QString &side : {u"baseline"_s, u"target"_s}) {
        QCOMPARE(keys(o.value(side)),
                 (QStringList{u"path"_s,
                              u"phases"_s,
                              u"step_policy"_s,
                              u"step_us"_s,
                              u"steps"_s,
                              u"steps_used"_s,
                              u"unfinished_steps"_s,
                              u"warmup_step"_s}));
        QCOMPARE(keys(o.value(side).toObject().value(u"phases"_s)),
                 (QStringList{u"communication_not_overlapped_us"_s,
                              u"communication_us"_s,
                              u"computing_us"_s,
                              u"free_us"_s,
                              u"overlapped_us"_s}));
    }
    QCOMPARE(keys(o.value(u"memory"_s)),
             (QStringList{u"baseline_peak_bytes"_s, u"target_peak_bytes"_s}));
    const QJsonArray categories = o.value(u"categories"_s).toArray();
    QVERIFY(!categories.isEmpty());
    for (const QJsonValue &c : categories)
        QCOMPARE(keys(c),
                 (QStringList{u"baseline_us"_s, u"delta_us"_s, u"name"_s, u"target_us"_s}));
    const QJsonArray ops = o.value(u"ops"_s).toArray();
    QVERIFY(!ops.isEmpty());
    double last = 1e300;
    bool inSymptoms = false;
    for (const QJsonValue &op : ops) {
        QCOMPARE(keys(op),
                 (QStringList{u"baseline_count"_s,
                              u"baseline_us"_s,
                              u"delta_us"_s,
                              u"family"_s,
                              u"level"_s,
                              u"name"_s,
                              u"short_name"_s,
                              u"state"_s,
                              u"symptom"_s,
                              u"target_count"_s,
                              u"target_us"_s}));
        // Sorted by |delta_us|, the symptoms (synchronisations) after every cause.
        const bool symptom = op.toObject().value(u"symptom"_s).toBool();
        if (symptom && !inSymptoms) {
            inSymptoms = true;
            last = 1e300;
        }
        QCOMPARE(symptom, inSymptoms);
        const double delta = std::abs(op.toObject().value(u"delta_us"_s).toDouble());
        QVERIFY(delta <= last);
        last = delta;
    }
    QCOMPARE(ops.at(0).toObject().value(u"name"_s).toString(), u"matmul"_s);
}

void tst_CliTraceDiff::golden()
{
    const CliRun r = runCli({u"tracediff"_s,
                             u"--json"_s,
                             pairs + u"gpu_npu/baseline.json"_s,
                             pairs + u"gpu_npu/target.json"_s});
    QCOMPARE(r.exitCode, 0);
    const QJsonValue actual = goldenNormalise(r.json());
    QString why;
    const GoldenOutcome g =
        compareGolden(actual, goldenDir + u"tracediff_gpu_npu.json"_s, &why, 1e-6);
    if (g == GoldenOutcome::Rewritten)
        QSKIP("golden rewritten");
    QVERIFY2(g == GoldenOutcome::Same, qPrintable(why));
}

void tst_CliTraceDiff::exitCodes_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<int>("exitCode");
    QTest::addColumn<QString>("stderrPart");
    const QString b = pairs + u"npu_npu/baseline.json"_s, t = pairs + u"npu_npu/target.json"_s;
    QTest::newRow("one input") << QStringList{b} << 2 << u"two inputs"_s;
    QTest::newRow("three inputs") << QStringList{b, t, t} << 2 << u"two inputs"_s;
    QTest::newRow("both step options")
        << QStringList{u"--step"_s, u"1"_s, u"--all-steps"_s, b, t} << 2 << u"exclude"_s;
    QTest::newRow("bad step") << QStringList{u"--step"_s, u"x"_s, b, t} << 2 << u"--step"_s;
    QTest::newRow("step out of range")
        << QStringList{u"--step"_s, u"7"_s, b, t} << 2 << u"step 7"_s;
    QTest::newRow("missing") << QStringList{b, pairs + u"nope.json"_s} << 3 << u"nope.json"_s;
    QTest::newRow("not a trace")
        << QStringList{b, sharedData(u"trace/mstt_advisor_kernel_details.csv"_s)} << 3
        << u"kernel_details.csv"_s;
    QTest::newRow("missing map") << QStringList{u"--map"_s, pairs + u"nope.map"_s, b, t} << 3
                                 << u"nope.map"_s;
}

void tst_CliTraceDiff::exitCodes()
{
    QFETCH(QStringList, args);
    QFETCH(int, exitCode);
    QFETCH(QString, stderrPart);
    const CliRun r = runCli(QStringList{u"tracediff"_s} + args);
    QCOMPARE(r.exitCode, exitCode);
    QVERIFY2(QString::fromUtf8(r.err).contains(stderrPart), r.err.constData());
}

void tst_CliTraceDiff::textMode()
{
    QTemporaryDir dir;
    const QString map = dir.filePath(u"families.json"_s);
    QFile f(map);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write("{\n  \"LayerNorm|layer_norm\": \"norm\",\n  \"(bad\": \"x\"\n}\n");
    f.close();
    const QString b = pairs + u"gpu_npu/baseline.json"_s, t = pairs + u"gpu_npu/target.json"_s;
    // A bad regex names its line.
    CliRun r = runCli({u"tracediff"_s, u"--map"_s, map, b, t});
    QCOMPARE(r.exitCode, 3);
    QVERIFY2(r.err.contains("line 3"), r.err.constData());
    // A good one renames the family in the ranking.
    QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
    f.write("{\"LayerNorm|layer_norm\": \"norm\"}");
    f.close();
    r = runCli({u"tracediff"_s, u"--json"_s, u"--map"_s, map, b, t});
    QCOMPARE(r.exitCode, 0);
    bool norm = false;
    for (const QJsonValue &op : r.json().value(u"ops"_s).toArray())
        norm = norm || op.toObject().value(u"family"_s).toString() == u"norm"_s;
    QVERIFY(norm);
    r = runCli({u"tracediff"_s, u"--all-steps"_s, b, t});
    QCOMPARE(r.exitCode, 0);
    QVERIFY(r.out.contains("matmul"));
    QVERIFY(r.out.contains("3 steps"));
}

QTEST_GUILESS_MAIN(tst_CliTraceDiff)
#include "tst_clitracediff.moc"
