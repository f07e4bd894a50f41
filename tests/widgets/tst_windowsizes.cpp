// Every workspace in the real main window at 1024×700 and 1600×1000, in English and in zh_CN
// (issue #14): the window is grabbed as scripts/screenshot.sh does, and what a user must see at a
// glance is measured on it. With TWINSCOPE_SCREENSHOT_DIR set the grabs are saved there as
// <workspace>-<size>[-zh_CN].png (docs/images holds the inspected ones).
#include "app/gui/mainwindow.h"
#include "core/common/translations.h"
#include "core/models/comparetablemodel.h"
#include "core/models/opstatisticsmodel.h"
#include "widgets/charts/divergenceheatmap.h"
#include "widgets/common/loadcontroller.h"
#include "widgets/common/workspace.h"
#include "widgets/dump/dumpworkspace.h"
#include "widgets/loss/lossplotview.h"
#include "widgets/loss/lossworkspace.h"
#include "widgets/opinfo/opinfoworkspace.h"
#include "widgets/tables/comparetableview.h"
#include "widgets/timeline/timelinedrawer.h"
#include "widgets/timeline/timelineview.h"
#include "widgets/trace/traceworkspace.h"

#include <QDir>
#include <QFileInfo>
#include <QHeaderView>
#include <QImage>
#include <QScrollArea>
#include <QScrollBar>
#include <QSettings>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <qcustomplot.h>

using namespace Qt::StringLiterals;
using namespace Twinscope;

class tst_WindowSizes : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        // Default settings of this process only, as scripts/screenshot.sh gives the app.
        QVERIFY(m_settings.isValid());
        QSettings::setDefaultFormat(QSettings::IniFormat);
        QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, m_settings.path());
        QCoreApplication::setOrganizationName(u"TwinscopeTest"_s);
        Core::installTranslators(QCoreApplication::instance(), u"en"_s);
    }

    void workspaceAtSize_data()
    {
        QTest::addColumn<QString>("lang");
        QTest::addColumn<int>("kind");
        QTest::addColumn<QStringList>("files");
        QTest::addColumn<QSize>("size");
        const QString samples = QStringLiteral(TWINSCOPE_SOURCE_DIR "/resources/samples/");
        const QString data = QStringLiteral(TWINSCOPE_TEST_DATA "/");
        const struct
        {
            const char *name;
            Core::FileKind kind;
            QStringList files;
        } inputs[] = {
            {"timeline", Core::FileKind::Trace, {samples + u"torch_npu_trace_view.json"_s}},
            {"loss",
             Core::FileKind::Loss,
             {samples + u"gpu_loss.txt"_s, samples + u"npu_loss.txt"_s}},
            {"dumps",
             Core::FileKind::Dump,
             {data + u"real_h100/dump/cpu_fp32.h5"_s, data + u"real_h100/dump/gpu_fp16amp.h5"_s}},
            {"opinfo", Core::FileKind::OpInfo, {data + u"opinfo/good/plog"_s}},
        };
        // English rows first: zh_CN is installed once, on its first row, and stays.
        for (const QString &lang : {u"en"_s, u"zh_CN"_s}) {
            for (const auto &in : inputs) {
                for (const QSize &size : {QSize(1024, 700), QSize(1600, 1000)}) {
                    const QString name = u"%1-%2x%3%4"_s.arg(QString::fromLatin1(in.name))
                                             .arg(size.width())
                                             .arg(size.height())
                                             .arg(lang == u"en"_s ? QString() : u'-' + lang);
                    QTest::newRow(qPrintable(name)) << lang << int(in.kind) << in.files << size;
                }
            }
        }
    }

    void workspaceAtSize()
    {
        QFETCH(QString, lang);
        QFETCH(int, kind);
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
        w.openPaths(files);
        QTRY_COMPARE_WITH_TIMEOUT(routed.size(), 1, 10000);
        Widgets::Workspace *ws = w.workspace(Core::FileKind(kind));
        QVERIFY(ws);
        QTRY_VERIFY_WITH_TIMEOUT(!ws->isEmpty() && !w.loadController()->isRunning(), 60000);
        QTest::qWait(100); // queued replots and layouts
        QCOMPARE(w.size(), size);

        const QImage shot = w.grab().toImage();
        QCOMPARE(shot.size(), size * w.devicePixelRatio());
        const QString dir = qEnvironmentVariable("TWINSCOPE_SCREENSHOT_DIR");
        if (!dir.isEmpty())
            QVERIFY(shot.save(
                QDir(dir).filePath(QString::fromLatin1(QTest::currentDataTag()) + u".png"_s)));

        // The tab names the file, in either language.
        const QString tab = w.tabs()->tabText(w.tabs()->indexOf(ws));
        QVERIFY2(tab.contains(QFileInfo(files.first()).fileName()), qPrintable(tab));

        switch (Core::FileKind(kind)) {
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
};

QTEST_MAIN(tst_WindowSizes)
#include "tst_windowsizes.moc"
