#include "diagnosticsexport.h"

#include "core/common/tr.h"

#include <QFileInfo>
#include <QLocale>

using namespace Qt::StringLiterals;

namespace Twinscope::Core {

namespace {

QJsonValue orNull(qint64 v)
{
    return v >= 0 ? QJsonValue(double(v)) : QJsonValue();
}

QJsonValue orNull(const QString &s)
{
    return s.isEmpty() ? QJsonValue() : QJsonValue(s);
}

} // namespace

QString severityId(Severity severity)
{
    switch (severity) {
    case Severity::Info:
        return u"info"_s;
    case Severity::Error:
        return u"error"_s;
    case Severity::Warning:
        break;
    }
    return u"warning"_s;
}

QJsonArray warningsJson(const Diagnostics &diagnostics, bool includeInfo)
{
    QJsonArray out;
    for (const Diagnostics::Entry &e : diagnostics.entries()) {
        if (!includeInfo && e.severity == Severity::Info)
            continue;
        const Location first = e.first.isEmpty() ? Location{} : e.first.front();
        out.append(QJsonObject{{u"kind"_s, e.kind},
                               {u"count"_s, double(e.count)},
                               {u"message"_s, e.message},
                               {u"severity"_s, severityId(e.severity)},
                               {u"file"_s, orNull(e.file)},
                               {u"line"_s, orNull(first.line)},
                               {u"offset"_s, orNull(first.offset)},
                               {u"detail"_s, orNull(first.detail)}});
    }
    return out;
}

QJsonObject errorJson(const Error &error)
{
    return QJsonObject{{u"code"_s, errorCodeId(error.code)},
                       {u"message"_s, error.message},
                       {u"file"_s, orNull(error.file)},
                       {u"line"_s, orNull(error.line)},
                       {u"column"_s, orNull(error.column)},
                       {u"offset"_s, orNull(error.offset)},
                       {u"expected"_s, orNull(error.expected)},
                       {u"found"_s, orNull(error.found)}};
}

QStringList warningLines(const Diagnostics &diagnostics)
{
    const QLocale locale;
    QStringList lines;
    for (const Diagnostics::Entry &e : diagnostics.entries()) {
        if (e.severity == Severity::Info)
            continue;
        QString where = e.file.isEmpty() ? QString() : QFileInfo(e.file).fileName();
        if (!e.first.isEmpty()) {
            const Location &l = e.first.front();
            if (l.line >= 0)
                where += Tr::tr(", line %1").arg(locale.toString(l.line));
            if (l.offset >= 0)
                where += Tr::tr(" (byte %1)").arg(locale.toString(l.offset));
            if (where.isEmpty() && !l.detail.isEmpty())
                where = l.detail;
        }
        QString text = e.message;
        if (e.count > 1)
            text += Tr::tr(" (%n times)", nullptr, int(std::min<qint64>(e.count, INT_MAX)));
        text += u" ["_s + e.kind + u"]"_s;
        lines << (where.isEmpty() ? text : where + u": "_s + text);
    }
    return lines;
}

} // namespace Twinscope::Core
