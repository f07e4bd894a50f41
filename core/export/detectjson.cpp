#include "detectjson.h"

#include "core/common/constants.h"
#include "core/export/diagnosticsexport.h"

#include <QJsonArray>

using namespace Qt::StringLiterals;

namespace Twinscope::Core {

QJsonObject detectFileJson(const QString &path, const SniffResult &r)
{
    QJsonObject o{{u"path"_s, path},
                  {u"kind"_s, fileKindId(r.kind)},
                  {u"producer"_s, r.producer.isEmpty() ? QJsonValue() : QJsonValue(r.producer)},
                  {u"format"_s, r.format.isEmpty() ? QJsonValue() : QJsonValue(r.format)},
                  {u"bytes"_s, r.bytes},
                  {u"gzip"_s, r.gzip},
                  {u"folder"_s, r.folder}};
    if (!r.alsoKinds.isEmpty()) {
        QJsonArray also;
        for (const FileKind k : r.alsoKinds)
            also.append(fileKindId(k));
        o.insert(u"also"_s, also);
    }
    if (r.error)
        o.insert(u"error"_s, errorJson(*r.error));
    else if (r.kind == FileKind::Unknown)
        o.insert(u"seen"_s, r.seen);
    return o;
}

QJsonObject detectJson(const QStringList &paths, const QList<SniffResult> &results)
{
    QJsonArray files;
    for (qsizetype i = 0; i < paths.size() && i < results.size(); ++i)
        files.append(detectFileJson(paths[i], results[i]));
    return QJsonObject{
        {u"schemaVersion"_s, CliSchemaVersion}, {u"files"_s, files}, {u"warnings"_s, QJsonArray()}};
}

} // namespace Twinscope::Core
