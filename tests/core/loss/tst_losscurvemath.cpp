#include "core/loss/losscurvemath.h"

#include <QTest>

#include <cmath>
#include <limits>
#include <random>

using namespace Twinscope::Core;

class tst_LossCurveMath : public QObject
{
    Q_OBJECT

private slots:
    void tensorBoardExample();
    void nonFinitePassesThrough();
    void constantSeriesUnchanged();
    void weightIsClipped();
    void quantiles_data();
    void quantiles();
    void robustRangeIgnoresOutliers();
    void decimationKeepsExtremes();
    void decimationSmallInputIsExact();
    void pyramidMatchesPlainScan_data();
    void pyramidMatchesPlainScan();
};

namespace {
const double kNan = std::numeric_limits<double>::quiet_NaN();
const double kInf = std::numeric_limits<double>::infinity();
} // namespace

void tst_LossCurveMath::tensorBoardExample()
{
    // METRICS.md §9.2: w = 0.6, [1, 0.5, 0] -> [1, 0.6875, 0.336735].
    const std::vector<double> out = smoothEma({1.0, 0.5, 0.0}, 0.6);
    QCOMPARE(out.size(), size_t(3));
    QVERIFY(std::fabs(out[0] - 1.0) < 1e-12);
    QVERIFY(std::fabs(out[1] - 0.6875) < 1e-12);
    QVERIFY(std::fabs(out[2] - 0.264 / 0.784) < 1e-12);
    QVERIFY(std::fabs(out[2] - 0.3367) < 1e-4);
}

void tst_LossCurveMath::nonFinitePassesThrough()
{
    const std::vector<double> out = smoothEma({1.0, kNan, 0.5, kInf, 0.0}, 0.6);
    QVERIFY(std::isnan(out[1]));
    QVERIFY(std::isinf(out[3]));
    // The average does not advance over them: same as smoothing [1, 0.5, 0].
    QVERIFY(std::fabs(out[2] - 0.6875) < 1e-12);
    QVERIFY(std::fabs(out[4] - 0.264 / 0.784) < 1e-12);
}

void tst_LossCurveMath::constantSeriesUnchanged()
{
    const std::vector<double> in(50, 0.1);
    QCOMPARE(smoothEma(in, 0.9), in);
}

void tst_LossCurveMath::weightIsClipped()
{
    const std::vector<double> in{3, 1, 2};
    QCOMPARE(smoothEma(in, 0.0), in);
    QCOMPARE(smoothEma(in, -1.0), in);
    QCOMPARE(smoothEma(in, kNan), in);
    // w = 1: the debias factor is 1, so finite outputs are 0 (TensorBoard).
    QCOMPARE(smoothEma(in, 1.0), (std::vector<double>{0, 0, 0}));
    QCOMPARE(smoothEma(in, 7.0), (std::vector<double>{0, 0, 0}));
}

void tst_LossCurveMath::quantiles_data()
{
    QTest::addColumn<std::vector<double>>("values");
    QTest::addColumn<double>("p");
    QTest::addColumn<double>("expected");
    // numpy.quantile (linear = R-7) gives these.
    QTest::newRow("1..4 p5") << std::vector<double>{4, 1, 3, 2} << 0.05 << 1.15;
    QTest::newRow("1..4 p95") << std::vector<double>{4, 1, 3, 2} << 0.95 << 3.85;
    QTest::newRow("median") << std::vector<double>{1, 2, 3, 4, 100} << 0.5 << 3.0;
    QTest::newRow("skips nan") << std::vector<double>{kNan, 1, 2, kInf} << 1.0 << 2.0;
    QTest::newRow("single") << std::vector<double>{7} << 0.05 << 7.0;
}

void tst_LossCurveMath::quantiles()
{
    QFETCH(std::vector<double>, values);
    QFETCH(double, p);
    QFETCH(double, expected);
    QVERIFY(std::fabs(quantileR7(values, p) - expected) < 1e-12);
}

