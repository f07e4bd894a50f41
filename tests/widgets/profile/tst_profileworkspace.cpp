#include "common/testdata.h"
#include "core/models/collectivetablemodel.h"
#include "core/models/kernelgroupmodel.h"
#include "core/models/phasetablemodel.h"
#include "core/models/profiletablemodel.h"
#include "widgets/common/loadcontroller.h"
#include "widgets/profile/clusterview.h"
#include "widgets/profile/communicationview.h"
#include "widgets/profile/filesview.h"
#include "widgets/profile/kernelview.h"
#include "widgets/profile/memoryview.h"
#include "widgets/profile/profiletableview.h"
#include "widgets/profile/profileworkspace.h"
#include "widgets/profile/stepview.h"

#include <QAbstractItemModelTester>
#include <QComboBox>
#include <QLabel>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QTreeWidget>
#include <qcustomplot.h>

#include <algorithm>
#include <cmath>

using namespace Qt::StringLiterals;
using namespace Twinscope;
using namespace Twinscope::Widgets;

class tst_ProfileWorkspace : public QObject
{
    Q_OBJECT

private slots:
    void initMain() { qputenv("QT_QPA_PLATFORM", "offscreen"); }
    void clusterOpensOnTheClusterView();
    void clusterHeatmapClickAsksForTheRankTimeline();
    void kernelsGroupAndLinkToOtherTabs();
    void oneRankOfTheCluster();
    void communicationView();
    void filesViewShowsEveryColumn();
    void oneRankFolderOpensOnKernels();
    void refusedInputLeavesItEmpty();
    void exportCsv();
    void modelsPassTheTester();
    void screenshot();
    void heatmapAgreesWithTheSlowRankRule();
    void twoRankRunTellsTheTruth();
};

namespace {

const QString profile = QStringLiteral(TWINSCOPE_TEST_DATA "/profile/");

bool loadInto(ProfileWorkspace &w, const QString &path)
{
    QSignalSpy loaded(&w, &Workspace::loaded);
    w.openPaths({Core::sniffPath(path)});
    return loaded.wait(20000);
}

} // namespace

void tst_ProfileWorkspace::clusterOpensOnTheClusterView()
{
    LoadController loads;
    ProfileWorkspace w(&loads);
    QVERIFY(loadInto(w, profile + u"good/cluster"_s));
    QCOMPARE(w.tabs()->currentWidget(), w.cluster());
    for (int t = 0; t < w.tabs()->count(); ++t)
        QVERIFY2(w.tabs()->isTabEnabled(t), qPrintable(w.tabs()->tabText(t)));
    QCOMPARE(w.title(), u"Profile: 5 rank(s)"_s);
    QCOMPARE(w.cluster()->model()->rowCount(), 5);
    // Ranks 2 and 3 are the slow ones, flagged in the table and named with the rule.
    for (int r = 0; r < 5; ++r)
        QCOMPARE(
            w.cluster()->model()->index(r, 0).data(Core::PhaseTableModel::SeverityRole).toInt(),
            r == 2 || r == 3 ? 1 : 0);
    QVERIFY(w.cluster()->findings()->text().contains(u"Rank 3"_s));
    QVERIFY(w.cluster()->findings()->text().contains(u"1 → 2 (HCCS)"_s));
    QVERIFY(w.summary()->text().contains(u"rank 3 (Free)"_s));
    QCOMPARE(w.rankBox()->count(), 6); // all ranks, then the 5 ranks one by one
}

void tst_ProfileWorkspace::clusterHeatmapClickAsksForTheRankTimeline()
{
    LoadController loads;
    ProfileWorkspace w(&loads);
    w.resize(1400, 900);
    w.show();
    QVERIFY(loadInto(w, profile + u"good/cluster"_s));
    QSignalSpy asked(&w, &ProfileWorkspace::rankTimelineRequested);
    ClusterView *c = w.cluster();
    c->heatmap()->replot();
    QTest::mouseClick(c->heatmap(), Qt::LeftButton, {}, c->cellCenter(3, 3));
    QCOMPARE(asked.size(), 1);
    QCOMPARE(asked[0][0].toInt(), 3);
    QVERIFY(asked[0][1].toString().endsWith(u"node0_1003_20250101_ascend_pt"_s));
    // The heatmap marks the slow Free of rank 3 past one threshold, the even Overlapped at zero.
    QCPColorMap *map = c->heatmap()->findChild<QCPColorMap *>();
    if (!map) {
        for (int i = 0; i < c->heatmap()->plottableCount(); ++i)
            map = map ? map : qobject_cast<QCPColorMap *>(c->heatmap()->plottable(i));
    }
    QVERIFY(map);
    QVERIFY(map->data()->cell(3, 3) > 1.0);
    QCOMPARE(map->data()->cell(2, 0), 0.0);
}

