#include "common/testdata.h"
#include "core/common/filesniffer.h"
#include "widgets/common/flowlayout.h"
#include "widgets/common/loadcontroller.h"
#include "widgets/loss/lossplotview.h"
#include "widgets/loss/lossworkspace.h"

#include <QDir>
#include <QFile>
#include <QImage>
#include <QSet>
#include <QSignalSpy>
#include <QSlider>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace Twinscope::Core;
using namespace Twinscope::Widgets;

class tst_LossWorkspace : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void pairOpensAsComparison();
    void toleranceAndSwap();
    void exports();
    void unknownLogFails();
    void paletteChange();
    void decimationBoundsPoints();
    void followGrowingLog();
    void integerStepTicksOnShortLogs();
    void differenceScaledToTheData();
    void identicalCurvesKeepAVisible();
    void legendNamesRunsInFull();
    void toolbarWrapsAt1024();
    void validationSeriesAndNeutralDiagnosis();
    void smoothingScalesWithTheSteps();
};

namespace {

const QString shared = sharedData(u"loss/"_s);
const QString gpu = shared + u"troubleshooter_gpu_loss.txt"_s;
const QString npu = shared + u"troubleshooter_npu_loss.txt"_s;
// A ten-step pair in Megatron's format (B forks at step 6, its iterations take 40 ms longer).
const QString tenA = QStringLiteral(TWINSCOPE_TEST_DATA "/loss/good/megatron_validation_a.log");
const QString tenB = QStringLiteral(TWINSCOPE_TEST_DATA "/loss/good/megatron_validation_b.log");

bool isWhole(double v)
{
    return std::fabs(v - std::round(v)) < 1e-9;
}

bool hasColor(const QImage &image, QRgb color, int tolerance)
{
    for (int y = 0; y < image.height(); ++y) {
        for (int x = 0; x < image.width(); ++x) {
            const QRgb p = image.pixel(x, y);
            if (std::abs(qRed(p) - qRed(color)) <= tolerance &&
                std::abs(qGreen(p) - qGreen(color)) <= tolerance &&
                std::abs(qBlue(p) - qBlue(color)) <= tolerance)
                return true;
        }
    }
    return false;
}

struct Fixture
{
    LoadController loads;
    LossWorkspace workspace{&loads};

    bool openPair(const QString &a, const QString &b)
    {
        // A missing fixture fails at once rather than after the load timeout.
        for (const QString &path : {a, b}) {
            if (!QFile::exists(path)) {
                qWarning("missing fixture %s", qPrintable(path));
                return false;
            }
        }
        workspace.resize(1500, 900);
        workspace.show();
        workspace.openPaths({sniffPath(a), sniffPath(b)});
        return QTest::qWaitFor(
            [&] { return workspace.comparison() != nullptr && !workspace.isBusy(); }, 20000);
    }
};

} // namespace

void tst_LossWorkspace::initTestCase()
{
    qRegisterMetaType<Twinscope::Core::Diagnostics>();
    qRegisterMetaType<Twinscope::Core::Error>();
}

void tst_LossWorkspace::pairOpensAsComparison()
{
    Fixture f;
    QSignalSpy loadedSpy(&f.workspace, &Workspace::loaded);
    QVERIFY(f.openPair(gpu, npu));
    QCOMPARE(loadedSpy.count(), 2);
    QCOMPARE(f.workspace.kind(), FileKind::Loss);
    QVERIFY(!f.workspace.isEmpty());
    // The first path is the benchmark whichever finished loading first.
    QCOMPARE(f.workspace.runPaths(), (QStringList{gpu, npu}));
    QCOMPARE(f.workspace.metric(), u"lm loss"_s);
    QCOMPARE(f.workspace.comparison()->firstDivergentStep, std::optional<qint64>(3));
    QCOMPARE(f.workspace.plot()->markedDivergentStep(), std::optional<qint64>(3));
    QVERIFY(f.workspace.summaryText().contains(u"fork"_s));
    // The crosshair snaps to the nearest step and reads every series there.
    const QString readout = f.workspace.plot()->showCrosshairAt(3.2);
    QVERIFY2(readout.contains(u"step 3"_s), qPrintable(readout));
    QVERIFY2(readout.contains(u"12.35378"_s), qPrintable(readout));
    QVERIFY2(readout.contains(u"10.59378"_s), qPrintable(readout));
    QVERIFY2(readout.contains(u"-1.76"_s), qPrintable(readout));
    f.workspace.plot()->replot();
    const QImage image = f.workspace.grab().toImage();
    // The divergence marker is drawn in red.
    QVERIFY(hasColor(image, qRgb(0xd6, 0x27, 0x28), 12));
    if (qEnvironmentVariableIsSet("TWINSCOPE_SCREENSHOT_DIR")) {
        const QString dir = qEnvironmentVariable("TWINSCOPE_SCREENSHOT_DIR");
        QVERIFY(image.save(dir + u"/loss.png"_s));
    }
}

