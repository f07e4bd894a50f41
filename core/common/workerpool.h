#pragma once

#include <exception>
#include <functional>
#include <memory>

namespace Twinscope::Core {

// The process's one pool of worker threads (issue #9). Loaders and analyses never start threads of
// their own: they ask here for parallelism, and a process-wide budget of size() - 1 extra threads
// means sixteen ranks loading at once still keep about size() threads busy, never 16 × cores.
//
// A parallel region runs body(worker) on several threads at once; body usually pulls work items
// from an atomic counter until none are left, so it is correct with any number of workers. Any
// exception a worker throws is rethrown on the calling thread once every worker has returned.
class WorkerPool
{
public:
    // Threads the machine offers (QThread::idealThreadCount), sized once per process. The
    // environment variable TWINSCOPE_THREADS overrides it (benchmarks, tests).
    static int size();

    // The calling thread runs body(0); up to wanted - 1 pool threads run body(1..) as far as the
    // budget allows (zero when other regions hold it). Returns the number of workers that ran.
    static int run(int wanted, const std::function<void(int worker)> &body);

    // Like run(), but the calling thread only waits, calling monitor() about every 20 ms (progress
    // reports from one thread). One pool thread always works, whatever the budget: it stands in
    // for the waiting caller, so the count of busy threads is the same as with run().
    static int runMonitored(int wanted,
                            const std::function<void(int worker)> &body,
                            const std::function<void()> &monitor);

    // Extra threads not lent to any region right now (for tests).
    static int freeBudget();

    // One task beside the caller's own work: it starts on a pool thread when the budget has one,
    // else it runs on the caller's thread inside wait(). wait() rethrows its exception. The
    // destructor waits for a task already running (without rethrowing), so it never outlives what
    // it references, and drops one that never started.
    class Background
    {
    public:
        explicit Background(std::function<void()> task);
        ~Background();
        Background(const Background &) = delete;
        Background &operator=(const Background &) = delete;
        void wait();

    private:
        struct State;
        std::shared_ptr<State> m_state;
    };
};

} // namespace Twinscope::Core