// Issue #23: the heatmap paints past one threshold exactly the ranks the rule names (Computing
// and Free are the phases it judges), and nothing else past it in those columns.
void tst_ProfileWorkspace::heatmapAgreesWithTheSlowRankRule()
{
    LoadController loads;
    ProfileWorkspace w(&loads);
    QVERIFY(loadInto(w, profile + u"good/cluster"_s));
    const Core::ProfileAnalysis *a = w.analysis();
    QVERIFY(!a->slowRanks.empty());
    for (const Core::StepPhase phase : {Core::StepPhase::Computing, Core::StepPhase::Free}) {
        const int column =
            int(std::find(std::begin(ClusterView::Columns), std::end(ClusterView::Columns), phase) -
                std::begin(ClusterView::Columns));
        const auto &rows = w.cluster()->model()->rows();
        for (size_t row = 0; row < rows.size(); ++row) {
            const bool named =
                std::any_of(a->slowRanks.begin(), a->slowRanks.end(), [&](const Core::SlowRank &s) {
                    return s.rank == rows[row].key && s.phase == phase;
                });
            const double cell = w.cluster()->cellValue(int(row), column);
            QVERIFY2((cell > 1.0) == named,
                     qPrintable(u"rank %1 %2: %3"_s.arg(rows[row].key)
                                    .arg(Core::stepPhaseId(phase))
                                    .arg(cell)));
        }
    }
}

// Issue #23, the real torch_npu Level1 run (two ranks, one step each): no rank painted slow
// beside "No slow rank", one step per rank, the dominant phase said, the link matrix two ranks
// wide with a colour scale from its own bandwidths; its text and database exports opened together
// are still two ranks.
void tst_ProfileWorkspace::twoRankRunTellsTheTruth()
{
    const QString run = QStringLiteral(TWINSCOPE_TEST_DATA "/shared/profiler/torch_npu_level1/");
    LoadController loads;
    ProfileWorkspace w(&loads);
    QVERIFY(loadInto(w, run + u"text"_s));
    QCOMPARE(int(w.analysis()->ranks.size()), 2);
    for (int r = 0; r < 2; ++r) {
        for (int c = 0; c < int(std::size(ClusterView::Columns)); ++c)
            QCOMPARE(w.cluster()->cellValue(r, c), 0.0);
    }
    QVERIFY(w.cluster()->findings()->text().contains(u"No slow rank"_s));
    const QString summary = w.summaryLines().join(u'\n');
    QVERIFY2(summary.contains(QRegularExpression(u"\\b1 step(\\(s\\))? per rank"_s)),
             qPrintable(summary));
    QVERIFY2(summary.contains(u"Communication not hidden by compute is 74 % of the step."_s),
             qPrintable(summary));
    QVERIFY2(summary.contains(u"No slow rank"_s), qPrintable(summary));

    QCPColorMap *map = nullptr;
    QCustomPlot *matrix = w.communication()->matrix();
    for (int i = 0; i < matrix->plottableCount() && !map; ++i)
        map = qobject_cast<QCPColorMap *>(matrix->plottable(i));
    QVERIFY(map);
    QCOMPARE(map->data()->keySize(), 2);
    QCOMPARE(map->data()->valueSize(), 2);
    double low = 1e300, high = -1e300;
    for (int x = 0; x < 2; ++x) {
        for (int y = 0; y < 2; ++y) {
            const double v = map->data()->cell(x, y);
            if (std::isfinite(v)) {
                low = std::min(low, v);
                high = std::max(high, v);
            }
        }
    }
    QVERIFY(low <= high);
    const QCPRange range = map->dataRange();
    QVERIFY2(
        range.lower <= low && range.upper >= high && range.lower >= 0.9 * low &&
            range.upper <= 1.1 * high,
        qPrintable(
            u"%1..%2 for cells %3..%4"_s.arg(range.lower).arg(range.upper).arg(low).arg(high)));

    ProfileWorkspace both(&loads);
    QSignalSpy loaded(&both, &Workspace::loaded);
    both.openPaths({Core::sniffPath(run + u"text"_s), Core::sniffPath(run + u"db"_s)});
    QVERIFY(loaded.wait(60000));
    QCOMPARE(int(both.analysis()->ranks.size()), 2);
    const QString two = both.summaryLines().join(u'\n');
    QVERIFY2(two.startsWith(u"2 rank"_s), qPrintable(two));
}

