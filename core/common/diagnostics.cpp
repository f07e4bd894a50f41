#include "diagnostics.h"

#include <algorithm>

namespace Twinscope::Core {

void Diagnostics::add(const QString &kind,
                      const QString &message,
                      const Location &where,
                      Severity severity,
                      qint64 count)
{
    auto it = std::find_if(
        m_entries.begin(), m_entries.end(), [&](const Entry &e) { return e.kind == kind; });
    if (it == m_entries.end()) {
        m_entries.append(Entry{kind, message, severity, 0, {}});
        it = m_entries.end() - 1;
    }
    it->count += count;
    if (it->first.size() < MaxLocations &&
        (where.offset >= 0 || where.line >= 0 || !where.detail.isEmpty()))
        it->first.append(where);
}

void Diagnostics::merge(const Diagnostics &other)
{
    for (const Entry &e : other.m_entries) {
        auto it = std::find_if(m_entries.begin(), m_entries.end(), [&](const Entry &mine) {
            return mine.kind == e.kind;
        });
        if (it == m_entries.end()) {
            m_entries.append(e);
            continue;
        }
        it->count += e.count;
        for (const Location &l : e.first) {
            if (it->first.size() >= MaxLocations)
                break;
            it->first.append(l);
        }
    }
}

qint64 Diagnostics::count(const QString &kind) const
{
    for (const Entry &e : m_entries) {
        if (e.kind == kind)
            return e.count;
    }
    return 0;
}

qint64 Diagnostics::totalCount() const
{
    qint64 total = 0;
    for (const Entry &e : m_entries)
        total += e.count;
    return total;
}

} // namespace Twinscope::Core
