#include "clicommand.h"
#include "core/export/diagnosticsexport.h"

#include <QJsonDocument>

using namespace Qt::StringLiterals;

namespace Twinscope::App {

const QList<CliCommand> &cliCommands()
{
    static const QList<CliCommand> commands = {
        {"detect", QT_TRANSLATE_NOOP("Cli", "Tell what kind of input each path is."), runDetect},
        {"loss",
         QT_TRANSLATE_NOOP("Cli", "Parse loss logs and find where two runs diverge."),
         runLoss},
        {"dumps",
         QT_TRANSLATE_NOOP("Cli", "Compare a benchmark dump with an NPU dump tensor by tensor."),
         runDumps},
        {"opinfo",
         QT_TRANSLATE_NOOP("Cli", "Summarise Ascend host logs: compiles, TransData, recompiles."),
         runOpInfo},
        {"trace", QT_TRANSLATE_NOOP("Cli", "Load chrome traces and summarise them."), runTrace},
        {"triage",
         QT_TRANSLATE_NOOP("Cli", "Draw ranked findings from an investigation's evidence."),
         runTriage},
    };
    return commands;
}

std::optional<int>
parseArguments(QCommandLineParser &parser, const char *command, const QStringList &args, CliIo &io)
{
    if (!parser.parse(QStringList{u"twinscope-cli "_s + QLatin1String(command)} + args)) {
        io.err << parser.errorText() << '\n';
        return ExitUsage;
    }
    if (parser.isSet(u"help"_s)) {
        io.out << parser.helpText();
        return ExitOk;
    }
    return std::nullopt;
}

void printWarnings(CliIo &io, const Core::Diagnostics &diagnostics)
{
    for (const QString &line : Core::warningLines(diagnostics))
        io.err << CliTr::tr("warning: %1").arg(line) << '\n';
    io.err.flush();
}

void writeJson(QTextStream &out, const QJsonObject &object)
{
    out << QString::fromUtf8(QJsonDocument(object).toJson(QJsonDocument::Indented));
    out.flush();
}

} // namespace Twinscope::App
