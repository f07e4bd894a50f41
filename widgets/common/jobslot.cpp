#include "jobslot.h"

namespace Twinscope::Widgets {

JobSlotBase::JobSlotBase(LoadController *loads, QObject *context)
    : m_loads(loads)
{
    m_connection = QObject::connect(
        loads, &LoadController::finished, context, [this](quint64 id, const JobOutcome &outcome) {
            if (id != m_id || id == 0)
                return; // another slot's job, or one this slot superseded
            m_id = 0;
            // The callback may start the next job of this slot: take it out first.
            const auto deliver = std::move(m_deliver);
            m_deliver = nullptr;
            if (deliver)
                deliver(outcome);
        });
}

JobSlotBase::~JobSlotBase()
{
    QObject::disconnect(m_connection);
    cancel();
}

void JobSlotBase::cancel()
{
    if (m_id)
        m_loads->cancel(m_id);
    m_id = 0;
    m_deliver = nullptr;
}

void JobSlotBase::startJob(const QString &title,
                           LoadController::Job job,
                           std::function<void(const JobOutcome &)> deliver)
{
    cancel();
    m_deliver = std::move(deliver);
    m_id = m_loads->start(title, std::move(job));
}

} // namespace Twinscope::Widgets
