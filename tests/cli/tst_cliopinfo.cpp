#include "testhelpers_cli.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTest>

#include <algorithm>
#include <cmath>

using namespace Qt::StringLiterals;

class tst_CliOpInfo : public QObject
{
    Q_OBJECT

private slots:
    void json();
    void golden_data();
    void golden();
    void after();
    void text();
    void exitCodes_data();
    void exitCodes();
};

namespace {

const QString data = QStringLiteral(TWINSCOPE_TEST_DATA) + u"/opinfo/"_s;

struct Run
{
    int exit = -1;
    QByteArray out;
    QByteArray err;
};

Run run(const QStringList &args)
{
    QProcess p;
    p.start(QStringLiteral(TWINSCOPE_CLI), QStringList{u"opinfo"_s} + args);
    Run r;
    if (!p.waitForFinished(60000))
        return r;
    r.exit = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
    r.out = p.readAllStandardOutput();
    r.err = p.readAllStandardError();
    return r;
}

QJsonObject runJson(const QStringList &args)
{
    const Run r = run(QStringList{u"--json"_s} + args);
    if (r.exit != 0)
        return {};
    return QJsonDocument::fromJson(r.out).object();
}

QJsonObject findByKey(const QJsonArray &a, const QString &key, const QString &value)
{
    for (const QJsonValue &v : a) {
        if (v.toObject().value(key).toString() == value)
            return v.toObject();
    }
    return {};
}

} // namespace

void tst_CliOpInfo::json()
{
    const QJsonObject o = runJson({data + u"good/plog"_s});
    QVERIFY(!o.isEmpty());
    QCOMPARE(o.value(u"schemaVersion"_s).toInt(), 1);
    // The keys issue #6 names, exactly.
    for (const QString &key : {u"compile_events"_s,
                               u"truncated_records"_s,
                               u"op_types"_s,
                               u"transdata"_s,
                               u"recompiled"_s,
                               u"errors"_s,
                               u"aicpu_fallbacks"_s,
                               u"unparsed_lines"_s})
        QVERIFY2(o.contains(key), qPrintable(key));
    QCOMPARE(o.value(u"compile_events"_s).toInt(), 14);
    QCOMPARE(o.value(u"truncated_records"_s).toInt(), 2);
    QCOMPARE(o.value(u"unparsed_lines"_s).toInt(), 2);
    const QJsonArray types = o.value(u"op_types"_s).toArray();
    QCOMPARE(types.size(), 8);
    const QJsonObject mm = findByKey(types, u"type"_s, u"MatMul"_s);
    QCOMPARE(mm.value(u"count"_s).toInt(), 3);
    QCOMPARE(mm.value(u"signatures"_s).toInt(), 2);
    QCOMPARE(mm.value(u"first_ts"_s).toString(), u"2026-03-19T10:00:00.100000"_s);
    QCOMPARE(mm.value(u"last_ts"_s).toString(), u"2026-03-19T10:00:07.000000"_s);
    const QJsonObject td = o.value(u"transdata"_s).toObject();
    QCOMPARE(td.value(u"count"_s).toInt(), 2);
    QCOMPARE(td.value(u"share"_s).toDouble(), 2.0 / 14.0);
    QCOMPARE(td.value(u"signatures"_s).toArray().size(), 1);
    QCOMPARE(td.value(u"signatures"_s)
                 .toArray()[0]
                 .toObject()
                 .value(u"private_formats"_s)
                 .toArray()[0]
                 .toString(),
             u"NZ"_s);
    const QJsonArray rec = o.value(u"recompiled"_s).toArray();
    QCOMPARE(rec.size(), 2);
    const QJsonObject mmRec = findByKey(rec, u"type"_s, u"MatMul"_s);
    QCOMPARE(mmRec.value(u"signatures"_s).toInt(), 2);
    QCOMPARE(mmRec.value(u"varying_dims"_s).toArray(),
             (QJsonArray{u"InputDesc[0].Shape[0]"_s, u"OutputDesc[0].Shape[0]"_s}));
    const QJsonArray errors = o.value(u"errors"_s).toArray();
    QCOMPARE(errors.size(), 4);
    QCOMPARE(errors[0].toObject().value(u"level"_s).toString(), u"ERROR"_s);
    const QJsonObject rt = findByKey(errors, u"module"_s, u"RUNTIME"_s);
    QCOMPARE(rt.value(u"count"_s).toInt(), 2);
    QCOMPARE(rt.value(u"level"_s).toString(), u"WARNING"_s);
    QCOMPARE(rt.value(u"first"_s).toString(), u"stream 3 synchronize timeout, retry 1"_s);
    const QJsonArray aicpu = o.value(u"aicpu_fallbacks"_s).toArray();
    QCOMPARE(aicpu.size(), 2);
    QStringList ops;
    for (const QJsonValue &v : aicpu)
        ops.append(v.toObject().value(u"op"_s).toString());
    ops.sort();
    QCOMPARE(ops, (QStringList{u"ArgMax"_s, u"ArgSort"_s}));
}

