// sortNearlySorted (issue #28): the same order as std::stable_sort on every kind of input, sorted,
// nearly sorted (children before parents), a few sorted runs, reversed and random, and stable for
// equal keys.
#include "core/common/nearlysorted.h"

#include <QtTest>

#include <random>
#include <vector>

using namespace Twinscope::Core;

class TestNearlySorted : public QObject
{
    Q_OBJECT

private slots:
    void sameAsStableSort_data();
    void sameAsStableSort();
    void tinyRanges();
};

void TestNearlySorted::sameAsStableSort_data()
{
    QTest::addColumn<QString>("shape");
    QTest::addColumn<int>("size");
    for (const char *shape :
         {"sorted", "children first", "three tracks", "reversed", "random", "few keys"}) {
        for (const int size : {2, 3, 17, 1000, 100000})
            QTest::newRow(qPrintable(QStringLiteral("%1 %2").arg(QLatin1String(shape)).arg(size)))
                << QString::fromLatin1(shape) << size;
    }
}

void TestNearlySorted::sameAsStableSort()
{
    QFETCH(QString, shape);
    QFETCH(int, size);
    // (key, original position): sorted by key only, so stability shows in the positions.
    std::vector<std::pair<int, int>> v(size_t(size), {0, 0});
    std::mt19937 rng(7);
    for (int i = 0; i < size; ++i) {
        int key = i;
        if (shape == QLatin1String("children first"))
            key = (i % 4 == 3) ? i - 3 : i + 1; // every fourth written after its three children
        else if (shape == QLatin1String("three tracks"))
            key = i % (size / 3 + 1); // three sorted runs one after the other
        else if (shape == QLatin1String("reversed"))
            key = size - i;
        else if (shape == QLatin1String("random"))
            key = int(rng() % 1000000);
        else if (shape == QLatin1String("few keys"))
            key = int(rng() % 5);
        v[size_t(i)] = {key, i};
    }
    auto byKey = [](const std::pair<int, int> &a, const std::pair<int, int> &b) {
        return a.first < b.first;
    };
    std::vector<std::pair<int, int>> expected = v;
    std::stable_sort(expected.begin(), expected.end(), byKey);
    std::vector<std::pair<int, int>> total = v;
    sortNearlySorted(v.begin(), v.end(), byKey);
    QVERIFY(v == expected);
    // Under a total order (the position breaks ties) the unstable finish gives the same order.
    sortNearlySortedTotal(total.begin(), total.end(), std::less<>());
    QVERIFY(total == expected);
}

void TestNearlySorted::tinyRanges()
{
    std::vector<int> empty;
    sortNearlySorted(empty.begin(), empty.end(), std::less<>());
    QVERIFY(empty.empty());
    std::vector<int> one{5};
    sortNearlySorted(one.begin(), one.end(), std::less<>());
    QCOMPARE(one.front(), 5);
}

QTEST_GUILESS_MAIN(TestNearlySorted)
#include "tst_nearlysorted.moc"
