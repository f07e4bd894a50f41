#pragma once

#include <QString>
#include <QStringList>

#include <vector>

namespace Twinscope::Core {

// One metric of one run, sorted by step with unique steps. Values keep NaN/Inf: they are what the
// overflow analysis looks for. Steps come from the text, never from a line or list index, except
// where the format defines the index as the step (MindSpeed-LLM baselines, docs/FORMATS.md §6.9).
struct LossSeries
{
    QString name;
    std::vector<qint64> steps;
    std::vector<double> values;

    qsizetype size() const { return qsizetype(steps.size()); }
    // Steps whose value is NaN or ±Inf, in order.
    std::vector<qint64> nonFiniteSteps() const;
};

// A parsed loss log: every metric found, as columns. Immutable once loaded (docs/DESIGN.md §1).
struct LossRun
{
    QString path; // as the user gave it
    QString
        format; // stable id: the sniffer's producer ("megatron", "llamafactory", ...) or "regex"
    qint64 bytes = 0;
    qint64 lines = 0;               // text lines (or JSON entries) looked at
    qint64 records = 0;             // lines/entries that gave at least one value
    qint64 unparsedLines = 0;       // non-empty lines that matched nothing (noise in stdout logs)
    std::vector<LossSeries> series; // in order of first appearance

    qsizetype indexOf(const QString &name) const;
    const LossSeries *find(const QString &name) const;
    QStringList metricNames() const;
    // The series users mean by "the loss": "lm loss", "loss", a "*pg_loss", the first name
    // containing "loss", else the first series. Empty when the run has no series.
    QString mainMetric() const;
};

} // namespace Twinscope::Core
