#pragma once

#include "diagnostics.h"
#include "error.h"
#include "inputfile.h"
#include "progress.h"
#include "source.h"

#include <QByteArray>
#include <QFile>

#include <memory>
#include <optional>
#include <string_view>

namespace Twinscope::Core {

bool isGzip(std::string_view bytes);

// Read-only bytes of a Source: a read-only memory map of the file (never a copy), or the Source's
// own bytes. gzip payloads are inflated with inflateGzip() by the caller, who decides how to report
// it.
class ByteSource
{
public:
    static std::unique_ptr<ByteSource> open(const Source &source, Error *error);
    ~ByteSource();

    std::string_view data() const { return m_data; }
    qint64 size() const { return qint64(m_data.size()); }
    const QString &name() const { return m_name; }

private:
    ByteSource() = default;
    QFile m_file;
    QByteArray m_bytes;
    std::string_view m_data;
    QString m_name;
};

// Inflates a (possibly multi-member) gzip stream. A truncated or corrupt stream keeps the inflated
// prefix and adds a "truncated_gzip" warning; it fails only when nothing could be inflated.
// maxOutput bounds the result (sniffing inflates only a prefix); 0 means no bound.
struct InflateResult
{
    QByteArray data;
    bool complete = false; // the stream ended cleanly
    bool canceled = false;
    std::optional<Error> error;
};
InflateResult inflateGzip(std::string_view in,
                          const QString &name,
                          Diagnostics *diagnostics,
                          qint64 maxOutput = 0,
                          const CancelToken &cancel = {},
                          ProgressSink *progress = nullptr,
                          int progressTo = 0);

} // namespace Twinscope::Core
