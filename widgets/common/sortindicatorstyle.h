#pragma once

#include <QProxyStyle>

namespace Twinscope::Widgets {

// Sort arrows that point the way the list runs: down for largest (or last) first, up for
// smallest first. QHeaderView hands the style SortUp for a descending sort (the Windows
// convention), so Fusion drew an up arrow over a list of the most compiled op types first.
// The application installs this over its style; it changes nothing else.
class SortIndicatorStyle : public QProxyStyle
{
public:
    using QProxyStyle::QProxyStyle;

    void drawPrimitive(PrimitiveElement element,
                       const QStyleOption *option,
                       QPainter *painter,
                       const QWidget *widget = nullptr) const override;
};

} // namespace Twinscope::Widgets
