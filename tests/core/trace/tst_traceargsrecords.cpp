#include "core/trace/traceargsrecords.h"
#include "core/trace/tracesynth.h"

#include <QTest>

#include <cmath>
#include <limits>

using namespace Twinscope::Core;

// The records of the database readers must read back as exactly the JSON text ArgsWriter writes
// for the same fields: the analyses and the exports read args as text (issue #25).
class TestTraceArgsRecords : public QObject
{
    Q_OBJECT

private slots:
    void textEqualsArgsWriter()
    {
        TraceStringTable strings;
        const quint32 plain = strings.intern("AI_CORE");
        const quint32 escaped = strings.intern("a \"b\"\\c\r\n\td\x01\x1f");
        const quint32 utf8 = strings.intern("\xe7\xae\x97\xe5\xad\x90");
        const quint32 empty = strings.intern("");
        TraceArgsRecords r;
        using T = TraceArgsRecords::Type;
        const quint8 layout = r.addLayout({{"Task Type", T::Str},
                                           {"Stream Id", T::Int},
                                           {"Task Id", T::Int},
                                           {"count", T::Real},
                                           {"name \"q\"", T::Str},
                                           {"empty", T::Str}});
        r.begin(layout);
        r.str(0, plain);
        r.num(1, -1);
        r.num(2, std::numeric_limits<qint64>::min());
        r.real(3, 0.1);
        r.str(4, escaped);
        r.str(5, empty);
        const auto all = r.end();
        r.begin(layout);
        r.num(1, std::numeric_limits<qint64>::max());
        r.real(3, std::nan(""));
        r.str(4, utf8);
        const auto some = r.end();
        r.begin(layout);
        const auto none = r.end();
        const auto raw = r.raw("{\"correlation\": 7}");

        ArgsWriter w;
        w.str("Task Type", strings.view(plain))
            .num("Stream Id", qint64(-1))
            .num("Task Id", std::numeric_limits<qint64>::min())
            .num("count", 0.1)
            .str("name \"q\"", strings.view(escaped))
            .str("empty", strings.view(empty));
        QCOMPARE(r.text(all.first, all.second, strings), w.done());
        ArgsWriter w2;
        w2.num("Stream Id", std::numeric_limits<qint64>::max())
            .num("count", std::nan(""))
            .str("name \"q\"", strings.view(utf8));
        QCOMPARE(r.text(some.first, some.second, strings), w2.done());
        QCOMPARE(r.text(none.first, none.second, strings), ArgsWriter().done());
        QCOMPARE(r.text(raw.first, raw.second, strings), QByteArray("{\"correlation\": 7}"));
        QVERIFY(r.text(all.first, all.second, strings).contains("\\u0001\\u001f\""));
    }

    // Millions of records span several blocks; each reads back whole, and offsets or lengths
    // that point nowhere read as no text rather than as neighbouring bytes.
    void manyRecordsAndBadOffsets()
    {
        TraceStringTable strings;
        const quint32 s = strings.intern("x");
        TraceArgsRecords r;
        const quint8 layout =
            r.addLayout({{"i", TraceArgsRecords::Type::Int}, {"s", TraceArgsRecords::Type::Str}});
        std::vector<std::pair<qint64, quint32>> at;
        for (qint64 i = 0; i < 1'500'000; ++i) {
            r.begin(layout);
            r.num(0, i * 7919);
            r.str(1, s);
            at.push_back(r.end());
        }
        r.squeeze();
        QVERIFY(at.back().first > 4 << 20); // past the first block
        for (const qint64 i : {qint64(0), qint64(1), qint64(700'000), qint64(1'499'999)}) {
            QCOMPARE(r.text(at[size_t(i)].first, at[size_t(i)].second, strings),
                     QByteArray("{\"i\": ") + QByteArray::number(i * 7919) + ", \"s\": \"x\"}");
        }
        QVERIFY(r.text(-1, 4, strings).isEmpty());
        QVERIFY(r.text(at.back().first + (qint64(1) << 40), 4, strings).isEmpty());
        // A length cut short gives no text rather than half an object.
        QVERIFY(r.text(at[5].first, 2, strings).isEmpty());
        QVERIFY(r.text(at[5].first, at[5].second - 1, strings).isEmpty());
        // A string id the table lacks reads as "".
        r.begin(layout);
        r.str(1, 999);
        const auto missing = r.end();
        QCOMPARE(r.text(missing.first, missing.second, strings), QByteArray("{\"s\": \"\"}"));
    }
};

QTEST_GUILESS_MAIN(TestTraceArgsRecords)
#include "tst_traceargsrecords.moc"
