#include "core/common/diagnostics.h"
#include "core/common/error.h"

#include <QTest>

using namespace Qt::StringLiterals;
using namespace Twinscope::Core;

class tst_Diagnostics : public QObject
{
    Q_OBJECT

private slots:
    void countsPerKindKeepsFirstFive()
    {
        Diagnostics d;
        for (int i = 0; i < 1000; ++i)
            d.add(u"trailing_comma"_s, u"msg %1"_s.arg(i), Location{i, i + 1, {}});
        d.add(u"unmatched_end"_s, u"e"_s);
        QCOMPARE(d.entries().size(), 2);
        QCOMPARE(d.count(u"trailing_comma"_s), 1000);
        QCOMPARE(d.entries().first().first.size(), Diagnostics::MaxLocations);
        QCOMPARE(d.entries().first().message, u"msg 0"_s);
        QCOMPARE(d.totalCount(), 1001);
    }
    void entriesNameTheirFile()
    {
        Diagnostics a, b;
        a.add(u"k"_s, u"from a"_s, Location{1, -1, {}});
        a.setFile(u"/x/a.json"_s);
        b.add(u"k"_s, u"from b"_s, Location{2, -1, {}}, Severity::Warning, 3);
        b.setFile(u"/x/b.json"_s);
        Diagnostics all;
        all.merge(a);
        all.merge(b);
        all.merge(a); // the same file again: counts add up, no third entry
        QCOMPARE(all.entries().size(), 2);
        QCOMPARE(all.entries()[0].file, u"/x/a.json"_s);
        QCOMPARE(all.entries()[0].count, 2);
        QCOMPARE(all.entries()[1].file, u"/x/b.json"_s);
        QCOMPARE(all.count(u"k"_s), 5); // over every file
        // setFile does not rename entries that already have a file.
        all.setFile(u"/x/c.json"_s);
        QCOMPARE(all.entries()[1].file, u"/x/b.json"_s);
    }
    void mergeAddsCounts()
    {
        Diagnostics a, b;
        a.add(u"k"_s, u"m"_s, Location{1, -1, {}});
        b.add(u"k"_s, u"m"_s, Location{2, -1, {}}, Severity::Warning, 41);
        b.add(u"other"_s, u"o"_s);
        a.merge(b);
        QCOMPARE(a.count(u"k"_s), 42);
        QCOMPARE(a.count(u"other"_s), 1);
        QCOMPARE(a.entries().first().first.size(), 2);
    }
    void errorText()
    {
        Error e = Error::make(ErrorCode::Malformed,
                              u"expected a number for \"dur\", found null."_s,
                              u"/data/trace.json"_s,
                              9114207);
        e.line = 18233;
        e.column = 41;
        const QString s = e.toString();
        QVERIFY2(s.startsWith(u"trace.json, line "_s), qPrintable(s));
        QVERIFY(s.contains(u"column 41"_s));
        QVERIFY(s.contains(u"found null"_s));
        QCOMPARE(errorCodeId(ErrorCode::Malformed), u"malformed"_s);
    }
};

QTEST_GUILESS_MAIN(tst_Diagnostics)
#include "tst_diagnostics.moc"
