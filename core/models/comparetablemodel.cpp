#include "comparetablemodel.h"

#include "core/common/plaintooltip.h"
#include "core/common/tr.h"

#include <QLocale>

using namespace Qt::StringLiterals;

namespace Twinscope::Core {

CompareTableModel::CompareTableModel(QObject *parent)
    : QAbstractTableModel(parent)
{}

void CompareTableModel::setComparison(std::shared_ptr<const DumpComparison> comparison)
{
    beginResetModel();
    m_comparison = std::move(comparison);
    endResetModel();
}

void CompareTableModel::setSideNames(const QString &bench, const QString &npu)
{
    m_benchName = bench;
    m_npuName = npu;
    emit headerDataChanged(Qt::Horizontal, 0, ColumnCount - 1);
}

int CompareTableModel::rowCount(const QModelIndex &parent) const
{
    if (parent.isValid() || !m_comparison)
        return 0;
    return int(m_comparison->rows.size() + m_comparison->unmatchedBench.size() +
               m_comparison->unmatchedNpu.size());
}

int CompareTableModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

int CompareTableModel::modelRow(int comparisonRow) const
{
    return m_comparison && comparisonRow >= 0 && comparisonRow < m_comparison->rows.size()
               ? comparisonRow
               : -1;
}

int CompareTableModel::firstDivergentRow() const
{
    return m_comparison ? modelRow(m_comparison->firstDivergent) : -1;
}

double CompareTableModel::value(int row, int column) const
{
    const CompareRow &r = m_comparison->rows[row];
    const PairMetrics &m = *r.metrics;
    if (m_comparison->statisticsMode) {
        // In statistics mode the metric columns hold the relative differences of Max/Min/Mean/Norm.
        switch (column) {
        case CosineColumn:
            return r.stats.maxRel;
        case MaxAbsColumn:
            return r.stats.minRel;
        case MaxRelColumn:
            return r.stats.meanRel;
        case MeanAbsColumn:
            return r.stats.normRel;
        case RmseColumn:
            return m_comparison->npuStats(r).norm;
        case RelEuclideanColumn:
            return m_comparison->benchStats(r).norm;
        default:
            return std::nan("");
        }
    }
    switch (column) {
    case CosineColumn:
        return m.cosine;
    case MaxAbsColumn:
        return m.maxAbsErr;
    case MaxRelColumn:
        return m.maxRelErr;
    case MeanAbsColumn:
        return m.meanAbsErr;
    case RmseColumn:
        return m.rmse;
    case RelEuclideanColumn:
        return m.relEuclidean;
    case OneThousandthColumn:
        return m.oneThousandthRatio;
    case FiveThousandthColumn:
        return m.fiveThousandthRatio;
    case AllcloseColumn:
        return m.allclosePassShare;
    case NonFiniteColumn:
        return double(m.nanNpu + m.infNpu);
    default:
        return std::nan("");
    }
}

QVariant CompareTableModel::data(const QModelIndex &index, int role) const
{
    if (!m_comparison || !index.isValid() || index.row() >= rowCount())
        return {};
    const DumpComparison &c = *m_comparison;
    const int row = index.row();
    const int col = index.column();
    const bool paired = row < c.rows.size();
    const int unmatchedRow = int(row - c.rows.size());
    const bool benchOnly = !paired && unmatchedRow < c.unmatchedBench.size();
    const TensorEntry *bench = paired      ? &c.bench->tensors[c.rows[row].bench]
                               : benchOnly ? &c.bench->tensors[c.unmatchedBench[unmatchedRow]]
                                           : nullptr;
    const TensorEntry *npu =
        paired      ? &c.npu->tensors[c.rows[row].npu]
        : benchOnly ? nullptr
                    : &c.npu->tensors[c.unmatchedNpu[unmatchedRow - c.unmatchedBench.size()]];
    const TensorEntry *any = bench ? bench : npu;
    const Verdict verdict = paired ? c.rows[row].verdict : Verdict::Unmatched;
    const bool numeric = col >= CosineColumn && col <= NonFiniteColumn;
    const double v = paired && numeric ? value(row, col) : std::nan("");

    switch (role) {
    case KeyRole:
        return paired ? row : -1;
    case SeverityRole:
        return int(verdict);
    case RawValueRole:
        return numeric ? QVariant(v) : QVariant();
    case BarRole: {
        if (std::isnan(v))
            return {};
        // Below 1e-12 a cosine's distance from 1 is the round-off of its double arithmetic (equal
        // tensors give 1 − 2e-16), not a difference: no bar.
        if (!c.statisticsMode && col == CosineColumn)
            return 1.0 - v < 1e-12 ? 0.0 : std::clamp((1.0 - v) / 0.1, 0.0, 1.0);
        if (!c.statisticsMode &&
            (col == OneThousandthColumn || col == FiveThousandthColumn || col == AllcloseColumn))
            return std::clamp(1.0 - v, 0.0, 1.0);
        return {};
    }
    case SortRole:
        if (col == IndexColumn)
            return paired ? qint64(c.rows[row].bench) : qint64(1) << 40 | row;
        if (col == VerdictColumn)
            return int(verdict);
        if (numeric)
            return std::isnan(v) ? std::numeric_limits<double>::infinity() : v;
        return data(index, Qt::DisplayRole);
    case Qt::ToolTipRole:
        if (col == MessageColumn || col == VerdictColumn)
            return paired ? plainToolTip(c.rows[row].message) : Tr::tr("Present on one side only");
        if (col == NameColumn || col == NpuNameColumn)
            return plainToolTip(data(index, Qt::DisplayRole).toString());
        return {};
    case Qt::TextAlignmentRole:
        return numeric || col == IndexColumn ? QVariant(int(Qt::AlignRight | Qt::AlignVCenter))
                                             : QVariant();
    case Qt::DisplayRole: {
        const QLocale locale;
        switch (col) {
        case IndexColumn:
            return paired ? locale.toString(c.rows[row].bench) : QString();
        case NameColumn:
            return bench ? bench->name : QString();
        case NpuNameColumn:
            return npu ? npu->name : QString();
        case ShapeColumn:
            return shapeText(any->shape);
        case DtypeColumn:
            return bench && npu && bench->dtype != npu->dtype
                       ? dtypeId(npu->dtype) + u" / "_s + dtypeId(bench->dtype)
                       : dtypeId(any->dtype);
        case VerdictColumn:
            switch (verdict) {
            case Verdict::Pass:
                return Tr::tr("pass");
            case Verdict::Warning:
                return Tr::tr("warning");
            case Verdict::Error:
                return Tr::tr("error");
            case Verdict::Unmatched:
                return bench && npu ? Tr::tr("shape differs") : Tr::tr("unmatched");
            }
            return {};
        case MatchColumn:
            return paired ? pairMatchId(c.rows[row].match) : QString();
        case MessageColumn:
            return paired ? c.rows[row].message : Tr::tr("Present on one side only");
        case NonFiniteColumn:
            return std::isnan(v) ? QString() : locale.toString(qint64(v));
        default:
            if (!numeric || std::isnan(v))
                return QString();
            if (std::isinf(v))
                return v > 0 ? u"inf"_s : u"-inf"_s;
            if (c.statisticsMode && col <= MeanAbsColumn)
                return locale.toString(v * 100, 'g', 4) + u" %"_s;
            if (col == CosineColumn)
                return locale.toString(v, 'f', 6);
            return locale.toString(v, 'g', 4);
        }
    }
    default:
        return {};
    }
}

QVariant CompareTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    const bool stats = m_comparison && m_comparison->statisticsMode;
    switch (section) {
    case IndexColumn:
        return Tr::tr("#");
    case NameColumn:
        return m_benchName.isEmpty() ? Tr::tr("Bench tensor")
                                     : Tr::tr("%1 tensor").arg(m_benchName);
    case NpuNameColumn:
        return m_npuName.isEmpty() ? Tr::tr("NPU tensor") : Tr::tr("%1 tensor").arg(m_npuName);
    case ShapeColumn:
        return Tr::tr("Shape");
    case DtypeColumn:
        return Tr::tr("Dtype");
    case VerdictColumn:
        return Tr::tr("Verdict");
    case CosineColumn:
        return stats ? Tr::tr("Max rel. diff") : Tr::tr("Cosine");
    case MaxAbsColumn:
        return stats ? Tr::tr("Min rel. diff") : Tr::tr("MaxAbsErr");
    case MaxRelColumn:
        return stats ? Tr::tr("Mean rel. diff") : Tr::tr("MaxRelativeErr");
    case MeanAbsColumn:
        return stats ? Tr::tr("Norm rel. diff") : Tr::tr("Mean abs err");
    case RmseColumn:
        return stats ? Tr::tr("NPU norm") : Tr::tr("RMSE");
    case RelEuclideanColumn:
        return stats ? Tr::tr("Bench norm") : Tr::tr("Rel. Euclidean");
    case OneThousandthColumn:
        return Tr::tr("1‰ ratio");
    case FiveThousandthColumn:
        return Tr::tr("5‰ ratio");
    case AllcloseColumn:
        return Tr::tr("allclose share");
    case NonFiniteColumn:
        return m_npuName.isEmpty() ? Tr::tr("NaN/Inf (NPU)")
                                   : Tr::tr("NaN/Inf (%1)").arg(m_npuName);
    case MatchColumn:
        return Tr::tr("Match");
    case MessageColumn:
        return Tr::tr("Message");
    default:
        return {};
    }
}

} // namespace Twinscope::Core
