#pragma once

#include "tracedataset.h"

#include <optional>
#include <vector>

namespace Twinscope::Core {

// Device memory over time from Kineto's "[memory]" instant events (profile_memory=True; torch_npu
// writes the same events). Newer Kineto carries "Total Allocated" and "Total Reserved" in each
// event; the 2021 style carries only "Bytes" (positive on allocation, negative on free), and then
// the allocated series is their running sum from the first event. Events with "Device Id" -1 are
// host memory and are left out.
struct MemorySeries
{
    int device = 0;
    std::vector<qint64> ts;        // ns, sorted
    std::vector<qint64> allocated; // bytes after the event
    std::vector<qint64> reserved;  // bytes after the event; -1 when the trace does not say
};

struct MemoryTrack
{
    std::vector<MemorySeries> devices; // by device id
    bool stale = false;                // the file changed since loading: nothing was read
    bool isEmpty() const { return devices.empty(); }
    // The highest allocated bytes over every device inside [from, to), the value carried in from
    // before the window included; nullopt without memory events.
    std::optional<qint64> peakAllocated(qint64 fromNs, qint64 toNs) const;
};

MemoryTrack buildMemoryTrack(const TraceDataset &dataset);

} // namespace Twinscope::Core
