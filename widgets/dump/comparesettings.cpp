#include "comparesettings.h"

#include <QSettings>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace Twinscope::Widgets {

Core::CompareOptions compareOptionsFromSettings()
{
    Core::CompareOptions o;
    QSettings s;
    s.beginGroup(u"dumps"_s);
    o.thresholds.cosine = s.value(u"cosineThreshold"_s, o.thresholds.cosine).toDouble();
    o.thresholds.maxAbsErr = s.value(u"maxAbsErrThreshold"_s, o.thresholds.maxAbsErr).toDouble();
    // "statMagnitude", not the old "statRelTolerance" key: its stored 2 % default would bring
    // back the rule issue #12 replaced.
    o.thresholds.statMagnitude = s.value(u"statMagnitude"_s, o.thresholds.statMagnitude).toDouble();
    o.rtol = s.value(u"rtol"_s, o.rtol).toDouble();
    o.atol = s.value(u"atol"_s, o.atol).toDouble();
    // What a dump may make Twinscope read (the Dumps tab's Limits menu, docs/RELIABILITY.md).
    o.read.maxElements = std::clamp<qint64>(
        s.value(u"maxTensorElements"_s, o.read.maxElements).toLongLong(), 1, qint64(1) << 50);
    o.read.allowOutsideFolder = s.value(u"allowOutsideDump"_s, false).toBool();
    // Rows kept from a compare result (--max-rows; no editor: 0 keeps what fits in memory).
    o.read.maxResultRows =
        std::clamp<qint64>(s.value(u"maxResultRows"_s, 0).toLongLong(), 0, qint64(1) << 31);
    return o;
}

} // namespace Twinscope::Widgets
