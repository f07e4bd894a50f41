// The twinscope executable's command line, run as a user or a script would (issue #29):
// unattended runs never wait on a question, and --help/--version work with no display.
#include "core/triage/investigationfile.h"
#include "core/triage/recovery.h"

#include <QDir>
#include <QElapsedTimer>
#include <QImage>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace Twinscope;

class tst_GuiCommandLine : public QObject
{
    Q_OBJECT

private slots:
    void screenshotNeverWaitsOnTheRecoveryQuestion();
    void helpAndVersionNeedNoDisplay_data();
    void helpAndVersionNeedNoDisplay();
};

namespace {

QStringList recoveryFiles(const QString &dir)
{
    return QDir(dir).entryList({u"*.twinscope-recovery"_s}, QDir::Files);
}

} // namespace

void tst_GuiCommandLine::screenshotNeverWaitsOnTheRecoveryQuestion()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString recovery = dir.filePath(u"recovery"_s);
    {
        // A session that ended without closing: its autosave stays, its lock goes with it.
        Core::RecoveryAutosaver saver(recovery);
        Core::InvestigationFile ws;
        ws.notes = u"left behind"_s;
        saver.changed(ws);
        QVERIFY(saver.saveNow(nullptr));
    }
    QCOMPARE(Core::findRecoveryFiles(recovery).size(), 1);
    const QStringList before = recoveryFiles(recovery);

    QProcess gui;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(u"TWINSCOPE_RECOVERY_DIR"_s, recovery);
    env.insert(u"QT_QPA_PLATFORM"_s, u"offscreen"_s);
    gui.setProcessEnvironment(env);
    const QString shot = dir.filePath(u"shot.png"_s);
    QElapsedTimer clock;
    clock.start();
    gui.start(QStringLiteral(TWINSCOPE_GUI),
              {u"--screenshot"_s, shot, u"--window-size"_s, u"1024x700"_s});
    const bool finished = gui.waitForFinished(10000);
    if (!finished) {
        gui.kill();
        gui.waitForFinished();
    }
    QVERIFY2(finished, "--screenshot did not finish within 10 s");
    qInfo("--screenshot with a recovery file present took %lld ms", clock.elapsed());
    QCOMPARE(gui.exitStatus(), QProcess::NormalExit);
    QCOMPARE(gui.exitCode(), 0);
    const QImage image(shot);
    QCOMPARE(image.size(), QSize(1024, 700));
    // The earlier session's file is kept for the next interactive run, and this run left none.
    QCOMPARE(recoveryFiles(recovery), before);
}

void tst_GuiCommandLine::helpAndVersionNeedNoDisplay_data()
{
    QTest::addColumn<QString>("option");
    QTest::addColumn<QString>("expected");
    QTest::newRow("--help") << u"--help"_s << u"--no-restore"_s;
    QTest::newRow("-h") << u"-h"_s << u"--screenshot"_s;
    QTest::newRow("--version") << u"--version"_s << u"Twinscope"_s;
}

void tst_GuiCommandLine::helpAndVersionNeedNoDisplay()
{
    QFETCH(QString, option);
    QFETCH(QString, expected);
    QProcess gui;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    // The platform a desktop would pick, with nothing to connect to: QApplication aborts here.
    env.remove(u"DISPLAY"_s);
    env.remove(u"WAYLAND_DISPLAY"_s);
    env.insert(u"QT_QPA_PLATFORM"_s, u"xcb"_s);
    gui.setProcessEnvironment(env);
    gui.start(QStringLiteral(TWINSCOPE_GUI), {option});
    QVERIFY(gui.waitForFinished(10000));
    const QString out = QString::fromUtf8(gui.readAllStandardOutput());
    QCOMPARE(gui.exitStatus(), QProcess::NormalExit);
    QVERIFY2(gui.exitCode() == 0, qPrintable(QString::fromUtf8(gui.readAllStandardError())));
    QVERIFY2(out.contains(expected), qPrintable(out));
}

QTEST_GUILESS_MAIN(tst_GuiCommandLine)
#include "tst_guicommandline.moc"