void tst_LossCurveMath::robustRangeIgnoresOutliers()
{
    std::vector<double> loss(100);
    for (int i = 0; i < 100; ++i)
        loss[size_t(i)] = 2.0 + i * 0.01;
    loss[0] = 1e6; // a spike at step 0 must not flatten the curve
    const auto [lo, hi] = robustRange({&loss});
    QVERIFY(hi < 10.0);
    QVERIFY(lo > 1.9);
    // With reach, data within one span of the quantiles is kept, the far spike still is not.
    const auto [rlo, rhi] = robustRange({&loss}, 0.05, 0.95, 1.0);
    QVERIFY(rhi < 10.0);
    QVERIFY(rhi > 2.99);
    QVERIFY(rlo <= 2.01);
    const std::vector<double> flat(10, 3.0);
    const auto [flo, fhi] = robustRange({&flat});
    QCOMPARE(flo, 2.0);
    QCOMPARE(fhi, 4.0);
    const std::vector<double> none{kNan, kInf};
    const auto [nlo, nhi] = robustRange({&none});
    QVERIFY(nlo > nhi);
}

void tst_LossCurveMath::decimationKeepsExtremes()
{
    const int n = 1'000'000;
    std::vector<double> x(n), y(n);
    std::mt19937 rng(42);
    std::normal_distribution<double> noise(0.0, 0.1);
    for (int i = 0; i < n; ++i) {
        x[size_t(i)] = i;
        y[size_t(i)] = 5.0 - i * 1e-6 + noise(rng);
    }
    y[123456] = 50.0;
    y[654321] = -50.0;
    y[777777] = kNan;
    const int columns = 1000;
    const DecimatedCurve d = decimateMinMax(x, y, 0, n - 1, columns);
    QVERIFY(d.x.size() <= size_t(columns) * 4 + 2);
    QVERIFY(d.x.size() >= size_t(columns) * 2);
    QVERIFY(std::is_sorted(d.x.begin(), d.x.end()));
    QCOMPARE(*std::max_element(d.y.begin(), d.y.end()), 50.0);
    QCOMPARE(*std::min_element(d.y.begin(), d.y.end()), -50.0);
    for (double v : d.y)
        QVERIFY(std::isfinite(v));
    // Zoomed in: points outside the range are dropped except one neighbour per side.
    const DecimatedCurve z = decimateMinMax(x, y, 1000, 1100, columns);
    QCOMPARE(z.x.front(), 999.0);
    QCOMPARE(z.x.back(), 1101.0);
    QCOMPARE(z.x.size(), size_t(103));
}

void tst_LossCurveMath::decimationSmallInputIsExact()
{
    const std::vector<double> x{1, 2, 3, 4};
    const std::vector<double> y{4, kNan, 2, 1};
    const DecimatedCurve d = decimateMinMax(x, y, 1, 4, 800);
    QCOMPARE(d.x, (std::vector<double>{1, 3, 4}));
    QCOMPARE(d.y, (std::vector<double>{4, 2, 1}));
    QVERIFY(decimateMinMax(x, y, 4, 1, 800).x.empty());
}

void tst_LossCurveMath::pyramidMatchesPlainScan_data()
{
    QTest::addColumn<double>("xMin");
    QTest::addColumn<double>("xMax");
    QTest::addColumn<int>("columns");
    QTest::newRow("full") << 0.0 << 299999.0 << 1000;
    QTest::newRow("narrow") << 0.0 << 299999.0 << 37;
    QTest::newRow("zoom") << 12345.5 << 250000.25 << 1920;
    QTest::newRow("offset range") << -5000.0 << 400000.0 << 700;
}

void tst_LossCurveMath::pyramidMatchesPlainScan()
{
    QFETCH(double, xMin);
    QFETCH(double, xMax);
    QFETCH(int, columns);
    const size_t n = 300000;
    std::vector<double> x(n), y(n);
    std::mt19937 rng(7);
    std::uniform_real_distribution<double> u(-1.0, 1.0);
    for (size_t i = 0; i < n; ++i) {
        x[i] = double(i);
        // Plateaus make ties, so the first occurrence rule is exercised too.
        y[i] = std::round(u(rng) * 20.0) / 4.0;
        if (i % 9973 == 0)
            y[i] = kNan;
        if (i % 100003 == 5)
            y[i] = kInf;
    }
    for (size_t i = 200000; i < 210000; ++i)
        y[i] = kNan; // a whole region without finite values
    const MinMaxPyramid pyramid(y);
    const DecimatedCurve plain = decimateMinMax(x, y, xMin, xMax, columns);
    const DecimatedCurve fast = decimateMinMax(x, y, xMin, xMax, columns, &pyramid);
    QCOMPARE(fast.x, plain.x);
    QCOMPARE(fast.y, plain.y);
}

QTEST_GUILESS_MAIN(tst_LossCurveMath)
#include "tst_losscurvemath.moc"
