// `twinscope-cli monitor` and `loss --gate` (issue #27): the planted departure printed where it is,
// the unplanted pair clean, the gates' exit codes, and hostile monitor files answered with
// messages (exit 3 or counted warnings), never a crash.
#include "common/monitorgenerator.h"
#include "common/testdata.h"
#include "testhelpers_cli.h"
#include "testhelpers_golden.h"

#include <QTemporaryDir>
#include <QTest>

namespace {

void writeFile(const QString &path, const QByteArray &bytes)
{
    QDir().mkpath(QFileInfo(path).path());
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(bytes);
}

} // namespace

class TestCliMonitor : public QObject
{
    Q_OBJECT

private slots:
    // msprobe's real monitor output (v1 CSVs, anomalies) against csv2db's database of it: the
    // whole JSON as a golden (tests/cli/golden/monitor_real_csv_vs_db.json); no departure.
    void goldenRealCsvVsDb()
    {
        const QString real = QStringLiteral(TWINSCOPE_TEST_DATA "/monitor/msprobe_real");
        const CliRun r = runCli({QStringLiteral("monitor"),
                                 QStringLiteral("--json"),
                                 real,
                                 real + QStringLiteral("/csv2db/monitor_metrics.db")});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QVERIFY(r.json()[u"comparison"].toObject()[u"first_departure"].isNull());
        QString why;
        const GoldenOutcome g = compareGolden(
            goldenNormalise(r.json()),
            QStringLiteral(TWINSCOPE_SOURCE_DIR "/tests/cli/golden/monitor_real_csv_vs_db.json"),
            &why);
        if (g == GoldenOutcome::Rewritten)
            QSKIP("golden rewritten");
        QVERIFY2(g == GoldenOutcome::Same, qPrintable(why));
    }

    void plantedPairGate()
    {
        MonitorGenSpec spec;
        spec.seed = 5;
        spec.plantStep = 137;
        spec.plantModule = 22;
        spec.plantRank = 1;
        QTemporaryDir tmp;
        const QString a = tmp.filePath(QStringLiteral("a"));
        const QString b = tmp.filePath(QStringLiteral("b"));
        const QString clean = tmp.filePath(QStringLiteral("clean"));
        QVERIFY(writeMonitorRun(a, spec, 0));
        QVERIFY(writeMonitorRun(b, spec, 1));
        spec.plantStep = -1;
        QVERIFY(writeMonitorRun(clean, spec, 1));

        const CliRun text = runCli({QStringLiteral("monitor"), a, b, QStringLiteral("--gate")});
        QCOMPARE(text.exitCode, 1);
        QVERIFY2(text.out.contains("first departure: step 137, rank 1, grad_reduced.norm of "
                                   "layers.5.mlp.linear_fc1.weight"),
                 text.out.constData());
        QVERIFY(text.out.contains("gate: FAILED"));

        const CliRun json = runCli({QStringLiteral("monitor"), QStringLiteral("--json"), a, b});
        QCOMPARE(json.exitCode, 0); // no --gate: a finding is no failure
        const QJsonObject first =
            json.json()[u"comparison"].toObject()[u"first_departure"].toObject();
        QCOMPARE(first[u"step"].toInt(), 137);
        QCOMPARE(first[u"rank"].toInt(), 1);
        QCOMPARE(first[u"module"].toString(), QStringLiteral("layers.5.mlp.linear_fc1.weight"));
        QCOMPARE(first[u"metric"].toString(), QStringLiteral("grad_reduced.norm"));
        QVERIFY(first[u"gap"].toDouble() > first[u"floor"].toDouble());
        const QJsonArray runs = json.json()[u"runs"].toArray();
        QCOMPARE(runs.size(), 2);
        QCOMPARE(runs[0].toObject()[u"layout"].toString(), QStringLiteral("v1"));
        QCOMPARE(runs[0].toObject()[u"ranks"].toArray().size(), 2);
        QCOMPARE(runs[0].toObject()[u"anomalies"].toArray().size(), 6);
        QVERIFY(!runs[0].toObject()[u"files"].toArray().isEmpty());

        const CliRun none = runCli({QStringLiteral("monitor"),
                                    QStringLiteral("--json"),
                                    QStringLiteral("--gate"),
                                    a,
                                    clean});
        QCOMPARE(none.exitCode, 0);
        QVERIFY(none.json()[u"comparison"].toObject()[u"first_departure"].isNull());
        QCOMPARE(none.json()[u"gate"].toObject()[u"passed"].toBool(), true);
    }

