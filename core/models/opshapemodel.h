#pragma once

#include "core/trace/opdiff.h"
#include "difftablemodel.h"

#include <vector>

namespace Twinscope::Core {

// Framework ops of the compared steps grouped by input shape, both runs in one table (a Run
// column says which), per compared step and rank as the op diff counts them.
class OpShapeModel : public DiffTableModel
{
    Q_OBJECT

public:
    enum Column { Run, Name, InputDims, Calls, TotalUs, MeanUs, Count };

    explicit OpShapeModel(QObject *parent = nullptr);
    // scale: 1 / (compared steps × ranks) of each side.
    void setShapes(std::vector<OpShapeRow> baseline,
                   double baselineScale,
                   std::vector<OpShapeRow> target,
                   double targetScale);
    int rowCount(const QModelIndex &parent = {}) const override;

protected:
    QVariant value(int row, int column) const override;
    QString columnTitle(int column) const override;
    int columns() const override { return Count; }

private:
    struct Row
    {
        bool target = false;
        OpShapeRow shape;
        double scale = 1;
    };
    std::vector<Row> m_rows;
};

} // namespace Twinscope::Core
