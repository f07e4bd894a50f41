#include "common/testdata.h"
#include "core/common/filesniffer.h"
#include "widgets/common/loadcontroller.h"
#include "widgets/plots/lossplotview.h"
#include "widgets/plots/lossworkspace.h"

#include <QDir>
#include <QFile>
#include <QImage>
#include <QSignalSpy>
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
};

namespace {

const QString shared = sharedData(u"loss/"_s);
const QString gpu = shared + u"troubleshooter_gpu_loss.txt"_s;
const QString npu = shared + u"troubleshooter_npu_loss.txt"_s;

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
    view.setRuns({{u"A"_s, makeRun(0.0), 0, true}, {u"B"_s, makeRun(0.001), 0, true}}, u"loss"_s);
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

QTEST_MAIN(tst_LossWorkspace)
#include "tst_lossworkspace.moc"
