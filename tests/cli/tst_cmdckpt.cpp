// twinscope-cli ckpt (issue #13): the JSON contract (exactly the documented keys), the golden,
// text mode with the structure check before any metric, update mode, exit codes.
#include "testhelpers_cli.h"
#include "testhelpers_golden.h"

#include <QFile>
#include <QJsonArray>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;

class tst_CmdCkpt : public QObject
{
    Q_OBJECT

private:
    static QString data(const QString &f)
    {
        return QStringLiteral(TWINSCOPE_TEST_DATA "/checkpoint/") + f;
    }
    static QStringList sortedKeys(const QJsonObject &o)
    {
        QStringList k = o.keys();
        k.sort();
        return k;
    }

private slots:
    void jsonContract()
    {
        // The acceptance pair: torch.save's state dict against MindSpore's .ckpt.
        const CliRun r = runCli(
            {u"ckpt"_s, u"--json"_s, data(u"good/torch_net.pth"_s), data(u"good/ms_net.ckpt"_s)});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        const QJsonObject o = r.json();
        // Exactly these keys: a contract checked outside the project.
        QCOMPARE(sortedKeys(o),
                 (QStringList{u"first_divergent"_s,
                              u"pairs"_s,
                              u"schemaVersion"_s,
                              u"structure"_s,
                              u"tensors"_s,
                              u"warnings"_s}));
        const QJsonObject s = o.value(u"structure"_s).toObject();
        QCOMPARE(sortedKeys(s),
                 (QStringList{u"a_params"_s,
                              u"a_trainable"_s,
                              u"b_params"_s,
                              u"b_trainable"_s,
                              u"only_in_a"_s,
                              u"only_in_b"_s,
                              u"shape_mismatches"_s}));
        QCOMPARE(s.value(u"a_params"_s).toInt(), 2790);
        QCOMPARE(s.value(u"b_params"_s).toInt(), 2790);
        QCOMPARE(s.value(u"a_trainable"_s).toInt(), 2726);
        QVERIFY(s.value(u"shape_mismatches"_s).toArray().isEmpty());
        QVERIFY(s.value(u"only_in_a"_s).toArray().isEmpty());
        QVERIFY(s.value(u"only_in_b"_s).toArray().isEmpty());
        QCOMPARE(o.value(u"pairs"_s).toInt(), 22);
        const QJsonArray tensors = o.value(u"tensors"_s).toArray();
        QCOMPARE(tensors.size(), 22);
        // tensors[] as `dumps` writes them.
        const QStringList dumpKeys{u"accuracy"_s,
                                   u"allclose_pass_share"_s,
                                   u"bench_stats"_s,
                                   u"cosine"_s,
                                   u"divergent"_s,
                                   u"dtype"_s,
                                   u"five_thousandth_ratio"_s,
                                   u"index"_s,
                                   u"inf_bench"_s,
                                   u"inf_npu"_s,
                                   u"kl"_s,
                                   u"match"_s,
                                   u"max_abs_err"_s,
                                   u"max_rel_err"_s,
                                   u"mean_abs_err"_s,
                                   u"message"_s,
                                   u"name"_s,
                                   u"nan_bench"_s,
                                   u"nan_npu"_s,
                                   u"nonfinite_gained"_s,
                                   u"npu_dtype"_s,
                                   u"npu_name"_s,
                                   u"npu_stats"_s,
                                   u"one_thousandth_ratio"_s,
                                   u"origin"_s,
                                   u"reasons"_s,
                                   u"rel_euclidean"_s,
                                   u"rmse"_s,
                                   u"shape"_s,
                                   u"verdict"_s};
        int errors = 0;
        for (const QJsonValue &t : tensors) {
            QCOMPARE(sortedKeys(t.toObject()), dumpKeys);
            errors += t[u"verdict"_s].toString() == u"error"_s;
        }
        QCOMPARE(errors, 1);
        const QJsonObject first = o.value(u"first_divergent"_s).toObject();
        QCOMPARE(first.value(u"name"_s).toString(), u"layer1.0.bn2.running_var"_s);
        QCOMPARE(sortedKeys(first),
                 (QStringList{u"cosine"_s,
                              u"index"_s,
                              u"kind"_s,
                              u"max_abs_err"_s,
                              u"name"_s,
                              u"reasons"_s,
                              u"verdict"_s}));
        // The counters without a twin are reported as info entries.
        bool noTwin = false;
        for (const QJsonValue &w : o.value(u"warnings"_s).toArray())
            noTwin = noTwin || (w[u"kind"_s].toString() == u"ckpt_no_twin"_s &&
                                w[u"count"_s].toInt() == 3 && w[u"severity"_s] == u"info"_s);
        QVERIFY(noTwin);
        bool rewritten = false;
        const QString why = goldenDifference(o, u"ckpt_planted.json"_s, &rewritten);
        QVERIFY2(why.isEmpty(), qPrintable(why));
    }

