// twinscope-cli model (issue #26): the module tree compare of two msprobe dump folders and of
// msprobe's own .vis.db, its JSON keys (docs/CLI.md) and exit codes.
#include "testhelpers_cli.h"

#include <QJsonArray>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

using namespace Qt::StringLiterals;

namespace {

QString data(const QString &path)
{
    return QStringLiteral(TWINSCOPE_TEST_DATA "/dump/msprobe_modules/") + path;
}

} // namespace

class TestCliModel : public QObject
{
    Q_OBJECT

private slots:
    void plantedPairAsJson()
    {
        const CliRun r = runCli(
            {u"model"_s, data(u"statistics/mid"_s), data(u"statistics/bench"_s), u"--json"_s});
        QCOMPARE(r.exitCode, 0);
        const QJsonObject o = r.json();
        QCOMPARE(o[u"schemaVersion"_s].toInt(), 1);
        QCOMPARE(o[u"source"_s].toString(), u"dumps"_s);
        QCOMPARE(o[u"mode"_s].toString(), u"statistics"_s);
        const QJsonObject first = o[u"first_divergent_module"_s].toObject();
        QCOMPARE(first[u"id"_s].toString(), u"Module.layer2.0.downsample.0.Conv2d.forward.0"_s);
        QCOMPARE(first[u"path"_s].toArray().last().toString(),
                 u"Module.layer2.0.downsample.Sequential.forward.0"_s);
        QCOMPARE(o[u"npu_nodes"_s].toInt(), 339);
        QCOMPARE(o[u"matched"_s].toInt(), 339);
        QCOMPARE(o[u"unmatched_npu"_s].toArray().size(), 0);
        const QJsonArray nodes = o[u"nodes"_s].toArray();
        QCOMPARE(nodes.size(), 339);
        int sum = 0;
        for (const QString &band :
             {u"yellow1"_s, u"yellow2"_s, u"orange1"_s, u"orange2"_s, u"red"_s, u"unmatched"_s})
            sum += o[u"bands"_s].toObject()[band].toInt();
        QCOMPARE(sum, 339);
        for (const QJsonValue &n : nodes)
            QVERIFY(n.toObject().contains(u"precision_index"_s));
    }

    // msprobe's MindSpore/PyTorch fixture with its layer-mapping YAML (tst_layermapping checks
    // the node mapping): the file turns 4 matched nodes into 13.
    void layerMapping()
    {
        const QString d =
            QStringLiteral(TWINSCOPE_TEST_DATA "/shared/dump/msprobe_ms_vs_pt_compare/");
        const QStringList pair{
            u"model"_s, d + u"mindspore_data"_s, d + u"pytorch_data"_s, u"--json"_s};
        const CliRun plain = runCli(pair);
        QCOMPARE(plain.exitCode, 0);
        const CliRun mapped = runCli(
            pair + QStringList{u"--layer-mapping"_s,
                               QStringLiteral(TWINSCOPE_TEST_DATA
                                              "/dump/msprobe_layer_mapping/layer_mapping.yaml")});
        QCOMPARE(mapped.exitCode, 0);
        QVERIFY2(mapped.json()[u"matched"_s].toInt() >= plain.json()[u"matched"_s].toInt() + 8,
                 mapped.err.constData());
        QVERIFY(mapped.json()[u"unmatched_bench"_s].toArray().size() == 2);
        QTemporaryDir tmp;
        QFile bad(tmp.filePath(u"bad.yaml"_s));
        QVERIFY(bad.open(QIODevice::WriteOnly));
        bad.write("T:\n  - a\n");
        bad.close();
        const CliRun refused = runCli(pair + QStringList{u"--layer-mapping"_s, bad.fileName()});
        QCOMPARE(refused.exitCode, 3);
        QVERIFY(refused.err.contains("line 2"));
    }

    void selfCompareText()
    {
        const CliRun r =
            runCli({u"model"_s, data(u"md5/bench"_s), data(u"md5/bench"_s), u"--modules-only"_s});
        QCOMPARE(r.exitCode, 0);
        QVERIFY(r.out.contains("first divergent module: none"));
        QVERIFY(!r.out.contains(" red "));
        QVERIFY(!r.out.contains("Functional."));
    }

