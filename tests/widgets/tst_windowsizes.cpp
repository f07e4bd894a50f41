// Every tab the main window opens, in the real main window at 1024×700 and 1600×1000, in English
// and in zh_CN (issues #14 and #29): the window is grabbed as scripts/screenshot.sh does, and what
// a user must see at a glance is measured on it. Every tab fits a 1024×700 screen (the window's
// and the tab widget's minimum size), and no column title is cut without its full text on hover.
// With TWINSCOPE_SCREENSHOT_DIR set the grabs are saved there as <tab>-<size>[-zh_CN].png
// (docs/images holds the inspected ones).
#include "app/gui/investigation.h"
#include "app/gui/mainwindow.h"
#include "common/headerhover.h"
#include "common/triageinvestigation.h"
#include "core/common/translations.h"
#include "core/models/comparetablemodel.h"
#include "core/models/opstatisticsmodel.h"
#include "core/triage/investigationfile.h"
#include "widgets/charts/divergenceheatmap.h"
#include "widgets/common/loadcontroller.h"
#include "widgets/common/workspace.h"
#include "widgets/dump/dumpworkspace.h"
#include "widgets/investigation/findingspanel.h"
#include "widgets/loss/lossplotview.h"
#include "widgets/loss/lossworkspace.h"
#include "widgets/opinfo/opinfoworkspace.h"
#include "widgets/tables/comparetableview.h"
#include "widgets/timeline/timelinedrawer.h"
#include "widgets/timeline/timelineview.h"
#include "widgets/trace/traceworkspace.h"
#include "widgets/tracediff/tracecompareworkspace.h"

#include <QApplication>
#include <QDir>
#include <QDockWidget>
#include <QFileInfo>
#include <QHeaderView>
#include <QHelpEvent>
#include <QImage>
#include <QMessageBox>
#include <QPushButton>
#include <QScrollArea>
#include <QScrollBar>
#include <QSettings>
#include <QSignalSpy>
#include <QStyle>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QTextDocument>
#include <QToolTip>
#include <qcustomplot.h>

using namespace Qt::StringLiterals;
using namespace Twinscope;

