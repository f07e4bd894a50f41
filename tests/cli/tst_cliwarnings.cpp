// Every twinscope-cli command reports what went wrong the same way (issue #9): warnings[] with
// the same keys in --json, one line per kind on stderr in text mode.
#include "testhelpers_cli.h"

#include <QJsonArray>
#include <QTest>

using namespace Qt::StringLiterals;

namespace {

const QString Data = QStringLiteral(TWINSCOPE_TEST_DATA);

const QStringList WarningKeys{u"count"_s,
                              u"detail"_s,
                              u"file"_s,
                              u"kind"_s,
                              u"line"_s,
                              u"message"_s,
                              u"offset"_s,
                              u"severity"_s};

} // namespace

class tst_CliWarnings : public QObject
{
    Q_OBJECT

private slots:
    void everyCommandHasWarnings_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::newRow("detect") << QStringList{u"detect"_s,
                                               Data + u"/trace/good/bare_array.json"_s};
        QTest::newRow("trace") << QStringList{u"trace"_s,
                                              Data + u"/trace/broken/trailing_comma.json"_s};
        QTest::newRow("loss") << QStringList{u"loss"_s,
                                             Data + u"/loss/good/pytorch_imagenet.log"_s};
        QTest::newRow("dumps") << QStringList{u"dumps"_s,
                                              Data + u"/dump/pairs/dumper/bench.h5"_s,
                                              Data + u"/dump/pairs/dumper/npu.h5"_s};
        QTest::newRow("opinfo") << QStringList{u"opinfo"_s, Data + u"/opinfo/good/plog"_s};
    }
    void everyCommandHasWarnings()
    {
        QFETCH(QStringList, args);
        const CliRun r = runCli(QStringList{args.first(), u"--json"_s} + args.mid(1));
        QVERIFY2(r.exitCode == 0, r.err.constData());
        const QJsonValue warnings = r.json().value(u"warnings"_s);
        QVERIFY2(warnings.isArray(), r.out.left(400).constData());
        for (const QJsonValue &w : warnings.toArray())
            QCOMPARE(w.toObject().keys(), WarningKeys);
    }

    void traceWarningNamesFileAndPlace()
    {
        const QString file = Data + u"/trace/broken/trailing_comma.json"_s;
        const CliRun json = runCli({u"trace"_s, u"--json"_s, file});
        QCOMPARE(json.exitCode, 0);
        const QJsonArray warnings = json.json().value(u"warnings"_s).toArray();
        QVERIFY(!warnings.isEmpty());
        const QJsonObject w = warnings.first().toObject();
        QCOMPARE(w.value(u"kind"_s).toString(), u"trailing_comma"_s);
        QCOMPARE(w.value(u"file"_s).toString(), file);
        QVERIFY(w.value(u"offset"_s).toDouble() > 0);
        QVERIFY(w.contains(u"line"_s)); // null: trace warnings are located by byte offset
        // The per-file list holds the same entry.
        const QJsonArray perFile = json.json()
                                       .value(u"files"_s)
                                       .toArray()
                                       .first()
                                       .toObject()
                                       .value(u"warnings"_s)
                                       .toArray();
        QCOMPARE(perFile.first().toObject(), w);
        // Text mode says it on stderr, with the file and the kind.
        const CliRun text = runCli({u"trace"_s, file});
        QCOMPARE(text.exitCode, 0);
        const QString err = QString::fromUtf8(text.err);
        QVERIFY2(err.contains(u"trailing_comma.json"_s) && err.contains(u"[trailing_comma]"_s),
                 qPrintable(err));
    }

    void failingInputStillGivesWarningsAndError()
    {
        const QString bad = Data + u"/trace/broken/bad_syntax.json"_s;
        const CliRun r = runCli({u"trace"_s, u"--json"_s, bad});
        QCOMPARE(r.exitCode, 3);
        const QJsonObject file = r.json().value(u"files"_s).toArray().first().toObject();
        const QJsonObject error = file.value(u"error"_s).toObject();
        QCOMPARE(error.value(u"code"_s).toString(), u"malformed"_s);
        QVERIFY(error.value(u"offset"_s).toDouble() >= 0);
        QVERIFY(error.contains(u"expected"_s) && error.contains(u"found"_s));
    }
};

QTEST_GUILESS_MAIN(tst_CliWarnings)
#include "tst_cliwarnings.moc"
