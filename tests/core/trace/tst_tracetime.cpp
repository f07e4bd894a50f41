#include "core/trace/tracetime.h"

#include <QTest>

using namespace Qt::StringLiterals;
using namespace Twinscope::Core;

// The shared time scale of ruler ticks (issue #14): one unit and one precision per frame.
class TestTraceTime : public QObject
{
    Q_OBJECT

private slots:
    void scale_data();
    void scale();
    void formatsInIntegers();
};

void TestTraceTime::scale_data()
{
    QTest::addColumn<qint64>("magnitude");
    QTest::addColumn<qint64>("resolution");
    QTest::addColumn<QList<qint64>>("values");
    QTest::addColumn<QStringList>("expected");
    // 500 ms steps up to 1.5 s: seconds with one decimal, never "500.00 ms | 1.000 s".
    QTest::newRow("half seconds") << qint64(1'500'000'000) << qint64(500'000'000)
                                  << QList<qint64>{0, 500'000'000, 1'000'000'000}
                                  << QStringList{u"0.0 s"_s, u"0.5 s"_s, u"1.0 s"_s};
    // 2 ms steps up to 10 ms: "0 ms", never "0 ns" beside "2.000 ms".
    QTest::newRow("milliseconds") << qint64(10'000'000) << qint64(2'000'000)
                                  << QList<qint64>{0, 2'000'000, 10'000'000}
                                  << QStringList{u"0 ms"_s, u"2 ms"_s, u"10 ms"_s};
    QTest::newRow("fine steps far out") << qint64(69'764'950'000'200) << qint64(200)
                                        << QList<qint64>{69'764'950'000'000, 69'764'950'000'200}
                                        << QStringList{u"69764.9500000 s"_s, u"69764.9500002 s"_s};
    QTest::newRow("nanoseconds") << qint64(900) << qint64(100) << QList<qint64>{0, 100, 900}
                                 << QStringList{u"0 ns"_s, u"100 ns"_s, u"900 ns"_s};
    QTest::newRow("25 µs steps") << qint64(100'000) << qint64(25'000)
                                 << QList<qint64>{0, 25'000, 50'000}
                                 << QStringList{u"0 µs"_s, u"25 µs"_s, u"50 µs"_s};
    QTest::newRow("2.5 µs steps in ms")
        << qint64(1'002'500) << qint64(2'500) << QList<qint64>{1'000'000, 1'002'500}
        << QStringList{u"1.0000 ms"_s, u"1.0025 ms"_s};
}

void TestTraceTime::scale()
{
    QFETCH(qint64, magnitude);
    QFETCH(qint64, resolution);
    QFETCH(QList<qint64>, values);
    QFETCH(QStringList, expected);
    const TimeScale s = timeScaleFor(magnitude, resolution);
    QStringList texts;
    for (qint64 v : values)
        texts << formatTimeNs(v, s);
    QCOMPARE(texts, expected);
    // Every label in one unit.
    const QString unit = texts.first().section(u' ', 1);
    for (const QString &t : texts)
        QCOMPARE(t.section(u' ', 1), unit);
}

void TestTraceTime::formatsInIntegers()
{
    const TimeScale s = timeScaleFor(5'000'000'000, 1);
    QCOMPARE(s.decimals, 9);
    // A double would lose the last digits of these.
    QCOMPARE(formatTimeNs(4'999'999'999, s), u"4.999999999 s"_s);
    QCOMPARE(formatTimeNs(-1'500, timeScaleFor(1'500, 500)), u"-1.5 µs"_s);
    QCOMPARE(formatTimeNs(-500, timeScaleFor(1'500, 500)), u"-0.5 µs"_s);
    QCOMPARE(formatTimeNs(200, timeScaleFor(1'000, 200), true), u"+0.2 µs"_s);
    QCOMPARE(s.significantDigits(4'999'999'999), 10);
}

QTEST_GUILESS_MAIN(TestTraceTime)
#include "tst_tracetime.moc"