namespace {

// The tabs of the main window: one per kind of input, and the two that are opened otherwise.
enum class Tab { Timeline, Loss, Dumps, OpInfo, Checkpoints, Profile, Compare, Findings };

Core::FileKind kindOf(Tab tab)
{
    switch (tab) {
    case Tab::Timeline:
        return Core::FileKind::Trace;
    case Tab::Loss:
        return Core::FileKind::Loss;
    case Tab::Dumps:
        return Core::FileKind::Dump;
    case Tab::OpInfo:
        return Core::FileKind::OpInfo;
    case Tab::Checkpoints:
        return Core::FileKind::Checkpoint;
    case Tab::Profile:
        return Core::FileKind::Profile;
    default:
        return Core::FileKind::Unknown;
    }
}

// The width a header section needs to show its title whole: the text, the style's margins on
// both sides and, on the sorted section, the sort arrow. Measured here independently of the
// widgets' own rule, so that a wrong rule there fails.
int neededWidth(const QHeaderView *header, int logical)
{
    const QString text = header->model()->headerData(logical, header->orientation()).toString();
    int width = 0;
    for (const QString &line : text.split(u'\n'))
        width = qMax(width, header->fontMetrics().horizontalAdvance(line));
    const int margin = header->style()->pixelMetric(QStyle::PM_HeaderMargin, nullptr, header);
    width += 2 * margin;
    if (header->isSortIndicatorShown() && header->sortIndicatorSection() == logical)
        width += margin + header->style()->pixelMetric(QStyle::PM_HeaderMarkSize, nullptr, header);
    return width;
}

// The tooltip a user gets hovering the section, or empty.
QString hoverToolTip(QHeaderView *header, int logical)
{
    return TestHover::headerToolTip(header, logical);
}

// Every column title of the visible tables under root that is narrower than its text, and has no
// tooltip with the whole title: "where: title (width of needed px)".
QStringList cutHeaders(QWidget *root, const QString &where)
{
    QStringList cut;
    for (QHeaderView *header : root->findChildren<QHeaderView *>()) {
        if (!header->isVisible() || header->orientation() != Qt::Horizontal || !header->model())
            continue;
        const int offset = header->offset();
        for (int logical = 0; logical < header->count(); ++logical) {
            if (header->isSectionHidden(logical) || header->sectionSize(logical) == 0)
                continue;
            const QString text = header->model()->headerData(logical, Qt::Horizontal).toString();
            const int needed = neededWidth(header, logical);
            if (text.isEmpty() || header->sectionSize(logical) >= needed)
                continue;
            // Scrolled out of view: the user scrolls to it first.
            const int x = header->sectionViewportPosition(logical);
            if (x < 0 || x + header->sectionSize(logical) > header->viewport()->width())
                header->setOffsetToSectionPosition(header->visualIndex(logical));
            const QString tip = hoverToolTip(header, logical);
            if (!tip.contains(text)) {
                cut << u"%1: %2 (%3 of %4 px, tooltip \"%5\")"_s.arg(where, text)
                           .arg(header->sectionSize(logical))
                           .arg(needed)
                           .arg(tip);
            }
        }
        header->setOffset(offset);
    }
    return cut;
}

// Clicks the button of the consent box opening a workspace with inputs outside its folder
// (issue #31) asks; false when no box came.
bool answerConsent(App::MainWindow &w)
{
    QMessageBox *box = nullptr;
    const bool shown = QTest::qWaitFor(
        [&] {
            box = w.findChild<QMessageBox *>(u"workspaceConsent"_s);
            return box && box->isVisible();
        },
        30000);
    auto *open = shown ? box->findChild<QPushButton *>(u"openEverything"_s) : nullptr;
    if (!open)
        return false;
    open->click();
    return true;
}

} // namespace

