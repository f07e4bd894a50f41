#include "clicommand.h"
#include "core/common/filesniffer.h"
#include "core/export/diagnosticsexport.h"

#include <QCommandLineParser>
#include <QJsonArray>

using namespace Qt::StringLiterals;
using namespace Twinscope::Core;

namespace Twinscope::App {

int runDetect(const QStringList &args, CliIo &io)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(CliTr::tr("Tell what kind of input each path is."));
    parser.addHelpOption();
    parser.addOption({u"json"_s, CliTr::tr("Print machine-readable JSON on stdout.")});
    parser.addPositionalArgument(
        u"paths"_s, CliTr::tr("Files or folders to look at."), u"PATH..."_s);
    if (const auto done = parseArguments(parser, "detect", args, io))
        return *done;
    const QStringList paths = parser.positionalArguments();
    if (paths.isEmpty()) {
        io.err << CliTr::tr("detect needs at least one path.") << '\n';
        return ExitUsage;
    }
    int exit = ExitOk;
    QJsonArray files;
    for (const QString &path : paths) {
        const SniffResult r = sniffPath(path);
        if (r.error) {
            io.err << CliTr::tr("%1: %2").arg(path, r.error->message) << '\n';
            exit = ExitInput;
        }
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
        files.append(o);
        if (!parser.isSet(u"json"_s)) {
            QString what = r.error ? u"-"_s
                                   : (r.producer.isEmpty()
                                          ? fileKindId(r.kind)
                                          : fileKindId(r.kind) + u" ("_s + r.producer + u")"_s);
            for (const FileKind k : r.alsoKinds)
                what += u" + "_s + fileKindId(k);
            io.out << what.leftJustified(32) << ' ' << QString::number(r.bytes).rightJustified(12)
                   << "  " << path;
            if (!r.error && r.kind == FileKind::Unknown)
                io.out << "  [" << r.seen << ']';
            io.out << '\n';
        }
    }
    if (parser.isSet(u"json"_s))
        // Sniffing counts nothing; warnings[] is there so that every command has the same keys.
        writeJson(io.out,
                  QJsonObject{{u"schemaVersion"_s, CliSchemaVersion},
                              {u"files"_s, files},
                              {u"warnings"_s, QJsonArray()}});
    return exit;
}

} // namespace Twinscope::App