void tst_LossWorkspace::toleranceAndSwap()
{
    Fixture f;
    QVERIFY(f.openPair(gpu, npu));
    QSignalSpy changed(&f.workspace, &LossWorkspace::comparisonChanged);
    f.workspace.setTolerance(1e-2, 0.0, 5);
    QTRY_VERIFY_WITH_TIMEOUT(changed.count() >= 1 && !f.workspace.isBusy(), 10000);
    QVERIFY(!f.workspace.comparison()->firstDivergentStep);
    QVERIFY(!f.workspace.plot()->markedDivergentStep());
    QCOMPARE(f.workspace.comparison()->options.k, 5);
    f.workspace.swapBenchmark();
    QTRY_VERIFY_WITH_TIMEOUT(changed.count() >= 2 && !f.workspace.isBusy(), 10000);
    QCOMPARE(f.workspace.runPaths(), (QStringList{npu, gpu}));
    QCOMPARE(f.workspace.comparison()->benchmark.front(), 10.59378);
    f.workspace.setMetric(u"loss scale"_s);
    QTRY_VERIFY_WITH_TIMEOUT(changed.count() >= 3 && !f.workspace.isBusy(), 10000);
    QCOMPARE(f.workspace.comparison()->metric, u"loss scale"_s);
    QCOMPARE(f.workspace.comparison()->diagnosis.code, u"curves_match"_s);
    f.workspace.closeAll();
    QVERIFY(f.workspace.isEmpty());
}

void tst_LossWorkspace::exports()
{
    Fixture f;
    QVERIFY(f.openPair(gpu, npu));
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    QVERIFY(f.workspace.exportFilter().contains(u"*.svg"_s));
    for (const QString &ext : {u"png"_s, u"pdf"_s, u"svg"_s, u"csv"_s}) {
        const QString path = dir.filePath(u"loss."_s + ext);
        QString error;
        QVERIFY2(f.workspace.exportTo(path, {}, &error), qPrintable(error));
        QVERIFY(QFileInfo(path).size() > 100);
    }
    QFile csv(dir.filePath(u"loss.csv"_s));
    QVERIFY(csv.open(QIODevice::ReadOnly));
    const QList<QByteArray> lines = csv.readAll().trimmed().split('\n');
    QCOMPARE(lines.size(), 41);
    QCOMPARE(
        lines[0],
        QByteArray(
            "step,troubleshooter_gpu_loss.txt,troubleshooter_npu_loss.txt,diff,abs_diff,rel_diff"));
    QVERIFY2(lines[3].startsWith("3,12.35378,10.59378,-1.75999"), lines[3].constData());
    QFile svg(dir.filePath(u"loss.svg"_s));
    QVERIFY(svg.open(QIODevice::ReadOnly));
    const QByteArray svgText = svg.readAll();
    // QSvgGenerator vector output: curves as polylines, labels as text, no embedded raster.
    QVERIFY(svgText.contains("<polyline"));
    QVERIFY(svgText.contains("first divergent step 3"));
    QVERIFY(!svgText.contains("<image"));
    const QByteArray title = "<title>" + f.workspace.metric().toUtf8() + " curves</title>";
    QVERIFY2(svgText.contains(title), svgText.left(500).constData());
    QVERIFY(svgText.contains("troubleshooter_npu_loss.txt"));
}

void tst_LossWorkspace::unknownLogFails()
{
    LoadController loads;
    LossWorkspace workspace(&loads);
    QSignalSpy failed(&workspace, &Workspace::loadFailed);
    SniffResult r;
    r.path = QStringLiteral(TWINSCOPE_TEST_DATA) + u"/loss/broken/no_loss_lines.log"_s;
    r.kind = FileKind::Loss;
    workspace.openPaths({r});
    QTRY_COMPARE_WITH_TIMEOUT(failed.count(), 1, 10000);
    QCOMPARE(failed.at(0).at(1).value<Error>().code, ErrorCode::UnknownFormat);
    QVERIFY(workspace.runPaths().isEmpty());
}

