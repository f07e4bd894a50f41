#pragma once

#include "core/common/constants.h"
#include "core/common/csvreader.h"
#include "core/common/tr.h"
#include "profilereaders.h"

#include <QString>

#include <string_view>
#include <vector>

namespace Twinscope::Core {

// Small helpers the profiler table readers share (internal to core/profile).

// A row's cell by column index, trimmed (csvValue); empty when the row is short or the column
// absent (-1).
inline std::string_view cell(const std::vector<std::string_view> &row, int column)
{
    return column >= 0 && size_t(column) < row.size() ? csvValue(row[size_t(column)])
                                                      : std::string_view();
}

inline QString cellText(const std::vector<std::string_view> &row, int column)
{
    const std::string_view v = cell(row, column);
    return QString::fromUtf8(v.data(), qsizetype(v.size()));
}

inline bool isBlankRow(const std::vector<std::string_view> &row)
{
    return row.size() == 1 && csvValue(row.front()).empty();
}

// Reads the header row, skipping blank lines before it; false when the data has none.
inline bool readCsvHeader(CsvReader &reader, CsvColumns *columns)
{
    std::vector<std::string_view> header;
    while (reader.next(header)) {
        if (!isBlankRow(header)) {
            *columns = CsvColumns(header);
            return true;
        }
    }
    return false;
}

// One CSV table read the way every profiler table reader reads: the header, the columns it needs
// (a missing one is an error naming the file and the column), then each non-blank row, polling
// the cancel token. Failures land in the TableRead the reader returns.
class CsvTable
{
public:
    CsvTable(std::string_view data, const QString &name, TableRead &out)
        : m_reader(data)
        , m_name(name)
        , m_out(out)
    {
        if (!readCsvHeader(m_reader, &m_columns))
            m_out.error = Error::make(ErrorCode::EmptyFile, Tr::tr("The table is empty."), name);
    }

    bool ok() const { return !m_out.error; }
    const CsvColumns &columns() const { return m_columns; }
    const CsvReader &reader() const { return m_reader; }
    Location here() const { return Location{m_reader.offset(), m_reader.line(), {}}; }

    // The first of names the header has; when none, an error naming display (once).
    int require(std::initializer_list<std::string_view> names, const QString &display)
    {
        const int i = m_columns.find(names);
        if (i < 0 && !m_out.error)
            m_out.error = missingColumnError(m_name, display, m_columns);
        return i;
    }
    int find(std::initializer_list<std::string_view> names) const { return m_columns.find(names); }

    // Calls f(row) for each non-blank row; stops (canceled) when the token says so.
    template<typename F>
    void forEachRow(const CancelToken &cancel, F &&f)
    {
        if (m_out.error)
            return;
        std::vector<std::string_view> row;
        while (m_reader.next(row)) {
            if (isBlankRow(row))
                continue;
            if ((++m_out.rows % PollRecords) == 0 && cancel.isCanceled()) {
                m_out.canceled = true;
                return;
            }
            f(row);
        }
    }

private:
    CsvReader m_reader;
    CsvColumns m_columns;
    QString m_name;
    TableRead &m_out;
};

} // namespace Twinscope::Core
