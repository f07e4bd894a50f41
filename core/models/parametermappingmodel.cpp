#include "parametermappingmodel.h"

#include "core/common/plaintooltip.h"
#include "core/common/tr.h"

using namespace Qt::StringLiterals;

namespace Twinscope::Core {

namespace {

QString ruleName(const ParameterPair &p)
{
    switch (p.rule) {
    case MappingRule::Exact:
        return Tr::tr("same name");
    case MappingRule::BuiltIn:
        return Tr::tr("built-in rule: %1").arg(p.how);
    case MappingRule::User:
        return Tr::tr("mapping file: %1").arg(p.how);
    case MappingRule::Prefix:
        return Tr::tr("wrapper prefix: %1").arg(p.how);
    case MappingRule::Shape:
        break;
    }
    return Tr::tr("shape order (no name matched)");
}

QString roleName(const CheckpointEntry &e)
{
    switch (e.role) {
    case ParameterRole::Parameter:
        return Tr::tr("parameter");
    case ParameterRole::Buffer:
        return Tr::tr("buffer");
    case ParameterRole::OptimizerState:
        return Tr::tr("optimizer state (%1)").arg(e.stateKind);
    case ParameterRole::Other:
        break;
    }
    return Tr::tr("bookkeeping");
}

} // namespace

ParameterMappingModel::ParameterMappingModel(QObject *parent)
    : QAbstractTableModel(parent)
{}

void ParameterMappingModel::setComparison(std::shared_ptr<const CheckpointComparison> comparison)
{
    beginResetModel();
    m_comparison = std::move(comparison);
    m_rows.clear();
    m_comparisonRowOfPair.clear();
    if (m_comparison) {
        const CheckpointComparison &c = *m_comparison;
        const QSet<int> mismatched(c.structure.shapeMismatches.cbegin(),
                                   c.structure.shapeMismatches.cend());
        m_comparisonRowOfPair = QList<int>(c.mapping.pairs.size(), -1);
        for (int r = 0; r < c.rowPair.size(); ++r)
            if (c.rowPair[r] >= 0)
                m_comparisonRowOfPair[c.rowPair[r]] = r;
        for (int k = 0; k < c.mapping.pairs.size(); ++k)
            m_rows.append({c.mapping.pairs[k].a,
                           c.mapping.pairs[k].b,
                           k,
                           mismatched.contains(k) ? Status::ShapeDiffers : Status::Paired});
        for (int i : c.mapping.onlyA)
            m_rows.append({i, -1, -1, Status::Missing});
        for (int j : c.mapping.onlyB)
            m_rows.append({-1, j, -1, Status::Missing});
        for (int i : c.mapping.noTwinA)
            m_rows.append({i, -1, -1, Status::NoTwin});
        for (int j : c.mapping.noTwinB)
            m_rows.append({-1, j, -1, Status::NoTwin});
    }
    endResetModel();
}

int ParameterMappingModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int ParameterMappingModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

int ParameterMappingModel::modelRow(int comparisonRow) const
{
    if (!m_comparison || comparisonRow < 0 || comparisonRow >= m_comparison->rowPair.size())
        return -1;
    return m_comparison->rowPair[comparisonRow]; // pairs come first, in pair order
}

QVariant ParameterMappingModel::data(const QModelIndex &index, int role) const
{
    if (!m_comparison || !index.isValid() || index.row() >= m_rows.size())
        return {};
    const CheckpointComparison &c = *m_comparison;
    const Row &r = m_rows[index.row()];
    const TensorEntry *ta = r.a >= 0 ? &c.a->tensors->tensors[r.a] : nullptr;
    const TensorEntry *tb = r.b >= 0 ? &c.b->tensors->tensors[r.b] : nullptr;
    if (role == KeyRole)
        return r.pair >= 0 ? m_comparisonRowOfPair.value(r.pair, -1) : -1;
    if (role == StatusRole)
        return int(r.status);
    if (role == Qt::ToolTipRole) { // the checkpoint's own names (issue #31)
        const QVariant shown = data(index, Qt::DisplayRole);
        return shown.isValid() ? QVariant(plainToolTip(shown.toString())) : shown;
    }
    if (role != Qt::DisplayRole && role != SortRole)
        return {};
    switch (index.column()) {
    case NameAColumn:
        return ta ? ta->name : QString();
    case NameBColumn:
        return tb ? tb->name : QString();
    case MatchColumn:
        if (r.pair >= 0) {
            const ParameterPair &p = c.mapping.pairs[r.pair];
            QString text = ruleName(p);
            if (r.status == Status::ShapeDiffers)
                text = Tr::tr("shape differs · %1").arg(text);
            else if (p.reshaped)
                text = Tr::tr("%1 · compared as %2").arg(text, shapeText(ta->shape));
            return text;
        }
        if (r.status == Status::Missing)
            return ta ? Tr::tr("only in A: no twin found") : Tr::tr("only in B: no twin found");
        return Tr::tr("no twin by design (not compared)");
    case ShapeAColumn:
        return ta ? shapeText(ta->shape) : QString();
    case ShapeBColumn:
        return tb ? shapeText(tb->shape) : QString();
    case KindColumn:
        return roleName(ta ? c.a->entries[r.a] : c.b->entries[r.b]);
    default:
        break;
    }
    return {};
}

QVariant ParameterMappingModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case NameAColumn:
        return Tr::tr("A name");
    case NameBColumn:
        return Tr::tr("B name");
    case MatchColumn:
        return Tr::tr("How they were paired");
    case ShapeAColumn:
        return Tr::tr("A shape");
    case ShapeBColumn:
        return Tr::tr("B shape");
    case KindColumn:
        return Tr::tr("Kind");
    default:
        break;
    }
    return {};
}

} // namespace Twinscope::Core
