// Crash recovery (issue #15): a session's autosaver writes the investigation to a recovery file
// within its interval; after the process is killed (SIGKILL, no clean shutdown) the file is
// offered back and restores exactly what was saved, while a recovery file of a session that is
// still running is never offered. The killed session is this test program started again with
// --recovery-child.
#include "core/triage/recovery.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

#include <cstdio>

using namespace Qt::StringLiterals;
using namespace Twinscope::Core;

namespace {

InvestigationFile sample(const QString &notes)
{
    InvestigationFile ws;
    ws.title = u"killed session"_s;
    ws.inputs = {{u"/data/gpu/loss.log"_s, u"loss"_s, InputRole::Benchmark, -1, -1, u"GPU"_s},
                 {u"/data/npu/loss.log"_s, u"loss"_s, InputRole::Target, -1, -1, u"NPU"_s}};
    ws.settings.lossRtol = 0.005;
    ws.notes = notes;
    ws.checklist.entries.first().state = ChecklistState::Problem;
    ws.checklist.entries.first().notes = u"shuffle was on"_s;
    return ws;
}

// The child: autosave every 100 ms, report each save on stdout, keep typing notes until killed.
int runChild(const QString &directory)
{
    RecoveryAutosaver saver(directory);
    saver.setInterval(100);
    saver.setWorkspacePath(u"/data/investigation.twinscope"_s);
    int typed = 0;
    QTimer typing;
    QObject::connect(&typing, &QTimer::timeout, [&] {
        ++typed;
        saver.changed(sample(u"note %1"_s.arg(typed)));
    });
    // After each write, say which note is on disk.
    QTimer report;
    QString lastSaved;
    QObject::connect(&report, &QTimer::timeout, [&] {
        const Result<InvestigationFile> r = readRecoveryFile(saver.recoveryPath());
        if (!r.isOk())
            return;
        const QString saved = r.value()->notes;
        if (saved != lastSaved) {
            lastSaved = saved;
            std::printf("%s\n", qPrintable(saved));
            std::fflush(stdout);
        }
    });
    typing.start(30);
    report.start(20);
    return QCoreApplication::exec();
}

} // namespace

class tst_Recovery : public QObject
{
    Q_OBJECT

private slots:
    void restoresAfterAKilledProcess();
    void aLiveSessionIsNotOffered();
    void writesWithinTheInterval();
    void discardRemovesTheFile();
};

void tst_Recovery::restoresAfterAKilledProcess()
{
    QTemporaryDir dir;
    QProcess child;
    child.start(QCoreApplication::applicationFilePath(), {u"--recovery-child"_s, dir.path()});
    QVERIFY(child.waitForStarted());
    // Wait until the child has saved a few notes, then kill it without any clean-up.
    QString lastLine;
    int saves = 0;
    while (saves < 3 && child.waitForReadyRead(5000)) {
        while (child.canReadLine()) {
            lastLine = QString::fromUtf8(child.readLine()).trimmed();
            ++saves;
        }
    }
    QVERIFY2(saves >= 3, "the child never saved");
    // While it runs, its file is not offered.
    QVERIFY(findRecoveryFiles(dir.path()).isEmpty());
    child.kill();
    QVERIFY(child.waitForFinished());
    QCOMPARE(child.exitStatus(), QProcess::CrashExit);

    const QList<RecoveryCandidate> found = findRecoveryFiles(dir.path());
    QCOMPARE(found.size(), 1);
    QCOMPARE(found.first().workspacePath, u"/data/investigation.twinscope"_s);
    QVERIFY(found.first().savedAt.isValid());
    QString of;
    const Result<InvestigationFile> r = readRecoveryFile(found.first().recoveryPath, &of);
    QVERIFY(r.isOk());
    QCOMPARE(of, u"/data/investigation.twinscope"_s);
    // Exactly the workspace the child had saved last: the notes say which one it was.
    const int notesSaved = lastLine.mid(5).toInt();
    const QString restored = r.value()->notes;
    QVERIFY(restored.startsWith(u"note "_s));
    // The child may have written once more between its last report and the kill.
    QVERIFY2(restored.mid(5).toInt() >= notesSaved, qPrintable(restored));
    QVERIFY(*r.value() == sample(restored));
    discardRecoveryFile(found.first().recoveryPath);
    QVERIFY(findRecoveryFiles(dir.path()).isEmpty());
}

void tst_Recovery::aLiveSessionIsNotOffered()
{
    QTemporaryDir dir;
    RecoveryAutosaver saver(dir.path());
    saver.changed(sample(u"alive"_s));
    QVERIFY(saver.saveNow());
    QVERIFY(QFile::exists(saver.recoveryPath()));
    QVERIFY(findRecoveryFiles(dir.path()).isEmpty());
}

void tst_Recovery::writesWithinTheInterval()
{
    QTemporaryDir dir;
    RecoveryAutosaver saver(dir.path());
    saver.setInterval(200);
    saver.changed(sample(u"first"_s));
    QVERIFY(saver.isPending());
    QVERIFY(!QFile::exists(saver.recoveryPath()));
    // Changes keep coming; the write still happens one interval after the first of them.
    QElapsedTimer clock;
    clock.start();
    while (!QFile::exists(saver.recoveryPath()) && clock.elapsed() < 5000) {
        saver.changed(sample(u"typing %1"_s.arg(clock.elapsed())));
        QTest::qWait(20);
    }
    QVERIFY(QFile::exists(saver.recoveryPath()));
    QVERIFY2(clock.elapsed() < 1000, qPrintable(QString::number(clock.elapsed())));
}

void tst_Recovery::discardRemovesTheFile()
{
    QTemporaryDir dir;
    RecoveryAutosaver saver(dir.path());
    saver.changed(sample(u"saved properly"_s));
    QVERIFY(saver.saveNow());
    saver.discard();
    QVERIFY(!QFile::exists(saver.recoveryPath()));
    QVERIFY(!saver.isPending());
}

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    if (argc == 3 && qstrcmp(argv[1], "--recovery-child") == 0)
        return runChild(QString::fromLocal8Bit(argv[2]));
    tst_Recovery test;
    QTEST_SET_MAIN_SOURCE_PATH
    return QTest::qExec(&test, argc, argv);
}

#include "tst_recovery.moc"
