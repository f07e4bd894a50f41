#pragma once

#include "core/common/progress.h"
#include "core/common/result.h"
#include "modulecompare.h"

#include <QList>
#include <QPair>
#include <QString>

namespace Twinscope::Core {

// What to compare: two msprobe dump folders (each a dump.json folder or a step*/rank*/ tree), or
// one msprobe .vis.db (bench then empty).
struct ModulePipelineInput
{
    QString npu;
    QString bench;
    int step = -1; // -1: the first step (rank) both sides have
    int rank = -1;
    ModuleCompareOptions options;
};

struct ModulePipelineResult
{
    std::shared_ptr<ModuleComparison> comparison;
    QString source;                   // "dumps" or "vis.db"
    QList<QPair<int, int>> stepRanks; // every step/rank the inputs hold (the NPU side's)
    int step = 0, rank = 0;           // the one compared
    int msprobeMatched = -1;          // vis.db: NPU nodes msprobe matched; -1 for dumps
};

// Loads, matches and compares. Tensor mode also compares the tensors element by element (the dump
// compare of core/dump) for the one-thousandth ratios msprobe's tensor index is made of.
Result<ModulePipelineResult> runModulePipeline(const ModulePipelineInput &input,
                                               ProgressSink &progress,
                                               const CancelToken &cancel);

// Whether a path is an msprobe .vis.db (by its tables, never its name).
bool isVisDbPath(const QString &path);

} // namespace Twinscope::Core
