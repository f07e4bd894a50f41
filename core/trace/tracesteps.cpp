#include "tracesteps.h"

namespace Twinscope::Core {

std::optional<qint64> firstStepEndNs(const TraceDataset &dataset)
{
    std::optional<qint64> bestStart;
    qint64 bestEnd = 0;
    for (size_t i = 0; i < dataset.sliceStart.size(); ++i) {
        const std::string_view name = dataset.strings.view(dataset.sliceName[i]);
        if (!name.starts_with("ProfilerStep#") && !name.starts_with("Iteration "))
            continue;
        if (!bestStart || dataset.sliceStart[i] < *bestStart) {
            bestStart = dataset.sliceStart[i];
            bestEnd = dataset.sliceEnd(quint32(i));
        }
    }
    if (!bestStart)
        return std::nullopt;
    return bestEnd;
}

} // namespace Twinscope::Core
