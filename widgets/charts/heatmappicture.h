#pragma once

#include "core/dump/divergencematrix.h"

#include <QColor>
#include <QCoreApplication>
#include <QRect>
#include <QString>
#include <qcustomplot.h>

class QPainter;

namespace Twinscope::Widgets {

// The divergence heatmap as a vector picture for export: one filled rect per cell in the gradient's
// colour (grey for no value), tensor names as row labels, metric names as column labels and a
// colour legend, painted with QPainter (into QSvgGenerator for SVG). The view's QCPColorMap paints
// one raster image, which would not scale in a report.
class HeatmapPicture
{
    Q_DECLARE_TR_FUNCTIONS(HeatmapPicture)

public:
    HeatmapPicture(const Core::DivergenceMatrix &matrix,
                   const QCPColorGradient &gradient,
                   const QString &title);

    QSize size() const;
    QRect cellRect(int row, int column) const;
    QColor cellColour(int row, int column) const;
    QString description() const; // what rows, columns and colours mean, for the SVG <desc>
    void paint(QPainter &painter) const;

    // Fixed cell size: a report scales the vector picture, so pixels only set the proportions.
    static constexpr int CellPx = 14;
    static constexpr int LabelWidthPx = 320;
    static constexpr int TopPx = 40;
    static constexpr int ColumnLabelsPx = 90;

private:
    QColor colourOf(double badness) const;
    int legendX() const;

    const Core::DivergenceMatrix &m_matrix;
    // QCPColorGradient::color() is not const (it fills a lookup table on first use).
    mutable QCPColorGradient m_gradient;
    QString m_title;
};

} // namespace Twinscope::Widgets
