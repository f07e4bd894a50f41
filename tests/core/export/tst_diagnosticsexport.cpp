#include "core/export/diagnosticsexport.h"

#include <QJsonObject>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace Twinscope::Core;

class tst_DiagnosticsExport : public QObject
{
    Q_OBJECT

private slots:
    void jsonHasEveryKey()
    {
        Diagnostics d;
        d.add(u"trailing_comma"_s, u"A trailing comma was ignored."_s, Location{120, 7, {}});
        d.add(u"trailing_comma"_s, u"A trailing comma was ignored."_s, Location{300, 9, {}});
        d.add(u"empty_trace"_s, u"No events."_s, {}, Severity::Info);
        d.setFile(u"/data/run/trace.json"_s);
        const QJsonArray all = warningsJson(d);
        QCOMPARE(all.size(), 2);
        const QJsonObject w = all[0].toObject();
        const QStringList keys{u"count"_s,
                               u"detail"_s,
                               u"file"_s,
                               u"kind"_s,
                               u"line"_s,
                               u"message"_s,
                               u"offset"_s,
                               u"severity"_s};
        QCOMPARE(w.keys(), keys);
        QCOMPARE(w[u"kind"_s].toString(), u"trailing_comma"_s);
        QCOMPARE(w[u"count"_s].toInt(), 2);
        QCOMPARE(w[u"file"_s].toString(), u"/data/run/trace.json"_s);
        QCOMPARE(w[u"line"_s].toInt(), 7); // the first location
        QCOMPARE(w[u"offset"_s].toInt(), 120);
        QVERIFY(w[u"detail"_s].isNull());
        QCOMPARE(w[u"severity"_s].toString(), u"warning"_s);
        QCOMPARE(all[1].toObject()[u"severity"_s].toString(), u"info"_s);
        QVERIFY(all[1].toObject()[u"line"_s].isNull());
        QCOMPARE(warningsJson(d, false).size(), 1);
    }

    void textLinesSayWhereAndHowOften()
    {
        Diagnostics d;
        d.add(
            u"bad_line"_s, u"A line was skipped."_s, Location{5000, 12, {}}, Severity::Warning, 3);
        d.add(u"skipped"_s, u"noise"_s, {}, Severity::Info);
        d.setFile(u"/logs/plog-1.log"_s);
        const QStringList lines = warningLines(d);
        QCOMPARE(lines.size(), 1); // Info entries are left out of text output
        QCOMPARE(lines.first(),
                 u"plog-1.log, line 12 (byte 5,000): A line was skipped. (3 times) [bad_line]"_s);
    }

    void errorJsonKeys()
    {
        Error e = Error::make(ErrorCode::Malformed, u"expected a number"_s, u"/x/t.json"_s, 42);
        e.line = 3;
        e.found = u"null"_s;
        const QJsonObject o = errorJson(e);
        QCOMPARE(o[u"code"_s].toString(), u"malformed"_s);
        QCOMPARE(o[u"offset"_s].toInt(), 42);
        QCOMPARE(o[u"line"_s].toInt(), 3);
        QVERIFY(o[u"column"_s].isNull());
        QCOMPARE(o[u"found"_s].toString(), u"null"_s);
        QVERIFY(o[u"expected"_s].isNull());
    }
};

QTEST_GUILESS_MAIN(tst_DiagnosticsExport)
#include "tst_diagnosticsexport.moc"
