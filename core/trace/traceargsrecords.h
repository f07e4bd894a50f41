#pragma once

#include "tracestringtable.h"

#include <QByteArray>

#include <initializer_list>
#include <memory>
#include <string_view>
#include <vector>

namespace Twinscope::Core {

// The args of events read from a database, kept as typed fields (string ids, integers, reals)
// under a per-reader layout and written as the args object's JSON text only when someone reads
// them. Writing that text for every row while loading cost more than reading the row, and holding
// it took about 150 bytes a slice (docs/PERFORMANCE.md, "Profiler databases"); a record here
// takes a byte for its layout, a varint for its fields, and a varint per string id or integer
// (ids, ranks and sizes are mostly small: one to three bytes each). The
// text is exactly what ArgsWriter writes: the keys in layout order, each present field once, "{}"
// for a record without fields. The bytes live in blocks of 4 MiB that never move, so a table of
// ten million rows neither doubles its storage while growing nor copies it when done.
class TraceArgsRecords
{
public:
    enum class Type : quint8 { Str, Int, Real };
    struct Field
    {
        std::string_view key; // plain text, escaped once here
        Type type;
    };
    static constexpr int MaxFields = 24;

    // A layout of at most MaxFields fields; returns its id (at most 254 layouts).
    quint8 addLayout(std::initializer_list<Field> fields);

    // A record of layout: begin, then the present fields in increasing index, then end, which
    // gives the (offset, length) an event keeps. Absent fields are left out of the text.
    void begin(quint8 layout);
    void str(int field, quint32 stringId);
    void num(int field, qint64 value);
    void real(int field, double value);
    std::pair<qint64, quint32> end();
    // An args object already written as JSON text (readers that still build text themselves).
    std::pair<qint64, quint32> raw(std::string_view json);

    // The JSON text of the record at (offset, length); empty when they are out of range.
    void appendText(QByteArray *out,
                    qint64 offset,
                    quint32 length,
                    const TraceStringTable &strings) const;
    QByteArray text(qint64 offset, quint32 length, const TraceStringTable &strings) const;

    qint64 bytes() const;
    void squeeze();

private:
    static constexpr quint8 RawLayout = 255;
    static constexpr qint64 BlockBytes = qint64(4) << 20;
    // Room for the largest field record: a layout byte, a mask varint and MaxFields values of at
    // most 10 bytes each.
    static constexpr qint64 MaxRecordBytes = 1 + 5 + MaxFields * 10;
    void field(int field);
    void scratchVarint(quint64 v);
    char *reserveBytes(qint64 n); // where n bytes fit in one block; m_used then moves past them
    struct Layout
    {
        std::vector<QByteArray> keys; // "\"Task Type\": " escaped, with the separator after it
        std::vector<Type> types;
    };
    std::vector<Layout> m_layouts;
    // A record: its layout byte, a varint of the present fields' mask, then their values: string
    // ids as varints, integers zigzag-encoded as varints, reals as their 8 bytes. A raw record:
    // 255, a varint length, the text. Records never cross a block; offsets count from the first
    // block's start, as if the blocks were one array.
    std::vector<std::unique_ptr<char[]>> m_blocks;
    qint64 m_used = BlockBytes; // bytes used in the last block
    // The record being written: its values wait here until end() knows the mask.
    char m_scratch[MaxRecordBytes];
    int m_scratchUsed = 0;
    int m_layout = -1;
    quint32 m_mask = 0;
    int m_lastField = -1;
};

// Appends s as a JSON string literal (quotes, escapes of '"', '\\' and control characters).
void appendJsonString(QByteArray &out, std::string_view s);

} // namespace Twinscope::Core
