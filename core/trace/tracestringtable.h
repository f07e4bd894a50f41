#pragma once

#include <QString>

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace Twinscope::Core {

// Interned UTF-8 strings (names, categories, pids, tids, argument keys) as uint32 ids
// (docs/DESIGN.md §4). Built while loading, then frozen into one arena; id 0 is the empty string.
class TraceStringTable
{
public:
    TraceStringTable();

    quint32 intern(std::string_view text);
    std::string_view view(quint32 id) const
    {
        return std::string_view(m_arena.data() + m_offsets[id], m_offsets[id + 1] - m_offsets[id]);
    }
    QString string(quint32 id) const;
    quint32 size() const { return quint32(m_offsets.size() - 1); }
    // The id of text if interned, else UINT32_MAX. Only valid after freeze() or while building.
    quint32 find(std::string_view text) const;
    // Drops the lookup index; the arena stays. Saves memory in immutable datasets.
    void freeze();
    // The frozen table as two columns (the trace cache writes and maps them): the UTF-8 bytes of
    // every string, and size() + 1 offsets into them.
    const std::vector<char> &arena() const { return m_arena; }
    const std::vector<quint32> &offsets() const { return m_offsets; }
    // A frozen table from those columns; the caller has checked that offsets start at 0, never
    // decrease, end at arena.size() and number at least two (id 0 is the empty string).
    static TraceStringTable fromFrozen(std::vector<char> arena, std::vector<quint32> offsets);
    qint64 bytes() const
    {
        return qint64(m_arena.capacity() + m_offsets.capacity() * sizeof(quint32));
    }

private:
    static quint32 hash(std::string_view text);
    void grow();

    std::vector<char> m_arena;
    std::vector<quint32> m_offsets;
    // Open addressing: slot = id + 1, 0 empty. A cheap hash of length, head, middle and tail,
    // because kernel names run to hundreds of bytes and most lookups hit.
    std::vector<quint32> m_slots;
    std::vector<quint32> m_hashes;
};

} // namespace Twinscope::Core
