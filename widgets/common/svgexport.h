#pragma once

#include <QSize>
#include <QString>

#include <functional>

class QCustomPlot;
class QPaintDevice;

namespace Twinscope::Widgets {

// Writes a vector SVG through QtSvg's QSvgGenerator: render paints onto the device with its own
// QPainter (QCPPainter for plots) and returns false when painting could not begin. size is in
// pixels and is also the viewBox; dpi maps point-sized fonts to those pixels (use the widget's
// logical DPI so the picture matches the screen). title and description become <title> and
// <desc>. On failure *errorMessage (when given) says why.
bool writeSvg(const QString &path,
              const QSize &size,
              int dpi,
              const QString &title,
              const QString &description,
              const std::function<bool(QPaintDevice *)> &render,
              QString *errorMessage = nullptr);

// A QCustomPlot as it is shown, at its current size, with its current (already decimated) data:
// paths for graphs, bands, grids and items, text for labels, no raster images.
bool writePlotSvg(QCustomPlot *plot,
                  const QString &path,
                  const QString &title,
                  const QString &description,
                  QString *errorMessage = nullptr);

} // namespace Twinscope::Widgets
