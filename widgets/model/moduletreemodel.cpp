#include "moduletreemodel.h"

#include <QBrush>
#include <QColor>
#include <QFont>

using namespace Qt::StringLiterals;
using namespace Twinscope::Core;

namespace Twinscope::Widgets {

ModuleTreeModel::ModuleTreeModel(QObject *parent)
    : QAbstractItemModel(parent)
{}

void ModuleTreeModel::setComparison(std::shared_ptr<const ModuleComparison> comparison)
{
    beginResetModel();
    m_cmp = std::move(comparison);
    m_row.clear();
    if (m_cmp) {
        const ModuleTree &t = *m_cmp->npu;
        m_row.resize(t.nodes.size(), 0);
        for (int r = 0; r < t.roots.size(); ++r)
            m_row[t.roots[r]] = r;
        for (const ModuleNode &n : t.nodes)
            for (int r = 0; r < n.children.size(); ++r)
                m_row[n.children[r]] = r;
    }
    endResetModel();
}

QModelIndex ModuleTreeModel::indexOfNode(int node) const
{
    if (!m_cmp || node < 0 || node >= m_row.size())
        return {};
    return createIndex(m_row[node], 0, quintptr(node));
}

int ModuleTreeModel::nodeOf(const QModelIndex &index) const
{
    return index.isValid() ? int(index.internalId()) : -1;
}

QModelIndex ModuleTreeModel::index(int row, int column, const QModelIndex &parent) const
{
    if (!m_cmp || row < 0 || column < 0 || column >= ColumnCount)
        return {};
    const QList<int> &level =
        parent.isValid() ? m_cmp->npu->nodes[nodeOf(parent)].children : m_cmp->npu->roots;
    if (row >= level.size())
        return {};
    return createIndex(row, column, quintptr(level[row]));
}

QModelIndex ModuleTreeModel::parent(const QModelIndex &child) const
{
    if (!m_cmp || !child.isValid())
        return {};
    const int p = m_cmp->npu->nodes[nodeOf(child)].parent;
    return p < 0 ? QModelIndex() : createIndex(m_row[p], 0, quintptr(p));
}

int ModuleTreeModel::rowCount(const QModelIndex &parent) const
{
    if (!m_cmp)
        return 0;
    if (!parent.isValid())
        return int(m_cmp->npu->roots.size());
    if (parent.column() != 0)
        return 0;
    return int(m_cmp->npu->nodes[nodeOf(parent)].children.size());
}

int ModuleTreeModel::columnCount(const QModelIndex &) const
{
    return ColumnCount;
}

QString ModuleTreeModel::shortName(const QString &id)
{
    if (id.startsWith(u"Module."_s) || id.startsWith(u"Cell."_s)) {
        // Module.<path>.<Class>.<forward|backward>.<n>
        const QStringList parts = id.split(u'.');
        if (parts.size() >= 5) {
            const QString path = parts.mid(1, parts.size() - 4).join(u'.');
            return u"%1 · %2 · %3 %4"_s.arg(path.isEmpty() ? parts[0] : path,
                                            parts[parts.size() - 3],
                                            parts[parts.size() - 2],
                                            parts.last());
        }
    }
    return id;
}

QString ModuleTreeModel::outputSummary(const ModuleNode &node)
{
    for (const ModuleArg &a : node.args) {
        if (!a.isOutput || !a.isTensor)
            continue;
        auto n = [](double v) {
            return QString::number(v, 'g', 5);
        };
        return u"max %1  min %2  mean %3  norm %4"_s.arg(
            n(a.stats.max), n(a.stats.min), n(a.stats.mean), n(a.stats.norm));
    }
    return {};
}

QVariant ModuleTreeModel::data(const QModelIndex &index, int role) const
{
    if (!m_cmp || !index.isValid())
        return {};
    const int n = nodeOf(index);
    const ModuleNode &node = m_cmp->npu->nodes[n];
    const NodeComparison &c = m_cmp->nodes[n];
    switch (role) {
    case NodeIndexRole:
        return n;
    case BandRole:
        return int(c.band);
    case OverflowRole:
        return int(c.overflow);
    case SearchTextRole:
        return node.id;
    case Qt::ToolTipRole:
        return index.column() == NodeColumn ? node.id : QVariant();
    case Qt::BackgroundRole:
        if (index.column() == BandColumn || index.column() == NodeColumn)
            return QBrush(QColor(precisionBandColor(c.band)));
        return {};
    case Qt::ForegroundRole:
        // msprobe's band colours are all light: dark text stays readable in either theme.
        if (index.column() == BandColumn || index.column() == NodeColumn)
            return QBrush(QColor(0x20, 0x20, 0x20));
        return {};
    case Qt::FontRole:
        if (n == m_cmp->firstDivergent) {
            QFont f;
            f.setBold(true);
            return f;
        }
        return {};
    case Qt::DisplayRole:
        break;
    default:
        return {};
    }
    auto number = [](double v) -> QVariant {
        return std::isnan(v) ? QVariant() : QVariant(QString::number(v, 'g', 4));
    };
    switch (Column(index.column())) {
    case NodeColumn:
        return n == m_cmp->firstDivergent ? tr("%1  ◀ first divergent").arg(shortName(node.id))
                                          : shortName(node.id);
    case BandColumn:
        return precisionBandId(c.band);
    case IndexColumn:
        return number(c.precisionIndex);
    case OverflowColumn:
        return overflowLevelId(c.overflow);
    case NpuOutputColumn:
        return outputSummary(node);
    case BenchOutputColumn:
        return c.bench >= 0 ? outputSummary(m_cmp->bench->nodes[c.bench]) : QString();
    case InputErrorColumn:
        return c.bench >= 0 ? number(c.inputError) : QVariant();
    case OutputErrorColumn:
        return c.bench >= 0 ? number(c.outputError) : QVariant();
    case ColumnCount:
        break;
    }
    return {};
}

QVariant ModuleTreeModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal)
        return {};
    if (role == Qt::ToolTipRole) {
        switch (Column(section)) {
        case IndexColumn:
            return tr("msprobe's precision index: statistics, the largest relative error of the "
                      "outputs' statistics; tensor, the drop of the one-thousandth ratio from "
                      "inputs to outputs; md5, 1 when every checksum matches");
        case InputErrorColumn:
        case OutputErrorColumn:
            return tr("Twinscope's divergence: the largest relative difference of Max, Min, Mean "
                      "and Norm (tensor mode also 1 - one-thousandth ratio)");
        default:
            return {};
        }
    }
    if (role != Qt::DisplayRole)
        return {};
    switch (Column(section)) {
    case NodeColumn:
        return tr("Module / API");
    case BandColumn:
        return tr("Band");
    case IndexColumn:
        return tr("Precision index");
    case OverflowColumn:
        return tr("Overflow");
    case NpuOutputColumn:
        return tr("NPU output");
    case BenchOutputColumn:
        return tr("Bench output");
    case InputErrorColumn:
        return tr("Input error");
    case OutputErrorColumn:
        return tr("Output error");
    case ColumnCount:
        break;
    }
    return {};
}

