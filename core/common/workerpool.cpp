#include "workerpool.h"

#include <QRunnable>
#include <QThread>
#include <QThreadPool>

#include <atomic>
#include <condition_variable>
#include <exception>
#include <mutex>

namespace Twinscope::Core {

namespace {

int computeSize()
{
    bool ok = false;
    const int forced = qEnvironmentVariableIntValue("TWINSCOPE_THREADS", &ok);
    if (ok && forced > 0)
        return std::min(forced, 256);
    return std::max(1, QThread::idealThreadCount());
}

// Extra threads lent out; a region borrows what is free and gives it back when it ends.
std::atomic<int> &budget()
{
    static std::atomic<int> free{WorkerPool::size() - 1};
    return free;
}

int borrow(int wanted)
{
    if (wanted <= 0)
        return 0;
    std::atomic<int> &free = budget();
    int have = free.load();
    while (have > 0) {
        const int take = std::min(have, wanted);
        if (free.compare_exchange_weak(have, have - take))
            return take;
    }
    return 0;
}

QThreadPool &threads()
{
    // Concurrency is bounded by the budget above, not by the pool: a monitored region always gets
    // one thread of its own, and regions may nest (a file per worker, chunks inside), so a pool
    // capped at size() could leave a waiting region without its thread.
    static QThreadPool *pool = [] {
        auto *p = new QThreadPool;
        p->setMaxThreadCount(512);
        p->setExpiryTimeout(30000);
        return p;
    }();
    return *pool;
}

// Counts down the workers of one region and keeps the first exception any of them threw.
struct Region
{
    std::mutex lock;
    std::condition_variable changed;
    int running = 0;
    std::exception_ptr error;

    void finished(std::exception_ptr e)
    {
        // Notify under the lock: once it is released the waiting caller may return and destroy
        // this region, so nothing may touch it afterwards.
        const std::lock_guard<std::mutex> guard(lock);
        if (e && !error)
            error = e;
        --running;
        changed.notify_all();
    }
};

void startWorkers(
    Region &region, int first, int count, const std::function<void(int)> &body, int lent)
{
    region.running += count;
    for (int w = first; w < first + count; ++w) {
        const bool returnsBudget = w - first < lent;
        threads().start(QRunnable::create([&region, &body, w, returnsBudget] {
            std::exception_ptr e;
            try {
                body(w);
            } catch (...) {
                e = std::current_exception();
            }
            if (returnsBudget)
                budget().fetch_add(1);
            region.finished(e);
        }));
    }
}

} // namespace

int WorkerPool::size()
{
    static const int n = computeSize();
    return n;
}

int WorkerPool::freeBudget()
{
    return budget().load();
}

int WorkerPool::run(int wanted, const std::function<void(int worker)> &body)
{
    const int extra = borrow(wanted - 1);
    Region region;
    {
        const std::lock_guard<std::mutex> guard(region.lock);
        startWorkers(region, 1, extra, body, extra);
    }
    std::exception_ptr own;
    try {
        body(0);
    } catch (...) {
        own = std::current_exception();
    }
    std::unique_lock<std::mutex> guard(region.lock);
    region.changed.wait(guard, [&] { return region.running == 0; });
    if (own)
        std::rethrow_exception(own);
    if (region.error)
        std::rethrow_exception(region.error);
    return 1 + extra;
}

int WorkerPool::runMonitored(int wanted,
                             const std::function<void(int worker)> &body,
                             const std::function<void()> &monitor)
{
    const int extra = borrow(wanted - 1);
    Region region;
    {
        const std::lock_guard<std::mutex> guard(region.lock);
        // Worker 0 is the stand-in for the caller and borrows nothing; 1..extra return budget.
        startWorkers(region, 0, 1, body, 0);
        startWorkers(region, 1, extra, body, extra);
    }
    // A monitor that throws (a progress sink's callback) must not leave the workers running on a
    // region that is gone: stop calling it, wait for them, then rethrow.
    std::exception_ptr own;
    auto callMonitor = [&] {
        if (!monitor || own)
            return;
        try {
            monitor();
        } catch (...) {
            own = std::current_exception();
        }
    };
    std::unique_lock<std::mutex> guard(region.lock);
    while (region.running > 0) {
        guard.unlock();
        callMonitor();
        guard.lock();
        region.changed.wait_for(
            guard, std::chrono::milliseconds(20), [&] { return region.running == 0; });
    }
    guard.unlock();
    callMonitor();
    if (own)
        std::rethrow_exception(own);
    if (region.error)
        std::rethrow_exception(region.error);
    return 1 + extra;
}

struct WorkerPool::Background::State
{
    std::function<void()> task;
    bool started = false; // on a pool thread
    bool done = false;
    std::exception_ptr error;
    std::mutex lock;
    std::condition_variable changed;
};

WorkerPool::Background::Background(std::function<void()> task)
    : m_state(std::make_shared<State>())
{
    m_state->task = std::move(task);
    if (borrow(1) == 0)
        return; // no thread to spare: wait() runs it
    m_state->started = true;
    threads().start(QRunnable::create([state = m_state] {
        std::exception_ptr e;
        try {
            state->task();
        } catch (...) {
            e = std::current_exception();
        }
        budget().fetch_add(1);
        const std::lock_guard<std::mutex> guard(state->lock);
        state->error = e;
        state->done = true;
        state->changed.notify_all();
    }));
}

WorkerPool::Background::~Background()
{
    // A task still deferred is dropped (the caller left early, e.g. canceled); a running one is
    // waited for, its exception dropped: a destructor must not throw.
    if (!m_state->started)
        return;
    std::unique_lock<std::mutex> guard(m_state->lock);
    m_state->changed.wait(guard, [&] { return m_state->done; });
}

void WorkerPool::Background::wait()
{
    if (!m_state->started) {
        if (m_state->done)
            return;
        m_state->done = true;
        m_state->task();
        return;
    }
    std::unique_lock<std::mutex> guard(m_state->lock);
    m_state->changed.wait(guard, [&] { return m_state->done; });
    if (m_state->error) {
        const std::exception_ptr e = m_state->error;
        m_state->error = nullptr;
        std::rethrow_exception(e);
    }
}

} // namespace Twinscope::Core
