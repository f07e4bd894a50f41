#pragma once

#include "tracestringtable.h"

#include <QByteArray>

#include <initializer_list>
#include <string_view>
#include <vector>

namespace Twinscope::Core {

// The args of events read from a database, kept as typed fields (string ids, integers, reals)
// under a per-reader layout and written as the args object's JSON text only when someone reads
// them. Writing that text for every row while loading cost more than reading the row, and holding
// it took about 150 bytes a slice (docs/PERFORMANCE.md, "Profiler databases"); a record here
// takes 4 bytes a string and 8 a number. The text is exactly what ArgsWriter writes: the keys in
// layout order, each present field once, "{}" for a record without fields.
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

    qint64 bytes() const
    {
        return qint64(m_words.capacity() * sizeof(quint32)) + qint64(m_layouts.size()) * 256;
    }
    void squeeze() { m_words.shrink_to_fit(); }

private:
    static constexpr quint8 RawLayout = 255;
    struct Layout
    {
        std::vector<QByteArray> keys; // "\"Task Type\": " escaped, with the separator after it
        std::vector<Type> types;
    };
    std::vector<Layout> m_layouts;
    // A record: a header word (layout in bits 0-7, present fields in bits 8-31), then the values
    // of the present fields: a string id in one word, an integer or a real in two.
    std::vector<quint32> m_words;
    qint64 m_current = -1;
    int m_lastField = -1;
};

// Appends s as a JSON string literal (quotes, escapes of '"', '\\' and control characters).
void appendJsonString(QByteArray &out, std::string_view s);

} // namespace Twinscope::Core
