#include "clicommand.h"
#include "core/export/diagnosticsexport.h"

#include <QJsonDocument>

using namespace Qt::StringLiterals;

namespace Twinscope::App {

// Each command's entry point, defined in its cmd_<kind>.cpp: a new command adds its line here and
// its row below, and touches no header.
int runDetect(const QStringList &args, CliIo &io);
int runLoss(const QStringList &args, CliIo &io);
int runDumps(const QStringList &args, CliIo &io);
int runCkpt(const QStringList &args, CliIo &io);
int runOpInfo(const QStringList &args, CliIo &io);
int runTrace(const QStringList &args, CliIo &io);
int runTraceDiff(const QStringList &args, CliIo &io);
int runProfile(const QStringList &args, CliIo &io);
int runTriage(const QStringList &args, CliIo &io);
int runModel(const QStringList &args, CliIo &io);
int runMonitor(const QStringList &args, CliIo &io);

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
        {"ckpt",
         QT_TRANSLATE_NOOP("Cli",
                           "Compare two checkpoints (PyTorch, MindSpore) parameter by parameter."),
         runCkpt},
        {"opinfo",
         QT_TRANSLATE_NOOP("Cli", "Summarise Ascend host logs: compiles, TransData, recompiles."),
         runOpInfo},
        {"trace", QT_TRANSLATE_NOOP("Cli", "Load chrome traces and summarise them."), runTrace},
        {"tracediff",
         QT_TRANSLATE_NOOP("Cli", "Compare two performance runs: steps, phases, ops."),
         runTraceDiff},
        {"profile",
         QT_TRANSLATE_NOOP("Cli", "Summarise Ascend profiler folders: steps, kernels, slow ranks."),
         runProfile},
        {"triage",
         QT_TRANSLATE_NOOP("Cli", "Draw ranked findings from an investigation's evidence."),
         runTriage},
        {"model",
         QT_TRANSLATE_NOOP("Cli", "Compare two msprobe module trees, or show an msprobe .vis.db."),
         runModel},
        {"monitor",
         QT_TRANSLATE_NOOP("Cli",
                           "Read msprobe training-state monitors; find where two runs part."),
         runMonitor},
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

void writeJsonStreamed(QTextStream &out,
                       const QJsonObject &head,
                       const QString &key,
                       qsizetype count,
                       const std::function<QJsonObject(qsizetype)> &element)
{
    writeJsonStreamed(out, head, {StreamedArray{key, count, element}});
}

void writeJsonStreamed(QTextStream &out,
                       const QJsonObject &head,
                       const QList<StreamedArray> &arrays)
{
    // head as writeJson prints it, without its closing brace ...
    QByteArray text = QJsonDocument(head).toJson(QJsonDocument::Indented).trimmed();
    text.chop(1);
    out << QString::fromUtf8(text.trimmed());
    bool needComma = !head.isEmpty();
    for (const StreamedArray &a : arrays) {
        out << (needComma ? ",\n" : "\n");
        needComma = true;
        out << "    "
            << QString::fromUtf8(
                   QJsonDocument(QJsonObject{{a.key, 0}}).toJson(QJsonDocument::Compact))
                   .mid(1)
                   .chopped(3)
            << ": [";
        // ... then each array, each element indented as if it were part of one document.
        for (qsizetype i = 0; i < a.count; ++i) {
            const QByteArray e =
                QJsonDocument(a.element(i)).toJson(QJsonDocument::Indented).trimmed();
            out << (i ? ",\n        " : "\n        ")
                << QString::fromUtf8(e).replace(u'\n', u"\n        "_s);
        }
        out << (a.count ? "\n    ]" : "]");
    }
    out << "\n}\n";
    out.flush();
}

} // namespace Twinscope::App
