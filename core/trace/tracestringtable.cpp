#include "tracestringtable.h"

#include <cstring>

namespace Twinscope::Core {

TraceStringTable::TraceStringTable()
{
    m_offsets.push_back(0);
    m_offsets.push_back(0);
    m_slots.assign(1024, 0);
    m_hashes.push_back(hash({}));
    m_slots[m_hashes[0] & 1023] = 1;
}

quint32 TraceStringTable::hash(std::string_view text)
{
    auto load = [&](size_t at) {
        quint64 v = 0;
        std::memcpy(&v, text.data() + at, std::min<size_t>(8, text.size() - at));
        return v;
    };
    quint64 h = 0x9E3779B97F4A7C15ull ^ text.size();
    auto mix = [&](quint64 v) {
        h ^= v;
        h *= 0xBF58476D1CE4E5B9ull;
        h ^= h >> 31;
    };
    if (!text.empty()) {
        mix(load(0));
        if (text.size() > 8) {
            mix(load(text.size() - 8));
            mix(load(text.size() / 2 - 4));
        }
        if (text.size() > 16)
            mix(load(8));
        if (text.size() > 24)
            mix(load(text.size() - 16));
    }
    return quint32(h ^ (h >> 32));
}

void TraceStringTable::grow()
{
    const size_t capacity = m_slots.size() * 2;
    std::vector<quint32> table(capacity, 0);
    for (quint32 id = 0; id < size(); ++id) {
        size_t s = m_hashes[id] & (capacity - 1);
        while (table[s] != 0)
            s = (s + 1) & (capacity - 1);
        table[s] = id + 1;
    }
    m_slots.swap(table);
}

quint32 TraceStringTable::intern(std::string_view text)
{
    if (m_slots.empty()) // frozen: a table no longer grows
        return find(text);
    const quint32 h = hash(text);
    const size_t mask = m_slots.size() - 1;
    size_t s = h & mask;
    while (m_slots[s] != 0) {
        const quint32 id = m_slots[s] - 1;
        if (m_hashes[id] == h && view(id) == text)
            return id;
        s = (s + 1) & mask;
    }
    m_arena.insert(m_arena.end(), text.begin(), text.end());
    m_offsets.push_back(quint32(m_arena.size()));
    const quint32 id = quint32(m_offsets.size() - 2);
    m_hashes.push_back(h);
    m_slots[s] = id + 1;
    if (size_t(size()) * 2 > m_slots.size())
        grow();
    return id;
}

QString TraceStringTable::string(quint32 id) const
{
    const std::string_view v = view(id);
    return QString::fromUtf8(v.data(), qsizetype(v.size()));
}

quint32 TraceStringTable::find(std::string_view text) const
{
    if (!m_slots.empty()) {
        const quint32 h = hash(text);
        const size_t mask = m_slots.size() - 1;
        for (size_t s = h & mask; m_slots[s] != 0; s = (s + 1) & mask) {
            const quint32 id = m_slots[s] - 1;
            if (m_hashes[id] == h && view(id) == text)
                return id;
        }
        return UINT32_MAX;
    }
    for (quint32 i = 0; i < size(); ++i) {
        if (view(i) == text)
            return i;
    }
    return UINT32_MAX;
}

TraceStringTable TraceStringTable::fromFrozen(std::vector<char> arena, std::vector<quint32> offsets)
{
    TraceStringTable t;
    t.m_arena = std::move(arena);
    t.m_offsets = std::move(offsets);
    std::vector<quint32>().swap(t.m_slots);
    std::vector<quint32>().swap(t.m_hashes);
    return t;
}

void TraceStringTable::freeze()
{
    m_arena.shrink_to_fit();
    m_offsets.shrink_to_fit();
    std::vector<quint32>().swap(m_slots);
    std::vector<quint32>().swap(m_hashes);
}

} // namespace Twinscope::Core
