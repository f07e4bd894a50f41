#include "app/gui/mainwindow.h"
#include "app/gui/shortcutsdialog.h"
#include "core/common/translations.h"
#include "widgets/common/diagnosticspanel.h"
#include "widgets/common/loadcontroller.h"
#include "widgets/common/messagebar.h"
#include "widgets/common/workspace.h"
#include "widgets/loss/lossworkspace.h"
#include "widgets/opinfo/opinfoworkspace.h"
#include "widgets/profile/profileworkspace.h"
#include "widgets/timeline/timelineview.h"
#include "widgets/trace/traceworkspace.h"
#include "widgets/tracediff/tracecompareworkspace.h"

#include <QApplication>
#include <QDirIterator>
#include <QFileInfo>
#include <QLineEdit>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QPushButton>
#include <QScrollBar>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTableView>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QTreeWidget>
#include <QUrl>

using namespace Qt::StringLiterals;
using namespace Twinscope;

class tst_MainWindow : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        // Keep the user's real settings out of the test.
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(u"TwinscopeTest"_s);
        QSettings().clear();
        Core::installTranslators(QCoreApplication::instance(), u"en"_s);
    }

    void menusExist()
    {
        App::MainWindow w;
        QStringList titles;
        for (QAction *a : w.menuBar()->actions())
            titles << a->text();
        QCOMPARE(titles, (QStringList{u"&File"_s, u"&View"_s, u"&Help"_s}));
        QStringList file;
        for (QAction *a : w.menuBar()->actions().first()->menu()->actions())
            if (!a->isSeparator())
                file << a->text();
        QCOMPARE(file,
                 (QStringList{u"&Open…"_s,
                              u"Open &Folder…"_s,
                              u"Open &Recent"_s,
                              u"Compare &Loss Logs…"_s,
                              u"Compare &Traces…"_s,
                              u"Compare &Checkpoints…"_s,
                              u"Open &Investigation…"_s,
                              u"&Save Investigation"_s,
                              u"Save Investigation &As…"_s,
                              u"Export Findings &Report…"_s,
                              u"&Close"_s,
                              u"&Export…"_s,
                              u"&Quit"_s}));
    }

    void dropUnknownFileShowsMessage()
    {
        App::MainWindow w;
        w.show();
        QTemporaryDir dir;
        const QString path = dir.filePath(u"notes.bin"_s);
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("\x01\x02\x03 not a trace");
        f.close();
        QSignalSpy routed(&w, &App::MainWindow::pathsRouted);
        drop(&w, {path, dir.filePath(u"missing.json"_s)});
        QTRY_COMPARE_WITH_TIMEOUT(routed.size(), 1, 10000);
        QCOMPARE(w.tabs()->count(), 0);
        QVERIFY(w.messageBar()->isVisible());
        QVERIFY2(w.messageBar()->text().contains(u"2 paths could not be opened"_s),
                 qPrintable(w.messageBar()->text()));
        QCOMPARE(w.diagnosticsPanel()->fileCount(), 2);
    }

    void dropSampleOpensItsWorkspace_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<int>("kind");
        QTest::newRow("trace") << u"resources/samples/torch_npu_trace_view.json"_s
                               << int(Core::FileKind::Trace);
        QTest::newRow("loss") << u"resources/samples/npu_loss.txt"_s << int(Core::FileKind::Loss);
    }

    void dropSampleOpensItsWorkspace()
    {
        QFETCH(QString, file);
        QFETCH(int, kind);
        App::MainWindow w;
        w.show();
        QSignalSpy routed(&w, &App::MainWindow::pathsRouted);
        drop(&w, {QStringLiteral(TWINSCOPE_SOURCE_DIR) + u'/' + file});
        QTRY_COMPARE_WITH_TIMEOUT(routed.size(), 1, 10000);
        Widgets::Workspace *ws = w.workspace(Core::FileKind(kind));
        if (!ws) {
            // Until a workspace for this kind exists the window must say so, never fail silently.
            QVERIFY(w.messageBar()->text().contains(u"cannot open yet"_s));
            QSKIP("no workspace for this kind in this build");
        }
        QCOMPARE(w.tabs()->currentWidget(), ws);
        QTRY_VERIFY_WITH_TIMEOUT(!ws->isEmpty(), 20000);
        QVERIFY(QSettings()
                    .value(u"recentFiles"_s)
                    .toStringList()
                    .first()
                    .endsWith(file.section(u'/', -1)));
    }

    void dropTwoLossLogsComparesThem()
    {
        App::MainWindow w;
        w.show();
        QSignalSpy routed(&w, &App::MainWindow::pathsRouted);
        const QString dir = QStringLiteral(TWINSCOPE_SOURCE_DIR "/resources/samples/");
        drop(&w, {dir + u"gpu_loss.txt"_s, dir + u"npu_loss.txt"_s});
        QTRY_COMPARE_WITH_TIMEOUT(routed.size(), 1, 10000);
        Widgets::Workspace *ws = w.workspace(Core::FileKind::Loss);
        QVERIFY(ws);
        QCOMPARE(w.tabs()->count(), 1);
        auto *loss = qobject_cast<Widgets::LossWorkspace *>(ws);
        QVERIFY(loss);
        // Both logs landed in one comparison (troubleshooter pair: diverges at step 3, METRICS.md).
        QTRY_VERIFY_WITH_TIMEOUT(loss->comparison() != nullptr, 20000);
    }

    void dropTwoDumpsComparesThem()
    {
        App::MainWindow w;
        w.show();
        QSignalSpy routed(&w, &App::MainWindow::pathsRouted);
        const QString dir = QStringLiteral(TWINSCOPE_TEST_DATA "/real_h100/dump/");
        drop(&w, {dir + u"cpu_fp32.h5"_s, dir + u"gpu_fp16amp.h5"_s});
        QTRY_COMPARE_WITH_TIMEOUT(routed.size(), 1, 10000);
        Widgets::Workspace *ws = w.workspace(Core::FileKind::Dump);
        QVERIFY(ws);
        QCOMPARE(w.tabs()->count(), 1);
        QTRY_VERIFY_WITH_TIMEOUT(!ws->isEmpty(), 30000);
    }

    // Issue #10: two traces dropped together ask whether to compare them.
    void dropTwoTracesOffersComparison_data()
    {
        QTest::addColumn<bool>("compare");
        QTest::newRow("compare") << true;
        QTest::newRow("one timeline") << false;
    }

    void dropTwoTracesOffersComparison()
    {
        QFETCH(bool, compare);
        App::MainWindow w;
        w.show();
        const QString dir = QStringLiteral(TWINSCOPE_TEST_DATA "/trace/tracediff/npu_npu/");
        drop(&w, {dir + u"baseline.json"_s, dir + u"target.json"_s});
        QMessageBox *box = nullptr;
        QTRY_VERIFY_WITH_TIMEOUT((box = w.findChild<QMessageBox *>()) != nullptr, 10000);
        QPushButton *choice = nullptr;
        for (QAbstractButton *b : box->buttons())
            if (b->text() == (compare ? u"Compare"_s : u"One timeline"_s))
                choice = qobject_cast<QPushButton *>(b);
        QVERIFY(choice);
        QSignalSpy routed(&w, &App::MainWindow::pathsRouted);
        choice->click();
        QTRY_COMPARE_WITH_TIMEOUT(routed.size(), 1, 10000);
        QCOMPARE(w.tabs()->count(), 1);
        auto *cmp = qobject_cast<Widgets::TraceCompareWorkspace *>(w.tabs()->widget(0));
        QCOMPARE(cmp != nullptr, compare);
        if (compare) {
            QTRY_VERIFY_WITH_TIMEOUT(cmp->diff() != nullptr, 30000);
            QVERIFY(cmp->summaryText().contains(u"matmul"_s));
            // Later opens still go to a timeline, not into the comparison.
            QVERIFY(!w.workspace(Core::FileKind::Trace));
        } else {
            auto *trace =
                qobject_cast<Widgets::TraceWorkspace *>(w.workspace(Core::FileKind::Trace));
            QVERIFY(trace);
            QTRY_COMPARE_WITH_TIMEOUT(int(trace->timeline()->inputs().size()), 2, 30000);
        }
    }

    void opTypeSelectionSearchesTheTimeline()
    {
        App::MainWindow w;
        w.show();
        QSignalSpy routed(&w, &App::MainWindow::pathsRouted);
        drop(&w,
             {QStringLiteral(TWINSCOPE_SOURCE_DIR "/resources/samples/torch_npu_trace_view.json"),
              QStringLiteral(TWINSCOPE_TEST_DATA
                             "/opinfo/good/plog/plog-pid_4242_20260319100000.log")});
        QTRY_COMPARE_WITH_TIMEOUT(routed.size(), 1, 10000);
        auto *trace = qobject_cast<Widgets::TraceWorkspace *>(w.workspace(Core::FileKind::Trace));
        auto *opinfo =
            qobject_cast<Widgets::OpInfoWorkspace *>(w.workspace(Core::FileKind::OpInfo));
        QVERIFY(trace);
        QVERIFY(opinfo);
        emit opinfo->opTypeSelected(u"MatMul"_s);
        QCOMPARE(trace->searchBox()->text(), u"MatMul"_s);

        // View ▸ Use the Trace's First Step: the op-info cut-off becomes the end of ProfilerStep#1.
        QTRY_VERIFY_WITH_TIMEOUT(!trace->timeline()->inputs().empty(), 60000);
        QAction *cutoff = nullptr;
        for (QAction *a : w.findChildren<QAction *>())
            if (a->text().startsWith(u"Use the Trace"_s))
                cutoff = a;
        QVERIFY(cutoff);
        cutoff->trigger();
        QCOMPARE(w.tabs()->currentWidget(), opinfo);
        // ProfilerStep#1 of the sample ends at 1704161511420289.011 + 14091.97 µs =
        // 1704161511434380.981 µs: 2024-01-02 02:11:51.434380981 UTC, shown to the µs.
        QStringList texts;
        for (QLineEdit *e : opinfo->findChildren<QLineEdit *>())
            texts << e->text();
        QVERIFY2(!texts.filter(u"2024-01-02 02:11:51.434380"_s).isEmpty(),
                 qPrintable(texts.join(u'|')));
    }

    void fourFileOpInfoDropOpensOrDiagnosesEach()
    {
        // The four shared MindSpore profiler files dropped at once: every file either loads (the
        // signatures into the op-info tab, the per-op time tables into the Profile tab, #11) or
        // has its own entry in Diagnostics that says it could not be opened (issue #14).
        App::MainWindow w;
        w.resize(1024, 700);
        w.show();
        QSignalSpy routed(&w, &App::MainWindow::pathsRouted);
        const QString dir = QStringLiteral(TWINSCOPE_TEST_DATA "/shared/opinfo/");
        const QStringList files{dir + u"mindspore_aicore_intermediate_1_detail_run2.csv"_s,
                                dir + u"mindspore_dynamic_shape_info_0.json"_s,
                                dir + u"mindspore_framework_raw_1_run2.csv"_s,
                                dir + u"mindspore_output_op_compute_time_1_run1.txt"_s};
        drop(&w, files);
        QTRY_COMPARE_WITH_TIMEOUT(routed.size(), 1, 10000);
        auto *opinfo =
            qobject_cast<Widgets::OpInfoWorkspace *>(w.workspace(Core::FileKind::OpInfo));
        QVERIFY(opinfo);
        QTRY_VERIFY_WITH_TIMEOUT(opinfo->dataset() != nullptr, 30000);
        auto *profile =
            qobject_cast<Widgets::ProfileWorkspace *>(w.workspace(Core::FileKind::Profile));
        if (profile)
            QTRY_VERIFY_WITH_TIMEOUT(profile->analysis() != nullptr, 30000);
        QStringList inOpInfo, inProfile;
        for (const QString &f : opinfo->dataset()->files)
            inOpInfo << QFileInfo(f).fileName();
        for (const Core::Error &e : opinfo->dataset()->refused)
            inOpInfo.removeAll(QFileInfo(e.file).fileName());
        if (profile)
            for (const Core::ProfileFile &f : profile->analysis()->files)
                // Read, or listed with a note why a table beside it was used instead.
                if (!f.error && (f.rows > 0 || !f.diagnostics.entries().isEmpty()))
                    inProfile << QFileInfo(f.path).fileName();
        QStringList inDiagnostics;
        QTreeWidget *tree = w.diagnosticsPanel()->tree();
        for (int i = 0; i < tree->topLevelItemCount(); ++i) {
            // A file that could not be opened is a top row of its own that says so (column 5,
            // the message) with its error below.
            const QTreeWidgetItem *top = tree->topLevelItem(i);
            if (top->text(5) == u"Could not be opened"_s && top->childCount() == 1)
                inDiagnostics << QFileInfo(top->data(0, Qt::UserRole).toString()).fileName();
        }
        for (const QString &f : files) {
            const QString name = QFileInfo(f).fileName();
            const int places = int(inOpInfo.contains(name)) + int(inProfile.contains(name)) +
                               int(inDiagnostics.contains(name));
            QVERIFY2(places == 1,
                     qPrintable(name + u": op-info "_s + inOpInfo.join(u","_s) + u"; profile "_s +
                                inProfile.join(u","_s) + u"; diagnostics "_s +
                                inDiagnostics.join(u","_s)));
        }
        QVERIFY(!opinfo->dataset()->events.isEmpty());
    }

    void shortcutsDialogFitsAndIsComplete()
    {
        // F1 lists the view gestures too (?, L / R, Ctrl+drag) and shows them all at once on a
        // 1024×700 screen: no table scrolls.
        App::MainWindow w;
        App::ShortcutsDialog d(w.findChildren<QAction *>());
        d.show();
        QVERIFY(QTest::qWaitForWindowExposed(&d));
        QVERIFY2(d.height() <= 700, qPrintable(QString::number(d.height())));
        QStringList keys;
        for (QTableWidget *t : {d.windowTable(), d.timelineTable()}) {
            QVERIFY(t->verticalScrollBar()->maximum() == 0);
            for (int r = 0; r < t->rowCount(); ++r) {
                keys << t->item(r, 1)->text();
                // Every row lies inside the table's viewport.
                QVERIFY(t->rowViewportPosition(r) + t->rowHeight(r) <= t->viewport()->height());
            }
        }
        for (const QString &k : {u"?"_s, u"L"_s, u"R"_s, u"Esc"_s, u"F1"_s})
            QVERIFY2(keys.contains(k), qPrintable(k + u" in "_s + keys.join(u" | "_s)));
        QVERIFY(!keys.filter(u"Ctrl+drag"_s).isEmpty());
    }

    // Issue #11: a profiler folder opens whole, its timeline in Trace and its tables in Profile.
    void profilerFolderOpensTraceAndProfile()
    {
        App::MainWindow w;
        w.show();
        QSignalSpy routed(&w, &App::MainWindow::pathsRouted);
        drop(&w,
             {QStringLiteral(TWINSCOPE_TEST_DATA
                             "/profile/good/cluster/node0_1001_20250101_ascend_pt")});
        QTRY_COMPARE_WITH_TIMEOUT(routed.size(), 1, 10000);
        auto *trace = qobject_cast<Widgets::TraceWorkspace *>(w.workspace(Core::FileKind::Trace));
        auto *profile =
            qobject_cast<Widgets::ProfileWorkspace *>(w.workspace(Core::FileKind::Profile));
        QVERIFY(trace);
        QVERIFY(profile);
        QCOMPARE(w.tabs()->count(), 2);
        QCOMPARE(w.tabs()->currentWidget(), profile);
        QTRY_VERIFY_WITH_TIMEOUT(!trace->timeline()->inputs().empty(), 20000);
        QTRY_VERIFY_WITH_TIMEOUT(profile->analysis() != nullptr, 20000);
        // An op type chosen in the kernel table searches its slices in the timeline.
        QVERIFY(profile->selectOpType(u"MatMulV2"_s));
        QCOMPARE(trace->searchBox()->text(), u"MatMulV2"_s);
        // A rank of the cluster view reveals its timeline when it is open.
        emit profile->rankTimelineRequested(1, profile->analysis()->ranks.front().path);
        QCOMPARE(w.tabs()->currentWidget(), trace);
    }

    // kernel_details.csv is a table: it opens in Profile and never leaves an empty Trace tab.
    void kernelTableOpensNoTraceTab()
    {
        App::MainWindow w;
        w.show();
        QSignalSpy routed(&w, &App::MainWindow::pathsRouted);
        drop(&w,
             {QStringLiteral(TWINSCOPE_TEST_DATA "/shared/trace/mstt_advisor_kernel_details.csv")});
        QTRY_COMPARE_WITH_TIMEOUT(routed.size(), 1, 10000);
        QCOMPARE(w.tabs()->count(), 1);
        QVERIFY(!w.workspace(Core::FileKind::Trace));
        auto *profile = w.workspace(Core::FileKind::Profile);
        QVERIFY(profile);
        QTRY_VERIFY_WITH_TIMEOUT(!profile->isEmpty(), 20000);
    }

    // A refused file gives a message and no tab.
    void refusedProfileTableLeavesNoTab()
    {
        App::MainWindow w;
        w.show();
        QSignalSpy routed(&w, &App::MainWindow::pathsRouted);
        drop(&w,
             {QStringLiteral(TWINSCOPE_TEST_DATA "/profile/broken/no_type/kernel_details.csv")});
        QTRY_COMPARE_WITH_TIMEOUT(routed.size(), 1, 10000);
        QTRY_VERIFY_WITH_TIMEOUT(
            w.messageBar()->isVisible() && w.messageBar()->text().contains(u"Type"_s), 20000);
        QTRY_COMPARE_WITH_TIMEOUT(w.tabs()->count(), 0, 5000);
        QVERIFY(!w.workspace(Core::FileKind::Profile));
    }

    // Issue #11: no file of a profiler folder gives an empty or misleading tab. Each file is
    // dropped alone; when everything settled, either every tab it opened shows what it read (a
    // table in Profile, on a view that has data; a timeline in Trace, and Trace only for a
    // timeline), or nothing opened and the message bar says why.
    void everyProfilerFileOpensAViewOrAMessage_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<bool>("opens");
        QTest::addColumn<bool>("timeline");
        const QString data = QStringLiteral(TWINSCOPE_TEST_DATA);
        const QString rank = data + u"/profile/good/cluster/node0_1001_20250101_ascend_pt"_s;
        QDirIterator it(rank, QDir::Files, QDirIterator::Subdirectories);
        QStringList files;
        while (it.hasNext())
            files << it.next();
        files.sort();
        QCOMPARE(files.size(), 13);
        // Metadata alone has no table: refused with a message.
        const QStringList metadata{u"profiler_info_1.json"_s, u"profiler_metadata.json"_s};
        for (const QString &f : files) {
            const QString name = QFileInfo(f).fileName();
            QTest::newRow(qPrintable(name))
                << f << !metadata.contains(name) << (name == u"trace_view.json"_s);
        }
        const auto add = [&](const char *row, const QString &rel, bool opens, bool timeline) {
            QTest::newRow(row) << data + rel << opens << timeline;
        };
        add("cluster step table",
            u"/profile/good/cluster/cluster_analysis_output/"
            "cluster_step_trace_time.csv"_s,
            true,
            false);
        add("real cluster step table",
            u"/shared/profiler/msprof_analyze_cluster_step_trace_time.csv"_s,
            true,
            false);
        add("real cluster communication",
            u"/shared/profiler/msprof_analyze_cluster_communication.json"_s,
            true,
            false);
        add("real kernel_details 33",
            u"/shared/trace/mstt_advisor_kernel_details.csv"_s,
            true,
            false);
        add("real kernel_details 46",
            u"/shared/trace/mstt_compute_advice_kernel_details_small.csv"_s,
            true,
            false);
        add("real MindSpore AI Core detail",
            u"/shared/opinfo/mindspore_aicore_intermediate_1_detail_run2.csv"_s,
            true,
            false);
        add("real MindSpore op compute time",
            u"/shared/opinfo/mindspore_output_op_compute_time_1_run1.txt"_s,
            true,
            false);
        add("real MindSpore AI Core types",
            u"/profile/real/mindspore_profiler/aicore_intermediate_1_type.csv"_s,
            true,
            false);
        add("real MindSpore step trace",
            u"/profile/real/mindspore_profiler/step_trace_raw_0_detail_time.csv"_s,
            true,
            false);
        add("real CANN hccl timeline",
            u"/shared/trace/cann_msprof_PROF_000001_device0_hccl_0_2_1.json"_s,
            true,
            true);
        add("real CANN info.json",
            u"/profile/real/PROF_000001_20230818142704322_COJGGGCANRMICFBC/device_0/info.json.0"_s,
            false,
            false);
        // A profiler database is tables and a timeline both (issue #25).
        add("SQLite export", u"/profile/good/db/ascend_pytorch_profiler_0.db"_s, true, true);
        add("real torch_npu database",
            u"/shared/profiler/torch_npu_level1/db/rank0_ascend_pt/ASCEND_PROFILER_OUTPUT/"
            "ascend_pytorch_profiler_0.db"_s,
            true,
            true);
        add("real torch_npu database folder",
            u"/shared/profiler/torch_npu_level1/db"_s,
            true,
            true);
        add("real Nsight Systems export",
            u"/shared/nsys/saxpy-mpi-cuda_nsys_perlmutter0.sqlite"_s,
            true,
            true);
        add("Level0 kernel table", u"/profile/level0/rank0_ascend_pt"_s, true, false);
        add("msprof-analyze database", u"/profile/good/db/analysis.db"_s, true, false);
        add("kernel table without Type",
            u"/profile/broken/no_type/kernel_details.csv"_s,
            false,
            false);
        add("step table without Free",
            u"/profile/broken/no_free/step_trace_time.csv"_s,
            false,
            false);
        add("cut communication.json",
            u"/profile/broken/bad_json/communication.json"_s,
            false,
            false);
        // Partial: the row with a bad rank is a counted warning, the other rank is shown.
        add("cluster step table, bad rank",
            u"/profile/broken/cluster_bad_index/cluster_step_trace_time.csv"_s,
            true,
            false);
        // Whole folders: the tables in Profile, the timelines (if any) in Trace.
        add("rank folder", u"/profile/good/cluster/node0_1001_20250101_ascend_pt"_s, true, true);
        add("ASCEND_PROFILER_OUTPUT",
            u"/profile/good/cluster/node0_1001_20250101_ascend_pt/ASCEND_PROFILER_OUTPUT"_s,
            true,
            true);
        add("folder of rank folders", u"/profile/good/cluster"_s, true, true);
        add("cluster_analysis_output",
            u"/profile/good/cluster/cluster_analysis_output"_s,
            true,
            false);
        add("MindSpore profiler folder", u"/profile/real/mindspore_profiler"_s, true, false);
        add("SQLite exports folder", u"/profile/good/db"_s, true, true);
        add("SQLite without tables we read", u"/profile/broken/strings_only.db"_s, false, false);
        add("unrelated SQLite", u"/profile/broken/unrelated.db"_s, false, false);
    }

    void everyProfilerFileOpensAViewOrAMessage()
    {
        QFETCH(QString, file);
        QFETCH(bool, opens);
        QFETCH(bool, timeline);
        QVERIFY2(QFileInfo::exists(file), qPrintable(file));
        App::MainWindow w;
        w.show();
        QSignalSpy routed(&w, &App::MainWindow::pathsRouted);
        drop(&w, {file});
        QTRY_COMPARE_WITH_TIMEOUT(routed.size(), 1, 10000);
        QTRY_VERIFY_WITH_TIMEOUT(!w.loadController()->isRunning(), 20000);
        QTest::qWait(50); // the main window drops a failed workspace on the next turn
        if (!opens) {
            QCOMPARE(w.tabs()->count(), 0);
            QVERIFY(w.messageBar()->isVisible());
            QVERIFY(!w.messageBar()->text().isEmpty());
            return;
        }
        QVERIFY(w.tabs()->count() >= 1);
        for (int i = 0; i < w.tabs()->count(); ++i) {
            auto *ws = qobject_cast<Widgets::Workspace *>(w.tabs()->widget(i));
            QVERIFY(ws);
            QVERIFY2(!ws->isEmpty(), qPrintable(w.tabs()->tabText(i)));
        }
        auto *trace = qobject_cast<Widgets::TraceWorkspace *>(w.workspace(Core::FileKind::Trace));
        QCOMPARE(trace != nullptr, timeline);
        if (trace)
            QVERIFY(!trace->timeline()->inputs().empty());
        if (auto *profile =
                qobject_cast<Widgets::ProfileWorkspace *>(w.workspace(Core::FileKind::Profile))) {
            QVERIFY(profile->analysis());
            QVERIFY(!profile->analysis()->ranks.empty());
            // It opens on a view with something in it.
            QVERIFY(profile->tabs()->isTabEnabled(profile->tabs()->currentIndex()));
        } else {
            QVERIFY(timeline);
        }
    }

    // Issue #11 cross-link: an op type chosen in the Profile tab selects its compile signatures
    // in the op-info tab when a plog is open (and searches the timeline, tested above).
    void profileOpTypeSelectsItInOpInfo()
    {
        App::MainWindow w;
        w.show();
        QSignalSpy routed(&w, &App::MainWindow::pathsRouted);
        drop(&w,
             {QStringLiteral(TWINSCOPE_TEST_DATA "/shared/trace/mstt_advisor_kernel_details.csv"),
              QStringLiteral(TWINSCOPE_TEST_DATA
                             "/opinfo/good/plog/plog-pid_5151_20260319100010.log")});
        QTRY_COMPARE_WITH_TIMEOUT(routed.size(), 1, 10000);
        QTRY_VERIFY_WITH_TIMEOUT(!w.loadController()->isRunning(), 20000);
        auto *profile =
            qobject_cast<Widgets::ProfileWorkspace *>(w.workspace(Core::FileKind::Profile));
        auto *opinfo =
            qobject_cast<Widgets::OpInfoWorkspace *>(w.workspace(Core::FileKind::OpInfo));
        QVERIFY(profile && opinfo);
        QTRY_VERIFY_WITH_TIMEOUT(profile->analysis() && !opinfo->isEmpty(), 20000);
        const auto selectedType = [opinfo] {
            const QModelIndexList rows = opinfo->opTable()->selectionModel()->selectedRows();
            return rows.isEmpty() ? QString() : rows.front().data().toString();
        };
        QVERIFY(selectedType() != u"LayerNormV3"_s);
        QVERIFY(profile->selectOpType(u"LayerNormV3"_s));
        QCOMPARE(selectedType(), u"LayerNormV3"_s);
    }

private:
    static void drop(QWidget *target, const QStringList &paths)
    {
        QMimeData mime;
        QList<QUrl> urls;
        for (const QString &p : paths)
            urls << QUrl::fromLocalFile(p);
        mime.setUrls(urls);
        const QPointF pos(target->width() / 2.0, target->height() / 2.0);
        QDragEnterEvent enter(pos.toPoint(), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
        QApplication::sendEvent(target, &enter);
        QVERIFY(enter.isAccepted());
        QDropEvent dropEvent(pos, Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
        QApplication::sendEvent(target, &dropEvent);
    }
};

QTEST_MAIN(tst_MainWindow)
#include "tst_mainwindow.moc"
