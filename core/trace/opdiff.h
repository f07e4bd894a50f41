#pragma once

#include "opfamilies.h"
#include "taskclassify.h"
#include "tracedataset.h"

#include <QString>
#include <QStringList>

#include <utility>
#include <vector>

namespace Twinscope::Core {

// The two levels an op diff compares (issue #10): framework ops (aten::*, the host's cpu_op
// slices) and device ops (CUDA kernels and copies, Ascend tasks, HCCL ops).
enum class OpLevel : quint8 { Framework, Device };
QString opLevelId(OpLevel level); // "framework", "device"

// The ops of one trace inside some windows, summed over the windows.
struct OpTotals
{
    struct Row
    {
        QString name;
        OpLevel level = OpLevel::Framework;
        qint64 count = 0;
        qint64 totalNs = 0;
    };
    std::vector<Row> rows;
};

// An op counts in the window its start falls in. Framework ops are the host tracks' slices in
// the cpu_op (Kineto, torch_npu) or Operator (2021 Kineto) category, nested ones included, as
// key_averages() counts them; device ops are the compute and memory tasks, the communication ops
// (HCCL op-level spans where the trace has them, else the communication kernels/tasks).
// The framework ops (slice indices) that start inside the windows, as collectOps() counts them.
std::vector<quint32> frameworkOpsIn(const TraceDataset &dataset,
                                    const DeviceTaskSet &tasks,
                                    const std::vector<std::pair<qint64, qint64>> &windows);

OpTotals collectOps(const TraceDataset &dataset,
                    const DeviceTaskSet &tasks,
                    const std::vector<std::pair<qint64, qint64>> &windows);

enum class OpDiffState : quint8 { Added, Removed, Slower, Faster, Same };
QString opDiffStateId(OpDiffState state); // "added", "removed", "slower", "faster", "same"

struct OpDiffRow
{
    QString name;   // the family for a family row, else the op's name
    QString family; // empty when the name maps to no family
    OpLevel level = OpLevel::Framework;
    OpDiffState state = OpDiffState::Same;
    double baselineCount = 0, targetCount = 0; // per compared step (and rank)
    double baselineNs = 0, targetNs = 0;       // per compared step (and rank)
    QStringList baselineNames, targetNames;    // the ops behind a family row, most time first
    bool symptom = false; // a synchronisation/wait op: it waits for the device, it is no cause
    // A device row's name shortened as HTA does, keeping the template arguments that tell it from
    // another row (kernelnames.h); the name itself for framework rows. Show this, with the name
    // in a tooltip; JSON carries both.
    QString shortName;
    double deltaNs() const { return targetNs - baselineNs; }
    // target / baseline; 0 when the baseline is 0.
    double ratio() const { return baselineNs > 0 ? targetNs / baselineNs : 0.0; }
    double baselineMeanNs() const { return baselineCount > 0 ? baselineNs / baselineCount : 0.0; }
    double targetMeanNs() const { return targetCount > 0 ? targetNs / targetCount : 0.0; }
};

// Synchronisation and wait ops (aten::item, aten::_local_scalar_dense, cudaStreamSynchronize,
// cudaDeviceSynchronize, aclrtSynchronizeStream, …): their time is the device work they wait
// for, so they grow with any slower kernel and are symptoms, never causes (docs/CLI.md).
bool isSyncSymptomName(QStringView name);

// A row is "same" when its times differ by at most 5 % of the larger or by less than 1 µs:
// run-to-run noise of one kernel is a few per cent, and a sub-µs difference cannot move a step.
constexpr double OpSameFraction = 0.05;
constexpr qint64 OpSameAbsoluteNs = 1000;

// key_averages(group_by_input_shape=True): framework ops grouped by name and "Input Dims" (the
// args text as written, "[[16, 1024], [1024]]"; empty when the trace recorded no shapes).
struct OpShapeRow
{
    QString name;
    QString inputDims;
    qint64 count = 0;
    qint64 totalNs = 0;
};
std::vector<OpShapeRow> collectOpShapes(const TraceDataset &dataset,
                                        const DeviceTaskSet &tasks,
                                        const std::vector<std::pair<qint64, qint64>> &windows);

// Pairs the two sides' ops: device ops by family where the map has one, framework ops by exact
// name (or a user rule), others by name; unmatched names stay as added/removed rows. Each side's
// counts and times are multiplied by its scale (1 / (steps × ranks) for per-step averages). Rows
// are sorted by |delta|, largest first: the order of their impact on the step time; symptom rows
// (isSyncSymptomName) come after every other row, below the device work they waited for.
std::vector<OpDiffRow> diffOps(const OpTotals &baseline,
                               double baselineScale,
                               const OpTotals &target,
                               double targetScale,
                               const OpFamilyMap &families);

} // namespace Twinscope::Core
