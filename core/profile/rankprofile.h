#pragma once

#include "communication.h"
#include "core/common/diagnostics.h"
#include "core/common/error.h"
#include "kerneltable.h"
#include "steptable.h"

#include <QMap>
#include <QString>

#include <optional>
#include <vector>

namespace Twinscope::Core {

// memory_record.csv: one component's memory over time (PTA, GE, APP, ...).
struct MemoryCurve
{
    QString component;
    std::vector<qint64> tsNs;
    std::vector<double> allocatedMb; // NaN where the file has no allocated column
    std::vector<double> reservedMb;
};

// operator_memory.csv grouped by operator name.
struct Allocator
{
    QString name;
    qint64 count = 0;
    double totalKb = 0;
    double maxKb = 0;
    double durationUs = 0; // summed lifetime of its blocks
};

// The highest memory seen during one step (steps' time ranges come from the kernel table).
struct StepMemoryPeak
{
    QString step;
    double allocatedMb = 0;
    double reservedMb = 0;
};

// npu_module_mem.csv: the peak a device module (SLOG, APP, HCCL, RUNTIME, ...) reserved.
struct ModuleMemory
{
    QString component;
    double peakReservedMb = 0;
    qint64 samples = 0;
};

struct MemoryProfile
{
    std::vector<MemoryCurve> curves;
    std::vector<Allocator> allocators; // largest total first
    std::vector<StepMemoryPeak> stepPeaks;
    std::vector<ModuleMemory> modules;
    bool isEmpty() const { return curves.empty() && allocators.empty() && modules.empty(); }
};

// A step's span on the device clock, from the kernels that carry its step id.
struct StepSpan
{
    QString step;
    qint64 firstNs = 0;
    qint64 lastNs = 0;
};

// One file of a profiler folder, as read.
struct ProfileFile
{
    QString path;
    QString format;  // the sniffer's format id: "kernel_details_csv", "communication_json", ...
    qint64 rows = 0; // records read (rows, ops, links)
    std::optional<Error> error;
    Diagnostics diagnostics;
};

// Everything read for one rank (one *_ascend_pt folder, one PROF_*/device_N, one MindSpore
// profiler folder, or the rank rows of msprof-analyze's cluster files).
struct RankProfile
{
    int rank = -1; // -1 until known
    QString path;  // the rank's folder (or the file opened alone)
    std::vector<ProfileFile> files;
    std::vector<StepRow> steps;
    std::vector<StepSpan> stepSpans;
    KernelTable kernels;
    bool kernelsFromStatistics = false; // op_statistic.csv only: no shapes, no PMU
    std::vector<CollectiveStats> collectives;
    std::vector<RankLinkTraffic> links; // this rank's traffic per link type
    std::vector<MatrixLink> matrix;
    bool matrixLocalRanks = false; // link ends are ranks local to their group (no metadata)
    MemoryProfile memory;
    QMap<QString, QString> info; // versions, device, parallel sizes from the metadata files

    bool hasTables() const;
};

} // namespace Twinscope::Core
