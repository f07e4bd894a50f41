#include "traceargsrecords.h"

#include <algorithm>
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

namespace {

char *putVarint(char *p, quint64 v)
{
    while (v >= 0x80) {
        *p++ = char(uchar(v) | 0x80);
        v >>= 7;
    }
    *p++ = char(v);
    return p;
}

// Reads a varint at *p, not past end; false when it runs past or over 64 bits.
bool getVarint(const uchar *&p, const uchar *end, quint64 *v)
{
    quint64 out = 0;
    for (int shift = 0; shift < 64; shift += 7) {
        if (p == end)
            return false;
        const uchar b = *p++;
        out |= quint64(b & 0x7f) << shift;
        if (!(b & 0x80)) {
            *v = out;
            return true;
        }
    }
    return false;
}

} // namespace

qint64 TraceArgsRecords::bytes() const
{
    return qint64(m_blocks.size()) * BlockBytes + qint64(m_layouts.size()) * 256;
}

void TraceArgsRecords::squeeze()
{
    // The last block keeps only what it holds; the others are full.
    if (m_blocks.empty() || m_used >= BlockBytes)
        return;
    auto last = std::make_unique<char[]>(size_t(std::max<qint64>(m_used, 1)));
    std::memcpy(last.get(), m_blocks.back().get(), size_t(m_used));
    m_blocks.back() = std::move(last);
    m_used = BlockBytes; // nothing more fits: the next record starts a new block
}

char *TraceArgsRecords::reserveBytes(qint64 n)
{
    if (m_blocks.empty() || m_used + n > BlockBytes) {
        // Left uninitialised: a block's pages become resident only as records fill them.
        m_blocks.push_back(std::unique_ptr<char[]>(new char[size_t(std::max(n, BlockBytes))]));
        m_used = 0;
    }
    char *p = m_blocks.back().get() + m_used;
    m_used += n;
    return p;
}

void TraceArgsRecords::begin(quint8 layout)
{
    Q_ASSERT(layout < m_layouts.size() && m_layout < 0);
    m_layout = layout;
    m_scratchUsed = 0;
    m_mask = 0;
    m_lastField = -1;
}

void TraceArgsRecords::field(int field)
{
    Q_ASSERT(m_layout >= 0 && field > m_lastField && field < MaxFields);
    m_lastField = field;
    m_mask |= 1u << field;
}

void TraceArgsRecords::scratchVarint(quint64 v)
{
    m_scratchUsed = int(putVarint(m_scratch + m_scratchUsed, v) - m_scratch);
}

void TraceArgsRecords::str(int f, quint32 stringId)
{
    field(f);
    scratchVarint(stringId);
}

void TraceArgsRecords::num(int f, qint64 value)
{
    field(f);
    scratchVarint((quint64(value) << 1) ^ quint64(value >> 63)); // zigzag: small negatives too
}

void TraceArgsRecords::real(int f, double value)
{
    field(f);
    std::memcpy(m_scratch + m_scratchUsed, &value, sizeof value);
    m_scratchUsed += int(sizeof value);
}

std::pair<qint64, quint32> TraceArgsRecords::end()
{
    char head[6];
    head[0] = char(m_layout);
    const qint64 headBytes = putVarint(head + 1, m_mask) - head;
    const qint64 n = headBytes + m_scratchUsed;
    char *p = reserveBytes(n);
    std::memcpy(p, head, size_t(headBytes));
    std::memcpy(p + headBytes, m_scratch, size_t(m_scratchUsed));
    m_layout = -1;
    const qint64 offset = qint64(m_blocks.size() - 1) * BlockBytes + m_used - n;
    return {offset, quint32(n)};
}

std::pair<qint64, quint32> TraceArgsRecords::raw(std::string_view json)
{
    char head[11];
    head[0] = char(RawLayout);
    const qint64 headBytes = putVarint(head + 1, json.size()) - head;
    const qint64 n = headBytes + qint64(json.size());
    if (n > BlockBytes || n > qint64(UINT32_MAX))
        return {-1, 0}; // an args text of megabytes: no reader writes one
    char *p = reserveBytes(n);
    std::memcpy(p, head, size_t(headBytes));
    if (!json.empty())
        std::memcpy(p + headBytes, json.data(), json.size());
    const qint64 offset = qint64(m_blocks.size() - 1) * BlockBytes + m_used - n;
    return {offset, quint32(n)};
}

void TraceArgsRecords::appendText(QByteArray *out,
                                  qint64 offset,
                                  quint32 length,
                                  const TraceStringTable &strings) const
{
    if (offset < 0 || length == 0)
        return;
    const qint64 block = offset / BlockBytes, at = offset % BlockBytes;
    if (block >= qint64(m_blocks.size()) || at + length > BlockBytes)
        return;
    const uchar *p = reinterpret_cast<const uchar *>(m_blocks[size_t(block)].get() + at);
    const uchar *const end = p + length;
    const quint8 layoutId = *p++;
    quint64 head = 0;
    if (!getVarint(p, end, &head))
        return;
    if (layoutId == RawLayout) {
        if (head <= quint64(end - p))
            out->append(reinterpret_cast<const char *>(p), qsizetype(head));
        return;
    }
    if (layoutId >= m_layouts.size())
        return;
    const Layout &layout = m_layouts[layoutId];
    // A record cut short (a length that does not match its offset) gives no text, never half an
    // object.
    const qsizetype start = out->size();
    auto cut = [&] {
        out->truncate(start);
    };
    bool first = true;
    for (size_t f = 0; f < layout.keys.size(); ++f) {
        if (!(head & (quint64(1) << f)))
            continue;
        quint64 v = 0;
        double d = 0;
        if (layout.types[f] == Type::Real) {
            if (end - p < qint64(sizeof d))
                return cut();
            std::memcpy(&d, p, sizeof d);
            p += sizeof d;
        } else if (!getVarint(p, end, &v)) {
            return cut();
        }
        out->append(first ? "{" : ", ");
        first = false;
        out->append(layout.keys[f]);
        switch (layout.types[f]) {
        case Type::Str:
            appendJsonString(*out,
                             v < strings.size() ? strings.view(quint32(v)) : std::string_view());
            break;
        case Type::Int:
            out->append(QByteArray::number(qint64(v >> 1) ^ -qint64(v & 1)));
            break;
        case Type::Real:
            out->append(std::isfinite(d) ? QByteArray::number(d, 'g', 17) : QByteArray("null"));
            break;
        }
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
