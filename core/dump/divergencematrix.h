#pragma once

#include "dumpcompare.h"

#include <QStringList>

namespace Twinscope::Core {

// The per-layer divergence heatmap's data (METRICS.md §8): rows = tensors in bench execution order
// (unmatched bench tensors in place, unmatched NPU tensors appended); columns = metrics scaled to
// badness 0 (good) .. 1 (bad) on a log scale between a "clean" and a "broken" value, or, for a
// series of runs (steps, ranks), one metric per run. NaN = no value (no partner) and is drawn grey.
struct DivergenceMatrix
{
    QStringList columns;   // translated short column labels
    QStringList rowLabels; // tensor names
    QList<int> rowToRow;   // matrix row -> comparison row (-1 when none); metric matrices only
    QList<int> cellToRow;  // series matrices: cell -> row in that column's run (-1 when none)
    QList<double> badness; // rows × columns, row-major
    QString rowAxis;       // translated row-axis title; empty: "tensors in execution order"
    int rowCount() const { return int(rowLabels.size()); }
    int columnCount() const { return int(columns.size()); }
    double at(int r, int c) const { return badness[qsizetype(r) * columns.size() + c]; }
    // The comparison row a cell stands for (in the run of that column for series matrices).
    int comparisonRow(int r, int c) const
    {
        return cellToRow.isEmpty() ? rowToRow.value(r, -1)
                                   : cellToRow.value(qsizetype(r) * columns.size() + c, -1);
    }
};

QStringList divergenceMetricNames(bool statisticsMode);
// Badness of one metric of one comparison row; rows that could not be compared count as 1.
double divergenceBadness(const DumpComparison &comparison, int row, int metric);
DivergenceMatrix buildDivergenceMatrix(const DumpComparison &comparison);

// Several runs of the same model (msprobe step{N}/rank{R} folders), each compared on its own.
struct DumpSeries
{
    QStringList labels; // "step0/rank0", ...
    QList<std::shared_ptr<const DumpComparison>> runs;
};
// Rows = the union of the runs' bench tensor names in first-seen order, columns = runs.
DivergenceMatrix buildSeriesMatrix(const DumpSeries &series, int metric);

} // namespace Twinscope::Core