void tst_LossWorkspace::paletteChange()
{
    Fixture f;
    QVERIFY(f.openPair(gpu, npu));
    QPalette dark = f.workspace.palette();
    dark.setColor(QPalette::Base, QColor(20, 20, 24));
    dark.setColor(QPalette::Text, QColor(230, 230, 230));
    f.workspace.plot()->setPalette(dark);
    f.workspace.plot()->replot();
    const QImage image = f.workspace.plot()->grab().toImage();
    QCOMPARE(image.pixel(2, 2), qRgb(20, 20, 24));
}

void tst_LossWorkspace::decimationBoundsPoints()
{
    // 1 M steps in two runs: what is drawn stays bounded by the width, not the step count.
    auto makeRun = [](double shift) {
        auto run = std::make_shared<LossRun>();
        LossSeries s;
        s.name = u"loss"_s;
        for (qint64 i = 1; i <= 1'000'000; ++i) {
            s.steps.push_back(i);
            s.values.push_back(10.0 / std::sqrt(double(i)) + shift + 0.01 * std::sin(double(i)));
        }
        run->series.push_back(std::move(s));
        return std::shared_ptr<const LossRun>(run);
    };
    LossPlotView view;
    view.resize(1200, 700);
    view.setRuns({{u"A"_s, makeRun(0.0), 0, true, {}}, {u"B"_s, makeRun(0.001), 0, true, {}}},
                 u"loss"_s);
    view.replot();
    QVERIFY(view.drawnPointCount() > 1000);
    QVERIFY(view.drawnPointCount() < 4 * 4 * 1300);
}

void tst_LossWorkspace::followGrowingLog()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(u"train.log"_s);
    auto line = [](int step) {
        return "iteration " + QByteArray::number(step) +
               "/100 | lm loss: " + QByteArray::number(10.0 - step * 0.1) +
               " | loss scale: 1.0 |\n";
    };
    {
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(line(1) + line(2) + line(3));
    }
    LoadController loads;
    LossWorkspace workspace(&loads);
    SniffResult r = sniffPath(path);
    workspace.openPaths({r});
    QTRY_COMPARE_WITH_TIMEOUT(workspace.runPoints(0), qsizetype(3), 10000);
    workspace.setFollow(true);
    QVERIFY(workspace.isFollowing());
    QTRY_VERIFY_WITH_TIMEOUT(!workspace.isBusy(), 10000);
    {
        QFile f(path);
        QVERIFY(f.open(QIODevice::Append));
        f.write(line(4) + line(5));
    }
    // The watcher (or the 2 s poll) picks up the appended lines.
    QTRY_COMPARE_WITH_TIMEOUT(workspace.runPoints(0), qsizetype(5), 10000);
    workspace.setFollow(false);
    QVERIFY(!workspace.isFollowing());
}

void tst_LossWorkspace::integerStepTicksOnShortLogs()
{
    // Ten steps: QCPAxisTicker put ticks at 2.5, 5, 7.5 and printed them "3, 5, 8".
    Fixture f;
    QVERIFY(f.openPair(tenA, tenB));
    LossPlotView *plot = f.workspace.plot();
    plot->replot();
    for (int width : {1500, 700, 400}) {
        f.workspace.resize(width, 700);
        QTest::qWait(20);
        plot->replot();
        const QVector<double> ticks = plot->stepAxis()->tickVector();
        const QVector<QString> labels = plot->stepAxis()->tickVectorLabels();
        QVERIFY(ticks.size() >= 2);
        qInfo("%d px: ticks %s",
              width,
              qPrintable(QStringList(labels.begin(), labels.end()).join(u", "_s)));
        for (int i = 0; i < ticks.size(); ++i) {
            QVERIFY2(isWhole(ticks[i]), qPrintable(QString::number(ticks[i])));
            QCOMPARE(labels[i], QString::number(qint64(std::round(ticks[i]))));
        }
        // No two ticks print the same step.
        QCOMPARE(QSet<QString>(labels.begin(), labels.end()).size(), labels.size());
    }
}