void tst_ProfileWorkspace::kernelsGroupAndLinkToOtherTabs()
{
    LoadController loads;
    ProfileWorkspace w(&loads);
    QVERIFY(loadInto(w, profile + u"good/cluster"_s));
    KernelView *k = w.kernels();
    QCOMPARE(k->model()->rowCount(), 4); // MatMulV2, Add, NonZero, hcom_allReduce_, by op type
    k->setGrouping(Core::KernelGrouping::Signature);
    QCOMPARE(k->model()->rowCount(), 5); // MatMulV2 has two shapes
    k->setGrouping(Core::KernelGrouping::Core);
    QCOMPARE(k->model()->rowCount(), 4);
    k->setGrouping(Core::KernelGrouping::TypeAndCore);
    QSignalSpy chosen(&w, &ProfileWorkspace::opTypeSelected);
    QVERIFY(w.selectOpType(u"NonZero"_s));
    QCOMPARE(chosen.size(), 1);
    QCOMPARE(chosen[0][0].toString(), u"NonZero"_s);
    QCOMPARE(w.tabs()->currentWidget(), k);
    const int row = k->model()->rowOf(u"NonZero"_s);
    QCOMPARE(k->model()->index(row, Core::KernelGroupModel::Flags).data().toString(), u"AI CPU"_s);
    const int mm = k->model()->rowOf(u"MatMulV2"_s);
    QVERIFY(k->model()
                ->index(mm, Core::KernelGroupModel::Flags)
                .data(Qt::ToolTipRole)
                .toString()
                .contains(u"4096,500"_s));
    QVERIFY(!w.selectOpType(u"NoSuchOp"_s));
    // PMU columns the files had follow the fixed ones.
    QCOMPARE(
        k->model()->headerData(Core::KernelGroupModel::FixedColumns, Qt::Horizontal).toString(),
        u"aicore_time(us)"_s);
}

void tst_ProfileWorkspace::oneRankOfTheCluster()
{
    LoadController loads;
    ProfileWorkspace w(&loads);
    QVERIFY(loadInto(w, profile + u"good/cluster"_s));
    w.showRank(2);
    QCOMPARE(w.steps()->model()->rowCount(), 2); // rank 2's two steps
    QCOMPARE(w.steps()->model()->rows()[0].label, u"step 1"_s);
    QCOMPARE(w.kernels()->model()->table().kernels, 10);
    QVERIFY(w.memory()->allocators()->topLevelItemCount() > 0);
    QCOMPARE(w.memory()->stepPeaks()->topLevelItemCount(), 2);
    QVERIFY(w.memory()->plot()->graphCount() >= 2);
    QCOMPARE(w.communication()->model()->rowCount(), 2);
    w.showRank(-1);
    QCOMPARE(w.steps()->model()->rowCount(), 5); // one row per rank
}

void tst_ProfileWorkspace::communicationView()
{
    LoadController loads;
    ProfileWorkspace w(&loads);
    QVERIFY(loadInto(w, profile + u"good/cluster"_s));
    CommunicationView *c = w.communication();
    QCOMPARE(c->model()->rowCount(), 2);
    QCOMPARE(c->model()->links(), (QStringList{u"HCCS"_s, u"RDMA"_s}));
    c->selectCollective(0);
    QCOMPARE(c->links()->topLevelItemCount(), 2);
    QCOMPARE(c->matrixLink()->currentText(), u"HCCS"_s);
    QVERIFY(c->packets()->plottableCount() > 0);
}

void tst_ProfileWorkspace::filesViewShowsEveryColumn()
{
    LoadController loads;
    ProfileWorkspace w(&loads);
    QVERIFY(loadInto(w, profile + u"good/cluster/node0_1000_20250101_ascend_pt"_s));
    FilesView *f = w.files();
    // Every file of the folder: the twelve tables read, and trace_view.json listed as not read
    // here (a timeline, issue #25: every file is read or listed with its reason).
    QCOMPARE(f->list()->topLevelItemCount(), 13);
    QTreeWidgetItem *kernels = nullptr;
    for (int i = 0; i < f->list()->topLevelItemCount(); ++i) {
        if (f->list()->topLevelItem(i)->text(0) == u"kernel_details.csv"_s)
            kernels = f->list()->topLevelItem(i);
    }
    QVERIFY(kernels);
    f->list()->setCurrentItem(kernels);
    QTRY_COMPARE_WITH_TIMEOUT(f->model()->rowCount(), 10, 10000);
    const int columns = f->model()->columnCount();
    QCOMPARE(f->model()->headerData(columns - 1, Qt::Horizontal).toString(), u"Vendor Extra"_s);
    // Model ID 4294967295 and "N/A" are "none", shown as a dash with the raw text in the tip.
    QCOMPARE(f->model()->index(0, 1).data().toString(), u"—"_s);
    QVERIFY(f->model()->index(0, 1).data(Qt::ToolTipRole).toString().contains(u"4294967295"_s));
    QCOMPARE(f->model()->index(0, 18).data().toString(), u"—"_s); // Context ID N/A
    QCOMPARE(f->model()->index(0, 12).data().toString(), u"4096,512;512,1024"_s);
}

