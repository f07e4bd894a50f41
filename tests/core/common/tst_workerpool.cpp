#include "core/common/workerpool.h"

#include <QTest>
#include <QThread>

#include <atomic>
#include <mutex>
#include <set>
#include <stdexcept>
#include <thread>

using namespace Twinscope::Core;

namespace {

// Counts bodies running at the same moment, across every region of the process.
struct Concurrency
{
    std::atomic<int> now{0};
    std::atomic<int> peak{0};
    void enter()
    {
        const int n = ++now;
        int p = peak.load();
        while (n > p && !peak.compare_exchange_weak(p, n)) {
        }
    }
    void leave() { --now; }
};

void busy(int ms)
{
    QThread::msleep(ms);
}

} // namespace

class tst_WorkerPool : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        // A fixed size makes the budget checks the same on 2 and 64 cores; it must be set before
        // the pool is first used.
        qputenv("TWINSCOPE_THREADS", "4");
        QCOMPARE(WorkerPool::size(), 4);
        QCOMPARE(WorkerPool::freeBudget(), 3);
    }

    void runsEveryItemOnSeveralThreads()
    {
        std::atomic<int> next{0};
        std::vector<int> seen(1000, 0);
        std::mutex lock;
        std::set<std::thread::id> threads;
        const int workers = WorkerPool::run(8, [&](int) {
            for (int i = next.fetch_add(1); i < 1000; i = next.fetch_add(1)) {
                ++seen[size_t(i)];
                const std::lock_guard<std::mutex> guard(lock);
                threads.insert(std::this_thread::get_id());
                if (i % 100 == 0)
                    busy(2);
            }
        });
        QCOMPARE(workers, 4); // the caller plus the 3 extra threads of the budget
        for (int n : seen)
            QCOMPARE(n, 1);
        QVERIFY(threads.size() >= 2);
        QCOMPARE(WorkerPool::freeBudget(), 3); // everything given back
    }

    void sixteenCallersNeverOversubscribe()
    {
        // Sixteen ranks loading at once, each asking for every core: busy workers stay within the
        // callers plus the budget, never 16 x cores.
        Concurrency extra;
        std::vector<std::thread> callers;
        std::atomic<int> maxWorkersOfOne{0};
        for (int c = 0; c < 16; ++c) {
            callers.emplace_back([&] {
                const int got = WorkerPool::run(WorkerPool::size(), [&](int worker) {
                    if (worker == 0)
                        return busy(30);
                    extra.enter();
                    busy(30);
                    extra.leave();
                });
                int m = maxWorkersOfOne.load();
                while (got > m && !maxWorkersOfOne.compare_exchange_weak(m, got)) {
                }
            });
        }
        for (std::thread &t : callers)
            t.join();
        QVERIFY2(extra.peak.load() <= WorkerPool::size() - 1,
                 qPrintable(QString::number(extra.peak.load())));
        QVERIFY(maxWorkersOfOne.load() <= WorkerPool::size());
        QCOMPARE(WorkerPool::freeBudget(), 3);
    }

    void nestedRegionsFinish()
    {
        // A file per worker, chunks inside: the inner regions find the budget spent and run on
        // their caller alone, so nothing waits for a thread that never comes.
        std::atomic<int> chunks{0};
        std::atomic<int> nextFile{0};
        WorkerPool::run(4, [&](int) {
            for (int f = nextFile.fetch_add(1); f < 8; f = nextFile.fetch_add(1)) {
                std::atomic<int> next{0};
                WorkerPool::runMonitored(
                    4,
                    [&](int) {
                        for (int c = next.fetch_add(1); c < 16; c = next.fetch_add(1))
                            ++chunks;
                    },
                    [] {});
            }
        });
        QCOMPARE(chunks.load(), 8 * 16);
        QCOMPARE(WorkerPool::freeBudget(), 3);
    }

    void exceptionsReachTheCaller()
    {
        std::atomic<int> next{0};
        bool caught = false;
        try {
            WorkerPool::run(4, [&](int) {
                for (int i = next.fetch_add(1); i < 100; i = next.fetch_add(1)) {
                    if (i == 57)
                        throw std::runtime_error("item 57");
                }
            });
        } catch (const std::runtime_error &e) {
            caught = QByteArray(e.what()) == "item 57";
        }
        QVERIFY(caught);
        QCOMPARE(WorkerPool::freeBudget(), 3);
    }

    void throwingMonitorWaitsForWorkers()
    {
        // A progress callback that throws must not leave workers running on a dead region.
        std::atomic<int> finished{0};
        bool caught = false;
        try {
            WorkerPool::runMonitored(
                3,
                [&](int) {
                    busy(60);
                    ++finished;
                },
                [] { throw std::logic_error("sink"); });
        } catch (const std::logic_error &) {
            caught = true;
        }
        QVERIFY(caught);
        QVERIFY(finished.load() >= 1);
        QCOMPARE(WorkerPool::freeBudget(), 3);
    }

    void backgroundRunsOnceEitherWay()
    {
        int ran = 0;
        {
            WorkerPool::Background task([&] { ++ran; });
            task.wait();
            task.wait();
        }
        QCOMPARE(ran, 1);
        // With the budget held by a region, the task runs inside wait() on this thread.
        std::atomic<bool> release{false};
        std::thread holder([&] {
            WorkerPool::run(4, [&](int) {
                while (!release.load())
                    busy(1);
            });
        });
        QTRY_COMPARE(WorkerPool::freeBudget(), 0);
        std::thread::id where;
        WorkerPool::Background deferred([&] { where = std::this_thread::get_id(); });
        deferred.wait();
        QCOMPARE(where, std::this_thread::get_id());
        release = true;
        holder.join();
        // A task never waited for and never started is dropped, not run by the destructor.
        bool droppedRan = false;
        {
            std::atomic<bool> hold{false};
            std::thread h([&] {
                WorkerPool::run(4, [&](int) {
                    while (!hold.load())
                        busy(1);
                });
            });
            QTRY_COMPARE(WorkerPool::freeBudget(), 0);
            {
                WorkerPool::Background never([&] { droppedRan = true; });
            }
            hold = true;
            h.join();
        }
        QVERIFY(!droppedRan);
        QCOMPARE(WorkerPool::freeBudget(), 3);
    }
};

QTEST_GUILESS_MAIN(tst_WorkerPool)
#include "tst_workerpool.moc"
