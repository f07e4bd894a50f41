#pragma once

#include "core/common/diagnostics.h"
#include "core/common/error.h"
#include "core/common/progress.h"
#include "rankprofile.h"

#include <QHash>

#include <map>
#include <optional>
#include <string_view>

namespace Twinscope::Core {

// The readers of an Ascend profiler folder's tables (docs/FORMATS.md §2.7-2.8, §4.5). Each takes a
// file's bytes and name, adds what it reads to a RankProfile and says how many records it read.
// Columns are looked up by name (CsvColumns), so the column sets of different CANN, torch_npu and
// MindSpore versions all read; a column a reader cannot do without is an error that names the file
// and the column; rows it cannot use are skipped and counted in diagnostics.
struct TableRead
{
    qint64 rows = 0;
    std::optional<Error> error;
    bool canceled = false;
};

// kernel_details.csv (torch_npu) and op_summary_*.csv (CANN msprof): one row per kernel.
TableRead readKernelDetails(std::string_view data,
                            const QString &name,
                            RankProfile &rank,
                            Diagnostics &diagnostics,
                            const CancelToken &cancel);
// op_statistic.csv / op_statistic_*.csv: one row per op type and core, already aggregated.
TableRead readOpStatistic(std::string_view data,
                          const QString &name,
                          RankProfile &rank,
                          Diagnostics &diagnostics,
                          const CancelToken &cancel);

// step_trace_time.csv (torch_npu): a row per step with the phases in µs.
TableRead readStepTraceTime(std::string_view data,
                            const QString &name,
                            RankProfile &rank,
                            Diagnostics &diagnostics,
                            const CancelToken &cancel);
// CANN msprof step_trace_*.csv: Iteration ID and Iteration Time(us); no phases.
TableRead readMsprofStepTrace(std::string_view data,
                              const QString &name,
                              RankProfile &rank,
                              Diagnostics &diagnostics,
                              const CancelToken &cancel);
// MindSpore step_trace_raw_*_detail_time.csv: step_num, total, fp_and_bp, ... in device ticks.
TableRead readMindSporeStepTrace(std::string_view data,
                                 const QString &name,
                                 RankProfile &rank,
                                 Diagnostics &diagnostics,
                                 const CancelToken &cancel);
// msprof-analyze's cluster_step_trace_time.csv: Step,Type,Index,... with a "rank" row per rank
// and step ("stage" rows are maxima over a pipeline stage and are not kept).
TableRead readClusterStepTraceTime(std::string_view data,
                                   const QString &name,
                                   std::map<int, RankProfile> &ranks,
                                   Diagnostics &diagnostics,
                                   const CancelToken &cancel);

// Ranks of a communication group by the group's name in op keys ("hcom_x__1_0@<name>"), from
// profiler_metadata.json's parallel_group_info, for turning group-local link ends into ranks.
using GroupRanks = QHash<QString, std::vector<int>>;

// communication.json: {step: {collective|p2p: {op@group: {Communication Time Info, Bandwidth}}}}.
TableRead readCommunication(std::string_view data,
                            const QString &name,
                            RankProfile &rank,
                            Diagnostics &diagnostics,
                            const CancelToken &cancel);
// communication_matrix.json: {step: {collective|p2p: {op@group: {"src-dst": {Transport Type,
// ...}}}}}.
TableRead readCommunicationMatrix(std::string_view data,
                                  const QString &name,
                                  const GroupRanks &groups,
                                  RankProfile &rank,
                                  Diagnostics &diagnostics,
                                  const CancelToken &cancel);
// cluster_communication.json: {group: {step: {op: {rank: {Time Info, Bandwidth Info}}}}}.
TableRead readClusterCommunication(std::string_view data,
                                   const QString &name,
                                   std::map<int, RankProfile> &ranks,
                                   Diagnostics &diagnostics,
                                   const CancelToken &cancel);
// cluster_communication_matrix.json: {group: {step: {op: {"src-dst": {...}}}}} with global ranks.
TableRead readClusterCommunicationMatrix(std::string_view data,
                                         const QString &name,
                                         std::vector<MatrixLink> &links,
                                         Diagnostics &diagnostics,
                                         const CancelToken &cancel);

// memory_record.csv, operator_memory.csv, npu_module_mem.csv (MB or KB columns both read).
TableRead readMemoryRecord(std::string_view data,
                           const QString &name,
                           RankProfile &rank,
                           Diagnostics &diagnostics,
                           const CancelToken &cancel);
TableRead readOperatorMemory(std::string_view data,
                             const QString &name,
                             RankProfile &rank,
                             Diagnostics &diagnostics,
                             const CancelToken &cancel);
TableRead readNpuModuleMem(std::string_view data,
                           const QString &name,
                           RankProfile &rank,
                           Diagnostics &diagnostics,
                           const CancelToken &cancel);
// Peak memory per step, from the memory curves and the steps' spans (after both are read).
void computeStepMemoryPeaks(RankProfile &rank);

// profiler_info_<rank>.json, profiler_metadata.json and CANN's info.json.<device>: the rank id,
// versions and parallel group ranks.
TableRead readProfilerInfo(std::string_view data, const QString &name, RankProfile &rank);
TableRead readProfilerMetadata(std::string_view data,
                               const QString &name,
                               RankProfile &rank,
                               GroupRanks &groups);
TableRead readCannInfo(std::string_view data, const QString &name, RankProfile &rank);

// MindSpore's per-op time tables: aicore_intermediate_*_detail.csv (full_op_name,
// execution_time ms), aicore_intermediate_*_type.csv (op_type, total_time ms,
// execution_frequency) and output_op_compute_time_*.txt. opTypes maps full op names to op types
// (from framework_raw_*.csv, read by the op-info parser); without it the type comes from the name.
TableRead readMindSporeAicoreDetail(std::string_view data,
                                    const QString &name,
                                    const QHash<QString, QString> &opTypes,
                                    RankProfile &rank,
                                    Diagnostics &diagnostics,
                                    const CancelToken &cancel);
TableRead readMindSporeAicoreType(std::string_view data,
                                  const QString &name,
                                  RankProfile &rank,
                                  Diagnostics &diagnostics,
                                  const CancelToken &cancel);
TableRead readMindSporeOpComputeTime(std::string_view data,
                                     const QString &name,
                                     const QHash<QString, QString> &opTypes,
                                     RankProfile &rank,
                                     Diagnostics &diagnostics,
                                     const CancelToken &cancel);
// The op type in a MindSpore full op name: "Default/network/Conv2D-op12" -> "Conv2D".
QString mindSporeOpTypeFromName(const QString &fullName);

} // namespace Twinscope::Core
