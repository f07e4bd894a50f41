#pragma once

#include "core/dump/divergencematrix.h"
#include "heatmappicture.h"

#include <QWidget>

class QCustomPlot;
class QCPColorMap;
class QCPColorScale;
class QCPItemRect;
class QLabel;
class QScrollArea;

namespace Twinscope::Widgets {

// The per-layer divergence heatmap (docs/DESIGN.md §7): a QCPColorMap with tensors in execution
// order as rows (top to bottom) and metrics scaled to badness as columns; grey cells have no value
// (unmatched tensors). Clicking a cell emits the comparison row it stands for; hovering one tells
// its tensor, metric and badness.
//
// Cells never shrink below MinimumCellWidthPx × MinimumCellHeightPx: the plot sits in a scroll
// area and scrolls instead (at 1024×700 cells had shrunk to 4 px and their labels to a blob).
// Column labels stand upright in cells at least a line high, so they never overlap; row labels
// are elided in the middle (the layer and the output index both stay) and thinned to one per
// line of text. The palette is ColorBrewer's YlOrRd, sequential and colour-blind safe.
class DivergenceHeatmap : public QWidget
{
    Q_OBJECT

public:
    static constexpr int MinimumCellHeightPx = 4;
    static constexpr int RowLabelWidthPx = 170;
    static constexpr int RightMarginPx = 36; // half of the colour scale's "1 broken" overhangs

    explicit DivergenceHeatmap(QWidget *parent = nullptr);

    // The width of a cell: a line of text, so upright column labels never touch (≥ 6 px).
    int minimumCellWidth() const;
    // The pixel size of one cell as laid out now.
    QSizeF cellSize() const;
    QScrollArea *scrollArea() const { return m_scroll; }
    // Room for the cells at their least size, so that a splitter gives it that first.
    QSize sizeHint() const override;
    // What hovering the point (in plot() coordinates) shows; empty off the cells.
    QString toolTipAt(const QPoint &pos) const;

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
    void updateMinimumSize();
    int rowLabelStep() const;
    QScrollArea *m_scroll;
    QLabel *m_rowsLabel = nullptr;
    QCustomPlot *m_plot;
    QCPColorMap *m_map;
    QCPColorScale *m_scale;
    QCPItemRect *m_selection;
    QCPItemRect *m_divergence;
    Core::DivergenceMatrix m_matrix;
    int m_firstDivergentRow = -1;
    int m_rowLabelStep = 0; // rows per label in the ticker now
};

} // namespace Twinscope::Widgets
