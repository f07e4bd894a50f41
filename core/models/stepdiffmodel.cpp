#include "stepdiffmodel.h"

#include <QVariantList>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace Twinscope::Core {

namespace {

const TraceStepRow *stepOf(const TraceDiffSideSummary &s, int row)
{
    return row < int(s.steps.size()) ? &s.steps[size_t(row)] : nullptr;
}

QString stepName(const TraceStepRow &s)
{
    return s.name.isEmpty() ? StepDiffModel::tr("whole trace") : s.name;
}

bool chosen(const TraceDiffSideSummary &s, int row)
{
    return std::find(s.chosen.begin(), s.chosen.end(), row) != s.chosen.end();
}

void addBars(QVariantList &out, const TraceStepRow *s)
{
    if (!s || !s->phases.phases) {
        out << 0.0 << 0.0 << 0.0 << (s ? s->durationNs / 1000.0 : 0.0);
        return;
    }
    const TracePhases &p = *s->phases.phases;
    out << double(p.computingNs) / 1000.0 << double(p.communicationNotOverlappedNs) / 1000.0
        << double(p.freeNs) / 1000.0 << s->durationNs / 1000.0;
}

} // namespace

StepDiffModel::StepDiffModel(QObject *parent)
    : DiffTableModel(parent)
{}

void StepDiffModel::setDiff(std::shared_ptr<const TraceDiff> diff)
{
    beginResetModel();
    m_diff = std::move(diff);
    endResetModel();
}

int StepDiffModel::rowCount(const QModelIndex &parent) const
{
    if (parent.isValid() || !m_diff)
        return 0;
    return int(std::max(m_diff->baseline.steps.size(), m_diff->target.steps.size()));
}

QVariant StepDiffModel::value(int row, int column) const
{
    const TraceStepRow *b = stepOf(m_diff->baseline, row);
    const TraceStepRow *t = stepOf(m_diff->target, row);
    switch (column) {
    case Index:
        return qlonglong(row);
    case BaselineStep:
        return b ? QVariant(stepName(*b)) : QVariant();
    case BaselineUs:
        return b ? QVariant(b->durationNs / 1000.0) : QVariant();
    case TargetStep:
        return t ? QVariant(stepName(*t)) : QVariant();
    case TargetUs:
        return t ? QVariant(t->durationNs / 1000.0) : QVariant();
    case Ratio:
        return b && t && b->durationNs > 0 ? QVariant(t->durationNs / b->durationNs) : QVariant();
    case Phases:
        return QString();
    }
    return {};
}

QString StepDiffModel::columnTitle(int column) const
{
    switch (column) {
    case Index:
        return tr("#");
    case BaselineStep:
        return tr("Baseline step");
    case BaselineUs:
        return tr("Baseline (µs)");
    case TargetStep:
        return tr("Target step");
    case TargetUs:
        return tr("Target (µs)");
    case Ratio:
        return tr("Target / baseline");
    case Phases:
        return tr("Phases");
    }
    return {};
}

int StepDiffModel::decimals(int column) const
{
    return column == Ratio ? 2 : 1;
}

QVariant StepDiffModel::other(int row, int column, int role) const
{
    if (role == StateRole && (chosen(m_diff->baseline, row) || chosen(m_diff->target, row)))
        return u"chosen"_s;
    if (role == KeyRole && column == Phases) {
        QVariantList bars;
        addBars(bars, stepOf(m_diff->baseline, row));
        addBars(bars, stepOf(m_diff->target, row));
        return bars;
    }
    if (role == KeyRole)
        return row;
    return {};
}

} // namespace Twinscope::Core
