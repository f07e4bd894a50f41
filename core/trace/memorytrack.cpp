#include "memorytrack.h"

#include "traceargs.h"

#include <algorithm>
#include <map>
#include <numeric>

namespace Twinscope::Core {

std::optional<qint64> MemoryTrack::peakAllocated(qint64 fromNs, qint64 toNs) const
{
    std::optional<qint64> peak;
    for (const MemorySeries &s : devices) {
        if (s.ts.empty())
            continue;
        auto first = std::lower_bound(s.ts.begin(), s.ts.end(), fromNs);
        // The level when the window opens is the last event before it.
        if (first != s.ts.begin())
            --first;
        const auto last = std::lower_bound(s.ts.begin(), s.ts.end(), toNs);
        for (auto it = first; it < last; ++it) {
            const qint64 v = s.allocated[size_t(it - s.ts.begin())];
            peak = peak ? std::max(*peak, v) : v;
        }
    }
    return peak;
}

MemoryTrack buildMemoryTrack(const TraceDataset &ds)
{
    MemoryTrack out;
    const quint32 memoryName = ds.strings.find("[memory]");
    if (memoryName == UINT32_MAX)
        return out;
    std::vector<quint32> events;
    for (quint32 i = 0; i < ds.instantName.size(); ++i) {
        if (ds.instantName[i] == memoryName)
            events.push_back(i);
    }
    if (events.empty())
        return out;
    std::stable_sort(events.begin(), events.end(), [&ds](quint32 a, quint32 b) {
        return ds.instantTs[a] < ds.instantTs[b];
    });
    // The args of every event first, in file order (forEachArgs), then the series in time order.
    struct Parsed
    {
        int device = -1;
        std::optional<double> total, bytes, reserved;
    };
    std::vector<Parsed> parsed(events.size());
    const std::vector<std::string_view> keys{
        "Device Id", "Total Allocated", "Bytes", "Total Reserved"};
    std::vector<std::optional<double>> values;
    forEachArgs(
        ds,
        ArgsOf::Instants,
        events,
        [&](size_t k, std::string_view a) {
            argsNumbers(a, keys, &values); // one pass over the object for all four
            parsed[k].device = int(values[0].value_or(-1));
            parsed[k].total = values[1];
            parsed[k].bytes = values[2];
            parsed[k].reserved = values[3];
        },
        &out.stale);
    std::map<int, MemorySeries> byDevice;
    std::map<int, qint64> running;
    for (size_t k = 0; k < events.size(); ++k) {
        const quint32 i = events[k];
        const Parsed &a = parsed[k];
        const int device = a.device;
        if (device < 0)
            continue; // host memory, or no args
        MemorySeries &s = byDevice[device];
        s.device = device;
        qint64 allocated = 0;
        if (a.total) {
            allocated = qint64(*a.total);
        } else {
            running[device] += qint64(a.bytes.value_or(0));
            allocated = running[device];
        }
        s.ts.push_back(ds.instantTs[i]);
        s.allocated.push_back(allocated);
        s.reserved.push_back(qint64(a.reserved.value_or(-1)));
    }
    for (auto &[device, series] : byDevice)
        out.devices.push_back(std::move(series));
    return out;
}

} // namespace Twinscope::Core
