#include "traceargsrecords.h"

#include <cmath>
#include <cstring>

namespace Twinscope::Core {

void appendJsonString(QByteArray &out, std::string_view s)
{
    out.append('"');
    size_t run = 0; // bytes copied as they are, appended in one piece
    auto flush = [&](size_t i) {
        if (i > run)
            out.append(s.data() + run, qsizetype(i - run));
    };
    for (size_t i = 0; i < s.size(); ++i) {
        const char c = s[i];
        const char *escape = nullptr;
        switch (c) {
        case '"':
            escape = "\\\"";
            break;
        case '\\':
            escape = "\\\\";
            break;
        case '\n':
            escape = "\\n";
            break;
        case '\r':
            escape = "\\r";
            break;
        case '\t':
            escape = "\\t";
            break;
        default:
            if (uchar(c) >= 0x20)
                continue;
        }
        flush(i);
        run = i + 1;
        if (escape) {
            out.append(escape);
        } else {
            static const char hex[] = "0123456789abcdef";
            const char u[] = {'\\', 'u', '0', '0', hex[uchar(c) >> 4], hex[uchar(c) & 15]};
            out.append(u, 6);
        }
    }
    flush(s.size());
    out.append('"');
}

quint8 TraceArgsRecords::addLayout(std::initializer_list<Field> fields)
{
    Q_ASSERT(fields.size() <= size_t(MaxFields) && m_layouts.size() < RawLayout);
    Layout layout;
    for (const Field &f : fields) {
        QByteArray key;
        appendJsonString(key, f.key);
        key.append(": ");
        layout.keys.push_back(key);
        layout.types.push_back(f.type);
    }
    m_layouts.push_back(std::move(layout));
    return quint8(m_layouts.size() - 1);
}

void TraceArgsRecords::begin(quint8 layout)
{
    Q_ASSERT(layout < m_layouts.size() && m_current < 0);
    m_current = qint64(m_words.size());
    m_lastField = -1;
    m_words.push_back(layout);
}

void TraceArgsRecords::str(int field, quint32 stringId)
{
    Q_ASSERT(m_current >= 0 && field > m_lastField && field < MaxFields);
    m_lastField = field;
    m_words[size_t(m_current)] |= 1u << (8 + field);
    m_words.push_back(stringId);
}

void TraceArgsRecords::num(int field, qint64 value)
{
    Q_ASSERT(m_current >= 0 && field > m_lastField && field < MaxFields);
    m_lastField = field;
    m_words[size_t(m_current)] |= 1u << (8 + field);
    const quint64 v = quint64(value);
    m_words.push_back(quint32(v));
    m_words.push_back(quint32(v >> 32));
}

void TraceArgsRecords::real(int field, double value)
{
    quint64 bits = 0;
    std::memcpy(&bits, &value, sizeof bits);
    num(field, qint64(bits));
}

std::pair<qint64, quint32> TraceArgsRecords::end()
{
    const qint64 offset = m_current;
    m_current = -1;
    return {offset, quint32(qint64(m_words.size()) - offset)};
}

std::pair<qint64, quint32> TraceArgsRecords::raw(std::string_view json)
{
    const qint64 offset = qint64(m_words.size());
    m_words.push_back(RawLayout);
    m_words.push_back(quint32(json.size()));
    const size_t words = (json.size() + 3) / 4;
    const size_t at = m_words.size();
    m_words.resize(at + words, 0);
    if (!json.empty())
        std::memcpy(m_words.data() + at, json.data(), json.size());
    return {offset, quint32(2 + words)};
}

void TraceArgsRecords::appendText(QByteArray *out,
                                  qint64 offset,
                                  quint32 length,
                                  const TraceStringTable &strings) const
{
    if (offset < 0 || length == 0 || quint64(offset) + length > m_words.size())
        return;
    const quint32 *w = m_words.data() + offset;
    const quint32 *const end = w + length;
    const quint32 header = *w++;
    const quint8 layoutId = quint8(header & 0xff);
    if (layoutId == RawLayout) {
        if (w == end || (quint64(*w) + 3) / 4 > quint64(end - w - 1))
            return;
        out->append(reinterpret_cast<const char *>(w + 1), qsizetype(*w));
        return;
    }
    if (layoutId >= m_layouts.size())
        return;
    const Layout &layout = m_layouts[layoutId];
    bool first = true;
    for (size_t f = 0; f < layout.keys.size(); ++f) {
        if (!(header & (1u << (8 + f))))
            continue;
        const int words = layout.types[f] == Type::Str ? 1 : 2;
        if (end - w < words)
            return;
        out->append(first ? "{" : ", ");
        first = false;
        out->append(layout.keys[f]);
        switch (layout.types[f]) {
        case Type::Str:
            appendJsonString(*out, *w < strings.size() ? strings.view(*w) : std::string_view());
            break;
        case Type::Int:
            out->append(QByteArray::number(qint64(quint64(w[0]) | (quint64(w[1]) << 32))));
            break;
        case Type::Real: {
            const quint64 bits = quint64(w[0]) | (quint64(w[1]) << 32);
            double d = 0;
            std::memcpy(&d, &bits, sizeof d);
            out->append(std::isfinite(d) ? QByteArray::number(d, 'g', 17) : QByteArray("null"));
            break;
        }
        }
        w += words;
    }
    out->append(first ? "{}" : "}");
}

QByteArray
TraceArgsRecords::text(qint64 offset, quint32 length, const TraceStringTable &strings) const
{
    QByteArray out;
    appendText(&out, offset, length, strings);
    return out;
}

} // namespace Twinscope::Core
