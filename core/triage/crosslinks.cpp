#include "crosslinks.h"

#include "core/dump/dumpcompare.h"
#include "core/opinfo/opinfodataset.h"
#include "core/trace/tracedataset.h"

#include <QJsonArray>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace Twinscope::Core {

namespace {

bool nameMatches(const QString &name, const OpNameMapping &m)
{
    if (m.aten.contains(name))
        return true;
    for (const QString &type : m.ascend) {
        if (nameCarriesOpType(name, type))
            return true;
    }
    return false;
}

// Slices whose name stands for the operator: the matching names are found once in the string table,
// then the name column is scanned against them.
void findInTrace(const TraceDataset &trace, const OpNameMapping &m, CrossLink *link)
{
    std::vector<quint32> ids;
    for (quint32 id = 1; id < trace.strings.size(); ++id) {
        const std::string_view v = trace.strings.view(id);
        if (v.size() > 512) // kernel signatures of C++ templates; Ascend op names are short
            continue;
        if (nameMatches(trace.strings.string(id), m))
            ids.push_back(id);
    }
    if (ids.empty())
        return;
    std::sort(ids.begin(), ids.end());
    std::vector<CrossLink::TraceHit> hits(ids.size());
    for (quint32 i = 0; i < quint32(trace.sliceCount()); ++i) {
        const auto it = std::lower_bound(ids.begin(), ids.end(), trace.sliceName[i]);
        if (it == ids.end() || *it != trace.sliceName[i])
            continue;
        CrossLink::TraceHit &h = hits[size_t(it - ids.begin())];
        if (h.count++ == 0 || trace.sliceStart[i] < h.firstStartNs) {
            h.firstStartNs = trace.sliceStart[i];
            h.firstDurationNs = trace.sliceDuration[i];
        }
    }
    for (size_t k = 0; k < ids.size(); ++k) {
        if (hits[k].count == 0)
            continue;
        hits[k].file = trace.path;
        hits[k].name = trace.strings.string(ids[k]);
        link->trace << hits[k];
    }
}

void findInOpInfo(const OpInfoDataset &dataset, const OpNameMapping &m, CrossLink *link)
{
    QHash<QString, CrossLink::OpInfoHit> byType;
    QList<qint64> perSignature(dataset.signatures.size(), 0);
    for (const CompileEvent &e : dataset.events) {
        if (e.signature < quint32(perSignature.size()))
            ++perSignature[e.signature];
    }
    for (qsizetype s = 0; s < dataset.signatures.size(); ++s) {
        const QString &type = dataset.signatures[s].opType;
        if (!m.ascend.contains(type))
            continue;
        CrossLink::OpInfoHit &h = byType[type];
        h.type = type;
        h.compiles += perSignature[s];
        ++h.signatures;
    }
    for (const QString &type : m.ascend) {
        if (byType.contains(type))
            link->opinfo << byType.value(type);
    }
}

} // namespace

CrossLink
crossLinkForRow(const DumpComparison &comparison, int run, int row, const CrossLinkSources &sources)
{
    CrossLink link;
    link.run = run;
    link.row = row;
    if (row < 0 || row >= comparison.rows.size() || !sources.names)
        return link;
    const CompareRow &r = comparison.rows[row];
    const TensorEntry *entry = nullptr;
    if (r.npu >= 0 && comparison.npu)
        entry = &comparison.npu->tensors[r.npu];
    else if (r.bench >= 0 && comparison.bench)
        entry = &comparison.bench->tensors[r.bench];
    if (!entry)
        return link;
    link.tensor = entry->name;
    link.mapping = mapOpName(*sources.names, apiNameOfTensor(*entry));
    for (const auto &trace : sources.traces) {
        if (trace)
            findInTrace(*trace, link.mapping, &link);
    }
    std::stable_sort(link.trace.begin(), link.trace.end(), [](const auto &a, const auto &b) {
        return a.count > b.count;
    });
    if (sources.opinfo)
        findInOpInfo(*sources.opinfo, link.mapping, &link);
    return link;
}

QJsonObject crossLinkJson(const CrossLink &link)
{
    QJsonArray trace;
    for (const CrossLink::TraceHit &h : link.trace) {
        trace.append(QJsonObject{{u"file"_s, h.file},
                                 {u"name"_s, h.name},
                                 {u"count"_s, double(h.count)},
                                 {u"first_start_ns"_s, double(h.firstStartNs)},
                                 {u"first_duration_ns"_s, double(h.firstDurationNs)}});
    }
    QJsonArray opinfo;
    for (const CrossLink::OpInfoHit &h : link.opinfo) {
        opinfo.append(QJsonObject{{u"type"_s, h.type},
                                  {u"compiles"_s, double(h.compiles)},
                                  {u"signatures"_s, double(h.signatures)}});
    }
    return QJsonObject{{u"tensor"_s, link.tensor},
                       {u"api"_s, link.mapping.api},
                       {u"aten"_s, QJsonArray::fromStringList(link.mapping.aten)},
                       {u"ascend"_s, QJsonArray::fromStringList(link.mapping.ascend)},
                       {u"rule"_s, link.mapping.rule},
                       {u"mapping"_s, link.mapping.describe()},
                       {u"trace"_s, trace},
                       {u"opinfo"_s, opinfo}};
}

} // namespace Twinscope::Core