    void visDb()
    {
        const CliRun r = runCli({u"model"_s, data(u"vis/md5_shallow.vis.db"_s), u"--json"_s});
        QCOMPARE(r.exitCode, 0);
        const QJsonObject o = r.json();
        QCOMPARE(o[u"source"_s].toString(), u"vis.db"_s);
        QCOMPARE(o[u"mode"_s].toString(), u"md5"_s);
        QCOMPARE(o[u"msprobe_matched"_s].toInt(), 300);
        QCOMPARE(o[u"first_divergent_module"_s].toObject()[u"id"_s].toString(),
                 u"Module.bn1.BatchNorm2d.forward.0"_s);
    }

    // The investigation's finding: dump.first_divergent_module names the planted module and links
    // to its node in the Model tab; a self-compare has none.
    void triageFinding()
    {
        auto finding = [](const QString &npu) {
            const CliRun r =
                runCli({u"triage"_s, u"--json"_s, data(u"statistics/bench"_s), data(npu)});
            for (const QJsonValue &f : r.json()[u"findings"_s].toArray())
                if (f[u"code"_s].toString() == u"dump.first_divergent_module"_s)
                    return f.toObject();
            return QJsonObject();
        };
        const QJsonObject f = finding(u"statistics/shallow"_s);
        QCOMPARE(f[u"evidence"_s][u"module"_s].toString(), u"Module.bn1.BatchNorm2d.forward.0"_s);
        QCOMPARE(f[u"severity"_s].toString(), u"critical"_s);
        QCOMPARE(f[u"link"_s][u"view"_s].toString(), u"kind_row"_s);
        QCOMPARE(f[u"link"_s][u"kind"_s].toString(), u"model"_s);
        QCOMPARE(f[u"link"_s][u"name"_s].toString(), u"Module.bn1.BatchNorm2d.forward.0"_s);
        QVERIFY(finding(u"statistics/bench"_s).isEmpty());
    }

    void exitCodes()
    {
        QCOMPARE(runCli({u"model"_s}).exitCode, 2);
        QCOMPARE(runCli({u"model"_s, data(u"statistics/bench"_s)}).exitCode, 2);
        QCOMPARE(runCli({u"model"_s,
                         data(u"statistics/bench"_s),
                         data(u"statistics/bench"_s),
                         u"--step"_s,
                         u"x"_s})
                     .exitCode,
                 2);
        const CliRun missing =
            runCli({u"model"_s, data(u"nowhere"_s), data(u"statistics/bench"_s)});
        QCOMPARE(missing.exitCode, 3);
        QVERIFY(missing.err.contains("nowhere"));
        // A FIFO is refused before anything opens it (it would block).
        QTemporaryDir dir;
        const QString fifo = dir.filePath(u"graph.vis.db"_s);
        QCOMPARE(QProcess::execute(u"mkfifo"_s, {fifo}), 0);
        const CliRun pipe = runCli({u"model"_s, fifo}, 20000);
        QCOMPARE(pipe.exitCode, 3);
        const CliRun noStep = runCli({u"model"_s,
                                      data(u"statistics/deep"_s),
                                      data(u"statistics/bench"_s),
                                      u"--step"_s,
                                      u"4"_s});
        QCOMPARE(noStep.exitCode, 3);
        // A dump folder without construct.json (level L1) says what is missing.
        const CliRun l1 =
            runCli({u"model"_s,
                    QStringLiteral(TWINSCOPE_TEST_DATA "/dump/msprobe_planted/statistics/bench"),
                    QStringLiteral(TWINSCOPE_TEST_DATA "/dump/msprobe_planted/statistics/bench")});
        QCOMPARE(l1.exitCode, 3);
        QVERIFY2(l1.err.contains("L0 or mix"), l1.err.constData());
    }
};

QTEST_GUILESS_MAIN(TestCliModel)
#include "tst_climodel.moc"
