#include "application.h"

#include "core/common/translations.h"
#include "investigation.h"
#include "mainwindow.h"
#include "widgets/common/loadcontroller.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QSettings>
#include <QTimer>

using namespace Qt::StringLiterals;

namespace Twinscope::App {

int runGui(int argc, char **argv)
{
    QApplication app(argc, argv);
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
    parser.addPositionalArgument(
        u"paths"_s,
        QApplication::translate("Application", "Files or folders to open."),
        u"[PATH...]"_s);
    parser.process(app);

    MainWindow window;
    window.show();
    window.investigation()->offerRecovery();
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
    return app.exec();
}

} // namespace Twinscope::App
