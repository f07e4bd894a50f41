#pragma once

#include "opinfoanalysis.h"

#include <QList>
#include <QStringList>

namespace Twinscope::Core {

// Compile events over time per op type, ready for a scatter plot (docs/DESIGN.md §7: sorted vectors
// built off the GUI thread). Row i of the chart is rows[i]; x is seconds since the first compile.
struct CompileChartData
{
    enum Kind { First, Repeat, NewSignature, Truncated, KindCount };
    qint64 originNs = -1;
    QStringList rows; // bottom to top
    QList<double> keys[KindCount];
    QList<double> values[KindCount];
    double cutoffSeconds = -1; // < 0: no cut-off
    double spanSeconds = 0;
    qint64 pointsDropped = 0; // events folded into a point already drawn in the same pixel bucket
};

// maxRows op types: recompiled ones first, then the most compiled. At most `buckets` points per row
// and kind: more are not visible on any screen, and 600 k scatter points would make the view
// sluggish.
CompileChartData buildCompileChart(const OpInfoDataset &dataset,
                                   const OpInfoReport &report,
                                   int maxRows = 24,
                                   int buckets = 4000);

} // namespace Twinscope::Core
