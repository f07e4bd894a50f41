#include "opdiff.h"

#include "kernelnames.h"
#include "traceargs.h"
#include "tracesteps.h"

#include <QHash>

#include <algorithm>
#include <cmath>

using namespace Qt::StringLiterals;

namespace Twinscope::Core {

QString opLevelId(OpLevel level)
{
    return level == OpLevel::Framework ? u"framework"_s : u"device"_s;
}

QString opDiffStateId(OpDiffState state)
{
    switch (state) {
    case OpDiffState::Added:
        return u"added"_s;
    case OpDiffState::Removed:
        return u"removed"_s;
    case OpDiffState::Slower:
        return u"slower"_s;
    case OpDiffState::Faster:
        return u"faster"_s;
    case OpDiffState::Same:
        return u"same"_s;
    }
    return {};
}

std::vector<quint32> frameworkOpsIn(const TraceDataset &ds,
                                    const DeviceTaskSet &tasks,
                                    const std::vector<std::pair<qint64, qint64>> &windows)
{
    const size_t names = ds.strings.size();
    std::vector<qint8> framework(names, -1);
    std::vector<bool> isStepMark(names, false);
    for (quint32 id = 0; id < names; ++id)
        isStepMark[id] = isStepMarkName(ds.strings.view(id));
    std::vector<quint32> out;
    for (size_t t = 0; t < ds.tracks.size(); ++t) {
        const TraceTrack &track = ds.tracks[t];
        if (track.kind != TraceTrackKind::Thread || t >= tasks.trackRoles.size() ||
            tasks.trackRoles[t] != TrackRole::Host)
            continue;
        for (const TraceLane &lane : track.lanes) {
            const auto first = ds.sliceStart.begin() + lane.begin;
            const auto last = ds.sliceStart.begin() + lane.end;
            for (const auto &[from, to] : windows) {
                // Lanes are sorted by start: the window is one range of each.
                for (auto it = std::lower_bound(first, last, from); it != last && *it < to; ++it) {
                    const quint32 i = quint32(it - ds.sliceStart.begin());
                    const quint32 cat = ds.sliceCategory[i];
                    if (framework[cat] < 0) {
                        framework[cat] = isFrameworkOpCategory(ds, ds.strings.view(cat)) ? 1 : 0;
                    }
                    // torch_npu writes its ProfilerStep#N marks as cpu_op too: a step is no op.
                    if (framework[cat] && !isStepMark[ds.sliceName[i]])
                        out.push_back(i);
                }
            }
        }
    }
    return out;
}

OpTotals collectOps(const TraceDataset &ds,
                    const DeviceTaskSet &tasks,
                    const std::vector<std::pair<qint64, qint64>> &windows)
{
    // Accumulate per interned name and level, then turn ids into text once.
    const size_t names = ds.strings.size();
    std::vector<qint64> count[2], total[2];
    for (int l = 0; l < 2; ++l) {
        count[l].assign(names, 0);
        total[l].assign(names, 0);
    }
    auto add = [&](OpLevel level, quint32 slice) {
        const int l = int(level);
        ++count[l][ds.sliceName[slice]];
        total[l][ds.sliceName[slice]] += ds.sliceDuration[slice];
    };
    for (const quint32 i : frameworkOpsIn(ds, tasks, windows))
        add(OpLevel::Framework, i);
    // Steps do not overlap: with the windows sorted, a start is in one iff it is in the last
    // window starting at or before it.
    std::vector<std::pair<qint64, qint64>> sorted = windows;
    std::sort(sorted.begin(), sorted.end());
    auto inWindows = [&sorted](qint64 ts) {
        auto it = std::upper_bound(
            sorted.begin(), sorted.end(), ts, [](qint64 t, const auto &w) { return t < w.first; });
        return it != sorted.begin() && ts < std::prev(it)->second;
    };
    for (const DeviceTask &t : tasks.tasks) {
        if (t.kind == DeviceTaskKind::Other ||
            (t.kind == DeviceTaskKind::Communication && !tasks.commOps.empty()))
            continue;
        if (inWindows(ds.sliceStart[t.slice]))
            add(OpLevel::Device, t.slice);
    }
    for (const quint32 op : tasks.commOps) {
        if (inWindows(ds.sliceStart[op]))
            add(OpLevel::Device, op);
    }
    OpTotals out;
    for (int l = 0; l < 2; ++l) {
        for (quint32 id = 0; id < names; ++id) {
            if (count[l][id] == 0)
                continue;
            out.rows.push_back({ds.strings.string(id), OpLevel(l), count[l][id], total[l][id]});
        }
    }
    return out;
}

namespace {

// "Input Dims" as one line whatever the writer's indentation: whitespace outside strings goes,
// a comma gets one space ("[[16, 1024], []]", as key_averages prints shapes).
QByteArray compactJson(std::string_view text)
{
    QByteArray out;
    out.reserve(qsizetype(text.size()));
    bool inString = false;
    for (size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (inString) {
            out += c;
            if (c == '\\' && i + 1 < text.size())
                out += text[++i];
            else if (c == '"')
                inString = false;
            continue;
        }
        if (c == ' ' || c == '\n' || c == '\r' || c == '\t')
            continue;
        out += c;
        if (c == '"')
            inString = true;
        else if (c == ',')
            out += ' ';
    }
    return out;
}

} // namespace

std::vector<OpShapeRow> collectOpShapes(const TraceDataset &ds,
                                        const DeviceTaskSet &tasks,
                                        const std::vector<std::pair<qint64, qint64>> &windows)
{
    const std::vector<quint32> ops = frameworkOpsIn(ds, tasks, windows);
    std::vector<QByteArray> dims(ops.size());
    forEachArgs(ds, ArgsOf::Slices, ops, [&](size_t k, std::string_view text) {
        if (const std::optional<std::string_view> v = argsMember(text, "Input Dims"))
            dims[k] = compactJson(*v);
    });
    QHash<QPair<quint32, QByteArray>, size_t> index;
    std::vector<OpShapeRow> rows;
    for (size_t k = 0; k < ops.size(); ++k) {
        const QPair<quint32, QByteArray> key(ds.sliceName[ops[k]], dims[k]);
        auto it = index.find(key);
        if (it == index.end()) {
            it = index.insert(key, rows.size());
            rows.push_back({ds.strings.string(key.first), QString::fromUtf8(dims[k]), 0, 0});
        }
        OpShapeRow &r = rows[*it];
        ++r.count;
        r.totalNs += ds.sliceDuration[ops[k]];
    }
    std::stable_sort(rows.begin(), rows.end(), [](const OpShapeRow &a, const OpShapeRow &b) {
        return a.totalNs > b.totalNs;
    });
    return rows;
}

bool isSyncSymptomName(QStringView name)
{
    static const QStringList exact{QStringLiteral("aten::item"),
                                   QStringLiteral("aten::_local_scalar_dense"),
                                   QStringLiteral("aten::is_nonzero"),
                                   QStringLiteral("Synchronize"),
                                   QStringLiteral("cudaStreamWaitEvent"),
                                   QStringLiteral("hipStreamWaitEvent")};
    if (exact.contains(name))
        return true;
    // Runtime and driver waits: cudaStreamSynchronize, cudaDeviceSynchronize,
    // cudaEventSynchronize, cuStreamSynchronize, hipDeviceSynchronize, aclrtSynchronizeStream,
    // aclrtSynchronizeDevice, aclrtSynchronizeEvent… A device copy such as
    // D2DCopywithStreamSynchronize does work and is no symptom.
    const bool runtime = name.startsWith(u"cuda") || name.startsWith(u"cu") ||
                         name.startsWith(u"hip") || name.startsWith(u"aclrt");
    return runtime && name.contains(u"Synchronize");
}

std::vector<OpDiffRow> diffOps(const OpTotals &baseline,
                               double baselineScale,
                               const OpTotals &target,
                               double targetScale,
                               const OpFamilyMap &families)
{
    struct Member
    {
        QString name;
        double ns = 0;
    };
    struct Acc
    {
        OpDiffRow row;
        std::vector<Member> members[2];
    };
    QHash<QString, size_t> index; // "level\x1ffamily-or-name"
    std::vector<Acc> acc;
    auto addSide = [&](const OpTotals &totals, double scale, int side) {
        for (const OpTotals::Row &r : totals.rows) {
            const QByteArray utf8 = r.name.toUtf8();
            const std::string_view name(utf8.constData(), size_t(utf8.size()));
            const QString family = families.familyOf(name, r.level == OpLevel::Framework);
            const QString key = opLevelId(r.level) + u'\x1f' + (family.isEmpty() ? r.name : family);
            auto it = index.find(key);
            if (it == index.end()) {
                it = index.insert(key, acc.size());
                Acc a;
                a.row.name = family.isEmpty() ? r.name : family;
                a.row.family = family;
                a.row.level = r.level;
                acc.push_back(std::move(a));
            }
            Acc &a = acc[*it];
            const double count = double(r.count) * scale, ns = double(r.totalNs) * scale;
            (side == 0 ? a.row.baselineCount : a.row.targetCount) += count;
            (side == 0 ? a.row.baselineNs : a.row.targetNs) += ns;
            a.members[side].push_back({r.name, ns});
        }
    };
    addSide(baseline, baselineScale, 0);
    addSide(target, targetScale, 1);
    std::vector<OpDiffRow> rows;
    rows.reserve(acc.size());
    for (Acc &a : acc) {
        OpDiffRow &row = a.row;
        for (int side = 0; side < 2; ++side) {
            std::stable_sort(a.members[side].begin(),
                             a.members[side].end(),
                             [](const Member &x, const Member &y) { return x.ns > y.ns; });
            for (const Member &m : a.members[side])
                (side == 0 ? row.baselineNames : row.targetNames) << m.name;
        }
        const double delta = row.deltaNs();
        if (row.baselineCount == 0)
            row.state = OpDiffState::Added;
        else if (row.targetCount == 0)
            row.state = OpDiffState::Removed;
        else if (std::abs(delta) < double(OpSameAbsoluteNs) ||
                 std::abs(delta) <= OpSameFraction * std::max(row.baselineNs, row.targetNs))
            row.state = OpDiffState::Same;
        else
            row.state = delta > 0 ? OpDiffState::Slower : OpDiffState::Faster;
        row.symptom = isSyncSymptomName(row.name);
        for (const QStringList *names : {&row.baselineNames, &row.targetNames})
            for (const QString &n : *names)
                row.symptom = row.symptom || isSyncSymptomName(n);
        rows.push_back(std::move(row));
    }
    QStringList deviceNames;
    for (const OpDiffRow &row : rows) {
        if (row.level == OpLevel::Device)
            deviceNames << row.name;
    }
    const QStringList shortNames = distinctShortNames(deviceNames);
    for (qsizetype k = 0; OpDiffRow & row : rows)
        row.shortName = row.level == OpLevel::Device ? shortNames[k++] : row.name;
    std::stable_sort(rows.begin(), rows.end(), [](const OpDiffRow &a, const OpDiffRow &b) {
        if (a.symptom != b.symptom)
            return b.symptom;
        const double da = std::abs(a.deltaNs()), db = std::abs(b.deltaNs());
        if (da != db)
            return da > db;
        if (a.level != b.level)
            return a.level < b.level;
        return a.name < b.name;
    });
    return rows;
}

} // namespace Twinscope::Core
