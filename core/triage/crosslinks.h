#pragma once

#include "namemapping.h"

#include <QJsonObject>
#include <QList>
#include <QString>

#include <memory>
#include <vector>

namespace Twinscope::Core {

class TraceDataset;
struct OpInfoDataset;
struct DumpComparison;

// Where one dumped tensor's operator shows up in the other evidence (issue #15): its slices in the
// timelines, its compiles in the op-info logs, found through the name mapping, which is kept so the
// user sees how the names were joined.
struct CrossLink
{
    QString tensor; // the dump row's tensor name
    int run = 0;    // dump run
    int row = -1;   // comparison row
    OpNameMapping mapping;

    struct TraceHit
    {
        QString file;
        QString name; // the slice name that matched
        qint64 count = 0;
        qint64 firstStartNs = 0;
        qint64 firstDurationNs = 0;
    };
    QList<TraceHit> trace; // one per (file, slice name), most slices first

    struct OpInfoHit
    {
        QString type;
        qint64 compiles = 0;
        qint64 signatures = 0;
    };
    QList<OpInfoHit> opinfo;

    bool isEmpty() const { return trace.isEmpty() && opinfo.isEmpty(); }
};

struct CrossLinkSources
{
    std::vector<std::shared_ptr<const TraceDataset>> traces;
    std::shared_ptr<const OpInfoDataset> opinfo;
    const OpNameTable *names = nullptr;
};

// The cross-link of row `row` of a comparison (its NPU tensor, else its benchmark tensor).
CrossLink crossLinkForRow(const DumpComparison &comparison,
                          int run,
                          int row,
                          const CrossLinkSources &sources);

// {tensor, api, aten[], ascend[], rule, mapping, trace[], opinfo[]}: for the CLI and findings'
// evidence.
QJsonObject crossLinkJson(const CrossLink &link);

} // namespace Twinscope::Core
