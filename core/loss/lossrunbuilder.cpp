#include "lossrunbuilder.h"

#include "core/common/tr.h"

#include <QLocale>

#include <algorithm>
#include <numeric>

using namespace Qt::StringLiterals;

namespace Twinscope::Core {

void LossRunBuilder::beginRecord(qint64 step, qint64 line)
{
    if (!m_recStep.empty() && step < m_recStep.back()) {
        if (m_backwardsCount++ == 0) {
            m_firstBackwardsLine = line;
            m_firstBackwardsStep = step;
        }
    }
    m_recStep.push_back(step);
    m_recLine.push_back(line);
}

int LossRunBuilder::seriesIndex(std::string_view name)
{
    const auto it = m_index.find(name);
    if (it != m_index.end())
        return it->second;
    const int index = int(m_series.size());
    m_series.push_back(SeriesBuilder{std::string(name), {}, {}});
    m_index.emplace(std::string(name), index);
    return index;
}

void LossRunBuilder::add(int series, double value)
{
    Q_ASSERT(!m_recStep.empty());
    SeriesBuilder &s = m_series[size_t(series)];
    s.records.push_back(quint32(m_recStep.size() - 1));
    s.values.push_back(value);
}

bool LossRunBuilder::hasValues() const
{
    return std::any_of(
        m_series.begin(), m_series.end(), [](const SeriesBuilder &s) { return !s.values.empty(); });
}

std::vector<LossSeries> LossRunBuilder::finish(Diagnostics &diagnostics) const
{
    const QLocale locale;
    std::vector<LossSeries> out;
    out.reserve(m_series.size());
    if (m_backwardsCount > 0) {
        diagnostics.add(
            u"steps_backwards"_s,
            Tr::tr("Step numbers go backwards (first at line %1, step %2); the points were "
                   "sorted by step.")
                .arg(locale.toString(m_firstBackwardsLine), locale.toString(m_firstBackwardsStep)),
            Location{-1, m_firstBackwardsLine, {}},
            Severity::Warning,
            m_backwardsCount);
    }
    // A repeated step is counted once per superseded log record, however many series the record
    // held (it was counted per series: 3 metrics made 3 warnings per repeated line, issue #16).
    std::vector<bool> superseded;
    for (const SeriesBuilder &b : m_series) {
        LossSeries s;
        s.name = QString::fromUtf8(b.name.data(), qsizetype(b.name.size()));
        const size_t n = b.values.size();
        bool increasing = true;
        for (size_t i = 1; i < n && increasing; ++i)
            increasing = m_recStep[b.records[i]] > m_recStep[b.records[i - 1]];
        if (increasing) {
            s.steps.resize(n);
            for (size_t i = 0; i < n; ++i)
                s.steps[i] = m_recStep[b.records[i]];
            s.values = b.values;
            out.push_back(std::move(s));
            continue;
        }
        std::vector<quint32> order(n);
        std::iota(order.begin(), order.end(), 0u);
        std::stable_sort(order.begin(), order.end(), [&](quint32 x, quint32 y) {
            return m_recStep[b.records[x]] < m_recStep[b.records[y]];
        });
        s.steps.reserve(n);
        s.values.reserve(n);
        for (size_t i = 0; i < n; ++i) {
            const qint64 step = m_recStep[b.records[order[i]]];
            if (!s.steps.empty() && s.steps.back() == step) {
                // Restart or resume: the later line wins, as the later run is the one that
                // continued.
                const quint32 earlierRecord = b.records[order[i - 1]];
                const qint64 earlier = m_recLine[earlierRecord];
                const qint64 later = m_recLine[b.records[order[i]]];
                s.values.back() = b.values[order[i]];
                if (superseded.empty())
                    superseded.resize(m_recStep.size(), false);
                if (superseded[earlierRecord])
                    continue;
                superseded[earlierRecord] = true;
                diagnostics.add(
                    u"repeated_step"_s,
                    Tr::tr("Step %1 of \"%2\" appears more than once (lines %3 and %4); the "
                           "last one is kept.")
                        .arg(locale.toString(step),
                             s.name,
                             locale.toString(earlier),
                             locale.toString(later)),
                    Location{-1, later, s.name});
                continue;
            }
            s.steps.push_back(step);
            s.values.push_back(b.values[order[i]]);
        }
        out.push_back(std::move(s));
    }
    return out;
}

} // namespace Twinscope::Core
