#include "loadcontroller.h"

#include "core/common/pipeline.h"

#include <QPromise>
#include <QtConcurrent>

#include <exception>

namespace Twinscope::Widgets {

LoadController::LoadController(QObject *parent)
    : QObject(parent)
{
    qRegisterMetaType<JobOutcome>();
}

LoadController::~LoadController()
{
    // Workers must not outlive the objects they report to; cancelled jobs return within ~200 ms.
    for (auto it = m_jobs.begin(); it != m_jobs.end(); ++it) {
        it->watcher->disconnect(this);
        it->watcher->cancel();
        it->watcher->waitForFinished();
    }
}

quint64 LoadController::start(const QString &title, Job job)
{
    const quint64 id = m_nextId++;
    auto *watcher = new QFutureWatcher<JobOutcome>(this);
    connect(
        watcher, &QFutureWatcherBase::progressValueChanged, this, [this, id, watcher](int value) {
            emit progressChanged(id, value, watcher->progressText());
        });
    connect(watcher, &QFutureWatcherBase::finished, this, [this, id, watcher] {
        JobOutcome outcome;
        if (!watcher->isCanceled() && watcher->future().resultCount() > 0)
            outcome = watcher->result();
        m_jobs.remove(id);
        watcher->deleteLater();
        emit finished(id, outcome);
        if (m_jobs.isEmpty())
            emit runningChanged(false);
    });
    auto future = QtConcurrent::run([job = std::move(job)](QPromise<JobOutcome> &promise) {
        promise.setProgressRange(0, 1000);
        Core::ProgressSink progress([&promise](int permille, const QString &stage) {
            promise.setProgressValueAndText(permille, stage);
        });
        const Core::CancelToken cancel =
            Core::CancelToken::fromPredicate([&promise] { return promise.isCanceled(); });
        JobOutcome outcome;
        // No exception may cross into the event loop (docs/DESIGN.md §8).
        try {
            outcome = job(progress, cancel);
        } catch (...) {
            // Pipelines catch their own; this guards a job written outside them.
            outcome.status = JobOutcome::Status::Failed;
            outcome.error = Core::internalError({}, std::current_exception());
        }
        if (promise.isCanceled())
            outcome = JobOutcome{};
        promise.addResult(outcome);
    });
    watcher->setFuture(future);
    const bool wasIdle = m_jobs.isEmpty();
    m_jobs.insert(id, Running{title, watcher});
    emit started(id, title);
    if (wasIdle)
        emit runningChanged(true);
    return id;
}

void LoadController::cancel(quint64 id)
{
    auto it = m_jobs.find(id);
    if (it != m_jobs.end())
        it->watcher->cancel();
}

void LoadController::cancelAll()
{
    for (auto &r : m_jobs)
        r.watcher->cancel();
}

QString LoadController::title(quint64 id) const
{
    return m_jobs.value(id).title;
}

} // namespace Twinscope::Widgets
