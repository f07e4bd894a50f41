#pragma once

#include <QFontMetrics>
#include <QString>

namespace Twinscope::Widgets {

// A tensor name fitted to width pixels: the longest of Core::shortTensorNames that fits (the API
// and its call number stay, "Functional." and "forward" go first), and only when none fits the
// shortest elided in the middle. Plain middle elision turned "Functional.linear.2.forward.input.1"
// into "Functional....rd.input.1", the one part that tells the rows apart cut away.
QString elideTensorName(const QString &name, const QFontMetrics &metrics, int width);

} // namespace Twinscope::Widgets
