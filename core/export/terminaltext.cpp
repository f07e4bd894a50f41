#include "terminaltext.h"

namespace Twinscope::Core {

namespace {

void escapeUnit(uint c, QByteArray *out)
{
    static const char hex[] = "0123456789ABCDEF";
    const char e[] = {
        '\\', 'u', hex[(c >> 12) & 15], hex[(c >> 8) & 15], hex[(c >> 4) & 15], hex[c & 15]};
    out->append(e, 6);
}

// U+202A..U+202E (embeddings, overrides) are E2 80 AA..AE in UTF-8; U+2066..U+2069 (isolates)
// E2 81 A6..A9. Returns the code point, or 0 when p[0..2] is something else.
uint bidiControl(const uchar *p)
{
    if (p[0] != 0xE2)
        return 0;
    if (p[1] == 0x80 && p[2] >= 0xAA && p[2] <= 0xAE)
        return 0x2000u + (p[2] - 0x80u);
    if (p[1] == 0x81 && p[2] >= 0xA6 && p[2] <= 0xA9)
        return 0x2040u + (p[2] - 0x80u);
    return 0;
}

} // namespace

qsizetype escapeControls(QByteArrayView utf8, QByteArray *out)
{
    const auto *p = reinterpret_cast<const uchar *>(utf8.data());
    const qsizetype n = utf8.size();
    qsizetype plainFrom = 0;
    auto flush = [&](qsizetype to) {
        out->append(reinterpret_cast<const char *>(p + plainFrom), to - plainFrom);
    };
    for (qsizetype i = 0; i < n; ++i) {
        const uchar c = p[i];
        if (c >= 0x20 && c != 0x7F && c != 0xC2 && c != 0xE2)
            continue;
        if (c == '\n' || c == '\t')
            continue;
        if (c == 0xE2) {
            if (i + 3 > n) { // maybe the start of a bidi control split across two calls
                const bool partial = i + 1 == n || p[i + 1] == 0x80 || p[i + 1] == 0x81;
                if (!partial)
                    continue;
                flush(i);
                return n - i;
            }
            const uint bidi = bidiControl(p + i);
            if (!bidi)
                continue;
            flush(i);
            escapeUnit(bidi, out);
            i += 2;
            plainFrom = i + 1;
            continue;
        }
        if (c == 0xC2) {
            if (i + 1 == n) { // maybe the first half of a C1 character: hold it back
                flush(i);
                return 1;
            }
            const uchar d = p[i + 1];
            if (d < 0x80 || d > 0x9F)
                continue;
            flush(i);
            escapeUnit(d, out); // U+0080..U+009F
            plainFrom = ++i + 1;
            continue;
        }
        flush(i);
        escapeUnit(c, out);
        plainFrom = i + 1;
    }
    flush(n);
    return 0;
}

ControlEscapingDevice::ControlEscapingDevice(FILE *stream)
    : m_stream(stream)
{
    open(QIODevice::WriteOnly | QIODevice::Unbuffered);
}

ControlEscapingDevice::~ControlEscapingDevice()
{
    if (!m_held.isEmpty())
        std::fwrite(m_held.constData(), 1, size_t(m_held.size()), m_stream);
    std::fflush(m_stream);
}

qint64 ControlEscapingDevice::readData(char *data, qint64 maxSize)
{
    Q_UNUSED(data);
    Q_UNUSED(maxSize);
    return -1;
}

qint64 ControlEscapingDevice::writeData(const char *data, qint64 size)
{
    QByteArray in = m_held;
    in.append(data, qsizetype(size));
    QByteArray out;
    out.reserve(in.size());
    const qsizetype held = escapeControls(in, &out);
    m_held = in.right(held);
    if (!out.isEmpty() &&
        std::fwrite(out.constData(), 1, size_t(out.size()), m_stream) != size_t(out.size()))
        return -1;
    std::fflush(m_stream);
    return size;
}

} // namespace Twinscope::Core
