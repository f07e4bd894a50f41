#include "divergencematrix.h"

#include "core/common/tr.h"
#include "verdictpolicy.h"

#include <QHash>

#include <algorithm>

namespace Twinscope::Core {

namespace {

// log-scale badness between a clean and a broken value (both > 0).
double logBadness(double v, double clean, double broken)
{
    if (std::isnan(v))
        return std::nan("");
    if (std::isinf(v))
        return 1.0;
    if (v <= clean)
        return 0.0;
    return std::clamp(
        (std::log10(v) - std::log10(clean)) / (std::log10(broken) - std::log10(clean)), 0.0, 1.0);
}

struct Metric
{
    double clean, broken;
    double (*value)(const CompareRow &);
};

const Metric tensorMetrics[] = {
    {1e-6,
     0.1,
     [](const CompareRow &r) {
         return 1.0 - r.metrics->cosine;
     }},
    {1e-4,
     1.0,
     [](const CompareRow &r) {
         return r.metrics->maxAbsErr;
     }},
    {1e-4,
     1.0,
     [](const CompareRow &r) {
         return r.metrics->maxRelErr;
     }},
    {1e-5,
     0.1,
     [](const CompareRow &r) {
         return r.metrics->meanAbsErr;
     }},
    {1e-5,
     0.1,
     [](const CompareRow &r) {
         return r.metrics->rmse;
     }},
    {1e-5,
     0.1,
     [](const CompareRow &r) {
         return r.metrics->relEuclidean;
     }},
    {1e-3,
     0.5,
     [](const CompareRow &r) {
         return 1.0 - r.metrics->oneThousandthRatio;
     }},
    {1e-3,
     0.5,
     [](const CompareRow &r) {
         return 1.0 - r.metrics->fiveThousandthRatio;
     }},
    {0.5,
     1.0,
     [](const CompareRow &r) {
         return double(r.metrics->nanNpu + r.metrics->infNpu > 0);
     }},
};
const Metric statMetrics[] = {
    {1e-3,
     0.5,
     [](const CompareRow &r) {
         return r.stats.maxRel;
     }},
    {1e-3,
     0.5,
     [](const CompareRow &r) {
         return r.stats.minRel;
     }},
    {1e-3,
     0.5,
     [](const CompareRow &r) {
         return r.stats.meanRel;
     }},
    {1e-3,
     0.5,
     [](const CompareRow &r) {
         return r.stats.normRel;
     }},
};

} // namespace

QStringList divergenceMetricNames(bool statisticsMode)
{
    if (statisticsMode)
        return {Tr::tr("ΔMax"), Tr::tr("ΔMin"), Tr::tr("ΔMean"), Tr::tr("ΔNorm")};
    return {Tr::tr("1−cos"),
            Tr::tr("MaxAbs"),
            Tr::tr("MaxRel"),
            Tr::tr("MeanAbs"),
            Tr::tr("RMSE"),
            Tr::tr("RelEuc"),
            Tr::tr("1−1‰"),
            Tr::tr("1−5‰"),
            Tr::tr("NaN/Inf")};
}

double divergenceBadness(const DumpComparison &c, int row, int metric)
{
    if (row < 0 || row >= c.rows.size())
        return std::nan("");
    const CompareRow &r = c.rows[row];
    // Rows that could not be compared (unreadable, shape mismatch, NaN/Inf at different positions)
    // are fully bad rather than grey: grey is reserved for tensors without a partner.
    // (A row read back from a compare-result file has no element count either, but was compared:
    // its cells show the file's metrics, and the ones the file lacks are absent.)
    if (r.verdict == Verdict::Unmatched || r.metrics->maskMismatch ||
        (r.verdict == Verdict::Error && !c.statisticsMode && r.metrics->count == 0 &&
         (r.reasons & quint32(VerdictReason::Unreadable))))
        return 1.0;
    const qsizetype n = c.statisticsMode ? std::size(statMetrics) : std::size(tensorMetrics);
    if (metric < 0 || metric >= n)
        return std::nan("");
    const Metric &m = c.statisticsMode ? statMetrics[metric] : tensorMetrics[metric];
    // The scales above are fp32's; the verdict rules are dtype-aware (a bf16 or fp16 run passes
    // with relative errors of 1e-3..1e-2). So that the heatmap never shows dark red where the
    // header and the table say "pass", the colour is capped by the row's verdict: a passing row
    // stays in the lower third, a warning in the lower two thirds, only an error reaches "broken".
    const double cap = r.verdict == Verdict::Pass      ? 1.0 / 3
                       : r.verdict == Verdict::Warning ? 2.0 / 3
                                                       : 1.0;
    // A metric the row does not have (msprobe's result files carry no MeanAbs or RMSE; a
    // statistic whose bench value is 0 has no relative error) is absent: NaN, drawn as no value,
    // never in the verdict's colour (std::min(cap, NaN) gave the cap: orange for a warning row).
    const double badness = logBadness(m.value(r), m.clean, m.broken);
    return std::isnan(badness) ? badness : std::min(cap, badness);
}

DivergenceMatrix buildDivergenceMatrix(const DumpComparison &c)
{
    DivergenceMatrix m;
    m.columns = divergenceMetricNames(c.statisticsMode);
    QList<int> rowOfBench(c.bench->tensors.size(), -1);
    for (int i = 0; i < c.rows.size(); ++i)
        rowOfBench[c.rows[i].bench] = i;
    auto addRow = [&](const QString &label, int row) {
        m.rowLabels << label;
        m.rowToRow << row;
        for (int k = 0; k < m.columns.size(); ++k)
            m.badness << divergenceBadness(c, row, k);
    };
    for (int i = 0; i < c.bench->tensors.size(); ++i)
        addRow(c.bench->tensors[i].name, rowOfBench[i]);
    for (int j : c.unmatchedNpu)
        addRow(c.npu->tensors[j].name, -1);
    return m;
}

DivergenceMatrix buildSeriesMatrix(const DumpSeries &series, int metric)
{
    DivergenceMatrix m;
    m.columns = series.labels;
    QHash<QString, int> rowOf;
    QList<QHash<QString, int>> rowsByName;
    for (const auto &run : series.runs) {
        QHash<QString, int> byName;
        for (int i = 0; i < run->rows.size(); ++i) {
            const QString &name = run->bench->tensors[run->rows[i].bench].name;
            byName.insert(name, i);
            if (!rowOf.contains(name)) {
                rowOf.insert(name, int(m.rowLabels.size()));
                m.rowLabels << name;
            }
        }
        rowsByName << byName;
    }
    const qsizetype cols = series.runs.size();
    m.badness = QList<double>(m.rowLabels.size() * cols, std::nan(""));
    m.cellToRow = QList<int>(m.rowLabels.size() * cols, -1);
    m.rowToRow = QList<int>(m.rowLabels.size(), -1);
    for (qsizetype c = 0; c < cols; ++c) {
        for (auto it = rowsByName[c].cbegin(); it != rowsByName[c].cend(); ++it) {
            const qsizetype cell = qsizetype(rowOf.value(it.key())) * cols + c;
            m.cellToRow[cell] = it.value();
            m.badness[cell] = divergenceBadness(*series.runs[c], it.value(), metric);
        }
    }
    return m;
}

} // namespace Twinscope::Core
