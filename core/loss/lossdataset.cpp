#include "lossdataset.h"

#include <cmath>

using namespace Qt::StringLiterals;

namespace Twinscope::Core {

std::vector<qint64> LossSeries::nonFiniteSteps() const
{
    std::vector<qint64> out;
    for (size_t i = 0; i < values.size(); ++i) {
        if (!std::isfinite(values[i]))
            out.push_back(steps[i]);
    }
    return out;
}

qsizetype LossRun::indexOf(const QString &name) const
{
    for (size_t i = 0; i < series.size(); ++i) {
        if (series[i].name == name)
            return qsizetype(i);
    }
    return -1;
}

const LossSeries *LossRun::find(const QString &name) const
{
    const qsizetype i = indexOf(name);
    return i < 0 ? nullptr : &series[size_t(i)];
}

QStringList LossRun::metricNames() const
{
    QStringList names;
    names.reserve(qsizetype(series.size()));
    for (const LossSeries &s : series)
        names.append(s.name);
    return names;
}

QString LossRun::mainMetric() const
{
    if (series.empty())
        return {};
    for (const QString &preferred : {u"lm loss"_s, u"loss"_s, u"train_loss"_s}) {
        if (indexOf(preferred) >= 0)
            return preferred;
    }
    // Ray/GRPO logs have no "lm loss"; the policy-gradient loss is the curve people compare.
    for (const LossSeries &s : series) {
        if (s.name.endsWith(u"pg_loss"_s))
            return s.name;
    }
    for (const LossSeries &s : series) {
        if (s.name.contains(u"loss"_s, Qt::CaseInsensitive) && !s.name.contains(u"scale"_s))
            return s.name;
    }
    return series.front().name;
}

} // namespace Twinscope::Core