class tst_WindowSizes : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        // Default settings of this process only, as scripts/screenshot.sh gives the app.
        QVERIFY(m_settings.isValid());
        qputenv("TWINSCOPE_RECOVERY_DIR", m_settings.filePath(u"recovery"_s).toUtf8());
        QSettings::setDefaultFormat(QSettings::IniFormat);
        QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, m_settings.path());
        QCoreApplication::setOrganizationName(u"TwinscopeTest"_s);
        Core::installTranslators(QCoreApplication::instance(), u"en"_s);

        // An investigation of a loss pair, a dump pair, a trace pair and op info, as the findings
        // panel's test builds it (tests/data/triage).
        const Core::InvestigationFile ws = TestInvestigation::lossDumpTraceOpinfo(u"windowsizes"_s);
        m_investigation = m_settings.filePath(u"findings.twinscope"_s);
        QCOMPARE(Core::writeInvestigationFile(ws, m_investigation), std::nullopt);
    }

    void workspaceAtSize_data()
    {
        QTest::addColumn<QString>("lang");
        QTest::addColumn<int>("tab");
        QTest::addColumn<QStringList>("files");
        QTest::addColumn<QSize>("size");
        const QString samples = QStringLiteral(TWINSCOPE_SOURCE_DIR "/resources/samples/");
        const QString data = QStringLiteral(TWINSCOPE_TEST_DATA "/");
        const struct
        {
            const char *name;
            Tab tab;
            QStringList files;
        } inputs[] = {
            {"timeline", Tab::Timeline, {samples + u"torch_npu_trace_view.json"_s}},
            {"loss", Tab::Loss, {samples + u"gpu_loss.txt"_s, samples + u"npu_loss.txt"_s}},
            {"dumps",
             Tab::Dumps,
             {data + u"real_h100/dump/cpu_fp32.h5"_s, data + u"real_h100/dump/gpu_fp16amp.h5"_s}},
            {"opinfo", Tab::OpInfo, {data + u"opinfo/good/plog"_s}},
            // A PyTorch state dict against the MindSpore checkpoint of the same net.
            {"checkpoints",
             Tab::Checkpoints,
             {data + u"checkpoint/good/torch_net.pth"_s, data + u"checkpoint/good/ms_net.ckpt"_s}},
            // A real torch_npu Level1 run of two ranks: the cluster view.
            {"profile", Tab::Profile, {data + u"shared/profiler/torch_npu_level1/text"_s}},
            // A real GPU trace against a real NPU trace.
            {"compare",
             Tab::Compare,
             {data + u"shared/trace/kineto_resnet50_nw0_worker0.1623143089861.pt.trace.json.gz"_s,
              data + u"shared/trace/mstt_advisor_trace_view.json"_s}},
            {"findings", Tab::Findings, {}},
        };
        // English rows first: zh_CN is installed once, on its first row, and stays.
        for (const QString &lang : {u"en"_s, u"zh_CN"_s}) {
            for (const auto &in : inputs) {
                for (const QSize &size : {QSize(1024, 700), QSize(1600, 1000)}) {
                    const QString name = u"%1-%2x%3%4"_s.arg(QString::fromLatin1(in.name))
                                             .arg(size.width())
                                             .arg(size.height())
                                             .arg(lang == u"en"_s ? QString() : u'-' + lang);
                    QTest::newRow(qPrintable(name)) << lang << int(in.tab) << in.files << size;
                }
            }
        }
    }

    void workspaceAtSize()
    {
        QFETCH(QString, lang);
        QFETCH(int, tab);
        QFETCH(QStringList, files);
        QFETCH(QSize, size);
        if (lang != m_lang) {
            Core::installTranslators(QCoreApplication::instance(), lang);
            m_lang = lang;
        }
        App::MainWindow w;
        w.resize(size);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QSignalSpy routed(&w, &App::MainWindow::pathsRouted);
        Widgets::Workspace *ws = nullptr;
        // The parts of the window the tab's checks look at.
        QWidget *shown = nullptr;
        switch (Tab(tab)) {
        case Tab::Compare: {
            w.openComparison(files[0], files[1]);
            auto *compare =
                qobject_cast<Widgets::TraceCompareWorkspace *>(w.tabs()->currentWidget());
            QVERIFY(compare);
            QSignalSpy compared(compare, &Widgets::TraceCompareWorkspace::compared);
            QVERIFY(compared.wait(60000) || compared.size() > 0);
            ws = compare;
            shown = ws;
            break;
        }
        case Tab::Findings: {
            // The inputs lie outside the workspace's folder: opening them asks first.
            w.openPaths({m_investigation});
            QVERIFY(answerConsent(w));
            QTRY_VERIFY_WITH_TIMEOUT(!w.investigation()->panel()->findings().empty() &&
                                         !w.loadController()->isRunning(),
                                     60000);
            QVERIFY(w.investigation()->dock()->isVisible());
            shown = w.investigation()->dock();
            break;
        }
        default:
            w.openPaths(files);
            QTRY_COMPARE_WITH_TIMEOUT(routed.size(), 1, 10000);
            ws = w.workspace(kindOf(Tab(tab)));
            QVERIFY(ws);
            shown = ws;
            break;
        }
        if (ws) {
            QTRY_VERIFY_WITH_TIMEOUT(!ws->isEmpty() && !w.loadController()->isRunning(), 60000);
            w.tabs()->setCurrentWidget(ws);
        }
        QTest::qWait(100); // queued replots and layouts
        // The tab fits a 1024×700 screen: neither the window nor the tab widget asks for more.
        const QSize screen(1024, 700);
        const QSize window = w.minimumSizeHint().expandedTo(w.minimumSize());
        const QSize tabs = w.tabs()->minimumSizeHint();
        qInfo("minimum size: window %dx%d, tabs %dx%d",
              window.width(),
              window.height(),
              tabs.width(),
              tabs.height());
        QVERIFY2(window.boundedTo(screen) == window,
                 qPrintable(u"window %1x%2"_s.arg(window.width()).arg(window.height())));
        QVERIFY2(tabs.boundedTo(screen) == tabs,
                 qPrintable(u"tabs %1x%2"_s.arg(tabs.width()).arg(tabs.height())));

        QCOMPARE(w.size(), size);

        const QImage shot = w.grab().toImage();
        QCOMPARE(shot.size(), size * w.devicePixelRatio());
        const QString dir = qEnvironmentVariable("TWINSCOPE_SCREENSHOT_DIR");
        if (!dir.isEmpty())
            QVERIFY(shot.save(
                QDir(dir).filePath(QString::fromLatin1(QTest::currentDataTag()) + u".png"_s)));

        // No column title cut without its whole text on hover: every visible table of the window
        // (the tab and any dock), then each page of the tab.
        QStringList cut = cutHeaders(&w, QString::fromLatin1(QTest::currentDataTag()));
        QList<QTabWidget *> pageSets = shown->findChildren<QTabWidget *>();
        if (Tab(tab) == Tab::Findings)
            pageSets.prepend(w.tabs()); // every tab the investigation opened, under the dock
        for (QTabWidget *pages : pageSets) {
            if (!pages->isVisible())
                continue;
            const int current = pages->currentIndex();
            for (int i = 0; i < pages->count(); ++i) {
                if (i == current || !pages->isTabEnabled(i))
                    continue;
                pages->setCurrentIndex(i);
                QTest::qWait(50);
                cut << cutHeaders(pages->widget(i), pages->tabText(i));
            }
            pages->setCurrentIndex(current);
        }
        QVERIFY2(cut.isEmpty(), qPrintable(cut.join(u"\n"_s)));

        if (Tab(tab) == Tab::Compare && !dir.isEmpty()) {
            // The op diff as well: the table one click behind the Overview's chart.
            auto *compare = qobject_cast<Widgets::TraceCompareWorkspace *>(ws);
            compare->tabs()->setCurrentWidget(compare->opTable()->parentWidget());
            QTest::qWait(100);
            QVERIFY(w.grab().save(
                QDir(dir).filePath(QString::fromLatin1(QTest::currentDataTag()) + u"-ops.png"_s)));
        }
        switch (Tab(tab)) {
        case Tab::Checkpoints:
        case Tab::Profile:
        case Tab::Compare:
        case Tab::Findings:
            return; // measured above
        default:
            break;
        }
        // The tab names the file, in either language.
        const QString title = w.tabs()->tabText(w.tabs()->indexOf(ws));
        QVERIFY2(title.contains(QFileInfo(files.first()).fileName()), qPrintable(title));

        switch (kindOf(Tab(tab))) {
        case Core::FileKind::Trace: {
            // Nothing selected: the tracks take the width; no details panel beside them.
            auto *trace = qobject_cast<Widgets::TraceWorkspace *>(ws);
            QVERIFY(trace);
            qInfo("tracks %d px wide of %d", trace->timeline()->width(), size.width());
            QVERIFY2(trace->timeline()->width() >= size.width() - 40,
                     qPrintable(QString::number(trace->timeline()->width())));
            // A plain drag over the first tracks selects an area: it opens the drawer below with
            // the area's statistics, and the tracks keep the width and most of the height.
            Widgets::TimelineView *view = trace->timeline();
            const int y = Widgets::TimelineView::RulerHeight + 30;
            const QPoint from(Widgets::TimelineView::LabelWidth + 60, y);
            const QPoint to(view->width() - 80, y + 120);
            QTest::mousePress(view, Qt::LeftButton, {}, from);
            QTest::mouseMove(view, (from + to) / 2);
            QTest::mouseMove(view, to);
            QTest::mouseRelease(view, Qt::LeftButton, {}, to);
            QVERIFY(view->hasAreaSelection());
            QTRY_VERIFY_WITH_TIMEOUT(trace->rangeModel()->rowCount() > 0, 20000);
            QVERIFY(trace->drawer()->isVisible() && !trace->drawer()->isCollapsed());
            QVERIFY(view->width() >= size.width() - 40);
            QVERIFY2(view->height() >= size.height() / 3,
                     qPrintable(QString::number(view->height())));
            QTest::qWait(100);
            if (!dir.isEmpty())
                QVERIFY(w.grab().save(QDir(dir).filePath(
                    QString::fromLatin1(QTest::currentDataTag()) + u"-area.png"_s)));
            break;
        }
        case Core::FileKind::Loss: {
            // The toolbar wraps rather than squeezing a control below its least size, and the
            // plot keeps more than half the width.
            auto *loss = qobject_cast<Widgets::LossWorkspace *>(ws);
            QVERIFY(loss);
            for (QWidget *c : loss->toolbar()->findChildren<QWidget *>()) {
                if (!c->isVisible() || c->parentWidget() == loss->toolbar())
                    continue;
                QVERIFY2(c->width() >= c->minimumSizeHint().width(),
                         qPrintable(QString::fromLatin1(c->metaObject()->className())));
                QVERIFY(c->geometry().right() < c->parentWidget()->width());
            }
            QVERIFY(loss->plot()->width() > size.width() / 2);
            break;
        }
        case Core::FileKind::Dump: {
            // Heatmap cells at least 6 px wide, their column labels in view without scrolling,
            // and the Dtype column wide enough for a mixed-precision pair.
            auto *dump = qobject_cast<Widgets::DumpWorkspace *>(ws);
            QVERIFY(dump);
            Widgets::DivergenceHeatmap *heatmap = dump->heatmap();
            qInfo("heatmap cell %.1f x %.1f px",
                  heatmap->cellSize().width(),
                  heatmap->cellSize().height());
            QVERIFY2(heatmap->cellSize().width() >= 6,
                     qPrintable(QString::number(heatmap->cellSize().width())));
            QCPAxis *labels = heatmap->plot()->xAxis2;
            QVERIFY(labels->visible() && labels->tickLabels());
            const int viewTop = heatmap->scrollArea()->verticalScrollBar()->value();
            QVERIFY(heatmap->plot()->axisRect()->top() - viewTop <
                    heatmap->scrollArea()->viewport()->height());
            QTableView *table = dump->tableView()->table();
            const int dtype = Core::CompareTableModel::DtypeColumn;
            const QString mixed = u"float16 / float32"_s;
            QVERIFY(table->columnWidth(dtype) > table->fontMetrics().horizontalAdvance(mixed) + 6);
            // No column title is cut.
            for (int c = 0; c < table->model()->columnCount(); ++c) {
                const QString header = table->model()->headerData(c, Qt::Horizontal).toString();
                QVERIFY2(table->columnWidth(c) >=
                             table->horizontalHeader()->fontMetrics().horizontalAdvance(header),
                         qPrintable(header));
            }
            break;
        }
        case Core::FileKind::OpInfo: {
            // The counts that answer "what recompiled" are in view without scrolling.
            auto *opinfo = qobject_cast<Widgets::OpInfoWorkspace *>(ws);
            QVERIFY(opinfo);
            QTableView *table = opinfo->opTable();
            const int truncated = 4; // type, compiles, signatures, after cut-off, truncated
            QVERIFY2(table->columnViewportPosition(truncated) + table->columnWidth(truncated) <=
                         table->viewport()->width(),
                     qPrintable(QString::number(table->viewport()->width())));
            // Each of those headers is readable: wide enough for its text and the sort arrow.
            for (int c = 0; c <= truncated; ++c) {
                const QString header = table->model()->headerData(c, Qt::Horizontal).toString();
                QVERIFY2(table->columnWidth(c) >=
                             table->horizontalHeader()->fontMetrics().horizontalAdvance(header),
                         qPrintable(header));
            }
            break;
        }
        default:
            QFAIL("no check for this kind");
        }
    }

private:
    QTemporaryDir m_settings;
    QString m_lang = u"en"_s;
    QString m_investigation; // the .twinscope file of the findings rows
};

QTEST_MAIN(tst_WindowSizes)
#include "tst_windowsizes.moc"
