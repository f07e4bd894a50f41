#pragma once

#include "diagnostics.h"
#include "error.h"
#include "gzipstream.h"
#include "inputfile.h"
#include "mappedfile.h"
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
    bool isMapped() const { return m_map != nullptr; }

    // True when the file shrank or was rewritten while its bytes were read (MappedFile): whatever
    // was parsed from it is not the file, and the load must fail with fileChangedError().
    bool changedWhileRead() const;
    // Drops the pages of [from, to) of a mapping from memory (a no-op for bytes in memory).
    void release(qint64 from, qint64 to) const;

private:
    ByteSource() = default;
    QFile m_file;
    std::unique_ptr<MappedFile> m_map;
    QByteArray m_bytes;
    std::string_view m_data;
    QString m_name;
};

// "The file changed while it was read": the error of a load whose input shrank or was replaced
// underneath it (ErrorCode::FileChanged).
Error fileChangedError(const QString &file);

} // namespace Twinscope::Core
