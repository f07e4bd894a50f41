// twinscope-cli dumps: exit codes, the documented JSON keys, the CSV file.
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

using namespace Qt::StringLiterals;

class TestCmdDumps : public QObject
{
    Q_OBJECT

private:
    struct Run
    {
        int exit = -1;
        QByteArray out, err;
    };
    static Run run(const QStringList &args)
    {
        QProcess p;
        p.start(QStringLiteral(TWINSCOPE_CLI), QStringList{u"dumps"_s} + args);
        p.waitForFinished(120000);
        return {p.exitCode(), p.readAllStandardOutput(), p.readAllStandardError()};
    }
    static QString pair(const QString &f)
    {
        return QStringLiteral(TWINSCOPE_TEST_DATA "/dump/pairs/") + f;
    }

private slots:
    void json()
    {
        QTemporaryDir tmp;
        const QString csv = tmp.filePath(u"out.csv"_s);
        const Run r = run({u"--json"_s,
                           u"--kl"_s,
                           u"--csv"_s,
                           csv,
                           pair(u"dumper/bench.h5"_s),
                           pair(u"dumper/npu.h5"_s)});
        QCOMPARE(r.exit, 0);
        const QJsonObject o = QJsonDocument::fromJson(r.out).object();
        QCOMPARE(o.value(u"schemaVersion"_s).toInt(), 1);
        QCOMPARE(o.value(u"pairs"_s).toInt(), 83);
        QVERIFY(o.value(u"unmatched_bench"_s).isArray() && o.value(u"unmatched_npu"_s).isArray());
        const QJsonObject first = o.value(u"first_divergent"_s).toObject();
        QCOMPARE(first.value(u"name"_s).toString(), u"softmax_int/5/output/result"_s);
        QCOMPARE(first.value(u"index"_s).toInt(), 15);
        QCOMPARE(first.value(u"kind"_s).toString(), u"origin"_s);
        QVERIFY(first.value(u"cosine"_s).toDouble() < 0.99);
        QVERIFY(first.value(u"max_abs_err"_s).toDouble() > 0);
        QCOMPARE(o.value(u"nan_origin"_s).toObject().value(u"name"_s).toString(),
                 u"softmax_int/17/output/result"_s);
        QCOMPARE(o.value(u"nan_origin"_s).toObject().value(u"index"_s).toInt(), 55);
        const QJsonArray tensors = o.value(u"tensors"_s).toArray();
        QCOMPARE(tensors.size(), 83);
        for (const char *key : {"name",
                                "index",
                                "shape",
                                "dtype",
                                "cosine",
                                "max_abs_err",
                                "max_rel_err",
                                "mean_abs_err",
                                "rmse",
                                "rel_euclidean",
                                "one_thousandth_ratio",
                                "five_thousandth_ratio",
                                "nan_npu",
                                "inf_npu",
                                "nan_bench",
                                "inf_bench",
                                "verdict"})
            QVERIFY2(tensors.first().toObject().contains(QLatin1String(key)), key);
        QCOMPARE(tensors[55].toObject().value(u"nan_npu"_s).toInt(), 1);
        QVERIFY(tensors[15].toObject().value(u"kl"_s).toDouble() > 0); // the planted divergence
        QVERIFY(tensors[55].toObject().value(u"kl"_s).isNull());       // NaN positions differ
        QCOMPARE(tensors[55].toObject().value(u"verdict"_s).toString(), u"error"_s);
        QFile f(csv);
        QVERIFY(f.open(QIODevice::ReadOnly));
        QVERIFY(f.readLine().startsWith("NPU Name,Bench Name,"));
    }

    void statisticsPairHasNullTensorMetrics()
    {
        const Run r = run(
            {u"--json"_s, pair(u"msprobe_statistics/bench"_s), pair(u"msprobe_statistics/npu"_s)});
        QCOMPARE(r.exit, 0);
        const QJsonObject o = QJsonDocument::fromJson(r.out).object();
        QVERIFY(o.value(u"statistics_mode"_s).toBool());
        QCOMPARE(o.value(u"first_divergent"_s).toObject().value(u"name"_s).toString(),
                 u"Functional.softmax.0.forward.output.0"_s);
        QVERIFY(o.value(u"first_divergent"_s).toObject().value(u"cosine"_s).isNull());
    }

    void errors_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<int>("exit");
        QTest::addColumn<QString>("stderr");
        QTest::newRow("three paths")
            << QStringList{pair(u"dumper/bench.h5"_s), pair(u"dumper/npu.h5"_s), pair(u"x"_s)} << 2
            << u"one path"_s;
        QTest::newRow("bad step") << QStringList{u"--step"_s,
                                                 u"-1"_s,
                                                 pair(u"dumper/bench.h5"_s),
                                                 pair(u"dumper/npu.h5"_s)}
                                  << 2 << u"--step"_s;
        QTest::newRow("result with a partner")
            << QStringList{QStringLiteral(
                               TWINSCOPE_TEST_DATA
                               "/dump/compare_result/msprobe833_tensor_weight_step0.xlsx"),
                           pair(u"dumper/npu.h5"_s)}
            << 3 << u"comparison already"_s;
        QTest::newRow("bad rtol") << QStringList{u"--rtol"_s,
                                                 u"x"_s,
                                                 pair(u"dumper/bench.h5"_s),
                                                 pair(u"dumper/npu.h5"_s)}
                                  << 2 << u"--rtol"_s;
        QTest::newRow("missing file")
            << QStringList{pair(u"dumper/nope.h5"_s), pair(u"dumper/npu.h5"_s)} << 3
            << u"nope.h5"_s;
        QTest::newRow("truncated npu")
            << QStringList{pair(u"dumper/bench.h5"_s),
                           QStringLiteral(TWINSCOPE_TEST_DATA "/dump/broken/truncated.h5")}
            << 3 << u"truncated.h5"_s;
        QTest::newRow("bad map") << QStringList{u"--map"_s,
                                                pair(u"dumper/truth.json"_s),
                                                pair(u"dumper/bench.h5"_s),
                                                pair(u"dumper/npu.h5"_s)}
                                 << 3 << u"truth.json"_s;
    }
    void errors()
    {
        QFETCH(QStringList, args);
        QFETCH(int, exit);
        QFETCH(QString, stderr);
        const Run r = run(args);
        QCOMPARE(r.exit, exit);
        QVERIFY2(QString::fromUtf8(r.err).contains(stderr), r.err.constData());
    }
};

QTEST_GUILESS_MAIN(TestCmdDumps)
#include "tst_cmddumps.moc"
