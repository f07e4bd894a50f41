#include "sqlitestrings.h"

#include "tr.h"

#include <algorithm>

using namespace Qt::StringLiterals;

namespace Twinscope::Core {

namespace {
constexpr quint64 MaxLength = (quint64(1) << 24) - 1;
}

std::optional<Error> SqliteStrings::load(const SqliteReadOnly &db,
                                         const QString &table,
                                         const QString &idColumn,
                                         const QString &valueColumn)
{
    m_index.clear();
    m_text.clear();
    SqliteStatement q;
    if (auto e =
            db.prepare(q, u"SELECT \"%1\", \"%2\" FROM \"%3\""_s.arg(idColumn, valueColumn, table)))
        return e;
    bool sorted = true;
    while (q.next()) {
        const std::optional<qint64> id = q.integer(0);
        if (!id)
            continue;
        std::string_view v = q.text(1);
        // A name longer than 16 MiB is no name the profiler wrote; the start of it is enough.
        v = v.substr(0, size_t(std::min<quint64>(v.size(), MaxLength)));
        if (!m_index.empty() && *id <= m_index.back().id)
            sorted = false;
        m_index.push_back({*id, quint64(m_text.size()) << 24 | quint64(v.size())});
        m_text.append(v);
    }
    if (!q.error().isEmpty()) {
        if (auto e = db.budgetError())
            return e;
        Error e = Error::make(ErrorCode::Malformed,
                              Tr::tr("The database could not be read: %1").arg(q.error()),
                              db.path());
        e.found = table;
        return e;
    }
    if (!sorted) {
        // Equal ids keep the order of the table: the first is what a lookup found.
        std::stable_sort(m_index.begin(), m_index.end(), [](const Entry &a, const Entry &b) {
            return a.id < b.id;
        });
        m_index.erase(std::unique(m_index.begin(),
                                  m_index.end(),
                                  [](const Entry &a, const Entry &b) { return a.id == b.id; }),
                      m_index.end());
    }
    m_index.shrink_to_fit();
    m_text.shrink_to_fit();
    return std::nullopt;
}

std::string_view SqliteStrings::value(qint64 id) const
{
    const auto it = std::lower_bound(
        m_index.begin(), m_index.end(), id, [](const Entry &e, qint64 v) { return e.id < v; });
    if (it == m_index.end() || it->id != id)
        return {};
    return std::string_view(m_text).substr(size_t(it->offsetAndLength >> 24),
                                           size_t(it->offsetAndLength & MaxLength));
}

} // namespace Twinscope::Core
