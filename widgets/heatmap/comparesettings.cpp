#include "comparesettings.h"

#include <QSettings>

using namespace Qt::StringLiterals;

namespace Twinscope::Widgets {

Core::CompareOptions compareOptionsFromSettings()
{
    Core::CompareOptions o;
    QSettings s;
    s.beginGroup(u"dumps"_s);
    o.thresholds.cosine = s.value(u"cosineThreshold"_s, o.thresholds.cosine).toDouble();
    o.thresholds.maxAbsErr = s.value(u"maxAbsErrThreshold"_s, o.thresholds.maxAbsErr).toDouble();
    o.thresholds.statRelTolerance =
        s.value(u"statRelTolerance"_s, o.thresholds.statRelTolerance).toDouble();
    o.rtol = s.value(u"rtol"_s, o.rtol).toDouble();
    o.atol = s.value(u"atol"_s, o.atol).toDouble();
    return o;
}

} // namespace Twinscope::Widgets
