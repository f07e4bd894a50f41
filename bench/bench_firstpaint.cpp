// Open → first painted timeline (issue #28), in the real main window: ms from the open request to
// the first frame of the timeline that shows slices (a preview of the file's head, the whole
// trace while its statistics run, or the loaded trace), to the first frame of the loaded trace,
// and to the end of the job, with the process's CPU time and peak RSS.
//
//   bench_firstpaint FILE         one open of FILE; prints one JSON line
//   bench_firstpaint              (ctest) an 80 MB generated trace
//
// The trace cache follows the environment: TWINSCOPE_CACHE=0 for a first open, TWINSCOPE_CACHE_DIR
// for a private cache whose second run is a second open (bench/first_paint_bench.py runs both).
#include "app/gui/mainwindow.h"
#include "tests/common/tracegenerator.h"
#include "widgets/common/loadcontroller.h"
#include "widgets/timeline/timelineview.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTimer>

#include <cstdio>
#include <sys/resource.h>

using namespace Qt::StringLiterals;
using namespace Twinscope;

namespace {

double cpuSeconds()
{
    rusage u{};
    getrusage(RUSAGE_SELF, &u);
    return double(u.ru_utime.tv_sec + u.ru_stime.tv_sec) +
           double(u.ru_utime.tv_usec + u.ru_stime.tv_usec) / 1e6;
}

// Paints of any timeline: the frame is drawn here, inside the filter, so its time is the time the
// frame was done, not when it was asked for.
class PaintClock : public QObject
{
public:
    QElapsedTimer clock;
    qint64 firstMs = -1, firstSlices = 0;
    double firstCpu = 0; // process CPU seconds when the first frame was done
    qint64 lastMs = -1, lastSlices = 0;
    int frames = 0;

protected:
    bool eventFilter(QObject *o, QEvent *e) override
    {
        auto *view = qobject_cast<Widgets::TimelineView *>(o);
        if (!view || e->type() != QEvent::Paint || view->inputs().empty())
            return false;
        static_cast<QObject *>(view)->event(e);
        const qint64 ms = clock.elapsed();
        qint64 slices = 0;
        for (const auto &in : view->inputs())
            slices += in.dataset->sliceCount();
        if (firstMs < 0) {
            firstMs = ms;
            firstCpu = cpuSeconds();
            // TWINSCOPE_BENCH_GRAB=FILE.png: the window as the first frame showed it (a preview's
            // banner), grabbed once this paint is over.
            const QString grab = qEnvironmentVariable("TWINSCOPE_BENCH_GRAB");
            if (!grab.isEmpty())
                QTimer::singleShot(0, view, [view, grab] { view->window()->grab().save(grab); });
            firstSlices = slices;
        }
        lastMs = ms;
        lastSlices = slices;
        ++frames;
        return true;
    }
};

} // namespace

int main(int argc, char **argv)
{
    QApplication app(argc, argv);
    QApplication::setApplicationName(u"twinscope"_s);
    QTemporaryDir generated;
    QString file = QApplication::arguments().value(1);
    if (file.isEmpty()) {
        file = generated.filePath(u"generated.json"_s);
        if (!TraceGen::writeTrace(file, 240, 1000)) // about 80 MB
            return 1;
    }
    App::MainWindow window;
    window.resize(1600, 1000);
    window.show();
    PaintClock paints;
    app.installEventFilter(&paints);
    const double cpu0 = cpuSeconds();
    qint64 doneMs = -1;
    bool started = false;
    QObject::connect(window.loadController(),
                     &Widgets::LoadController::runningChanged,
                     &window,
                     [&](bool running) {
                         started |= running;
                         if (!running && started && doneMs < 0)
                             doneMs = paints.clock.elapsed();
                     });
    paints.clock.start();
    window.openPaths({file});
    // Done: the job ended and the frame after it was painted (or 10 minutes went by).
    auto *poll = new QTimer(&window);
    QObject::connect(poll, &QTimer::timeout, &window, [&] {
        if ((doneMs >= 0 && paints.lastMs >= doneMs) || paints.clock.elapsed() > 600'000)
            app.quit();
    });
    poll->start(20);
    app.exec();
    rusage u{};
    getrusage(RUSAGE_SELF, &u);
    QJsonObject out{{u"file"_s, QFileInfo(file).fileName()},
                    {u"bytes"_s, QFileInfo(file).size()},
                    {u"first_paint_ms"_s, paints.firstMs},
                    {u"first_paint_slices"_s, paints.firstSlices},
                    {u"first_paint_cpu_s"_s, paints.firstCpu - cpu0},
                    {u"loaded_paint_ms"_s, paints.lastMs},
                    {u"loaded_slices"_s, paints.lastSlices},
                    {u"job_done_ms"_s, doneMs},
                    {u"frames"_s, paints.frames},
                    {u"cpu_s"_s, cpuSeconds() - cpu0},
                    {u"max_rss_mb"_s, double(u.ru_maxrss) / 1024.0}};
    std::printf("%s\n", QJsonDocument(out).toJson(QJsonDocument::Compact).constData());
    return paints.firstMs >= 0 ? 0 : 1;
}
