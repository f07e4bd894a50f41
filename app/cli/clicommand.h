#pragma once

#include "core/common/constants.h"
#include "core/common/diagnostics.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QJsonObject>
#include <QStringList>
#include <QTextStream>

#include <functional>
#include <optional>

namespace Twinscope::App {

struct CliTr
{
    Q_DECLARE_TR_FUNCTIONS(Cli)
};

// Exit codes are a contract with scripts (docs/CLI.md). 1 only from a --gate that failed (loss,
// monitor; issue #27), so CI tells a failed acceptance from a broken input.
enum CliExit { ExitOk = 0, ExitGateFailed = 1, ExitUsage = 2, ExitInput = 3 };

struct CliIo
{
    QTextStream &out;
    QTextStream &err;
};

// One sub-command: its name, a translated one-line summary and its entry point. args excludes the
// program and command names.
struct CliCommand
{
    const char *name;
    const char *summary; // QT_TRANSLATE_NOOP("Cli", ...)
    int (*run)(const QStringList &args, CliIo &io);
};

// Every command that works; a command appears here only once it does (issue #2).
const QList<CliCommand> &cliCommands();

// Parses a command's arguments. Returns the exit code when the command is already done: a usage
// error (message on stderr) or --help (text on stdout); nullopt when it should run.
std::optional<int>
parseArguments(QCommandLineParser &parser, const char *command, const QStringList &args, CliIo &io);

// Writes a JSON document to out with sorted keys (QJsonObject sorts) and a trailing newline.
void writeJson(QTextStream &out, const QJsonObject &object);
// The same for a document with one long array: head's members, then key: [element(0), ...] built
// and written one element at a time, so output memory does not grow with the array (600 000
// tensors as one QJsonArray took 4 GB, issue #16). The array comes last instead of in key order.
void writeJsonStreamed(QTextStream &out,
                       const QJsonObject &head,
                       const QString &key,
                       qsizetype count,
                       const std::function<QJsonObject(qsizetype)> &element);
// The same with several arrays, written in this order after head's keys.
struct StreamedArray
{
    QString key;
    qsizetype count = 0;
    std::function<QJsonObject(qsizetype)> element;
};
void writeJsonStreamed(QTextStream &out,
                       const QJsonObject &head,
                       const QList<StreamedArray> &arrays);

// Text mode: one line per warning kind on stderr, with its file, first location and count (the
// same entries --json lists as warnings[]).
void printWarnings(CliIo &io, const Core::Diagnostics &diagnostics);

} // namespace Twinscope::App
