#pragma once

#include "core/common/diagnostics.h"

#include <QHash>
#include <QString>
#include <QStringList>

#include <cmath>
#include <cstdint>
#include <limits>
#include <vector>

namespace Twinscope::Core {

// One rank of a training-state monitor run (msprobe's TrainerMon, issue #27) as a dense columnar
// cube: metric x step x module of floats. Metrics are "{prefix}.{stat}" ("grad_reduced.norm",
// "actv.max"), modules the CSV's name column (with ":{micro_step}" when it is not 0). Dense,
// because a heatmap draws every cell and a comparison walks every cell of two runs; 200 steps x
// 1 000 modules x 8 metrics is 6.4 MB of floats. A cell the files never gave is NaN with its
// present bit clear; a NaN the run wrote is NaN with the bit set (a NaN norm is a finding).
struct MonitorRank
{
    int rank = 0;
    std::vector<qint64> steps; // sorted, unique
    QStringList modules;       // first-seen order (the model's order in msprobe's files)
    QStringList metrics;       // sorted
    std::vector<float> values; // (metric * steps + step) * modules + module
    std::vector<uint8_t> present;

    qsizetype stepCount() const { return qsizetype(steps.size()); }
    size_t index(int metric, int step, int module) const
    {
        return (size_t(metric) * steps.size() + size_t(step)) * size_t(modules.size()) +
               size_t(module);
    }
    bool has(int metric, int step, int module) const
    {
        return present[index(metric, step, module)] != 0;
    }
    float value(int metric, int step, int module) const
    {
        return values[index(metric, step, module)];
    }
    int stepIndex(qint64 step) const;
    int metricIndex(const QString &metric) const { return int(metrics.indexOf(metric)); }
};

// An anomaly msprobe's alert rules wrote (anomaly_detected/rank*/anomaly.json, or the sorted
// anomaly_analyse.json): located by rank, step and the module named in its tag.
struct MonitorAnomaly
{
    int rank = 0;
    qint64 step = 0;
    int microStep = 0;
    int vppStage = 0;
    qint64 callId = -1;
    QString tag;    // "0:1.self_attention.core_attention_flash_0/rank0/input_grad"
    QString module; // "1.self_attention.core_attention_flash_0"
    QString prefix; // "input_grad", "exp_avg" ...: the tag's last part
    QString stat;   // the op the message names ("min"), empty when it names none
    QString rule;   // "AnomalyTurbulence"
    QString message;
    QString file;
};

// Why a file of a monitor folder was read, or why it was listed and left (the CLI prints both).
struct MonitorFileUse
{
    QString path;
    QString reason; // "v1 grad_reduced steps 0-9, rank 0", "not a monitor file name" ...
    bool read = false;
    qint64 rows = 0;
};

struct MonitorRun
{
    QString path;
    QString layout;                 // "v1", "v2", "monitor_metrics.db"
    std::vector<MonitorRank> ranks; // by rank number
    std::vector<MonitorAnomaly> anomalies;
    std::vector<MonitorFileUse> files;

    const MonitorRank *findRank(int rank) const;
    QStringList metricNames() const; // the union over ranks, sorted
    qsizetype cellCount() const;
};

// Collects (rank, metric, module, step, value) cells in any order and builds the dense cubes. The
// cap keeps a hostile file (a million distinct steps, each with new modules) from asking for
// terabytes: the build fails with a message instead.
class MonitorCubeBuilder
{
public:
    static constexpr qint64 MaxCells = 400'000'000;

    void add(int rank, const QString &metric, const QString &module, qint64 step, double value)
    {
        add(rank, metricId(metric), moduleId(module), step, value);
    }
    // Ids for readers that add many cells of one metric or module: a CSV row names its module
    // once for all its statistics, so the string is hashed once, not once per cell.
    int metricId(const QString &metric) { return intern(m_metricIds, m_metrics, metric); }
    int moduleId(const QString &module) { return intern(m_moduleIds, m_modules, module); }
    void add(int rank, int metric, int module, qint64 step, double value)
    {
        m_cells.push_back({step, rank, metric, module, float(value)});
    }
    qint64 cellsAdded() const { return qint64(m_cells.size()); }
    // Builds every rank; fills *error and returns false when the cube would pass MaxCells.
    bool build(std::vector<MonitorRank> *out, QString *error, Diagnostics *diagnostics);

private:
    struct Cell
    {
        qint64 step;
        int rank;
        int metric;
        int module;
        float value;
    };
    int intern(QHash<QString, int> &ids, QStringList &names, const QString &name);
    QHash<QString, int> m_metricIds;
    QStringList m_metrics;
    QHash<QString, int> m_moduleIds;
    QStringList m_modules;
    std::vector<Cell> m_cells;
};

} // namespace Twinscope::Core
