#include "clicommand.h"
#include "core/common/translations.h"
#include "core/export/terminaltext.h"

#include <QCoreApplication>
#include <QSettings>

#include <cstdio>
#include <exception>

using namespace Qt::StringLiterals;
using namespace Twinscope;

namespace {

void printUsage(QTextStream &s)
{
    s << App::CliTr::tr("Usage: twinscope-cli <command> [options] PATH...") << "\n\n"
      << App::CliTr::tr("Commands:") << '\n';
    for (const App::CliCommand &c : App::cliCommands())
        s << "  " << QString::fromLatin1(c.name).leftJustified(10) << ' '
          << QCoreApplication::translate("Cli", c.summary) << '\n';
    s << '\n'
      << App::CliTr::tr("Global options: --help, --version, --lang en|zh_CN. Run "
                        "'twinscope-cli <command> --help' for a command's options.")
      << '\n'
      << App::CliTr::tr("Exit codes: 0 success, 2 usage error, 3 input unreadable or unparsable.")
      << '\n';
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    QCoreApplication::setOrganizationName(u"Twinscope"_s);
    QCoreApplication::setApplicationName(u"Twinscope"_s);
    QCoreApplication::setApplicationVersion(Core::versionString());

    QStringList args = QCoreApplication::arguments().mid(1);
    // --lang is global and may stand anywhere; the GUI's saved choice applies otherwise.
    QString language = QSettings().value(u"language"_s, u"system"_s).toString();
    for (int i = 0; i < args.size(); ++i) {
        if (args[i] == u"--lang"_s && i + 1 < args.size()) {
            language = args[i + 1];
            args.remove(i, 2);
            break;
        }
        if (args[i].startsWith(u"--lang="_s)) {
            language = args[i].mid(7);
            args.remove(i);
            break;
        }
    }
    Core::installTranslators(&app, language);

    // Names from the inputs reach the terminal: control characters are escaped on the way.
    Core::ControlEscapingDevice stdoutDevice(stdout);
    Core::ControlEscapingDevice stderrDevice(stderr);
    QTextStream out(&stdoutDevice);
    QTextStream err(&stderrDevice);
    App::CliIo io{out, err};
    if (args.isEmpty()) {
        printUsage(err);
        return App::ExitUsage;
    }
    const QString command = args.takeFirst();
    if (command == u"--help"_s || command == u"-h"_s || command == u"help"_s) {
        printUsage(out);
        return App::ExitOk;
    }
    if (command == u"--version"_s || command == u"-v"_s) {
        out << "twinscope-cli " << Core::versionString() << '\n';
        return App::ExitOk;
    }
    for (const App::CliCommand &c : App::cliCommands()) {
        if (command == QLatin1String(c.name)) {
            // The pipelines catch everything; this is the last line of the exception policy, so
            // a bug outside them still ends with a message and exit 3, never an abort.
            int code = App::ExitInput;
            try {
                code = c.run(args, io);
            } catch (const std::exception &e) {
                err << App::CliTr::tr("An internal error stopped the command: %1")
                           .arg(QString::fromUtf8(e.what()))
                    << '\n';
            } catch (...) {
                err << App::CliTr::tr("An internal error stopped the command.") << '\n';
            }
            out.flush();
            err.flush();
            return code;
        }
    }
    err << App::CliTr::tr("Unknown command '%1'.").arg(command) << "\n\n";
    printUsage(err);
    return App::ExitUsage;
}
