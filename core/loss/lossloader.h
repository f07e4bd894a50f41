#pragma once

#include "core/common/progress.h"
#include "core/common/result.h"
#include "core/common/source.h"
#include "lossdataset.h"
#include "losstextparser.h"

namespace Twinscope::Core {

struct LossLoadOptions
{
    // The fallback when the content matches no known log (docs/FORMATS.md §6): a regex with a named
    // group "step" (or group 1) and value groups; named groups become series.
    QString pattern;
    QString metricName;       // name of the value of an unnamed pattern group
    qint64 stepsPerEpoch = 0; // logs whose step restarts each epoch; 0 = infer from the text
};

// Loads any loss log of docs/FORMATS.md §6, detected by content. Fails only when no line matches
// (the error lists the patterns tried and the first lines); unparsed lines are counted.
Result<LossRun> loadLossLog(const Source &source,
                            const LossLoadOptions &options,
                            ProgressSink &progress,
                            const CancelToken &cancel);

// The line grammar loadLossLog would use for a text log whose first bytes are head (sniffer first,
// else the grammar matching most lines); nullopt for JSON and gzip logs or when nothing matches.
// Live follow uses it to parse appended lines with the same grammar.
struct LossTextFormat
{
    LossTextDialect dialect;
    QString format;
};
std::optional<LossTextFormat>
detectLossTextFormat(std::string_view head, const QString &name, const LossLoadOptions &options);

} // namespace Twinscope::Core
