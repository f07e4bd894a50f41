#include "triagejson.h"

#include "core/common/constants.h"
#include "core/export/diagnosticsexport.h"

#include <QJsonArray>

using namespace Qt::StringLiterals;

namespace Twinscope::Core {

QJsonObject
triageJson(const TriageAnalysis &a, const QStringList &failedInputs, const Diagnostics &diagnostics)
{
    QJsonArray findings, clear;
    for (const Finding &f : a.findings)
        (f.severity == FindingSeverity::Clear ? clear : findings).append(findingJson(f));
    return QJsonObject{{u"schemaVersion"_s, CliSchemaVersion},
                       {u"findings"_s, findings},
                       {u"clear"_s, clear},
                       {u"failed_inputs"_s, QJsonArray::fromStringList(failedInputs)},
                       {u"warnings"_s, warningsJson(diagnostics)}};
}

} // namespace Twinscope::Core
