#pragma once

#include "tracedataset.h"

#include <QByteArray>
#include <QFile>

#include <optional>
#include <string_view>

namespace Twinscope::Core {

// Many events' args at once (DESIGN.md §4 "lazy arguments"). TraceDataset::sliceArgs() opens the
// file for every call, which suits a details pane but not an analysis that reads the "Task Type" of
// every NPU task or the bytes of every [memory] instant: this maps the file once, read-only, and
// hands out views. When the file changed since loading, nothing is read (stale() says so) and
// every view is empty, as sliceArgs() does.
class TraceArgsReader
{
public:
    explicit TraceArgsReader(const TraceDataset &dataset);
    ~TraceArgsReader();
    TraceArgsReader(const TraceArgsReader &) = delete;
    TraceArgsReader &operator=(const TraceArgsReader &) = delete;

    // The args object's JSON text, or empty.
    std::string_view slice(quint32 slice) const;
    std::string_view instant(quint32 instant) const;
    bool stale() const { return m_stale; }

private:
    std::string_view text(qint64 offset, quint32 length) const;

    const TraceDataset &m_dataset;
    QFile m_file;
    std::string_view m_data;
    bool m_stale = false;
};

// The raw JSON text of a top-level member of an args object ("\"AI_CORE\"", "12345", "[[1, 2]]"),
// or nullopt when the object has no such key or is not an object. Tolerant like the loader:
// never throws, stops at the first malformed byte.
std::optional<std::string_view> argsMember(std::string_view object, std::string_view key);
// The member as a string (quotes removed, escapes decoded) or nullopt when absent or not a string.
std::optional<QString> argsString(std::string_view object, std::string_view key);
// The member as a number (a JSON number or a quoted one) or nullopt.
std::optional<double> argsNumber(std::string_view object, std::string_view key);

} // namespace Twinscope::Core
