#pragma once

#include <QString>

class QCustomPlot;

namespace Twinscope::Widgets {

// Writes what a QCustomPlot shows as plain SVG: axis rects, ticks and labels, graphs (their
// current, already decimated data), straight-line and text items, legend entries. Qt 6.4 on Debian
// ships no QtSvg module, so the few elements loss plots use are written by hand.
bool writePlotSvg(QCustomPlot *plot, const QString &path);

} // namespace Twinscope::Widgets
