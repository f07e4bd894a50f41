#include "core/trace/tracetime.h"
#include "profilereaders.h"
#include "tablereading.h"

#include <QHash>

#include <algorithm>
#include <cmath>
#include <numeric>

using namespace Qt::StringLiterals;

namespace Twinscope::Core {

namespace {

using Row = std::vector<std::string_view>;

// A memory column in MB or KB (torch_npu writes MB, MindSpore KB): its index and the factor to MB.
struct SizeColumn
{
    int index = -1;
    double toMb = 1.0;
};

SizeColumn sizeColumn(const CsvTable &table, const char *stem)
{
    const std::string mb = std::string(stem) + "(MB)";
    const std::string kb = std::string(stem) + "(KB)";
    if (const int i = table.find({mb}); i >= 0)
        return {i, 1.0};
    if (const int i = table.find({kb}); i >= 0)
        return {i, 1.0 / 1024.0};
    return {};
}

SizeColumn requireSize(CsvTable &table, const char *stem)
{
    const SizeColumn c = sizeColumn(table, stem);
    if (c.index < 0) {
        const std::string mb = std::string(stem) + "(MB)";
        table.require({mb}, QString::fromLatin1(mb));
    }
    return c;
}

double sizeValue(const Row &row, const SizeColumn &c)
{
    if (c.index < 0)
        return std::nan("");
    const auto v = parseCsvDouble(cell(row, c.index));
    return v ? *v * c.toMb : std::nan("");
}

void badRow(Diagnostics &diagnostics, const CsvTable &table)
{
    diagnostics.add(u"memory_bad_row"_s,
                    Tr::tr("memory rows without a readable time or size were skipped"),
                    table.here());
}

// Index of a named entry in a list, created on first use.
template<typename T, typename Make>
T &entry(std::vector<T> &list, QHash<QString, size_t> &index, const QString &key, Make make)
{
    auto it = index.constFind(key);
    if (it == index.cend()) {
        it = index.insert(key, list.size());
        list.push_back(make());
    }
    return list[*it];
}

void sortByTime(MemoryCurve &c)
{
    // Rows come in file order, which is not always time order across components.
    std::vector<size_t> order(c.tsNs.size());
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(
        order.begin(), order.end(), [&](size_t a, size_t b) { return c.tsNs[a] < c.tsNs[b]; });
    MemoryCurve sorted{c.component, {}, {}, {}};
    for (size_t i : order) {
        sorted.tsNs.push_back(c.tsNs[i]);
        sorted.allocatedMb.push_back(c.allocatedMb[i]);
        sorted.reservedMb.push_back(c.reservedMb[i]);
    }
    c = std::move(sorted);
}

} // namespace

TableRead readMemoryRecord(std::string_view data,
                           const QString &name,
                           RankProfile &rank,
                           Diagnostics &diagnostics,
                           const CancelToken &cancel)
{
    TableRead out;
    CsvTable table(data, name, out);
    const int time = table.require({"Timestamp(us)"}, u"Timestamp(us)"_s);
    const SizeColumn reserved = requireSize(table, "Total Reserved");
    const SizeColumn allocated = sizeColumn(table, "Total Allocated");
    const int component = table.find({"Component"});
    const int device = table.find({"Device Type", "Device"});
    QHash<QString, size_t> curves;
    table.forEachRow(cancel, [&](const Row &row) {
        qint64 ns = 0;
        const double r = sizeValue(row, reserved);
        if (parseMicrosToNanos(cell(row, time), &ns) != TimeParse::Ok || !std::isfinite(r))
            return badRow(diagnostics, table);
        QString key = cellText(row, component);
        const QString dev = cellText(row, device);
        if (!dev.isEmpty() && dev != u"NPU"_s && !dev.startsWith(u"NPU:"_s))
            key += u" ("_s + dev + u')';
        MemoryCurve &c = entry(rank.memory.curves, curves, key, [&] {
            return MemoryCurve{key, {}, {}, {}};
        });
        c.tsNs.push_back(ns);
        c.allocatedMb.push_back(sizeValue(row, allocated));
        c.reservedMb.push_back(r);
    });
    for (MemoryCurve &c : rank.memory.curves)
        sortByTime(c);
    return out;
}

TableRead readOperatorMemory(std::string_view data,
                             const QString &name,
                             RankProfile &rank,
                             Diagnostics &diagnostics,
                             const CancelToken &cancel)
{
    TableRead out;
    CsvTable table(data, name, out);
    const int opName = table.require({"Name"}, u"Name"_s);
    const int size = table.require({"Size(KB)"}, u"Size(KB)"_s);
    const int duration = table.find({"Duration(us)"});
    QHash<QString, size_t> index;
    std::vector<Allocator> &list = rank.memory.allocators;
    for (size_t i = 0; i < list.size(); ++i)
        index.insert(list[i].name, i);
    table.forEachRow(cancel, [&](const Row &row) {
        const auto kb = parseCsvDouble(cell(row, size));
        if (!kb)
            return badRow(diagnostics, table);
        const QString n = cellText(row, opName);
        Allocator &a = entry(list, index, n, [&] { return Allocator{n, 0, 0, 0, 0}; });
        ++a.count;
        a.totalKb += *kb;
        a.maxKb = std::max(a.maxKb, *kb);
        a.durationUs += parseCsvDouble(cell(row, duration)).value_or(0.0);
    });
    std::stable_sort(list.begin(), list.end(), [](const Allocator &a, const Allocator &b) {
        return a.totalKb > b.totalKb;
    });
    return out;
}

TableRead readNpuModuleMem(std::string_view data,
                           const QString &name,
                           RankProfile &rank,
                           Diagnostics &diagnostics,
                           const CancelToken &cancel)
{
    TableRead out;
    CsvTable table(data, name, out);
    const int component = table.require({"Component"}, u"Component"_s);
    const SizeColumn reserved = requireSize(table, "Total Reserved");
    QHash<QString, size_t> index;
    table.forEachRow(cancel, [&](const Row &row) {
        const double r = sizeValue(row, reserved);
        if (!std::isfinite(r))
            return badRow(diagnostics, table);
        const QString c = cellText(row, component);
        ModuleMemory &m = entry(rank.memory.modules, index, c, [&] {
            return ModuleMemory{c, 0, 0};
        });
        m.peakReservedMb = std::max(m.peakReservedMb, r);
        ++m.samples;
    });
    std::stable_sort(rank.memory.modules.begin(),
                     rank.memory.modules.end(),
                     [](const ModuleMemory &a, const ModuleMemory &b) {
                         return a.peakReservedMb > b.peakReservedMb;
                     });
    return out;
}

void computeStepMemoryPeaks(RankProfile &rank)
{
    rank.memory.stepPeaks.clear();
    if (rank.memory.curves.empty())
        return;
    for (const StepSpan &span : rank.stepSpans) {
        StepMemoryPeak peak{span.step, 0, 0};
        bool any = false;
        for (const MemoryCurve &c : rank.memory.curves) {
            const auto from = std::lower_bound(c.tsNs.begin(), c.tsNs.end(), span.firstNs);
            const auto to = std::upper_bound(c.tsNs.begin(), c.tsNs.end(), span.lastNs);
            for (auto it = from; it != to; ++it) {
                const size_t i = size_t(it - c.tsNs.begin());
                any = true;
                if (std::isfinite(c.allocatedMb[i]))
                    peak.allocatedMb = std::max(peak.allocatedMb, c.allocatedMb[i]);
                peak.reservedMb = std::max(peak.reservedMb, c.reservedMb[i]);
            }
        }
        if (any)
            rank.memory.stepPeaks.push_back(peak);
    }
}

} // namespace Twinscope::Core
