#include "plaintooltip.h"

using namespace Qt::StringLiterals;

namespace Twinscope::Core {

QString plainToolTip(const QString &text)
{
    // '&' too: "&lt;" on the first line is enough for Qt to take the text as rich.
    if (!text.contains(u'<') && !text.contains(u'&'))
        return text;
    return u"<p style=\"white-space:pre-wrap\">"_s + text.toHtmlEscaped() + u"</p>"_s;
}

} // namespace Twinscope::Core