void tst_LossWorkspace::differenceScaledToTheData()
{
    // The B − A axis follows the differences, not the tolerance band: within 3× of their range.
    for (const auto &[a, b] : {std::pair{gpu, npu}, std::pair{tenA, tenB}}) {
        Fixture f;
        QVERIFY(f.openPair(a, b));
        const QCPRange data = f.workspace.plot()->differenceDataRange();
        const QCPRange axis = f.workspace.plot()->differenceAxisRange();
        QVERIFY(data.size() > 0);
        qInfo("B - A axis %g .. %g, data %g .. %g: %.2fx",
              axis.lower,
              axis.upper,
              data.lower,
              data.upper,
              axis.size() / data.size());
        QVERIFY(axis.lower <= data.lower && axis.upper >= data.upper);
        QVERIFY2(axis.size() <= 3 * data.size(),
                 qPrintable(u"axis %1 .. %2, data %3 .. %4"_s.arg(axis.lower)
                                .arg(axis.upper)
                                .arg(data.lower)
                                .arg(data.upper)));
    }
    // A small real difference under a wide band: 1e-3 steps, 10 % tolerance.
    QTemporaryDir dir;
    auto write = [&](const QString &name, double shift) {
        QFile file(dir.filePath(name));
        if (!file.open(QIODevice::WriteOnly))
            return QString();
        file.write("step,loss\n");
        for (int step = 1; step <= 20; ++step)
            file.write(QByteArray::number(step) + ',' +
                       QByteArray::number(5.0 - 0.1 * step + shift * step, 'g', 12) + '\n');
        return file.fileName();
    };
    Fixture f;
    QVERIFY(f.openPair(write(u"a.csv"_s, 0.0), write(u"b.csv"_s, 8e-5)));
    f.workspace.setTolerance(0.1, 0.0, 3);
    QVERIFY(
        QTest::qWaitFor([&] { return f.workspace.comparison() && !f.workspace.isBusy(); }, 20000));
    const QCPRange data = f.workspace.plot()->differenceDataRange();
    const QCPRange axis = f.workspace.plot()->differenceAxisRange();
    QVERIFY2(data.upper > 1e-3 && data.upper < 2e-3,
             qPrintable(QString::number(data.upper) + u' ' + f.workspace.summaryText()));
    QVERIFY2(axis.size() <= 3 * data.size(), qPrintable(QString::number(axis.size())));
}

void tst_LossWorkspace::identicalCurvesKeepAVisible()
{
    // The same log twice: B is dashed over A, so A's colour shows between B's dashes.
    QTemporaryDir dir;
    const QString copy = dir.filePath(u"copy.txt"_s);
    QVERIFY(QFile::copy(gpu, copy));
    Fixture f;
    QVERIFY(f.openPair(gpu, copy));
    f.workspace.plot()->replot();
    const QImage image = f.workspace.plot()->toPixmap().toImage();
    const QRect plotArea = f.workspace.plot()->valueAxis()->axisRect()->rect();
    int a = 0;
    int b = 0;
    const QColor colorA = LossPlotView::runColor(0);
    const QColor colorB = LossPlotView::runColor(1);
    for (int y = plotArea.top(); y <= plotArea.bottom(); ++y) {
        for (int x = plotArea.left(); x <= plotArea.right(); ++x) {
            const QColor p = image.pixelColor(x, y);
            a += p == colorA;
            b += p == colorB;
        }
    }
    QVERIFY2(a > 50 && b > 50, qPrintable(u"A %1 px, B %2 px"_s.arg(a).arg(b)));
}

void tst_LossWorkspace::legendNamesRunsInFull()
{
    Fixture f;
    QVERIFY(f.openPair(gpu, npu));
    LossPlotView *plot = f.workspace.plot();
    plot->replot();
    QStringList tips;
    for (int i = 0; i < plot->legend->itemCount(); ++i)
        tips << plot->toolTipAt(plot->legend->item(i)->outerRect().center());
    QCOMPARE(tips, (QStringList{QDir::toNativeSeparators(gpu), QDir::toNativeSeparators(npu)}));
    // The legend sits above the plot, clear of the divergence annotation inside it.
    QVERIFY(plot->legend->outerRect().bottom() <= plot->valueAxis()->axisRect()->outerRect().top());
    // The run table names A and B apart at any width, the full path in the name's tool tip.
    QTableWidget *table = f.workspace.runTable();
    QCOMPARE(table->item(0, 0)->text(), u"A"_s);
    QCOMPARE(table->item(1, 0)->text(), u"B"_s);
    QVERIFY(table->item(1, 1)->toolTip().contains(QDir::toNativeSeparators(npu)));
}

