#pragma once

#include "core/common/progress.h"
#include "core/common/result.h"
#include "modulecompare.h"

#include <QList>
#include <QString>

#include <memory>

namespace Twinscope::Core {

// msprobe's graph compare result, `msprobe graph_visualize`'s .vis.db (SQLite, msprobe 8.2.1 and
// later; visualization/db_utils.py): tb_nodes holds both sides' nodes of every step and rank
// (data_source "NPU"/"Bench"), with msprobe's precision_index and overflow_level on the NPU
// side and matched_node_link naming the bench node; tb_config the task and the steps/ranks.
struct MsprobeVisGraph
{
    QString path;
    QString task; // "summary" (statistics), "all" (tensor), "md5"
    QList<int> steps, ranks;
    int step = 0, rank = 0; // the one read
    // Both trees rebuilt from the file and compared by Twinscope's rules (the divergence flags and
    // first divergent module come from there); the precision index, band and overflow level of
    // every NPU node are msprobe's own, as stored.
    std::shared_ptr<ModuleComparison> comparison;
    int msprobeMatched = 0; // NPU nodes the file links to a bench node
};

// Reads one step and rank (the first of each when step/rank is -1) of a .vis.db, read-only and
// immutable (sqlitedb.h). A file without tb_nodes is no msprobe graph.
Result<MsprobeVisGraph>
loadVisDb(const QString &path, int step = -1, int rank = -1, const CancelToken &cancel = {});

// Whether an SQLite file's tables are a .vis.db's.
bool isVisDbLayout(const QStringList &tables);

} // namespace Twinscope::Core
