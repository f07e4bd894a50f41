// Files truncated while the GUI loads them (issue #16): the window used to die of SIGBUS with the
// trace or .npy; now it shows why the load failed and goes on working. The cuts follow this
// machine's speed: fractions of an untouched load's time.
#include "app/gui/mainwindow.h"
#include "common/hostileinputs.h"
#include "core/common/translations.h"
#include "widgets/common/loadcontroller.h"
#include "widgets/common/messagebar.h"
#include "widgets/dump/dumpworkspace.h"
#include "widgets/timeline/timelineview.h"
#include "widgets/trace/traceworkspace.h"

#include <QElapsedTimer>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace Twinscope;

class tst_GuiLoadRace : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(u"TwinscopeTest"_s);
        QSettings().clear();
        Core::installTranslators(QCoreApplication::instance(), u"en"_s);
        QVERIFY(m_dir.isValid());
    }

    void traceCutWhileLoading();
    void npyCutWhileCompared();

private:
    static bool traceShown(App::MainWindow &w)
    {
        auto *ws = qobject_cast<Widgets::TraceWorkspace *>(w.workspace(Core::FileKind::Trace));
        return ws && !ws->timeline()->inputs().empty();
    }
    QTemporaryDir m_dir;
};

void tst_GuiLoadRace::traceCutWhileLoading()
{
    const QByteArray trace = Hostile::kinetoLike(96 << 20);
    const QString path = m_dir.filePath(u"race.json"_s);
    QVERIFY(Hostile::writeFile(path, trace));
    qint64 wholeMs = 0;
    {
        App::MainWindow w;
        w.show();
        QElapsedTimer timer;
        timer.start();
        w.openPaths({path});
        QTRY_VERIFY_WITH_TIMEOUT(traceShown(w), 120000);
        wholeMs = timer.elapsed();
    }
    int changed = 0;
    for (const double fraction : {0.1, 0.3, 0.5, 0.7}) {
        QVERIFY(Hostile::writeFile(path, trace));
        App::MainWindow w;
        w.show();
        w.openPaths({path});
        QTest::qWait(int(double(wholeMs) * fraction));
        QVERIFY(QFile::resize(path, 4096));
        QTRY_VERIFY_WITH_TIMEOUT(traceShown(w) || w.messageBar()->isVisible(), 120000);
        if (!traceShown(w)) {
            const QString text = w.messageBar()->text();
            qInfo("cut after %d ms: %s", int(double(wholeMs) * fraction), qPrintable(text));
            QCOMPARE(w.messageBar()->level(), Widgets::MessageBar::Level::Error);
            changed += text.contains(u"changed while it was read"_s) ? 1 : 0;
        }
        // Still usable: the next file opens in the same window.
        w.openPaths(
            {QStringLiteral(TWINSCOPE_SOURCE_DIR "/resources/samples/torch_npu_trace_view.json")});
        QTRY_VERIFY_WITH_TIMEOUT(traceShown(w), 60000);
    }
    QVERIFY2(changed > 0, "no cut landed inside the load");
}

void tst_GuiLoadRace::npyCutWhileCompared()
{
    const QByteArray npy = Hostile::npy(24 << 20);
    const QString bench = m_dir.filePath(u"bench.npy"_s);
    const QString npu = m_dir.filePath(u"npu.npy"_s);
    Widgets::LoadController loads;
    qint64 wholeMs = 0;
    {
        QVERIFY(Hostile::writeFile(bench, npy) && Hostile::writeFile(npu, npy));
        Widgets::DumpWorkspace ws(&loads);
        QSignalSpy ready(&ws, &Widgets::DumpWorkspace::comparisonReady);
        QElapsedTimer timer;
        timer.start();
        ws.compare(bench, npu);
        QVERIFY(ready.wait(120000));
        wholeMs = timer.elapsed();
    }
    int said = 0;
    for (const double fraction : {0.05, 0.3, 0.6}) {
        QVERIFY(Hostile::writeFile(bench, npy) && Hostile::writeFile(npu, npy));
        Widgets::DumpWorkspace ws(&loads);
        QSignalSpy ready(&ws, &Widgets::DumpWorkspace::comparisonReady);
        QSignalSpy failed(&ws, &Widgets::Workspace::loadFailed);
        ws.compare(bench, npu);
        QTest::qWait(int(double(wholeMs) * fraction));
        QVERIFY(QFile::resize(npu, 4096));
        QTRY_VERIFY_WITH_TIMEOUT(!ready.isEmpty() || !failed.isEmpty(), 120000);
        if (!failed.isEmpty()) {
            const auto error = failed.first().at(1).value<Core::Error>();
            QVERIFY2(error.message.contains(u"truncated"_s), qPrintable(error.message));
            ++said;
            continue;
        }
        const Core::CompareRow &row = ws.comparison()->rows.first();
        if (row.verdict == Core::Verdict::Error) {
            // cut before the side's stream opened: the open says the file is too short
            QVERIFY2(row.message.contains(u"changed while it was read"_s) ||
                         row.message.contains(u"truncated"_s),
                     qPrintable(row.message));
            ++said;
        }
        // Still usable: the same workspace compares again once the files are whole.
        QVERIFY(Hostile::writeFile(npu, npy));
        ready.clear();
        ws.compare(bench, npu);
        QVERIFY(ready.wait(120000));
        QCOMPARE(ws.comparison()->rows.first().verdict, Core::Verdict::Pass);
    }
    QVERIFY2(said > 0, "no cut landed inside the comparison");
}

QTEST_MAIN(tst_GuiLoadRace)
#include "tst_guiloadrace.moc"
