#include "heatmappicture.h"

#include "widgets/common/tensornameelide.h"

#include <QPainter>

#include <cmath>

using namespace Qt::StringLiterals;

namespace Twinscope::Widgets {

namespace {

const QColor NoValueGrey(0xa0, 0xa0, 0xa0); // no partner: the grey the view uses for unmatched
constexpr int LegendSteps = 20;

} // namespace

HeatmapPicture::HeatmapPicture(const Core::DivergenceMatrix &matrix,
                               const QCPColorGradient &gradient,
                               const QString &title)
    : m_matrix(matrix)
    , m_gradient(gradient)
    , m_title(title)
{}

int HeatmapPicture::legendX() const
{
    return LabelWidthPx + m_matrix.columnCount() * CellPx + 30;
}

QSize HeatmapPicture::size() const
{
    return QSize(legendX() + 110,
                 TopPx + std::max(m_matrix.rowCount() * CellPx, 140) + ColumnLabelsPx);
}

QRect HeatmapPicture::cellRect(int row, int column) const
{
    return QRect(LabelWidthPx + column * CellPx, TopPx + row * CellPx, CellPx, CellPx);
}

QColor HeatmapPicture::colourOf(double badness) const
{
    if (!std::isfinite(badness))
        return NoValueGrey;
    return QColor::fromRgb(m_gradient.color(badness, QCPRange(0.0, 1.0)));
}

QColor HeatmapPicture::cellColour(int row, int column) const
{
    return colourOf(m_matrix.at(row, column));
}

QString HeatmapPicture::description() const
{
    return tr("Rows: %n tensors in execution order. Columns: %1. Colour: divergence from 0 "
              "(clean, pale yellow) to 1 (broken, dark red) on a log scale per metric; grey cells "
              "have no value.",
              nullptr,
              m_matrix.rowCount())
        .arg(m_matrix.columns.join(u", "_s));
}

void HeatmapPicture::paint(QPainter &painter) const
{
    const QSize total = size();
    painter.fillRect(QRect(QPoint(0, 0), total), Qt::white);
    painter.setPen(Qt::black);
    QFont font = painter.font();
    font.setPixelSize(14);
    painter.setFont(font);
    painter.drawText(QPointF(8, 22), m_title);
    font.setPixelSize(10);
    painter.setFont(font);

    const int rows = m_matrix.rowCount();
    const int columns = m_matrix.columnCount();
    const QFontMetrics metrics = painter.fontMetrics();
    for (int r = 0; r < rows; ++r) {
        const QRect label(0, TopPx + r * CellPx, LabelWidthPx - 6, CellPx);
        painter.drawText(label,
                         Qt::AlignRight | Qt::AlignVCenter,
                         elideTensorName(m_matrix.rowLabels.at(r), metrics, label.width()));
        for (int c = 0; c < columns; ++c)
            painter.fillRect(cellRect(r, c), cellColour(r, c));
    }
    const int labelY = TopPx + rows * CellPx + 6;
    for (int c = 0; c < columns; ++c) {
        painter.save();
        painter.translate(LabelWidthPx + c * CellPx + CellPx / 2, labelY);
        painter.rotate(60);
        painter.drawText(QPointF(0, metrics.ascent() / 2.0), m_matrix.columns.at(c));
        painter.restore();
    }

    // Legend: divergence 1 (broken) at the top to 0 (clean) at the bottom, then the no-value grey.
    const int x = legendX();
    const int height = std::max(100, std::min(rows * CellPx, 300));
    for (int i = 0; i < LegendSteps; ++i) {
        const int top = TopPx + i * height / LegendSteps;
        const int bottom = TopPx + (i + 1) * height / LegendSteps;
        painter.fillRect(QRect(x, top, 16, bottom - top), colourOf(1.0 - (i + 0.5) / LegendSteps));
    }
    painter.drawText(QPointF(x + 22, TopPx + 10), tr("1 broken"));
    painter.drawText(QPointF(x + 22, TopPx + height), tr("0 clean"));
    painter.fillRect(QRect(x, TopPx + height + 12, 16, 16), NoValueGrey);
    painter.drawText(QPointF(x + 22, TopPx + height + 24), tr("no value"));
}

} // namespace Twinscope::Widgets