    void textPutsStructureFirst()
    {
        const CliRun r = runCli({u"ckpt"_s, data(u"good/net.npz"_s), data(u"good/ms_net.ckpt"_s)});
        QCOMPARE(r.exitCode, 0);
        const QString out = QString::fromUtf8(r.out);
        const qsizetype structure = out.indexOf(u"structure: same parameters and shapes"_s);
        const qsizetype mapping = out.indexOf(u"mapping: 22 pairs"_s);
        const qsizetype first = out.indexOf(
            u"first divergent: layer1.0.bn2.running_var ↔ layer1.0.bn2.moving_variance"_s);
        QVERIFY2(structure >= 0 && mapping > structure && first > mapping, r.out.constData());
        QVERIFY(out.contains(u"bn1.weight ↔ bn1.gamma (built-in: gamma → weight)"_s));
        QVERIFY(out.contains(u"no twin in B by design: bn1.num_batches_tracked"_s));
        QVERIFY(
            out.contains(u"temporal.weight ↔ temporal.weight (exact), compared as [4, 16, 3]"_s));
    }

    void updateMode()
    {
        const CliRun r = runCli({u"ckpt"_s,
                                 u"--json"_s,
                                 u"--update"_s,
                                 data(u"good/torch_before.pth"_s),
                                 data(u"good/ms_before.ckpt"_s),
                                 data(u"good/torch_after.pth"_s),
                                 data(u"good/ms_after.ckpt"_s)});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        const QJsonObject o = r.json();
        QCOMPARE(o.value(u"first_divergent"_s)[u"name"_s].toString(), u"fc.weight"_s);
        int errors = 0;
        for (const QJsonValue &t : o.value(u"tensors"_s).toArray())
            errors += t[u"verdict"_s].toString() != u"pass"_s;
        QCOMPARE(errors, 1);
    }

    void mappingFile()
    {
        QTemporaryDir dir;
        const QString map = dir.filePath(u"map.json"_s);
        QFile f(map);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(R"({"^layer1\\.0\\.": "block."})");
        f.close();
        // The user mapping renames B's names; A's layer1.0.* no longer match by name and pair by
        // shape order instead.
        const CliRun r = runCli(
            {u"ckpt"_s, u"--map"_s, map, data(u"good/ms_net.ckpt"_s), data(u"good/ms_net.ckpt"_s)});
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(r.out.contains("(shape order)"), r.out.constData());
    }

    void exitCodes_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<int>("exitCode");
        QTest::addColumn<QString>("stderrPart");
        QTest::newRow("one path") << QStringList{u"a.ckpt"_s} << 2 << u"two paths"_s;
        QTest::newRow("update needs four") << QStringList{u"--update"_s, u"x"_s, u"a"_s, u"b"_s}
                                           << 2 << u"BEFORE_A BEFORE_B A B"_s;
        QTest::newRow("bad threads")
            << QStringList{u"--threads"_s, u"0"_s, u"a"_s, u"b"_s} << 2 << u"--threads"_s;
        QTest::newRow("missing file")
            << QStringList{data(u"good/none.ckpt"_s), data(u"good/ms_net.ckpt"_s)} << 3
            << u"none.ckpt"_s;
        QTest::newRow("malicious pickle")
            << QStringList{data(u"broken/pth_malicious.pth"_s), data(u"good/ms_net.ckpt"_s)} << 3
            << u"posix.system"_s;
        QTest::newRow("encrypted")
            << QStringList{data(u"broken/ckpt_encrypted.ckpt"_s), data(u"good/ms_net.ckpt"_s)} << 3
            << u"encrypted"_s;
        QTest::newRow("bad mapping file")
            << QStringList{u"--map"_s, data(u"README.md"_s), u"a"_s, u"b"_s} << 3 << u"README.md"_s;
    }
    void exitCodes()
    {
        QFETCH(QStringList, args);
        QFETCH(int, exitCode);
        QFETCH(QString, stderrPart);
        // What the malicious pickle's __reduce__ would create (torch.load does create it).
        const QString pwned = u"/tmp/twinscope-ckpt-pwned"_s;
        QFile::remove(pwned);
        const CliRun r = runCli(QStringList{u"ckpt"_s} + args);
        QCOMPARE(r.exitCode, exitCode);
        QVERIFY2(QString::fromUtf8(r.err).contains(stderrPart), r.err.constData());
        QVERIFY(!QFile::exists(pwned));
    }
};

QTEST_GUILESS_MAIN(tst_CmdCkpt)
#include "tst_cmdckpt.moc"
