#include "compilechart.h"

#include <QHash>
#include <QSet>

#include <algorithm>

namespace Twinscope::Core {

CompileChartData
buildCompileChart(const OpInfoDataset &ds, const OpInfoReport &report, int maxRows, int buckets)
{
    CompileChartData c;
    qint64 lastNs = -1;
    for (const CompileEvent &e : ds.events) {
        if (e.timeNs < 0)
            continue;
        if (c.originNs < 0)
            c.originNs = e.timeNs;
        lastNs = std::max(lastNs, e.timeNs);
    }
    if (c.originNs < 0)
        return c; // summary input: no times
    c.spanSeconds = double(lastNs - c.originNs) / 1e9;
    if (report.cutoffNs >= 0)
        c.cutoffSeconds = double(report.cutoffNs - c.originNs) / 1e9;

    QList<const OpTypeStats *> types;
    for (const OpTypeStats &t : report.opTypes)
        types.append(&t);
    std::stable_sort(types.begin(), types.end(), [](const OpTypeStats *a, const OpTypeStats *b) {
        const bool ra = a->signatures > 1;
        const bool rb = b->signatures > 1;
        if (ra != rb)
            return ra;
        return a->compiles > b->compiles;
    });
    if (types.size() > maxRows)
        types.resize(maxRows);
    // The most important row goes on top.
    QHash<QString, int> rowOf;
    for (qsizetype i = types.size() - 1; i >= 0; --i) {
        rowOf.insert(types[i]->type, int(c.rows.size()));
        c.rows.append(types[i]->type);
    }

    const double bucketNs = std::max(1.0, double(lastNs - c.originNs) / std::max(1, buckets));
    QSet<QString> typeSeen;
    QSet<quint32> signatureSeen;
    QSet<qint64> drawn; // (row, kind, bucket)
    for (const CompileEvent &e : ds.events) {
        if (e.timeNs < 0)
            continue;
        const OpSignature &sig = ds.signatures[e.signature];
        const auto row = rowOf.constFind(sig.opType);
        CompileChartData::Kind kind;
        if (e.flags & CompileEvent::Truncated)
            kind = CompileChartData::Truncated;
        else if (!typeSeen.contains(sig.opType))
            kind = CompileChartData::First;
        else if (!signatureSeen.contains(e.signature))
            kind = CompileChartData::NewSignature;
        else
            kind = CompileChartData::Repeat;
        if (!(e.flags & CompileEvent::Truncated)) {
            typeSeen.insert(sig.opType);
            signatureSeen.insert(e.signature);
        }
        if (row == rowOf.constEnd())
            continue;
        const qint64 bucket = qint64(double(e.timeNs - c.originNs) / bucketNs);
        // First and new-signature points are rare and are what the chart is for: never folded.
        if (kind == CompileChartData::Repeat || kind == CompileChartData::Truncated) {
            const qint64 key =
                (qint64(*row) * CompileChartData::KindCount + kind) * (qint64(buckets) + 2) +
                bucket;
            if (drawn.contains(key)) {
                ++c.pointsDropped;
                continue;
            }
            drawn.insert(key);
        }
        c.keys[kind].append(double(e.timeNs - c.originNs) / 1e9);
        c.values[kind].append(*row);
    }
    return c;
}

} // namespace Twinscope::Core