void tst_LossWorkspace::toolbarWrapsAt1024()
{
    // At 1024 px nothing in the toolbar is squeezed below its size: it wraps instead.
    Fixture f;
    QVERIFY(f.openPair(gpu, npu));
    f.workspace.resize(1024, 640);
    QTest::qWait(50);
    auto *flow = static_cast<FlowLayout *>(f.workspace.toolbar()->layout());
    QVERIFY(flow->lineCount() >= 2);
    for (QWidget *w : f.workspace.toolbar()->findChildren<QWidget *>()) {
        if (!w->isVisible() || w->parentWidget() == f.workspace.toolbar())
            continue;
        QVERIFY2(w->width() >= w->minimumSizeHint().width(),
                 qPrintable(QString::fromLatin1(w->metaObject()->className())));
        QVERIFY2(w->geometry().right() < w->parentWidget()->width(),
                 qPrintable(QString::fromLatin1(w->metaObject()->className())));
    }
    for (QWidget *group :
         f.workspace.toolbar()->findChildren<QWidget *>(QString(), Qt::FindDirectChildrenOnly)) {
        QVERIFY(group->geometry().right() < f.workspace.toolbar()->width());
        QCOMPARE(group->width(), group->sizeHint().width());
    }
    f.workspace.resize(1600, 640);
    QTest::qWait(50);
    QCOMPARE(flow->lineCount(), 1);
}

void tst_LossWorkspace::validationSeriesAndNeutralDiagnosis()
{
    Fixture f;
    QVERIFY(f.openPair(tenA, tenB));
    QVERIFY(f.workspace.summaryText().contains(u"fork at step 6"_s));
    QCOMPARE(f.workspace.title(),
             u"Loss: megatron_validation_a.log vs megatron_validation_b.log"_s);
    // Megatron's validation lines are a metric of their own; the plot's axes name the metric.
    f.workspace.setMetric(u"lm loss validation"_s);
    QCOMPARE(f.workspace.metric(), u"lm loss validation"_s);
    QVERIFY(
        QTest::qWaitFor([&] { return f.workspace.comparison() && !f.workspace.isBusy(); }, 20000));
    QCOMPARE(f.workspace.comparison()->alignedSteps(), 2);
    QCOMPARE(f.workspace.plot()->valueAxis()->label(), u"lm loss validation"_s);
    // A step time is not a loss: a neutral text, no advice about shuffling.
    f.workspace.setMetric(u"elapsed time per iteration (ms)"_s);
    QVERIFY(
        QTest::qWaitFor([&] { return f.workspace.comparison() && !f.workspace.isBusy(); }, 20000));
    QVERIFY2(f.workspace.summaryText().contains(u"is not a loss"_s),
             qPrintable(f.workspace.summaryText()));
    QVERIFY(!f.workspace.summaryText().contains(u"shuffling"_s));
    QCOMPARE(f.workspace.plot()->differenceAxis()->label(), u"B − A (ms)"_s);
}

void tst_LossWorkspace::smoothingScalesWithTheSteps()
{
    // Issue #29: TensorBoard's 0.6 on a ten-step run drew a lagging curve over the real points.
    QCOMPARE(LossWorkspace::defaultSmoothing(0), 0.0);
    QCOMPARE(LossWorkspace::defaultSmoothing(49), 0.0);
    QCOMPARE(LossWorkspace::defaultSmoothing(50), 0.0);
    QVERIFY(LossWorkspace::defaultSmoothing(100) > 0.1);
    QVERIFY(LossWorkspace::defaultSmoothing(100) < LossWorkspace::defaultSmoothing(300));
    QVERIFY(LossWorkspace::defaultSmoothing(300) < 0.6);
    QCOMPARE(LossWorkspace::defaultSmoothing(500), 0.6);
    QCOMPARE(LossWorkspace::defaultSmoothing(1'000'000), 0.6);

    Fixture f;
    QVERIFY(f.openPair(tenA, tenB));
    QCOMPARE(f.workspace.runPoints(0), 10);
    QCOMPARE(f.workspace.plot()->smoothing(), 0.0);

    // A long run starts smoothed; a weight the user picked survives later loads.
    Fixture g;
    QVERIFY(g.openPair(shared + u"hf_trainer_nsllm_trainer_state.json"_s,
                       shared + u"llamafactory_nsllm_trainer_log.jsonl"_s));
    const double expected = LossWorkspace::defaultSmoothing(
        std::max(g.workspace.runPoints(0), g.workspace.runPoints(1)));
    QVERIFY(expected > 0.0);
    QCOMPARE(g.workspace.plot()->smoothing(), std::round(expected * 1000) / 1000);
    auto *slider = g.workspace.findChild<QSlider *>();
    QVERIFY(slider);
    slider->triggerAction(QAbstractSlider::SliderSingleStepAdd);
    const double chosen = g.workspace.plot()->smoothing();
    g.workspace.openPaths({sniffPath(tenA)});
    QVERIFY(QTest::qWaitFor(
        [&] { return g.workspace.runPaths().size() == 3 && !g.workspace.isBusy(); }, 20000));
    QCOMPARE(g.workspace.plot()->smoothing(), chosen);
}

QTEST_MAIN(tst_LossWorkspace)
#include "tst_lossworkspace.moc"
