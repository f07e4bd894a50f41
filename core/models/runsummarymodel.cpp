#include "runsummarymodel.h"

#include "comparetablemodel.h"
#include "core/common/plaintooltip.h"
#include "core/common/tr.h"
#include "core/dump/dumpseries.h"

#include <QLocale>

using namespace Qt::StringLiterals;

namespace Twinscope::Core {

RunSummaryModel::RunSummaryModel(QObject *parent)
    : QAbstractTableModel(parent)
{}

void RunSummaryModel::setSeries(std::shared_ptr<const DumpSeries> series)
{
    beginResetModel();
    m_series = std::move(series);
    endResetModel();
}

int RunSummaryModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() || !m_series ? 0 : int(m_series->runs.size());
}

int RunSummaryModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant RunSummaryModel::data(const QModelIndex &index, int role) const
{
    if (!m_series || !index.isValid() || index.row() >= rowCount())
        return {};
    const int row = index.row(), col = index.column();
    const DumpComparison &c = *m_series->runs[row];
    const RunId id = runId(m_series->labels[row]);
    const int errors = c.countVerdict(Verdict::Error), warnings = c.countVerdict(Verdict::Warning);
    auto name = [&](int r) {
        return r >= 0 ? c.bench->tensors[c.rows[r].bench].name : QString();
    };
    switch (role) {
    case CompareTableModel::KeyRole:
        return row;
    case CompareTableModel::SeverityRole:
        return int(errors ? Verdict::Error : warnings ? Verdict::Warning : Verdict::Pass);
    case CompareTableModel::SortRole:
    case CompareTableModel::RawValueRole:
        switch (col) {
        case StepColumn:
            return id.step;
        case RankColumn:
            return id.rank;
        case PairsColumn:
            return int(c.rows.size());
        case ErrorsColumn:
            return errors;
        case WarningsColumn:
            return warnings;
        default:
            return role == CompareTableModel::SortRole ? data(index, Qt::DisplayRole) : QVariant();
        }
    case Qt::ToolTipRole:
        return plainToolTip(m_series->labels[row]);
    case Qt::DisplayRole: {
        const QLocale locale;
        switch (col) {
        case StepColumn:
            return id.step >= 0 ? locale.toString(id.step) : m_series->labels[row];
        case RankColumn:
            return id.rank >= 0 ? locale.toString(id.rank) : QString();
        case PairsColumn:
            return locale.toString(c.rows.size());
        case ErrorsColumn:
            return locale.toString(errors);
        case WarningsColumn:
            return locale.toString(warnings);
        case FirstDivergentColumn:
            return c.firstDivergent >= 0 ? name(c.firstDivergent) : Tr::tr("none");
        case NanOriginColumn:
            return name(c.nanOrigin);
        default:
            return {};
        }
    }
    default:
        return {};
    }
}

QVariant RunSummaryModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case StepColumn:
        return Tr::tr("Step");
    case RankColumn:
        return Tr::tr("Rank");
    case PairsColumn:
        return Tr::tr("Pairs");
    case ErrorsColumn:
        return Tr::tr("Errors");
    case WarningsColumn:
        return Tr::tr("Warnings");
    case FirstDivergentColumn:
        return Tr::tr("First divergent");
    case NanOriginColumn:
        return Tr::tr("NaN/Inf origin");
    default:
        return {};
    }
}

} // namespace Twinscope::Core
