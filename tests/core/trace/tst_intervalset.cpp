#include "core/trace/intervalset.h"

#include <QRandomGenerator>
#include <QTest>

using namespace Twinscope::Core;

namespace {

using Spans = std::vector<std::pair<qint64, qint64>>;

// A bitmap of covered ns, the obviously-right reference for small random sets.
std::vector<bool> cover(const Spans &spans, qint64 n)
{
    std::vector<bool> bits(size_t(n), false);
    for (const auto &[s, e] : spans)
        for (qint64 t = std::max<qint64>(s, 0); t < std::min(e, n); ++t)
            bits[size_t(t)] = true;
    return bits;
}

qint64 count(const std::vector<bool> &bits, qint64 from, qint64 to)
{
    qint64 c = 0;
    for (qint64 t = from; t < to; ++t)
        c += bits[size_t(t)] ? 1 : 0;
    return c;
}

Spans randomSpans(QRandomGenerator &rng, int n, qint64 range)
{
    Spans spans;
    for (int i = 0; i < n; ++i) {
        const qint64 s = rng.bounded(range);
        spans.emplace_back(s, s + rng.bounded(range / 8 + 1));
    }
    return spans;
}

} // namespace

class tst_IntervalSet : public QObject
{
    Q_OBJECT

private slots:
    void basics();
    void algebraAgainstBitmap();
};

void tst_IntervalSet::basics()
{
    const IntervalSet s = IntervalSet::fromSpans({{10, 20}, {15, 30}, {30, 35}, {50, 60}, {0, 0}});
    QCOMPARE(int(s.size()), 3); // {0,0}, {10,35} (touching merged), {50,60}
    QCOMPARE(s.length(), 35);
    QCOMPARE(s.lengthIn(0, 100), 35);
    QCOMPARE(s.lengthIn(12, 55), 28);
    QCOMPARE(s.lengthIn(36, 49), 0);
    QCOMPARE(s.lengthIn(20, 10), 0);
    QCOMPARE(IntervalSet().lengthIn(0, 10), 0);
}

void tst_IntervalSet::algebraAgainstBitmap()
{
    QRandomGenerator rng(20261124);
    const qint64 range = 400;
    for (int round = 0; round < 200; ++round) {
        const Spans a = randomSpans(rng, int(rng.bounded(12)), range);
        const Spans b = randomSpans(rng, int(rng.bounded(12)), range);
        const IntervalSet sa = IntervalSet::fromSpans(a), sb = IntervalSet::fromSpans(b);
        const std::vector<bool> ba = cover(a, range + range / 8 + 2),
                                bb = cover(b, range + range / 8 + 2);
        std::vector<bool> u(ba.size()), x(ba.size()), d(ba.size());
        for (size_t t = 0; t < ba.size(); ++t) {
            u[t] = ba[t] || bb[t];
            x[t] = ba[t] && bb[t];
            d[t] = ba[t] && !bb[t];
        }
        const qint64 from = rng.bounded(range), to = from + rng.bounded(range);
        const qint64 hi = std::min<qint64>(to, qint64(ba.size()));
        QCOMPARE(sa.lengthIn(from, hi), count(ba, from, hi));
        QCOMPARE(IntervalSet::unite(sa, sb).lengthIn(from, hi), count(u, from, hi));
        QCOMPARE(IntervalSet::intersect(sa, sb).lengthIn(from, hi), count(x, from, hi));
        QCOMPARE(IntervalSet::subtract(sa, sb).lengthIn(from, hi), count(d, from, hi));
    }
}

QTEST_GUILESS_MAIN(tst_IntervalSet)
#include "tst_intervalset.moc"
