#include "steptable.h"

#include "core/common/tr.h"

using namespace Qt::StringLiterals;

namespace Twinscope::Core {

QString stepPhaseColumn(StepPhase phase)
{
    switch (phase) {
    case StepPhase::Computing:
        return u"Computing"_s;
    case StepPhase::CommunicationNotOverlapped:
        return u"Communication(Not Overlapped)"_s;
    case StepPhase::Overlapped:
        return u"Overlapped"_s;
    case StepPhase::Communication:
        return u"Communication"_s;
    case StepPhase::Free:
        return u"Free"_s;
    case StepPhase::Stage:
        return u"Stage"_s;
    case StepPhase::Bubble:
        return u"Bubble"_s;
    case StepPhase::CommunicationNotOverlappedExcludeReceive:
        return u"Communication(Not Overlapped and Exclude Receive)"_s;
    case StepPhase::Preparing:
        return u"Preparing"_s;
    case StepPhase::Count:
        break;
    }
    return {};
}

QString stepPhaseId(StepPhase phase)
{
    switch (phase) {
    case StepPhase::Computing:
        return u"computing"_s;
    case StepPhase::CommunicationNotOverlapped:
        return u"communication_not_overlapped"_s;
    case StepPhase::Overlapped:
        return u"overlapped"_s;
    case StepPhase::Communication:
        return u"communication"_s;
    case StepPhase::Free:
        return u"free"_s;
    case StepPhase::Stage:
        return u"stage"_s;
    case StepPhase::Bubble:
        return u"bubble"_s;
    case StepPhase::CommunicationNotOverlappedExcludeReceive:
        return u"communication_not_overlapped_exclude_receive"_s;
    case StepPhase::Preparing:
        return u"preparing"_s;
    case StepPhase::Count:
        break;
    }
    return {};
}

QString stepPhaseDisplayName(StepPhase phase)
{
    switch (phase) {
    case StepPhase::Computing:
        return Tr::tr("Computing");
    case StepPhase::CommunicationNotOverlapped:
        return Tr::tr("Communication (not overlapped)");
    case StepPhase::Overlapped:
        return Tr::tr("Overlapped");
    case StepPhase::Communication:
        return Tr::tr("Communication");
    case StepPhase::Free:
        return Tr::tr("Free");
    case StepPhase::Stage:
        return Tr::tr("Stage");
    case StepPhase::Bubble:
        return Tr::tr("Bubble");
    case StepPhase::CommunicationNotOverlappedExcludeReceive:
        return Tr::tr("Communication (not overlapped, without receive)");
    case StepPhase::Preparing:
        return Tr::tr("Preparing");
    case StepPhase::Count:
        break;
    }
    return {};
}

QString stepPhaseShortName(StepPhase phase)
{
    switch (phase) {
    case StepPhase::CommunicationNotOverlapped:
        return Tr::tr("Comm. not overlapped");
    case StepPhase::CommunicationNotOverlappedExcludeReceive:
        return Tr::tr("Comm. not overlapped, no receive");
    default:
        break;
    }
    return stepPhaseDisplayName(phase);
}

double StepRow::stepUs() const
{
    if (std::isfinite(wallUs))
        return wallUs;
    const double c = us[int(StepPhase::Computing)];
    const double n = us[int(StepPhase::CommunicationNotOverlapped)];
    const double f = us[int(StepPhase::Free)];
    if (!std::isfinite(c) && !std::isfinite(n) && !std::isfinite(f))
        return std::numeric_limits<double>::quiet_NaN();
    return (std::isfinite(c) ? c : 0) + (std::isfinite(n) ? n : 0) + (std::isfinite(f) ? f : 0);
}

StepMeans stepMeans(const std::vector<StepRow> &rows)
{
    StepMeans m;
    m.steps = qint64(rows.size());
    std::array<double, StepPhaseCount> sum{};
    std::array<qint64, StepPhaseCount> n{};
    double stepSum = 0;
    qint64 stepN = 0;
    for (const StepRow &r : rows) {
        for (int p = 0; p < StepPhaseCount; ++p) {
            if (std::isfinite(r.us[size_t(p)])) {
                sum[size_t(p)] += r.us[size_t(p)];
                ++n[size_t(p)];
            }
        }
        const double s = r.stepUs();
        if (std::isfinite(s)) {
            stepSum += s;
            ++stepN;
        }
    }
    for (int p = 0; p < StepPhaseCount; ++p) {
        if (n[size_t(p)] > 0)
            m.us[size_t(p)] = sum[size_t(p)] / double(n[size_t(p)]);
    }
    if (stepN > 0)
        m.stepUs = stepSum / double(stepN);
    return m;
}

} // namespace Twinscope::Core
