#pragma once

#include "core/common/diagnostics.h"
#include "lossdataset.h"

#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace Twinscope::Core {

// Collects (step, metric, value) triples as a parser finds them and turns them into sorted, unique
// LossSeries. A record is one line or one JSON entry; it remembers its line so that repeated and
// backwards steps can be reported where they happen (docs/FORMATS.md §7).
class LossRunBuilder
{
public:
    // Starts a record; values added afterwards belong to it.
    void beginRecord(qint64 step, qint64 line);
    // Index of the series called name, created on first use.
    int seriesIndex(std::string_view name);
    void add(int series, double value);
    void add(std::string_view name, double value) { add(seriesIndex(name), value); }

    qint64 recordCount() const { return qint64(m_recStep.size()); }
    bool hasValues() const;
    const std::string &seriesName(int series) const { return m_series[size_t(series)].name; }

    // Sorts by step, keeps the last of repeated steps and reports both as warnings. The builder can
    // keep growing afterwards (live follow takes snapshots).
    std::vector<LossSeries> finish(Diagnostics &diagnostics) const;

private:
    struct SeriesBuilder
    {
        std::string name;
        std::vector<quint32> records;
        std::vector<double> values;
    };
    struct TransparentHash
    {
        using is_transparent = void;
        size_t operator()(std::string_view s) const { return std::hash<std::string_view>{}(s); }
    };
    std::vector<qint64> m_recStep;
    std::vector<qint64> m_recLine;
    std::vector<SeriesBuilder> m_series;
    std::unordered_map<std::string, int, TransparentHash, std::equal_to<>> m_index;
    qint64 m_backwardsCount = 0;
    qint64 m_firstBackwardsLine = -1;
    qint64 m_firstBackwardsStep = 0;
};

} // namespace Twinscope::Core
