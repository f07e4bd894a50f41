#include "application.h"

#include "core/common/translations.h"
#include "investigation.h"
#include "mainwindow.h"
#include "widgets/common/loadcontroller.h"
#include "widgets/common/sortindicatorstyle.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QSettings>
#include <QStyle>
#include <QTemporaryDir>
#include <QTimer>

using namespace Qt::StringLiterals;

namespace Twinscope::App {

namespace {

void addOptions(QCommandLineParser &parser)
{
    parser.setApplicationDescription(
        QCoreApplication::translate("Application",
                                    "Timelines, op-info logs, paired dumps, loss curves, "
                                    "checkpoints, profiler folders and investigations for NPU "
                                    "porting."));
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addOption(
        {u"lang"_s,
         QCoreApplication::translate("Application", "Interface language: system, en or zh_CN."),
         u"language"_s});
    parser.addOption({u"screenshot"_s,
                      QCoreApplication::translate("Application",
                                                  "Save a screenshot of the window to FILE once "
                                                  "the given files are open, then quit. Never "
                                                  "offers to restore an earlier session."),
                      u"file"_s});
    parser.addOption(
        {u"window-size"_s,
         QCoreApplication::translate("Application", "Open the window at this size, e.g. 1024x700."),
         u"size"_s});
    parser.addOption({u"compare"_s,
                      QCoreApplication::translate("Application",
                                                  "Open the two given traces in a Compare tab, "
                                                  "the first as baseline.")});
    parser.addOption({u"no-restore"_s,
                      QCoreApplication::translate("Application",
                                                  "Do not offer to restore the investigation of a "
                                                  "session that did not close normally.")});
    parser.addPositionalArgument(
        u"paths"_s,
        QCoreApplication::translate("Application", "Files or folders to open."),
        u"[PATH...]"_s);
}

// The language must be installed before any widget exists; --lang is read by hand first.
QString languageArgument(const QStringList &raw, QString language)
{
    for (int i = 1; i < raw.size(); ++i) {
        if (raw[i] == u"--lang"_s && i + 1 < raw.size())
            language = raw[i + 1];
        else if (raw[i].startsWith(u"--lang="_s))
            language = raw[i].mid(7);
    }
    return language;
}

// --help and --version only print: they must work on a machine with no display, where
// constructing QApplication aborts, so they are answered by a QCoreApplication.
bool onlyPrints(int argc, char **argv)
{
    for (int i = 1; i < argc; ++i) {
        const QByteArray a(argv[i]);
        if (a == "--") // what follows are paths
            return false;
        if (a == "-h" || a == "--help" || a == "-?" || a == "--help-all" || a == "-v" ||
            a == "--version")
            return true;
    }
    return false;
}

void setNames()
{
    QCoreApplication::setOrganizationName(u"Twinscope"_s);
    QCoreApplication::setApplicationName(u"Twinscope"_s);
    QCoreApplication::setApplicationVersion(Core::versionString());
}

int printOnly(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    setNames();
    Core::installTranslators(
        &app,
        languageArgument(QCoreApplication::arguments(),
                         QSettings().value(u"language"_s, u"system"_s).toString()));
    QCommandLineParser parser;
    addOptions(parser);
    parser.process(app); // prints and exits
    return 0;
}

} // namespace

int runGui(int argc, char **argv)
{
    if (onlyPrints(argc, argv))
        return printOnly(argc, argv);
    QApplication app(argc, argv);
    // Sort arrows that point the way the list runs (the style takes ownership of nothing else).
    QApplication::setStyle(new Widgets::SortIndicatorStyle(QApplication::style()->name()));
    setNames();
    Core::installTranslators(
        &app,
        languageArgument(QApplication::arguments(),
                         QSettings().value(u"language"_s, u"system"_s).toString()));

    QCommandLineParser parser;
    addOptions(parser);
    parser.process(app);

    // A screenshot shows the defaults, not whatever this user's settings restore (docked panels,
    // window geometry, thresholds): it gets settings of its own in a temporary folder.
    QTemporaryDir screenshotSettings;
    if (parser.isSet(u"screenshot"_s)) {
        QSettings::setDefaultFormat(QSettings::IniFormat);
        QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, screenshotSettings.path());
    }
    MainWindow window;
    if (parser.isSet(u"window-size"_s)) {
        const QStringList size = parser.value(u"window-size"_s).split(u'x');
        if (size.size() == 2 && size[0].toInt() > 0 && size[1].toInt() > 0)
            window.resize(size[0].toInt(), size[1].toInt());
    }
    window.show();
    // A screenshot runs unattended: a modal question would wait forever, and its own autosave
    // would leave a recovery file that makes the next run ask again. Only interactive sessions
    // autosave and offer recovery; --no-restore keeps the autosave but does not ask.
    if (!parser.isSet(u"screenshot"_s)) {
        window.investigation()->enableRecovery();
        if (!parser.isSet(u"no-restore"_s))
            window.investigation()->offerRecovery();
    }
    const bool compare = parser.isSet(u"compare"_s) && parser.positionalArguments().size() == 2;
    if (!compare)
        window.openPaths(parser.positionalArguments());

    if (parser.isSet(u"screenshot"_s)) {
        // For docs and CI smoke checks: wait until routing and loading are done, then grab the
        // window.
        const QString file = parser.value(u"screenshot"_s);
        auto grabWhenIdle = [&window, file] {
            auto *timer = new QTimer(&window);
            QObject::connect(timer, &QTimer::timeout, &window, [&window, file, timer] {
                if (window.loadController()->isRunning())
                    return;
                timer->stop();
                window.grab().save(file);
                QApplication::quit();
            });
            timer->start(500);
        };
        if (parser.positionalArguments().isEmpty())
            grabWhenIdle();
        else
            QObject::connect(
                &window, &MainWindow::pathsRouted, &window, grabWhenIdle, Qt::SingleShotConnection);
    }
    if (compare) // after the screenshot hook, which waits for pathsRouted
        window.openComparison(parser.positionalArguments().at(0),
                              parser.positionalArguments().at(1));
    return app.exec();
}

} // namespace Twinscope::App
