#include "clicommand.h"
#include "core/common/filesniffer.h"
#include "core/export/detectjson.h"

#include <QCommandLineParser>

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
    QList<SniffResult> results;
    for (const QString &path : paths) {
        const SniffResult r = sniffPath(path);
        results.append(r);
        if (r.error) {
            io.err << CliTr::tr("%1: %2").arg(path, r.error->message) << '\n';
            exit = ExitInput;
        }
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
        writeJson(io.out, detectJson(paths, results));
    return exit;
}

} // namespace Twinscope::App
