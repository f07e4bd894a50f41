#include "opshapemodel.h"

#include <algorithm>

namespace Twinscope::Core {

OpShapeModel::OpShapeModel(QObject *parent)
    : DiffTableModel(parent)
{}

void OpShapeModel::setShapes(std::vector<OpShapeRow> baseline,
                             double baselineScale,
                             std::vector<OpShapeRow> target,
                             double targetScale)
{
    beginResetModel();
    m_rows.clear();
    for (OpShapeRow &r : baseline)
        m_rows.push_back({false, std::move(r), baselineScale});
    for (OpShapeRow &r : target)
        m_rows.push_back({true, std::move(r), targetScale});
    std::stable_sort(m_rows.begin(), m_rows.end(), [](const Row &a, const Row &b) {
        return double(a.shape.totalNs) * a.scale > double(b.shape.totalNs) * b.scale;
    });
    endResetModel();
}

int OpShapeModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

QVariant OpShapeModel::value(int row, int column) const
{
    const Row &r = m_rows[size_t(row)];
    switch (column) {
    case Run:
        return r.target ? tr("target") : tr("baseline");
    case Name:
        return r.shape.name;
    case InputDims:
        return r.shape.inputDims;
    case Calls:
        return double(r.shape.count) * r.scale;
    case TotalUs:
        return double(r.shape.totalNs) * r.scale / 1000.0;
    case MeanUs:
        return r.shape.count > 0
                   ? QVariant(double(r.shape.totalNs) / double(r.shape.count) / 1000.0)
                   : QVariant();
    }
    return {};
}

QString OpShapeModel::columnTitle(int column) const
{
    switch (column) {
    case Run:
        return tr("Run");
    case Name:
        return tr("Op");
    case InputDims:
        return tr("Input Dims");
    case Calls:
        return tr("Calls");
    case TotalUs:
        return tr("Total (µs)");
    case MeanUs:
        return tr("Mean (µs)");
    }
    return {};
}

} // namespace Twinscope::Core
