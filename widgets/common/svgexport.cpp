#include "svgexport.h"

#include <QCoreApplication>
#include <QFile>
#include <QSvgGenerator>
#include <qcustomplot.h>

namespace Twinscope::Widgets {

namespace {

struct SvgExport
{
    Q_DECLARE_TR_FUNCTIONS(SvgExport)
};

} // namespace

bool writeSvg(const QString &path,
              const QSize &size,
              int dpi,
              const QString &title,
              const QString &description,
              const std::function<bool(QPaintDevice *)> &render,
              QString *errorMessage)
{
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate)) {
        if (errorMessage)
            *errorMessage = file.errorString();
        return false;
    }
    QSvgGenerator generator;
    generator.setOutputDevice(&file);
    generator.setSize(size);
    generator.setViewBox(QRect(QPoint(0, 0), size));
    generator.setResolution(dpi);
    generator.setTitle(title);
    generator.setDescription(description);
    if (!render(&generator)) {
        if (errorMessage)
            *errorMessage = SvgExport::tr("The SVG picture could not be painted.");
        return false;
    }
    file.close();
    if (file.error() != QFileDevice::NoError) {
        if (errorMessage)
            *errorMessage = file.errorString();
        return false;
    }
    return true;
}

bool writePlotSvg(QCustomPlot *plot,
                  const QString &path,
                  const QString &title,
                  const QString &description,
                  QString *errorMessage)
{
    plot->replot(QCustomPlot::rpImmediateRefresh); // lays out the axis rects at the current size
    const QSize size = plot->size();
    return writeSvg(
        path,
        size,
        plot->logicalDpiX(),
        title,
        description,
        [&](QPaintDevice *device) {
            QCPPainter painter;
            if (!painter.begin(device))
                return false;
            // As QCustomPlot's own savePdf: vector pens, and text drawn as text instead of the
            // label pixmaps it caches for the screen (toPainter turns the cache off).
            painter.setMode(QCPPainter::pmVectorized);
            plot->toPainter(&painter, size.width(), size.height());
            return painter.end();
        },
        errorMessage);
}

} // namespace Twinscope::Widgets
