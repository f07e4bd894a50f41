#pragma once

#include "sqlitedb.h"

#include <string>
#include <string_view>
#include <vector>

namespace Twinscope::Core {

// An id -> text table of a profiler database (STRING_IDS, ENUM_MODULE), read once by one streamed
// SELECT and looked up in memory (issue #30). Queries that named strings through a correlated
// subquery, "(SELECT value FROM STRING_IDS WHERE id = c.opType)", ran one scan of the table per
// row when the file's STRING_IDS has no index (30 000 x 30 000 strings: minutes); an SQL join
// multiplies rows when ids repeat. Here each id costs one pass and one binary search, whatever the
// file's indexes, and a repeated id keeps its first value as the subquery did. The texts live in
// one buffer with 16 bytes of index per id.
class SqliteStrings
{
public:
    // Reads "SELECT idColumn, valueColumn FROM table"; rows whose id is no integer are skipped.
    std::optional<Error> load(const SqliteReadOnly &db,
                              const QString &table,
                              const QString &idColumn = QStringLiteral("id"),
                              const QString &valueColumn = QStringLiteral("value"));
    // The text of id ("" for none, as the subquery's NULL read as text).
    std::string_view value(qint64 id) const;
    std::string_view value(const std::optional<qint64> &id) const
    {
        return id ? value(*id) : std::string_view();
    }
    size_t size() const { return m_index.size(); }

private:
    struct Entry
    {
        qint64 id;
        quint64 offsetAndLength; // offset << 24 | length (texts are cut at 16 MiB - 1)
    };
    std::vector<Entry> m_index;
    std::string m_text;
};

} // namespace Twinscope::Core
