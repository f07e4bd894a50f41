#include "monitordataset.h"

#include "core/common/tr.h"

#include <algorithm>
#include <map>

namespace Twinscope::Core {

int MonitorRank::stepIndex(qint64 step) const
{
    const auto it = std::lower_bound(steps.begin(), steps.end(), step);
    return it != steps.end() && *it == step ? int(it - steps.begin()) : -1;
}

const MonitorRank *MonitorRun::findRank(int rank) const
{
    for (const MonitorRank &r : ranks)
        if (r.rank == rank)
            return &r;
    return nullptr;
}

QStringList MonitorRun::metricNames() const
{
    QStringList names;
    for (const MonitorRank &r : ranks)
        for (const QString &m : r.metrics)
            if (!names.contains(m))
                names << m;
    names.sort();
    return names;
}

qsizetype MonitorRun::cellCount() const
{
    qsizetype n = 0;
    for (const MonitorRank &r : ranks)
        n += qsizetype(r.values.size());
    return n;
}

int MonitorCubeBuilder::intern(QHash<QString, int> &ids, QStringList &names, const QString &name)
{
    const auto it = ids.constFind(name);
    if (it != ids.constEnd())
        return *it;
    const int id = int(names.size());
    ids.insert(name, id);
    names << name;
    return id;
}

bool MonitorCubeBuilder::build(std::vector<MonitorRank> *out,
                               QString *error,
                               Diagnostics *diagnostics)
{
    // Cells grouped by rank, in the order they came (so a later duplicate wins, as a re-written
    // row of an appended CSV would).
    std::map<int, std::vector<size_t>> byRank;
    for (size_t i = 0; i < m_cells.size(); ++i)
        byRank[m_cells[i].rank].push_back(i);
    out->clear();
    qint64 total = 0;
    for (const auto &[rankNo, cells] : byRank) {
        MonitorRank r;
        r.rank = rankNo;
        std::vector<int> moduleSlot(size_t(m_modules.size()), -1);
        std::vector<int> metricSlot(size_t(m_metrics.size()), -1);
        std::vector<char> moduleUsed(size_t(m_modules.size()), 0);
        std::vector<char> metricUsed(size_t(m_metrics.size()), 0);
        for (size_t i : cells) {
            const Cell &c = m_cells[i];
            r.steps.push_back(c.step);
            moduleUsed[size_t(c.module)] = 1;
            metricUsed[size_t(c.metric)] = 1;
        }
        std::sort(r.steps.begin(), r.steps.end());
        r.steps.erase(std::unique(r.steps.begin(), r.steps.end()), r.steps.end());
        for (size_t m = 0; m < moduleUsed.size(); ++m)
            if (moduleUsed[m]) {
                moduleSlot[m] = int(r.modules.size());
                r.modules << m_modules[qsizetype(m)];
            }
        QStringList metrics;
        for (size_t m = 0; m < metricUsed.size(); ++m)
            if (metricUsed[m])
                metrics << m_metrics[qsizetype(m)];
        metrics.sort();
        for (size_t m = 0; m < metricUsed.size(); ++m)
            if (metricUsed[m])
                metricSlot[m] = int(metrics.indexOf(m_metrics[qsizetype(m)]));
        r.metrics = metrics;
        const qint64 size =
            qint64(r.metrics.size()) * qint64(r.steps.size()) * qint64(r.modules.size());
        total += size;
        if (total > MaxCells) {
            *error = Tr::tr("%1 metrics x %2 steps x %3 modules of rank %4 pass the limit of %5 "
                            "cells: too many distinct steps or module names for one monitor run")
                         .arg(r.metrics.size())
                         .arg(r.steps.size())
                         .arg(r.modules.size())
                         .arg(rankNo)
                         .arg(MaxCells);
            return false;
        }
        r.values.assign(size_t(size), std::numeric_limits<float>::quiet_NaN());
        r.present.assign(size_t(size), 0);
        qint64 duplicates = 0;
        for (size_t i : cells) {
            const Cell &c = m_cells[i];
            const size_t at = r.index(
                metricSlot[size_t(c.metric)], r.stepIndex(c.step), moduleSlot[size_t(c.module)]);
            duplicates += r.present[at];
            r.values[at] = c.value;
            r.present[at] = 1;
        }
        if (duplicates > 0)
            diagnostics->add(QStringLiteral("monitor_duplicate_cell"),
                             Tr::tr("rank %1: the same module, metric and step came more than "
                                    "once; the last value is kept")
                                 .arg(rankNo),
                             {},
                             Severity::Warning,
                             duplicates);
        out->push_back(std::move(r));
    }
    m_cells.clear();
    m_cells.shrink_to_fit();
    return true;
}

} // namespace Twinscope::Core
