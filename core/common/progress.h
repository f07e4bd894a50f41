#pragma once

#include <QString>

#include <atomic>
#include <functional>
#include <memory>

namespace Twinscope::Core {

// Receives progress in permille (0..1000) with a translated stage name. Calls are throttled: only a
// changed permille is forwarded, so a loader may report as often as it likes.
class ProgressSink
{
public:
    using Callback = std::function<void(int permille, const QString &stage)>;

    ProgressSink() = default;
    explicit ProgressSink(Callback callback)
        : m_callback(std::move(callback))
    {}

    void report(int permille, const QString &stage = {})
    {
        if (!m_callback || permille == m_last)
            return;
        m_last = permille;
        m_callback(permille, stage);
    }
    // Maps done/total into [from, to] permille.
    void reportRange(qint64 done, qint64 total, int from, int to, const QString &stage = {})
    {
        if (total <= 0)
            return report(to, stage);
        report(from + int((to - from) * double(done) / double(total)), stage);
    }

private:
    Callback m_callback;
    int m_last = -1;
};

// Polled by loaders about every 64 Ki records. Copies share one flag, so the GUI keeps one and
// hands the other to the worker; a default-constructed token is never cancelled.
class CancelToken
{
public:
    CancelToken() = default;
    static CancelToken create()
    {
        CancelToken t;
        t.m_flag = std::make_shared<std::atomic_bool>(false);
        return t;
    }
    // Wraps an external predicate (QPromise::isCanceled in LoadController).
    static CancelToken fromPredicate(std::function<bool()> predicate)
    {
        CancelToken t;
        t.m_predicate = std::move(predicate);
        return t;
    }

    void cancel()
    {
        if (m_flag)
            m_flag->store(true);
    }
    bool isCanceled() const
    {
        return (m_flag && m_flag->load(std::memory_order_relaxed)) ||
               (m_predicate && m_predicate());
    }

private:
    std::shared_ptr<std::atomic_bool> m_flag;
    std::function<bool()> m_predicate;
};

} // namespace Twinscope::Core
