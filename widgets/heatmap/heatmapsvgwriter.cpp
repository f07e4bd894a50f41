#include "heatmapsvgwriter.h"

#include <QFile>
#include <QTextStream>
#include <qcustomplot.h>

#include <cmath>

using namespace Qt::StringLiterals;

namespace Twinscope::Widgets {

namespace {

QString escaped(const QString &text)
{
    return text.toHtmlEscaped();
}

// QCPColorGradient::color() is not const (it fills a lookup table on first use): callers pass a
// copy.
QString colourOf(QCPColorGradient &gradient, double value)
{
    if (!std::isfinite(value))
        return u"#a0a0a0"_s; // no partner: the same grey the view uses for unmatched
    const QRgb rgb = gradient.color(value, QCPRange(0.0, 1.0));
    return QColor::fromRgb(rgb).name();
}

} // namespace

bool writeHeatmapSvg(const Core::DivergenceMatrix &matrix,
                     const QCPColorGradient &palette,
                     const QString &title,
                     const QString &path,
                     QString *errorMessage)
{
    QCPColorGradient gradient = palette;
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate | QIODevice::Text)) {
        if (errorMessage)
            *errorMessage = file.errorString();
        return false;
    }
    // Fixed cell size: a report scales the vector picture, so pixels only set the proportions.
    const int cell = 14;
    const int labelWidth = 320;
    const int top = 40;
    const int columnLabels = 90;
    const int rows = matrix.rowCount();
    const int columns = matrix.columnCount();
    const int mapWidth = columns * cell;
    const int legendX = labelWidth + mapWidth + 30;
    const int width = legendX + 90;
    const int height = top + rows * cell + columnLabels;

    QTextStream out(&file);
    out << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        << "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" << width << "\" height=\"" << height
        << "\" viewBox=\"0 0 " << width << ' ' << height << "\" font-family=\"sans-serif\">\n"
        << "<rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>\n"
        << "<text x=\"8\" y=\"22\" font-size=\"14\">" << escaped(title) << "</text>\n";
    for (int r = 0; r < rows; ++r) {
        const int y = top + r * cell;
        out << "<text x=\"" << labelWidth - 6 << "\" y=\"" << y + cell - 3
            << "\" font-size=\"10\" text-anchor=\"end\">" << escaped(matrix.rowLabels.at(r))
            << "</text>\n";
        for (int c = 0; c < columns; ++c) {
            out << "<rect class=\"cell\" x=\"" << labelWidth + c * cell << "\" y=\"" << y
                << "\" width=\"" << cell << "\" height=\"" << cell << "\" fill=\""
                << colourOf(gradient, matrix.at(r, c)) << "\"><title>"
                << escaped(matrix.rowLabels.at(r)) << " · " << escaped(matrix.columns.at(c)) << ": "
                << (std::isfinite(matrix.at(r, c)) ? QString::number(matrix.at(r, c), 'g', 4)
                                                   : u"—"_s)
                << "</title></rect>\n";
        }
    }
    const int labelY = top + rows * cell + 6;
    for (int c = 0; c < columns; ++c) {
        const int x = labelWidth + c * cell + cell / 2;
        out << "<text x=\"" << x << "\" y=\"" << labelY
            << "\" font-size=\"10\" transform=\"rotate(60 " << x << ' ' << labelY << ")\">"
            << escaped(matrix.columns.at(c)) << "</text>\n";
    }
    // Legend: badness 0 (good) at the bottom to 1 (bad) at the top, as in the view's colour scale.
    const int steps = 20;
    const int legendHeight = std::max(100, std::min(rows * cell, 300));
    for (int i = 0; i < steps; ++i) {
        const double v = 1.0 - (i + 0.5) / steps;
        out << "<rect x=\"" << legendX << "\" y=\"" << top + i * legendHeight / steps
            << "\" width=\"16\" height=\"" << legendHeight / steps + 1 << "\" fill=\""
            << colourOf(gradient, v) << "\"/>\n";
    }
    out << "<text x=\"" << legendX + 22 << "\" y=\"" << top + 10 << "\" font-size=\"10\">1</text>\n"
        << "<text x=\"" << legendX + 22 << "\" y=\"" << top + legendHeight
        << "\" font-size=\"10\">0</text>\n"
        << "</svg>\n";
    out.flush();
    if (file.error() != QFile::NoError) {
        if (errorMessage)
            *errorMessage = file.errorString();
        return false;
    }
    return true;
}

} // namespace Twinscope::Widgets