    void lossGate()
    {
        const QString gpu = sharedData(QStringLiteral("loss/troubleshooter_gpu_loss.txt"));
        const QString npu = sharedData(QStringLiteral("loss/troubleshooter_npu_loss.txt"));
        const CliRun fail = runCli({QStringLiteral("loss"),
                                    gpu,
                                    npu,
                                    QStringLiteral("--gate"),
                                    QStringLiteral("0.05"),
                                    QStringLiteral("--warmup"),
                                    QStringLiteral("2")});
        QCOMPARE(fail.exitCode, 1);
        QVERIFY2(fail.out.contains("gate: FAILED at step 3"), fail.out.constData());
        QVERIFY(fail.out.contains("twinscope-cli monitor"));
        // The largest gap of the pair is 0.2275 (max rel diff): a looser gate passes.
        const CliRun pass = runCli({QStringLiteral("loss"),
                                    QStringLiteral("--json"),
                                    gpu,
                                    npu,
                                    QStringLiteral("--gate"),
                                    QStringLiteral("0.25")});
        QCOMPARE(pass.exitCode, 0);
        const QJsonObject g = pass.json()[u"gate"].toObject();
        QCOMPARE(g[u"passed"].toBool(), true);
        QCOMPARE(g[u"checked_steps"].toInt(), 40);
        QVERIFY(g[u"first_exceeding_step"].isNull());
        QVERIFY(std::abs(g[u"max_gap"].toDouble() - pass.json()[u"max_rel_diff"].toDouble()) <
                1e-12);
        // A warm-up longer than the run leaves nothing to check: the gate does not pass.
        const CliRun empty = runCli({QStringLiteral("loss"),
                                     gpu,
                                     gpu,
                                     QStringLiteral("--gate"),
                                     QStringLiteral("0.1"),
                                     QStringLiteral("--warmup"),
                                     QStringLiteral("1000")});
        QCOMPARE(empty.exitCode, 1);
        QVERIFY(empty.out.contains("no common step after the warm-up"));
        // Without --gate the JSON has no gate key (the goldens hold the rest byte for byte).
        const CliRun plain = runCli({QStringLiteral("loss"), QStringLiteral("--json"), gpu, npu});
        QCOMPARE(plain.exitCode, 0);
        QVERIFY(!plain.json().contains(u"gate"));
        QCOMPARE(
            runCli({QStringLiteral("loss"), gpu, QStringLiteral("--gate"), QStringLiteral("0.1")})
                .exitCode,
            2);
    }

    void hostileInputs_data()
    {
        QTest::addColumn<QByteArray>("csv");
        QTest::addColumn<int>("exitCode");
        QTest::addColumn<QByteArray>("says");
        QTest::newRow("no name column")
            << QByteArray("vpp_stage,step,norm\n0,1,2\n") << 3 << QByteArray("name and step");
        QTest::newRow("header only")
            << QByteArray("vpp_stage,name,step,norm\n") << 3 << QByteArray("no monitor data");
        QTest::newRow("huge step")
            << QByteArray("vpp_stage,name,step,norm\n0,a,999999999999999999,1\n"
                          "0,a,99999999999999999999999,1\n0,a,-5,nan\n")
            << 0 << QByteArray("monitor_bad_row");
        QTest::newRow("nan and junk values")
            << QByteArray("vpp_stage,name,step,norm,max\n0,a,1,nan,inf\n0,a,2,x,\n0,b\n") << 0
            << QByteArray("monitor_short_row");
        QTest::newRow("binary") << QByteArray("\x00\x01\xff\xfe,\n\"unterminated", 18) << 3
                                << QByteArray("name and step");
    }
    void hostileInputs()
    {
        QFETCH(QByteArray, csv);
        QFETCH(int, exitCode);
        QFETCH(QByteArray, says);
        QTemporaryDir tmp;
        writeFile(tmp.filePath(QStringLiteral("x-rank0-a/grad_reduced_0-9.csv")), csv);
        const CliRun r = runCli({QStringLiteral("monitor"), QStringLiteral("--json"), tmp.path()});
        QCOMPARE(r.exitCode, exitCode);
        QVERIFY2((r.out + r.err).contains(says), (r.out + r.err).constData());
    }

    void hostileDatabaseAndJson()
    {
        QTemporaryDir tmp;
        writeFile(tmp.filePath(QStringLiteral("monitor_metrics.db")),
                  QByteArray("SQLite format 3\0junk", 20));
        CliRun r =
            runCli({QStringLiteral("monitor"), tmp.filePath(QStringLiteral("monitor_metrics.db"))});
        QCOMPARE(r.exitCode, 3);
        QVERIFY(!r.err.isEmpty());
        writeFile(tmp.filePath(QStringLiteral("run/x-rank0-a/grad_reduced_0-9.csv")),
                  "vpp_stage,name,step,norm\n0,a,1,2\n");
        writeFile(tmp.filePath(QStringLiteral("run/anomaly_detected/rank0/anomaly.json")),
                  "{\"k\": {\"step\": 1e300, \"rank\": -7, \"tag_name\": \"0:a/rank0/post_grad\"},"
                  " \"j\": [1, 2], \"l\": {\"step\": \"x\"");
        r = runCli({QStringLiteral("monitor"),
                    QStringLiteral("--json"),
                    tmp.filePath(QStringLiteral("run"))});
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(r.out.contains("monitor_file_failed"), r.out.constData());
        writeFile(tmp.filePath(QStringLiteral("run/anomaly_detected/rank0/anomaly.json")),
                  "{\"k\": {\"step\": 1e300, \"rank\": -7, \"tag_name\": \"0:a/rank0/post_grad\"},"
                  " \"j\": [1, 2]}");
        r = runCli({QStringLiteral("monitor"),
                    QStringLiteral("--json"),
                    tmp.filePath(QStringLiteral("run"))});
        QCOMPARE(r.exitCode, 0);
        const QJsonArray anomalies =
            r.json()[u"runs"].toArray()[0].toObject()[u"anomalies"].toArray();
        QCOMPARE(anomalies.size(), 1);
        QCOMPARE(anomalies[0].toObject()[u"rank"].toInt(), 0);
        QCOMPARE(anomalies[0].toObject()[u"prefix"].toString(), QStringLiteral("grad_reduced"));
        QVERIFY(r.out.contains("monitor_anomaly_skipped"));
    }
};

QTEST_GUILESS_MAIN(TestCliMonitor)
#include "tst_climonitor.moc"
