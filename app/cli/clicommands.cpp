#include "clicommand.h"

#include <QJsonDocument>

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
    };
    return commands;
}

void writeJson(QTextStream &out, const QJsonObject &object)
{
    out << QString::fromUtf8(QJsonDocument(object).toJson(QJsonDocument::Indented));
    out.flush();
}

} // namespace Twinscope::App
