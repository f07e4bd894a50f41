#include "error.h"

#include "tr.h"

#include <QFileInfo>
#include <QLocale>

using namespace Qt::StringLiterals;

namespace Twinscope::Core {

QString errorCodeId(ErrorCode code)
{
    switch (code) {
    case ErrorCode::NotFound:
        return u"not_found"_s;
    case ErrorCode::NotRegularFile:
        return u"not_regular_file"_s;
    case ErrorCode::Unreadable:
        return u"unreadable"_s;
    case ErrorCode::EmptyFile:
        return u"empty_file"_s;
    case ErrorCode::UnknownFormat:
        return u"unknown_format"_s;
    case ErrorCode::Malformed:
        return u"malformed"_s;
    case ErrorCode::Truncated:
        return u"truncated"_s;
    case ErrorCode::Unsupported:
        return u"unsupported"_s;
    case ErrorCode::TooLarge:
        return u"too_large"_s;
    case ErrorCode::OutOfMemory:
        return u"out_of_memory"_s;
    case ErrorCode::FileChanged:
        return u"file_changed"_s;
    case ErrorCode::Internal:
        break;
    }
    return u"internal"_s;
}

QString Error::toString() const
{
    const QLocale locale;
    QString where = file.isEmpty() ? QString() : QFileInfo(file).fileName();
    if (line >= 0 && column >= 0)
        where += Tr::tr(", line %1, column %2").arg(locale.toString(line), locale.toString(column));
    else if (line >= 0)
        where += Tr::tr(", line %1").arg(locale.toString(line));
    if (offset >= 0)
        where += Tr::tr(" (byte %1)").arg(locale.toString(offset));
    return where.isEmpty() ? message : where + u": "_s + message;
}

} // namespace Twinscope::Core
