#include "widgets/common/loadcontroller.h"
#include "widgets/common/loadprogresswidget.h"

#include <QProgressBar>
#include <QSignalSpy>
#include <QTest>
#include <QThread>
#include <QToolButton>

using namespace Qt::StringLiterals;
using namespace Twinscope;
using namespace Twinscope::Widgets;

class tst_LoadController : public QObject
{
    Q_OBJECT

private slots:
    void runsOffTheGuiThreadWithProgress()
    {
        LoadController controller;
        QSignalSpy finished(&controller, &LoadController::finished);
        QSignalSpy progress(&controller, &LoadController::progressChanged);
        QThread *gui = QThread::currentThread();
        auto workerThread = std::make_shared<QThread *>(nullptr);
        const quint64 id = controller.start(
            u"job"_s, [workerThread](Core::ProgressSink &p, const Core::CancelToken &) {
                *workerThread = QThread::currentThread();
                for (int i = 0; i <= 10; ++i) {
                    p.report(i * 100, u"stage"_s);
                    QThread::msleep(5);
                }
                JobOutcome o;
                o.status = JobOutcome::Status::Ok;
                o.value = std::make_shared<const int>(42);
                return o;
            });
        QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, 10000);
        QCOMPARE(finished.first().at(0).toULongLong(), id);
        const auto outcome = finished.first().at(1).value<JobOutcome>();
        QCOMPARE(outcome.status, JobOutcome::Status::Ok);
        QCOMPARE(*outcome.as<int>(), 42);
        QVERIFY(*workerThread != gui);
        QVERIFY(!progress.isEmpty());
        QVERIFY(!controller.isRunning());
    }

    void cancelStopsTheJob()
    {
        LoadController controller;
        LoadProgressWidget strip(&controller);
        QSignalSpy finished(&controller, &LoadController::finished);
        controller.start(u"long"_s, [](Core::ProgressSink &, const Core::CancelToken &cancel) {
            // A loader polls its token; without cancel this would run for 100 s.
            for (int i = 0; i < 100000 && !cancel.isCanceled(); ++i)
                QThread::msleep(1);
            JobOutcome o;
            o.status = JobOutcome::Status::Ok;
            return o;
        });
        QVERIFY(controller.isRunning());
        QVERIFY(!strip.isHidden());
        QElapsedTimer timer;
        timer.start();
        strip.cancelButton()->click();
        QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, 5000);
        QVERIFY(timer.elapsed() < 2000);
        QCOMPARE(finished.first().at(1).value<JobOutcome>().status, JobOutcome::Status::Canceled);
        QTRY_VERIFY(strip.isHidden());
    }

    void exceptionsBecomeErrors()
    {
        LoadController controller;
        QSignalSpy finished(&controller, &LoadController::finished);
        controller.start(u"throws"_s,
                         [](Core::ProgressSink &, const Core::CancelToken &) -> JobOutcome {
                             throw std::bad_alloc();
                         });
        QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, 5000);
        const auto o = finished.first().at(1).value<JobOutcome>();
        QCOMPARE(o.status, JobOutcome::Status::Failed);
        QCOMPARE(o.error.code, Core::ErrorCode::OutOfMemory);
    }
};

QTEST_MAIN(tst_LoadController)
#include "tst_loadcontroller.moc"
