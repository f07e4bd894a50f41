#include "tracesteps.h"

#include <QHash>

#include <algorithm>
#include <charconv>

namespace Twinscope::Core {

namespace {

// The step number of a mark's name, or -2 when the name is not a step mark.
qint64 stepNumber(std::string_view name)
{
    std::string_view digits;
    if (name.starts_with("ProfilerStep#"))
        digits = name.substr(13);
    else if (name.starts_with("Iteration "))
        digits = name.substr(10);
    else
        return -2;
    qint64 n = -1;
    const auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), n);
    if (ec != std::errc() || end != digits.data() + digits.size() || n < 0)
        return -2; // "Iteration Start: PyTorch Profiler" is Kineto's own mark, not a step
    return n;
}

} // namespace

bool isStepMarkName(std::string_view name)
{
    return stepNumber(name) >= 0;
}

std::optional<TraceStep> TraceSteps::firstComplete() const
{
    for (const TraceStep &s : steps) {
        if (s.complete)
            return s;
    }
    return std::nullopt;
}

int TraceSteps::medianIndex() const
{
    std::vector<int> complete;
    for (int i = 0; i < int(steps.size()); ++i) {
        if (steps[size_t(i)].complete)
            complete.push_back(i);
    }
    if (complete.empty())
        return -1;
    std::stable_sort(complete.begin(), complete.end(), [this](int a, int b) {
        return steps[size_t(a)].durationNs() < steps[size_t(b)].durationNs();
    });
    return complete[(complete.size() - 1) / 2];
}

TraceSteps findTraceSteps(const TraceDataset &ds)
{
    TraceSteps out;
    // Names first: few distinct names are marks, so each slice costs one table lookup.
    std::vector<qint64> numberOf(ds.strings.size(), -2);
    bool any = false;
    for (quint32 id = 0; id < ds.strings.size(); ++id) {
        numberOf[id] = stepNumber(ds.strings.view(id));
        any = any || numberOf[id] >= 0;
    }
    const quint32 gpuAnnotation = ds.strings.find("gpu_user_annotation");
    int bestTrack = -1;
    qint64 bestCount = 0, bestStart = 0;
    if (any) {
        for (int t = 0; t < int(ds.tracks.size()); ++t) {
            const TraceTrack &track = ds.tracks[size_t(t)];
            if (track.kind != TraceTrackKind::Thread)
                continue;
            qint64 count = 0, first = 0;
            for (quint32 i = track.sliceBegin; i < track.sliceEnd; ++i) {
                if (numberOf[ds.sliceName[i]] < 0 || ds.sliceCategory[i] == gpuAnnotation)
                    continue;
                first = count == 0 ? ds.sliceStart[i] : std::min(first, ds.sliceStart[i]);
                ++count;
            }
            if (count > bestCount || (count == bestCount && count > 0 && first < bestStart)) {
                bestTrack = t;
                bestCount = count;
                bestStart = first;
            }
        }
    }
    if (bestTrack >= 0) {
        const TraceTrack &track = ds.tracks[size_t(bestTrack)];
        for (quint32 i = track.sliceBegin; i < track.sliceEnd; ++i) {
            const qint64 n = numberOf[ds.sliceName[i]];
            if (n < 0 || ds.sliceCategory[i] == gpuAnnotation)
                continue;
            TraceStep s;
            s.name = ds.strings.string(ds.sliceName[i]);
            s.number = n;
            s.startNs = ds.sliceStart[i];
            s.endNs = ds.sliceEnd(i);
            s.complete = !(ds.sliceFlags[i] & TraceSliceFlag::DidNotFinish);
            out.steps.push_back(std::move(s));
        }
        std::stable_sort(out.steps.begin(), out.steps.end(), [](const auto &a, const auto &b) {
            return a.startNs < b.startNs;
        });
        out.detected = true;
        out.track = bestTrack;
        return out;
    }
    TraceStep whole;
    whole.startNs = ds.firstNs;
    whole.endNs = std::max(ds.firstNs, ds.lastNs);
    out.steps.push_back(whole);
    return out;
}

std::optional<qint64> firstStepEndNs(const TraceDataset &dataset)
{
    const TraceSteps steps = findTraceSteps(dataset);
    if (!steps.detected)
        return std::nullopt;
    return steps.steps.front().endNs;
}

} // namespace Twinscope::Core
