#include "phasetablemodel.h"

#include "core/common/plaintooltip.h"
#include "core/common/tr.h"

#include <QLocale>

#include <cmath>

using namespace Qt::StringLiterals;

namespace Twinscope::Core {

std::vector<PhaseRow> rankPhaseRows(const ProfileAnalysis &a)
{
    std::vector<PhaseRow> rows;
    const QLocale loc;
    for (const RankSummary &r : a.ranks) {
        PhaseRow row;
        row.label = Tr::tr("rank %1").arg(r.rank);
        row.key = r.rank;
        row.path = r.path;
        row.steps = r.steps;
        row.stepUs = r.stepUs;
        row.us = r.us;
        QStringList why;
        for (const SlowRank &s : a.slowRanks) {
            if (s.rank != r.rank)
                continue;
            row.severity = 1;
            why << Tr::tr("%1 %2 µs is %3 µs over the median of all ranks (%4 µs); the rule "
                          "counts more than %5 µs, 5 % of the mean step.")
                       .arg(stepPhaseDisplayName(s.phase),
                            loc.toString(s.valueUs, 'f', 1),
                            loc.toString(s.valueUs - s.medianUs, 'f', 1),
                            loc.toString(s.medianUs, 'f', 1),
                            loc.toString(s.thresholdUs, 'f', 1));
        }
        row.why = why.join(u"\n"_s);
        rows.push_back(std::move(row));
    }
    return rows;
}

std::vector<PhaseRow> stepPhaseRows(const RankProfile &rank)
{
    std::vector<PhaseRow> rows;
    for (size_t i = 0; i < rank.steps.size(); ++i) {
        const StepRow &s = rank.steps[i];
        PhaseRow row;
        row.label = s.step.isEmpty() ? Tr::tr("step %1").arg(i + 1) : Tr::tr("step %1").arg(s.step);
        row.key = int(i);
        row.steps = 1;
        row.stepUs = s.stepUs();
        row.us = s.us;
        rows.push_back(std::move(row));
    }
    return rows;
}

PhaseTableModel::PhaseTableModel(QObject *parent)
    : QAbstractTableModel(parent)
{}

void PhaseTableModel::setRows(std::vector<PhaseRow> rows, const QString &labelHeader)
{
    beginResetModel();
    m_rows = std::move(rows);
    m_labelHeader = labelHeader;
    endResetModel();
}

int PhaseTableModel::rowOfKey(int key) const
{
    for (size_t i = 0; i < m_rows.size(); ++i) {
        if (m_rows[i].key == key)
            return int(i);
    }
    return -1;
}

int PhaseTableModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int PhaseTableModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant PhaseTableModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const PhaseRow &r = m_rows[size_t(index.row())];
    const int column = index.column();
    if (role == KeyRole)
        return r.key;
    if (role == SeverityRole)
        return r.severity;
    auto raw = [&]() -> QVariant {
        if (column == Label)
            return r.label;
        if (column == Steps)
            return r.steps;
        const double v = column == StepTime ? r.stepUs : r.us[size_t(Phases[column - FirstPhase])];
        return std::isfinite(v) ? QVariant(v) : QVariant();
    };
    if (role == RawValueRole)
        return raw();
    if (role == SortRole)
        return column == Label ? QVariant(r.key) : raw();
    if (role == Qt::DisplayRole) {
        const QVariant v = raw();
        if (column == Label || !v.isValid())
            return v;
        if (column == Steps)
            return QLocale().toString(r.steps);
        return QLocale().toString(v.toDouble(), 'f', 1);
    }
    if (role == Qt::ToolTipRole) {
        if (!r.why.isEmpty())
            return plainToolTip(r.why);
        return r.path.isEmpty() ? QVariant() : QVariant(plainToolTip(r.path));
    }
    if (role == Qt::TextAlignmentRole && column != Label)
        return int(Qt::AlignRight | Qt::AlignVCenter);
    return {};
}

QVariant PhaseTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation == Qt::Horizontal && role == Qt::ToolTipRole && section >= FirstPhase &&
        section < ColumnCount)
        return stepPhaseColumn(Phases[section - FirstPhase]); // the step_trace_time.csv column
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    if (section == Label)
        return m_labelHeader;
    if (section == Steps)
        return tr("Steps");
    if (section == StepTime)
        return tr("Step (µs)");
    if (section >= FirstPhase && section < ColumnCount)
        return tr("%1 (µs)").arg(stepPhaseShortName(Phases[section - FirstPhase]));
    return {};
}

} // namespace Twinscope::Core
