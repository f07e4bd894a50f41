#pragma once

#include "progress.h"
#include "result.h"
#include "tr.h"

#include <QStringList>

#include <exception>
#include <mutex>
#include <new>
#include <vector>

namespace Twinscope::Core {

// What every pipeline (core/<kind>/<kind>pipeline.h) shares: one function per kind of input takes
// its inputs, options, a ProgressSink and a CancelToken and returns Result<the finished analysis>.
// The GUI's workspace, the CLI command and the tests call that same function
// (docs/ARCHITECTURE.md).

// A part of a longer job: permille 0..1000 of the part map to [from, to] of the parent.
inline ProgressSink subProgress(ProgressSink &parent, int from, int to)
{
    return ProgressSink([&parent, from, to](int permille, const QString &stage) {
        parent.report(from + (to - from) * permille / 1000, stage);
    });
}

// Progress of several inputs handled at once on different workers, each weighted by its file size,
// mapped into [0, to] of the parent and reported under one lock (a ProgressSink is not
// thread-safe on its own).
class PartsProgress
{
public:
    PartsProgress(ProgressSink &parent, const QStringList &paths, int to);
    // A sink for one part; it may be called from that part's worker only.
    ProgressSink part(qsizetype index);
    void report(qsizetype index, int permille, const QString &stage);

private:
    std::mutex m_lock;
    ProgressSink &m_parent;
    int m_to;
    std::vector<int> m_done;
    std::vector<qint64> m_weight;
    qint64 m_total = 0;
};

// The error of a failed step, or canceled, re-typed for the pipeline's own Result.
template<typename T, typename U>
Result<T> forwardFailure(const Result<U> &step, Diagnostics diagnostics = {})
{
    if (step.isCanceled())
        return Result<T>::canceled();
    diagnostics.merge(step.diagnostics());
    return Result<T>::failed(step.error(), std::move(diagnostics));
}

// The exception policy (docs/DESIGN.md §8, issue #9): no exception leaves a pipeline. Running out
// of memory is said as such; anything else becomes an `internal` error that names the file being
// worked on, with the exception's own text kept in Error::found for a bug report rather than in
// the message.
Error internalError(const QString &file, const std::exception_ptr &exception);

template<typename T, typename Body>
Result<T> runGuarded(const QString &file, Body &&body) noexcept
{
    try {
        return body();
    } catch (...) {
        return Result<T>::failed(internalError(file, std::current_exception()));
    }
}

} // namespace Twinscope::Core