void ModuleTreeFilter::setSearch(const QString &text)
{
    m_search = text.trimmed();
    invalidateRowsFilter();
}

void ModuleTreeFilter::setMinimumBand(PrecisionBand band)
{
    m_band = band;
    invalidateRowsFilter();
}

void ModuleTreeFilter::setOverflowOnly(bool on)
{
    m_overflowOnly = on;
    invalidateRowsFilter();
}

void ModuleTreeFilter::setModulesOnly(bool on)
{
    m_modulesOnly = on;
    invalidateRowsFilter();
}

bool ModuleTreeFilter::filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const
{
    const QModelIndex i = sourceModel()->index(sourceRow, 0, sourceParent);
    const QString id = i.data(ModuleTreeModel::SearchTextRole).toString();
    if (m_modulesOnly && !(id.startsWith(u"Module."_s) || id.startsWith(u"Cell."_s)))
        return false;
    if (!m_search.isEmpty() && !id.contains(m_search, Qt::CaseInsensitive))
        return false;
    const auto band = PrecisionBand(i.data(ModuleTreeModel::BandRole).toInt());
    if (m_band == PrecisionBand::Unmatched ? band != PrecisionBand::Unmatched
        : band == PrecisionBand::Unmatched ? m_band != PrecisionBand::Yellow1
                                           : int(band) < int(m_band))
        return false;
    if (m_overflowOnly &&
        OverflowLevel(i.data(ModuleTreeModel::OverflowRole).toInt()) == OverflowLevel::None)
        return false;
    return true;
}

} // namespace Twinscope::Widgets
