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

int runGui(int argc, char **argv)
{
    QApplication app(argc, argv);
    // Sort arrows that point the way the list runs (the style takes ownership of nothing else).
    QApplication::setStyle(new Widgets::SortIndicatorStyle(QApplication::style()->name()));
    QApplication::setOrganizationName(u"Twinscope"_s);
    QApplication::setApplicationName(u"Twinscope"_s);
    QApplication::setApplicationVersion(Core::versionString());

    // The language must be installed before any widget exists; parse --lang by hand first.
    QString language = QSettings().value(u"language"_s, u"system"_s).toString();
    const QStringList raw = QApplication::arguments();
    for (int i = 1; i < raw.size(); ++i) {
        if (raw[i] == u"--lang"_s && i + 1 < raw.size())
            language = raw[i + 1];
        else if (raw[i].startsWith(u"--lang="_s))
            language = raw[i].mid(7);
    }
    Core::installTranslators(&app, language);

    QCommandLineParser parser;
    parser.setApplicationDescription(QApplication::translate(
        "Application", "Timelines, op-info logs, paired dumps and loss curves for NPU porting."));
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addOption(
        {u"lang"_s,
         QApplication::translate("Application", "Interface language: system, en or zh_CN."),
         u"language"_s});
    parser.addOption({u"screenshot"_s,
                      QApplication::translate("Application",
                                              "Save a screenshot of the window to FILE once the "
                                              "given files are open, then quit."),
                      u"file"_s});
    parser.addOption(
        {u"window-size"_s,
         QApplication::translate("Application", "Open the window at this size, e.g. 1024x700."),
         u"size"_s});
    parser.addOption({u"compare"_s,
                      QApplication::translate("Application",
                                              "Open the two given traces in a Compare tab, the "
                                              "first as baseline.")});
    parser.addPositionalArgument(
        u"paths"_s,
        QApplication::translate("Application", "Files or folders to open."),
        u"[PATH...]"_s);
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
    window.investigation()->offerRecovery();
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
