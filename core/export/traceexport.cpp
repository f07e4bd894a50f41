#include "traceexport.h"

using namespace Qt::StringLiterals;

namespace Twinscope::Core {

QJsonObject phasesJson(const TracePhases &p)
{
    return QJsonObject{
        {u"computing_us"_s, nsToUs(p.computingNs)},
        {u"communication_us"_s, nsToUs(p.communicationNs)},
        {u"communication_not_overlapped_us"_s, nsToUs(p.communicationNotOverlappedNs)},
        {u"overlapped_us"_s, nsToUs(p.overlappedNs)},
        {u"free_us"_s, nsToUs(p.freeNs)}};
}

QJsonValue phasesJson(const TracePhasesResult &result)
{
    if (!result.phases)
        return QJsonValue::Null;
    return phasesJson(*result.phases);
}

QJsonArray stepsJson(const TraceSteps &steps)
{
    QJsonArray out;
    for (const TraceStep &s : steps.steps) {
        out.append(QJsonObject{
            {u"name"_s, steps.detected ? QJsonValue(s.name) : QJsonValue(QJsonValue::Null)},
            {u"start_us"_s, nsToUs(s.startNs)},
            {u"dur_us"_s, nsToUs(s.durationNs())}});
    }
    return out;
}

} // namespace Twinscope::Core
