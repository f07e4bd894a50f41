#include "stepmodel.h"

#include "core/common/tr.h"

#include <algorithm>

using namespace Qt::StringLiterals;

namespace Twinscope::Core {

QString stepRoleId(StepRole role)
{
    switch (role) {
    case StepRole::Steady:
        return u"steady"_s;
    case StepRole::Warmup:
        return u"warmup"_s;
    case StepRole::Unfinished:
        return u"unfinished"_s;
    }
    return {};
}

double StepModel::steadyMeanNs(const TraceSteps &steps) const
{
    if (steady.empty())
        return 0.0;
    double sum = 0;
    for (const int k : steady)
        sum += double(steps.steps[size_t(k)].durationNs());
    return sum / double(steady.size());
}

StepModel buildStepModel(const TraceSteps &steps)
{
    StepModel m;
    m.marks = steps.detected;
    const int n = int(steps.steps.size());
    m.roles.assign(size_t(n), StepRole::Steady);
    std::vector<int> complete;
    for (int k = 0; k < n; ++k) {
        if (steps.steps[size_t(k)].complete)
            complete.push_back(k);
        else
            m.roles[size_t(k)] = StepRole::Unfinished;
    }
    // The stub of a stopped profiler: the last step, far shorter than the steps before it.
    if (m.marks && complete.size() >= 2 && complete.back() == n - 1) {
        std::vector<qint64> others;
        for (size_t i = 0; i + 1 < complete.size(); ++i)
            others.push_back(steps.steps[size_t(complete[i])].durationNs());
        std::sort(others.begin(), others.end());
        const double median = double(others[(others.size() - 1) / 2]);
        if (double(steps.steps.back().durationNs()) < UnfinishedStubShare * median) {
            m.roles[size_t(n - 1)] = StepRole::Unfinished;
            complete.pop_back();
        }
    }
    for (int k = 0; k < n; ++k) {
        if (m.roles[size_t(k)] == StepRole::Unfinished)
            m.unfinished.push_back(k);
    }
    // The warm-up is reported and left out, unless it is all there is.
    if (m.marks && complete.size() >= 2) {
        m.warmup = complete.front();
        m.roles[size_t(m.warmup)] = StepRole::Warmup;
        complete.erase(complete.begin());
    }
    m.steady = std::move(complete);
    return m;
}

QString
describeUsedSteps(const QStringList &used, const QString &warmup, const QStringList &unfinished)
{
    QString text;
    if (used.isEmpty())
        text = Tr::tr("no complete step");
    else if (used.size() == 1 && used.front().isEmpty())
        text = Tr::tr("the whole trace (no step marks)");
    else if (used.size() == 1)
        text = used.front();
    else
        text =
            Tr::tr("%1 – %2 (%n steps)", nullptr, int(used.size())).arg(used.front(), used.back());
    QStringList excluded;
    if (!warmup.isEmpty())
        excluded << Tr::tr("warm-up %1").arg(warmup);
    if (!unfinished.isEmpty())
        excluded << Tr::tr("unfinished %1").arg(unfinished.join(u", "_s));
    if (!excluded.isEmpty())
        text += Tr::tr("; excluded: %1").arg(excluded.join(u", "_s));
    return text;
}

} // namespace Twinscope::Core
