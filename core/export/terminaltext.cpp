#include "terminaltext.h"

namespace Twinscope::Core {

namespace {

void escapeByte(uchar c, QByteArray *out)
{
    static const char hex[] = "0123456789ABCDEF";
    const char e[] = {'\\', 'u', '0', '0', hex[c >> 4], hex[c & 15]};
    out->append(e, 6);
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
        if (c >= 0x20 && c != 0x7F && c != 0xC2)
            continue;
        if (c == '\n' || c == '\t')
            continue;
        if (c == 0xC2) {
            if (i + 1 == n) { // maybe the first half of a C1 character: hold it back
                flush(i);
                return 1;
            }
            const uchar d = p[i + 1];
            if (d < 0x80 || d > 0x9F)
                continue;
            flush(i);
            escapeByte(d, out); // U+0080..U+009F
            plainFrom = ++i + 1;
            continue;
        }
        flush(i);
        escapeByte(c, out);
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
