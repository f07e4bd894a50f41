#pragma once

#include "core/dump/divergencematrix.h"

#include <QString>

class QCPColorGradient;

namespace Twinscope::Widgets {

// Writes the divergence heatmap as vector SVG: one rect per cell in the gradient's colour (grey for
// no value), tensor names as row labels, metric names as column labels and a colour legend.
// Debian's Qt 6.4 has no QtSvg, and a raster picture in an SVG would not scale in a report.
bool writeHeatmapSvg(const Core::DivergenceMatrix &matrix,
                     const QCPColorGradient &gradient,
                     const QString &title,
                     const QString &path,
                     QString *errorMessage);

} // namespace Twinscope::Widgets
