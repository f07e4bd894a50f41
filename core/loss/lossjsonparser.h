#pragma once

#include "core/common/diagnostics.h"
#include "core/common/error.h"
#include "core/common/progress.h"
#include "lossrunbuilder.h"

#include <QString>

#include <optional>
#include <string_view>

namespace Twinscope::Core {

// The JSON loss formats (docs/FORMATS.md §6.7-6.10), by the sniffer's producer id: "llamafactory",
// "json_lines", "hf_trainer_state", "mindspeed_baseline", "megatron_golden". Python's bare NaN and
// Infinity tokens and trailing commas are accepted (docs/FORMATS.md §7).
struct LossJsonOutcome
{
    qint64 entries = 0;  // JSON lines or list entries looked at
    qint64 unparsed = 0; // entries that gave no value (e.g. a summary without a step)
    std::optional<Error> error;
    bool canceled = false;
};

bool isLossJsonProducer(const QString &producer);

LossJsonOutcome parseLossJson(const QString &producer,
                              std::string_view bytes,
                              const QString &fileName,
                              LossRunBuilder &builder,
                              Diagnostics &diagnostics,
                              const CancelToken &cancel,
                              ProgressSink &progress);

} // namespace Twinscope::Core
