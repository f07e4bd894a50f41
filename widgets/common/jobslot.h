#pragma once

#include "loadcontroller.h"

#include <QObject>

#include <functional>

namespace Twinscope::Widgets {

// One consumer's background job (hotspot's JobTracker, issue #9): starting a job cancels and
// supersedes the one the slot already runs, so a stale result can never arrive; the result comes
// back typed, on the GUI thread, to the callback given with the job. A workspace keeps one slot per
// kind of work (loading, detail, statistics) instead of job ids and cancel calls of its own.
class JobSlotBase
{
public:
    JobSlotBase(LoadController *loads, QObject *context);
    ~JobSlotBase();
    JobSlotBase(const JobSlotBase &) = delete;
    JobSlotBase &operator=(const JobSlotBase &) = delete;

    // Cancels the running job, if any; its result is dropped.
    void cancel();
    bool isRunning() const { return m_id != 0; }
    // The running job's LoadController id (0 when none), to follow its progress.
    quint64 id() const { return m_id; }

protected:
    void startJob(const QString &title,
                  LoadController::Job job,
                  std::function<void(const JobOutcome &)> deliver);

private:
    LoadController *m_loads;
    QMetaObject::Connection m_connection;
    quint64 m_id = 0;
    std::function<void(const JobOutcome &)> m_deliver;
};

template<typename T>
class JobSlot : public JobSlotBase
{
public:
    using Work = std::function<Core::Result<T>(Core::ProgressSink &, const Core::CancelToken &)>;
    using Done = std::function<void(const Core::Result<T> &)>;

    using JobSlotBase::JobSlotBase;

    // Runs work off the GUI thread (the progress strip shows title); done receives its Result,
    // canceled ones included when the user pressed Cancel, never one superseded by a newer start.
    void start(const QString &title, Work work, Done done)
    {
        startJob(title,
                 LoadController::wrap<T>(std::move(work)),
                 [done = std::move(done)](const JobOutcome &o) { done(toResult(o)); });
    }

private:
    static Core::Result<T> toResult(const JobOutcome &o)
    {
        switch (o.status) {
        case JobOutcome::Status::Ok:
            return Core::Result<T>::ok(o.as<T>(), o.diagnostics);
        case JobOutcome::Status::Failed:
            return Core::Result<T>::failed(o.error, o.diagnostics);
        case JobOutcome::Status::Canceled:
            break;
        }
        return Core::Result<T>::canceled();
    }
};

} // namespace Twinscope::Widgets
