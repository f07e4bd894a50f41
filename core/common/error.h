#pragma once

#include <QString>

namespace Twinscope::Core {

// Stable error codes: the CLI prints errorCodeId(), so ids never change once released.
enum class ErrorCode {
    NotFound,
    NotRegularFile,
    Unreadable,
    EmptyFile,
    UnknownFormat,
    Malformed,
    Truncated,
    Unsupported,
    TooLarge,
    OutOfMemory,
    Internal,
    FileChanged, // the input shrank or was replaced while it was read (issue #16)
};

QString errorCodeId(ErrorCode code);

// A failed load or analysis: what, where, expected versus found. message is translated and whole.
struct Error
{
    ErrorCode code = ErrorCode::Internal;
    QString message;
    QString file;
    qint64 offset = -1; // byte offset, -1 when unknown
    qint64 line = -1;   // 1-based, -1 when the format has no lines
    qint64 column = -1; // 1-based
    QString expected;
    QString found;

    static Error
    make(ErrorCode code, const QString &message, const QString &file, qint64 offset = -1)
    {
        Error e;
        e.code = code;
        e.message = message;
        e.file = file;
        e.offset = offset;
        return e;
    }

    // "file, line 18 233, column 41 (byte 9 114 207): message" - the location part is omitted when
    // unknown.
    QString toString() const;
};

} // namespace Twinscope::Core
