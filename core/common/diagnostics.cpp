#include "diagnostics.h"

#include <algorithm>

namespace Twinscope::Core {

void Diagnostics::add(const QString &kind,
                      const QString &message,
                      const Location &where,
                      Severity severity,
                      qint64 count)
{
    auto it = std::find_if(m_entries.begin(), m_entries.end(), [&](const Entry &e) {
        return e.kind == kind && e.file.isEmpty();
    });
    if (it == m_entries.end()) {
        m_entries.append(Entry{kind, message, severity, 0, {}, {}});
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
            return mine.kind == e.kind && mine.file == e.file;
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

void Diagnostics::setFile(const QString &file)
{
    for (Entry &e : m_entries) {
        if (e.file.isEmpty())
            e.file = file;
    }
    // Entries that now share kind and file (added before and after a setFile) become one.
    Diagnostics merged;
    merged.merge(*this);
    m_entries = std::move(merged.m_entries);
}

qint64 Diagnostics::count(const QString &kind) const
{
    qint64 total = 0;
    for (const Entry &e : m_entries) {
        if (e.kind == kind)
            total += e.count;
    }
    return total;
}

qint64 Diagnostics::totalCount() const
{
    qint64 total = 0;
    for (const Entry &e : m_entries)
        total += e.count;
    return total;
}

} // namespace Twinscope::Core
