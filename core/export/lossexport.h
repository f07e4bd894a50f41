#pragma once

#include "core/loss/losscomparison.h"
#include "core/loss/lossdataset.h"

#include <QStringList>
#include <QTextStream>

#include <optional>

namespace Twinscope::Core {

// CSV of one metric of several runs aligned by step (union of steps, empty cells where a run has no
// point), plus the benchmark/test difference columns when a comparison is given. Non-finite values
// are written as nan/inf/-inf, as Python and pandas read them.
struct LossCsvRun
{
    QString label;
    const LossRun *run = nullptr;
    qint64 stepOffset = 0;
};
void writeAlignedLossCsv(QTextStream &out,
                         const QList<LossCsvRun> &runs,
                         const QString &metric,
                         const LossComparison *comparison = nullptr);

} // namespace Twinscope::Core
