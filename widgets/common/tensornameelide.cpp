#include "tensornameelide.h"

#include "core/tensor/dumpnames.h"

namespace Twinscope::Widgets {

QString elideTensorName(const QString &name, const QFontMetrics &metrics, int width)
{
    if (metrics.horizontalAdvance(name) <= width)
        return name;
    const QStringList forms = Core::shortTensorNames(name);
    for (const QString &form : forms)
        if (metrics.horizontalAdvance(form) <= width)
            return form;
    return metrics.elidedText(forms.last(), Qt::ElideMiddle, width);
}

} // namespace Twinscope::Widgets