// Paths differ per checkout: keep file names only.
void tst_CliOpInfo::golden_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("golden");
    QTest::newRow("plog folder") << QStringList{data + u"good/plog"_s}
                                 << u"opinfo_plog_folder.json"_s;
    QTest::newRow("summary") << QStringList{data + u"good/ascend_op_info_summary.txt"_s}
                             << u"opinfo_summary.json"_s;
    QTest::newRow("after") << QStringList{u"--after"_s,
                                          u"2026-03-19 10:00:06.5"_s,
                                          data + u"good/plog/plog-pid_4242_20260319100000.log"_s}
                           << u"opinfo_after.json"_s;
    QTest::newRow("mindspore steps")
        << QStringList{data + u"good/mindspore"_s} << u"opinfo_mindspore_steps.json"_s;
}

void tst_CliOpInfo::golden()
{
    // TWINSCOPE_UPDATE_GOLDEN=1 rewrites tests/cli/golden/*.json; review the diff.
    QFETCH(QStringList, args);
    QFETCH(QString, golden);
    const QJsonObject o = runJson(args);
    QVERIFY(!o.isEmpty());
    const QString where = compareGolden(o, golden);
    QVERIFY2(where.isEmpty(), qPrintable(where));
}

void tst_CliOpInfo::after()
{
    const QJsonObject markers = runJson({data + u"good/plog/plog-pid_4242_20260319100000.log"_s});
    QCOMPARE(markers.value(u"cutoff"_s).toObject().value(u"source"_s).toString(), u"markers"_s);
    QCOMPARE(markers.value(u"cutoff"_s).toObject().value(u"after_cutoff"_s).toInt(), 4);
    const QJsonObject user = runJson({u"--after"_s,
                                      u"2026-03-19-10:00:06.500.000"_s,
                                      data + u"good/plog/plog-pid_4242_20260319100000.log"_s});
    QCOMPARE(user.value(u"cutoff"_s).toObject().value(u"source"_s).toString(), u"user"_s);
    QCOMPARE(user.value(u"cutoff"_s).toObject().value(u"after_cutoff"_s).toInt(), 2);
    const QJsonObject mmRec =
        findByKey(user.value(u"recompiled"_s).toArray(), u"type"_s, u"MatMul"_s);
    QCOMPARE(mmRec.value(u"after_cutoff"_s).toInt(), 1);
}

void tst_CliOpInfo::text()
{
    const Run r = run({data + u"good/ascend_op_info_summary.txt"_s});
    QCOMPARE(r.exit, 0);
    const QString out = QString::fromUtf8(r.out);
    QVERIFY(out.contains(u"5 compile event"_s));
    QVERIFY(out.contains(u"MatMul"_s));
}

void tst_CliOpInfo::exitCodes_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<int>("exit");
    QTest::addColumn<QString>("stderrContains");
    QTest::newRow("no path") << QStringList{} << 2 << u"at least one path"_s;
    QTest::newRow("bad after") << QStringList{u"--after"_s, u"soon"_s, data + u"good/plog"_s} << 2
                               << u"soon"_s;
    QTest::newRow("unknown option")
        << QStringList{u"--frobnicate"_s, data + u"good/plog"_s} << 2 << u"frobnicate"_s;
    QTest::newRow("not a plog") << QStringList{data + u"broken/not_a_plog.log"_s} << 3
                                << u"not_a_plog.log, line 1"_s;
    QTest::newRow("missing") << QStringList{data + u"broken/missing.log"_s} << 3
                             << u"missing.log"_s;
}

void tst_CliOpInfo::exitCodes()
{
    QFETCH(QStringList, args);
    const Run r = run(args);
    QTEST(r.exit, "exit");
    QFETCH(QString, stderrContains);
    QVERIFY2(QString::fromUtf8(r.err).contains(stderrContains), r.err.constData());
    QVERIFY(r.out.isEmpty());
}

QTEST_GUILESS_MAIN(tst_CliOpInfo)
#include "tst_cliopinfo.moc"
