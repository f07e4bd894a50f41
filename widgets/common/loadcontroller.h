#pragma once

#include "core/common/diagnostics.h"
#include "core/common/error.h"
#include "core/common/progress.h"
#include "core/common/result.h"

#include <QFutureWatcher>
#include <QHash>
#include <QObject>

#include <functional>
#include <memory>

namespace Twinscope::Widgets {

// A finished job with its value type erased, so one signal serves every loader and analysis.
struct JobOutcome
{
    enum class Status { Ok, Canceled, Failed };
    Status status = Status::Canceled;
    std::shared_ptr<const void> value;
    Core::Error error;
    Core::Diagnostics diagnostics;

    template<typename T>
    std::shared_ptr<const T> as() const
    {
        return std::static_pointer_cast<const T>(value);
    }
};

// Runs loaders and analyses off the GUI thread (docs/DESIGN.md §6): QtConcurrent::run with a
// QPromise, progress 0..1000 with a stage text, cancel through the promise. Each job gets an id;
// callers keep the id of their latest request (a generation counter) and ignore finished() for
// older ones.
class LoadController : public QObject
{
    Q_OBJECT

public:
    using Job = std::function<JobOutcome(Core::ProgressSink &, const Core::CancelToken &)>;

    explicit LoadController(QObject *parent = nullptr);
    ~LoadController() override;

    // Adapts a loader returning Result<T> to a Job.
    template<typename T>
    static Job
    wrap(std::function<Core::Result<T>(Core::ProgressSink &, const Core::CancelToken &)> fn)
    {
        return [fn = std::move(fn)](Core::ProgressSink &progress, const Core::CancelToken &cancel) {
            const Core::Result<T> r = fn(progress, cancel);
            JobOutcome o;
            o.status = r.isOk() ? JobOutcome::Status::Ok
                                : (r.isCanceled() ? JobOutcome::Status::Canceled
                                                  : JobOutcome::Status::Failed);
            o.value = r.value();
            o.error = r.error();
            o.diagnostics = r.diagnostics();
            return o;
        };
    }

    quint64 start(const QString &title, Job job);
    void cancel(quint64 id);
    void cancelAll();
    bool isRunning() const { return !m_jobs.isEmpty(); }
    QString title(quint64 id) const;

signals:
    void started(quint64 id, const QString &title);
    void progressChanged(quint64 id, int permille, const QString &stage);
    void finished(quint64 id, const Twinscope::Widgets::JobOutcome &outcome);
    void runningChanged(bool running);

private:
    struct Running
    {
        QString title;
        QFutureWatcher<JobOutcome> *watcher = nullptr;
    };
    QHash<quint64, Running> m_jobs;
    quint64 m_nextId = 1;
};

} // namespace Twinscope::Widgets

Q_DECLARE_METATYPE(Twinscope::Widgets::JobOutcome)
