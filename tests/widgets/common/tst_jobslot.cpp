#include "widgets/common/jobslot.h"
#include "widgets/common/loadprogresswidget.h"

#include <QSignalSpy>
#include <QTest>
#include <QThread>
#include <QToolButton>

using namespace Qt::StringLiterals;
using namespace Twinscope;
using namespace Twinscope::Widgets;

namespace {

// A job that counts to n, waiting ms between steps, and can be stopped through its token.
JobSlot<int>::Work counter(int n, int ms)
{
    return [n, ms](Core::ProgressSink &progress, const Core::CancelToken &cancel) {
        for (int i = 0; i < n; ++i) {
            if (cancel.isCanceled())
                return Core::Result<int>::canceled();
            progress.reportRange(i, n, 0, 1000);
            QThread::msleep(ms);
        }
        return Core::Result<int>::ok(std::make_shared<const int>(n));
    };
}

} // namespace

class tst_JobSlot : public QObject
{
    Q_OBJECT

private slots:
    void deliversTypedResultOnTheGuiThread()
    {
        LoadController loads;
        QObject context;
        JobSlot<int> slot(&loads, &context);
        int got = -1;
        QThread *thread = nullptr;
        slot.start(u"count"_s, counter(3, 1), [&](const Core::Result<int> &r) {
            QVERIFY(r.isOk());
            got = *r.value();
            thread = QThread::currentThread();
        });
        QVERIFY(slot.isRunning());
        QTRY_COMPARE(got, 3);
        QCOMPARE(thread, QThread::currentThread());
        QVERIFY(!slot.isRunning());
    }

    void aNewStartSupersedesTheOld()
    {
        LoadController loads;
        QObject context;
        JobSlot<int> slot(&loads, &context);
        QList<int> delivered;
        slot.start(u"slow"_s, counter(1000, 2), [&](const Core::Result<int> &r) {
            delivered << (r.isOk() ? *r.value() : -1);
        });
        slot.start(u"fast"_s, counter(2, 1), [&](const Core::Result<int> &r) {
            delivered << (r.isOk() ? *r.value() : -1);
        });
        QTRY_VERIFY(!loads.isRunning());
        // The first job was canceled and its result (canceled or not) never arrives.
        QCOMPARE(delivered, QList<int>{2});
    }

    void slotsAreIndependent()
    {
        LoadController loads;
        QObject context;
        JobSlot<int> a(&loads, &context);
        JobSlot<int> b(&loads, &context);
        int gotA = 0, gotB = 0;
        a.start(u"a"_s, counter(5, 1), [&](const Core::Result<int> &r) { gotA = *r.value(); });
        b.start(u"b"_s, counter(7, 1), [&](const Core::Result<int> &r) { gotB = *r.value(); });
        QTRY_COMPARE(gotA, 5);
        QTRY_COMPARE(gotB, 7);
    }

    void cancelDropsTheResult()
    {
        LoadController loads;
        QObject context;
        bool called = false;
        {
            JobSlot<int> slot(&loads, &context);
            slot.start(
                u"slow"_s, counter(1000, 2), [&](const Core::Result<int> &) { called = true; });
            slot.cancel();
            QVERIFY(!slot.isRunning());
        }
        QTRY_VERIFY(!loads.isRunning());
        QVERIFY(!called);
    }

    void stripListsEveryJobWithItsOwnCancel()
    {
        LoadController loads;
        LoadProgressWidget strip(&loads);
        QObject context;
        JobSlot<int> a(&loads, &context);
        JobSlot<int> b(&loads, &context);
        Core::Result<int> resultA = Core::Result<int>::ok(nullptr);
        bool doneB = false;
        a.start(u"first"_s, counter(5000, 1), [&](const Core::Result<int> &r) { resultA = r; });
        b.start(
            u"second"_s, counter(5000, 1), [&](const Core::Result<int> &r) { doneB = r.isOk(); });
        QCOMPARE(strip.jobRowCount(), 2);
        QVERIFY(!strip.isHidden());
        QVERIFY(!strip.listButton()->isHidden());
        // Cancel the first job from its own row: the second keeps running.
        const quint64 firstId = 1; // ids count from 1 per controller
        QVERIFY(strip.cancelButtonFor(firstId));
        strip.cancelButtonFor(firstId)->click();
        QTRY_VERIFY(resultA.isCanceled());
        QCOMPARE(strip.jobRowCount(), 1);
        QVERIFY(b.isRunning());
        QVERIFY(strip.listButton()->isHidden());
        // The strip's own Cancel stops the newest.
        strip.cancelButton()->click();
        QTRY_VERIFY(!loads.isRunning());
        QVERIFY(!doneB);
        QTRY_VERIFY(strip.isHidden());
    }
};

QTEST_MAIN(tst_JobSlot)
#include "tst_jobslot.moc"
