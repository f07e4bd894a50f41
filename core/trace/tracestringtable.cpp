#include "tracestringtable.h"

namespace Twinscope::Core {

TraceStringTable::TraceStringTable()
{
    m_offsets.push_back(0);
    m_offsets.push_back(0);
    m_index.emplace(std::string_view(), 0);
}

quint32 TraceStringTable::intern(std::string_view text)
{
    if (auto it = m_index.find(text); it != m_index.end())
        return it->second;
    // The index keys are views into the arena, which moves as it grows: rebuild them when it does.
    const size_t need = m_arena.size() + text.size();
    const bool moves = need > m_arena.capacity();
    if (moves)
        m_arena.reserve(std::max(need, m_arena.capacity() * 2 + 4096));
    m_arena.insert(m_arena.end(), text.begin(), text.end());
    m_offsets.push_back(quint32(m_arena.size()));
    const quint32 id = quint32(m_offsets.size() - 2);
    if (moves) {
        std::unordered_map<std::string_view, quint32> rebuilt;
        rebuilt.reserve(m_index.size() * 2);
        for (quint32 i = 0; i <= id; ++i)
            rebuilt.emplace(view(i), i);
        m_index.swap(rebuilt);
    } else {
        m_index.emplace(view(id), id);
    }
    return id;
}

QString TraceStringTable::string(quint32 id) const
{
    const std::string_view v = view(id);
    return QString::fromUtf8(v.data(), qsizetype(v.size()));
}

quint32 TraceStringTable::find(std::string_view text) const
{
    if (auto it = m_index.find(text); it != m_index.end())
        return it->second;
    if (m_index.empty()) {
        for (quint32 i = 0; i < size(); ++i) {
            if (view(i) == text)
                return i;
        }
    }
    return UINT32_MAX;
}

void TraceStringTable::freeze()
{
    m_arena.shrink_to_fit();
    m_offsets.shrink_to_fit();
    std::unordered_map<std::string_view, quint32>().swap(m_index);
}

} // namespace Twinscope::Core
