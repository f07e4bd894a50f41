#include "traceargs.h"

#include "tracejsonreader.h"

#include <QFileInfo>

#include <charconv>

namespace Twinscope::Core {

TraceArgsReader::TraceArgsReader(const TraceDataset &dataset)
    : m_dataset(dataset)
{
    if (dataset.argsInArena) {
        m_data = std::string_view(dataset.argsArena.constData(), size_t(dataset.argsArena.size()));
        return;
    }
    const QFileInfo info(dataset.path);
    if (!info.exists() || info.size() != dataset.fileSize ||
        info.lastModified() != dataset.fileModified) {
        m_stale = !dataset.path.isEmpty();
        return;
    }
    m_file.setFileName(dataset.path);
    if (!m_file.open(QIODevice::ReadOnly) || m_file.size() <= 0)
        return;
    const uchar *p = m_file.map(0, m_file.size());
    if (p)
        m_data = std::string_view(reinterpret_cast<const char *>(p), size_t(m_file.size()));
}

TraceArgsReader::~TraceArgsReader() = default;

std::string_view TraceArgsReader::text(qint64 offset, quint32 length) const
{
    if (offset < 0 || length == 0 || offset + qint64(length) > qint64(m_data.size()))
        return {};
    return m_data.substr(size_t(offset), length);
}

std::string_view TraceArgsReader::slice(quint32 slice) const
{
    if (slice >= m_dataset.sliceArgsOffset.size())
        return {};
    return text(m_dataset.sliceArgsOffset[slice], m_dataset.sliceArgsLength[slice]);
}

std::string_view TraceArgsReader::instant(quint32 instant) const
{
    if (instant >= m_dataset.instantArgsOffset.size())
        return {};
    return text(m_dataset.instantArgsOffset[instant], m_dataset.instantArgsLength[instant]);
}

std::optional<std::string_view> argsMember(std::string_view object, std::string_view key)
{
    TraceJson::Reader r(object);
    r.skipWs();
    if (r.peek() != '{')
        return std::nullopt;
    ++r.pos;
    for (;;) {
        r.skipWs();
        if (r.peek() != '"')
            return std::nullopt; // '}' or junk: the key is not there
        std::string_view raw;
        bool escaped = false;
        if (!r.readStringRaw(&raw, &escaped))
            return std::nullopt;
        r.skipWs();
        if (r.peek() != ':')
            return std::nullopt;
        ++r.pos;
        r.skipWs();
        const qint64 start = r.pos;
        if (!r.skipValue())
            return std::nullopt;
        if (!escaped && raw == key)
            return object.substr(size_t(start), size_t(r.pos - start));
        r.skipWs();
        if (r.peek() != ',')
            return std::nullopt;
        ++r.pos;
    }
}

std::optional<QString> argsString(std::string_view object, std::string_view key)
{
    const std::optional<std::string_view> v = argsMember(object, key);
    if (!v || v->size() < 2 || v->front() != '"' || v->back() != '"')
        return std::nullopt;
    // argsMember() found the closing quote, so only escapes are left to decode.
    std::string_view out = v->substr(1, v->size() - 2);
    TraceJson::Reader r(out);
    if (out.find('\\') != std::string_view::npos)
        out = r.unescape(out);
    return QString::fromUtf8(out.data(), qsizetype(out.size()));
}

std::optional<double> argsNumber(std::string_view object, std::string_view key)
{
    std::optional<std::string_view> v = argsMember(object, key);
    if (!v || v->empty())
        return std::nullopt;
    std::string_view t = *v;
    if (t.size() >= 2 && t.front() == '"' && t.back() == '"')
        t = t.substr(1, t.size() - 2);
    double d = 0;
    const auto [end, ec] = std::from_chars(t.data(), t.data() + t.size(), d);
    if (ec != std::errc() || end != t.data() + t.size())
        return std::nullopt;
    return d;
}

} // namespace Twinscope::Core
