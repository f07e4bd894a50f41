#pragma once

#include "core/dump/divergencematrix.h"
#include "heatmappicture.h"

#include <QWidget>

class QCustomPlot;
class QCPColorMap;
class QCPColorScale;
class QCPItemRect;

namespace Twinscope::Widgets {

// The per-layer divergence heatmap (DESIGN.md §7): a QCPColorMap with tensors in execution order as
// rows (top to bottom) and metrics scaled to badness as columns; grey cells have no value
// (unmatched tensors). Clicking a cell emits the comparison row it stands for.
class DivergenceHeatmap : public QWidget
{
    Q_OBJECT

public:
    explicit DivergenceHeatmap(QWidget *parent = nullptr);

    void setMatrix(Core::DivergenceMatrix matrix, int firstDivergentRow);
    void setSelectedRow(int comparisonRow); // highlights the matrix row of that comparison row
    void setSelectedMatrixRow(int matrixRow);
    const Core::DivergenceMatrix &matrix() const { return m_matrix; }
    bool savePng(const QString &path);
    bool savePdf(const QString &path);
    // Vector SVG through QSvgGenerator: one filled rect per cell (HeatmapPicture), not the view's
    // raster colour map.
    bool saveSvg(const QString &path, const QString &title, QString *errorMessage);
    HeatmapPicture picture(const QString &title) const; // what saveSvg paints
    QCustomPlot *plot() const { return m_plot; }
    // The pixel centre of a cell, for tests and tool tips.
    QPoint cellCenter(int matrixRow, int column) const;
    int matrixRowAt(const QPoint &pos, int *column = nullptr) const;

signals:
    // comparisonRow is the row in the run of the clicked column for series matrices.
    void rowClicked(int comparisonRow, int matrixRow, int column);

protected:
    void changeEvent(QEvent *event) override;
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void applyColours();
    void updateLabels();
    QCustomPlot *m_plot;
    QCPColorMap *m_map;
    QCPColorScale *m_scale;
    QCPItemRect *m_selection;
    QCPItemRect *m_divergence;
    Core::DivergenceMatrix m_matrix;
    int m_firstDivergentRow = -1;
};

} // namespace Twinscope::Widgets
