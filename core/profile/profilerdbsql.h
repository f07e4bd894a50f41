#pragma once

#include "core/common/sqlitedb.h"

namespace Twinscope::Core {

// COMPUTE_TASK_INFO with one row per globalTaskId, to join TASK on (issue #30): torch_npu and CANN
// make globalTaskId its INTEGER PRIMARY KEY, so each TASK row meets at most one compute task. A
// file without that key may repeat an id in both tables, and the join then multiplies rows
// (15 000 x 15 000 from half a megabyte); the first row of each id is kept instead (one sort),
// so the join yields at most one row per TASK row.
inline QString computeTasksOnce(const SqliteReadOnly &db)
{
    using namespace Qt::StringLiterals;
    if (db.isUniqueKey(u"COMPUTE_TASK_INFO"_s, u"globalTaskId"_s))
        return u"COMPUTE_TASK_INFO"_s;
    return u"(SELECT * FROM COMPUTE_TASK_INFO WHERE rowid IN (SELECT MIN(rowid) FROM "
           u"COMPUTE_TASK_INFO GROUP BY globalTaskId))"_s;
}

} // namespace Twinscope::Core