void tst_ProfileWorkspace::oneRankFolderOpensOnKernels()
{
    LoadController loads;
    ProfileWorkspace w(&loads);
    QVERIFY(loadInto(w, sharedData(u"trace/mstt_compute_advice_kernel_details_small.csv"_s)));
    QCOMPARE(w.tabs()->currentWidget(), w.kernels());
    QVERIFY(!w.tabs()->isTabEnabled(w.tabs()->indexOf(w.cluster())));
    QVERIFY(!w.tabs()->isTabEnabled(w.tabs()->indexOf(w.steps())));
    QVERIFY(!w.tabs()->tabToolTip(w.tabs()->indexOf(w.steps())).isEmpty());
    QVERIFY(!w.rankBox()->isEnabled());
    QCOMPARE(w.kernels()->model()->rowCount(), 5);
}

void tst_ProfileWorkspace::refusedInputLeavesItEmpty()
{
    LoadController loads;
    ProfileWorkspace w(&loads);
    QSignalSpy failed(&w, &Workspace::loadFailed);
    w.openPaths({Core::sniffPath(profile + u"broken/no_type"_s)});
    QVERIFY(failed.wait(20000));
    QVERIFY(w.isEmpty());
    const auto error = failed[0][1].value<Core::Error>();
    QVERIFY(error.toString().contains(u"kernel_details.csv"_s));
    QVERIFY(error.message.contains(u"\"Type\""_s));
}

void tst_ProfileWorkspace::exportCsv()
{
    LoadController loads;
    ProfileWorkspace w(&loads);
    QVERIFY(loadInto(w, profile + u"good/cluster"_s));
    QTemporaryDir dir;
    const QString path = dir.filePath(u"k.csv"_s);
    QString error;
    QVERIFY(w.exportTo(path, w.exportFilter().section(u";;"_s, 0, 0), &error));
    QFile f(path);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QByteArray csv = f.readAll();
    QVERIFY(csv.startsWith("Op type,Core,"));
    QVERIFY(csv.contains("MatMulV2,AI_CORE"));
    const QString steps = dir.filePath(u"s.csv"_s);
    QVERIFY(w.exportTo(steps, w.exportFilter().section(u";;"_s, 1, 1), &error));
    QFile s(steps);
    QVERIFY(s.open(QIODevice::ReadOnly));
    QVERIFY(s.readAll().contains("rank 3,2,1730,1030,200,50,250,500,1730,0"));
}

void tst_ProfileWorkspace::modelsPassTheTester()
{
    LoadController loads;
    ProfileWorkspace w(&loads);
    QVERIFY(loadInto(w, profile + u"good/cluster"_s));
    QAbstractItemModelTester kernels(w.kernels()->model());
    QAbstractItemModelTester phases(w.cluster()->model());
    QAbstractItemModelTester steps(w.steps()->model());
    QAbstractItemModelTester collectives(w.communication()->model());
    QAbstractItemModelTester files(w.files()->model());
    w.kernels()->setGrouping(Core::KernelGrouping::Signature);
    w.showRank(1);
    w.closeAll();
    QVERIFY(w.isEmpty());
}

void tst_ProfileWorkspace::screenshot()
{
    // TWINSCOPE_SCREENSHOT=path [TWINSCOPE_SCREENSHOT_INPUT=folder] [TWINSCOPE_SCREENSHOT_TAB=n]
    // [TWINSCOPE_SCREENSHOT_SIZE=WxH] grabs the workspace (for looking at each view).
    const QString out = qEnvironmentVariable("TWINSCOPE_SCREENSHOT");
    if (out.isEmpty())
        QSKIP("Set TWINSCOPE_SCREENSHOT to write a screenshot.");
    LoadController loads;
    ProfileWorkspace w(&loads);
    const QStringList size =
        qEnvironmentVariable("TWINSCOPE_SCREENSHOT_SIZE", u"1600x1000"_s).split(u'x');
    w.resize(size.value(0).toInt(), size.value(1).toInt());
    w.show();
    QVERIFY(loadInto(
        w, qEnvironmentVariable("TWINSCOPE_SCREENSHOT_INPUT", profile + u"good/cluster"_s)));
    if (qEnvironmentVariableIsSet("TWINSCOPE_SCREENSHOT_TAB"))
        w.tabs()->setCurrentIndex(qEnvironmentVariableIntValue("TWINSCOPE_SCREENSHOT_TAB"));
    if (qEnvironmentVariableIsSet("TWINSCOPE_SCREENSHOT_RANK"))
        w.showRank(qEnvironmentVariableIntValue("TWINSCOPE_SCREENSHOT_RANK"));
    QTest::qWait(300);
    QVERIFY(w.grab().save(out));
}

QTEST_MAIN(tst_ProfileWorkspace)
#include "tst_profileworkspace.moc"
