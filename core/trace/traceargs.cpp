#include "traceargs.h"

#include "tracejsonreader.h"

#include <QFile>
#include <QFileInfo>

#include <algorithm>
#include <charconv>

namespace Twinscope::Core {

void forEachArgs(const TraceDataset &dataset,
                 ArgsOf kind,
                 const std::vector<quint32> &events,
                 const std::function<void(size_t k, std::string_view text)> &f,
                 bool *stale)
{
    if (stale)
        *stale = false;
    const std::vector<qint64> &offsets =
        kind == ArgsOf::Slices ? dataset.sliceArgsOffset : dataset.instantArgsOffset;
    const std::vector<quint32> &lengths =
        kind == ArgsOf::Slices ? dataset.sliceArgsLength : dataset.instantArgsLength;
    struct Item
    {
        qint64 offset;
        quint32 length;
        size_t k;
    };
    std::vector<Item> items;
    items.reserve(events.size());
    for (size_t k = 0; k < events.size(); ++k) {
        const quint32 e = events[k];
        if (e < offsets.size() && offsets[e] >= 0 && lengths[e] > 0)
            items.push_back({offsets[e], lengths[e], k});
    }
    if (items.empty())
        return;
    if (dataset.argsRecords) {
        QByteArray text; // one buffer for all: the records are written one at a time
        for (const Item &it : items) {
            text.resize(0); // keeps the capacity
            dataset.argsRecords->appendText(&text, it.offset, it.length, dataset.strings);
            f(it.k, std::string_view(text.constData(), size_t(text.size())));
        }
        return;
    }
    if (dataset.argsInArena) {
        const qint64 size = dataset.argsArena.size();
        for (const Item &it : items) {
            if (it.offset + qint64(it.length) <= size)
                f(it.k, std::string_view(dataset.argsArena.constData() + it.offset, it.length));
        }
        return;
    }
    const QFileInfo info(dataset.path);
    if (!info.exists() || info.size() != dataset.fileSize ||
        info.lastModified() != dataset.fileModified) {
        if (stale)
            *stale = true;
        return;
    }
    QFile file(dataset.path);
    if (!file.open(QIODevice::ReadOnly))
        return;
    std::sort(items.begin(), items.end(), [](const Item &a, const Item &b) {
        return a.offset < b.offset;
    });
    constexpr qint64 Window = 64 << 20;
    constexpr qint64 Page = 4096;
    const qint64 fileSize = file.size();
    size_t i = 0;
    while (i < items.size()) {
        const qint64 from = items[i].offset / Page * Page;
        qint64 to = std::min(fileSize, from + Window);
        to = std::max(to, std::min(fileSize, items[i].offset + qint64(items[i].length)));
        uchar *p = file.map(from, to - from);
        if (!p)
            return;
        const char *base = reinterpret_cast<const char *>(p);
        for (; i < items.size() && items[i].offset + qint64(items[i].length) <= to; ++i)
            f(items[i].k, std::string_view(base + (items[i].offset - from), items[i].length));
        // Unmapping gives the window's pages back: the resident set stays one window.
        file.unmap(p);
        if (i < items.size() && items[i].offset + qint64(items[i].length) > fileSize)
            return;
    }
}

namespace {

// Calls f(key, raw value) for each top-level member until f returns false; keys with escapes are
// skipped (no args key the analyses look for has one). Stops quietly at malformed text.
template<typename F>
void visitMembers(std::string_view object, F &&f)
{
    TraceJson::Reader r(object);
    r.skipWs();
    if (r.peek() != '{')
        return;
    ++r.pos;
    for (;;) {
        r.skipWs();
        if (r.peek() != '"')
            return; // '}' or junk
        std::string_view raw;
        bool escaped = false;
        if (!r.readStringRaw(&raw, &escaped))
            return;
        r.skipWs();
        if (r.peek() != ':')
            return;
        ++r.pos;
        r.skipWs();
        const qint64 start = r.pos;
        if (!r.skipValue())
            return;
        if (!escaped && !f(raw, object.substr(size_t(start), size_t(r.pos - start))))
            return;
        r.skipWs();
        if (r.peek() != ',')
            return;
        ++r.pos;
    }
}

} // namespace

std::optional<std::string_view> argsMember(std::string_view object, std::string_view key)
{
    std::optional<std::string_view> found;
    visitMembers(object, [&](std::string_view k, std::string_view v) {
        if (k != key)
            return true;
        found = v;
        return false;
    });
    return found;
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

namespace {

std::optional<double> toNumber(std::string_view t)
{
    if (t.empty())
        return std::nullopt;
    if (t.size() >= 2 && t.front() == '"' && t.back() == '"')
        t = t.substr(1, t.size() - 2);
    double d = 0;
    const auto [end, ec] = std::from_chars(t.data(), t.data() + t.size(), d);
    if (ec != std::errc() || end != t.data() + t.size())
        return std::nullopt;
    return d;
}

} // namespace

std::optional<double> argsNumber(std::string_view object, std::string_view key)
{
    const std::optional<std::string_view> v = argsMember(object, key);
    return v ? toNumber(*v) : std::nullopt;
}

void argsNumbers(std::string_view object,
                 const std::vector<std::string_view> &keys,
                 std::vector<std::optional<double>> *values)
{
    values->assign(keys.size(), std::nullopt);
    visitMembers(object, [&](std::string_view k, std::string_view v) {
        for (size_t i = 0; i < keys.size(); ++i) {
            if (k == keys[i])
                (*values)[i] = toNumber(v);
        }
        return true;
    });
}

} // namespace Twinscope::Core
