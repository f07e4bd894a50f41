#pragma once

#include "core/common/progress.h"
#include "core/common/result.h"
#include "profilereaders.h"

#include <QStringList>

#include <vector>

namespace Twinscope::Core {

// One table of a profiler folder as text, every column, for the Files view: the columns the
// readers use and the ones they do not (newer CANN versions add PMU and state columns) alike.
// Long tables are cut at maxRows, and the view says so.
struct ProfileTable
{
    QString path;
    QStringList header;
    std::vector<QStringList> rows; // cells as written, trimmed (csvValue)
    qint64 totalRows = 0;
    bool truncated = false;
};

// CSV tables, and MindSpore's whitespace-separated op compute time text. JSON and SQLite files
// are summarised by the other views and refused here with a message saying so.
Result<ProfileTable> readProfileTable(const QString &path,
                                      qint64 maxRows,
                                      ProgressSink &progress,
                                      const CancelToken &cancel);

// Counts the data rows of a CSV table (api_statistic.csv, operator_details.csv: listed, not
// aggregated); a table without a header is an error.
TableRead countTableRows(std::string_view data, const QString &name);

} // namespace Twinscope::Core
