// TraceWorkspace's File ▸ Export: the op statistics as CSV, and the timeline as PNG or SVG over
// the whole trace or the selected area, with every row (not only the part scrolled into view).
#include "core/models/opstatisticsmodel.h"
#include "traceworkspace.h"
#include "widgets/common/svgexport.h"

#include <QFile>
#include <QFileInfo>
#include <QImage>
#include <QPainter>

using namespace Qt::StringLiterals;

namespace Twinscope::Widgets {

namespace {

enum class Target { Csv, PngAll, SvgAll, PngArea, SvgArea };

} // namespace

QStringList TraceWorkspace::exportFilters() const
{
    QStringList filters{tr("Op statistics CSV (*.csv)"),
                        tr("Timeline PNG, whole trace (*.png)"),
                        tr("Timeline SVG, whole trace (*.svg)")};
    if (m_view->hasAreaSelection())
        filters << tr("Timeline PNG, selected area (*.png)")
                << tr("Timeline SVG, selected area (*.svg)");
    return filters;
}

QString TraceWorkspace::exportFilter() const
{
    if (m_loaded.empty())
        return {};
    return exportFilters().join(u";;"_s);
}

QString TraceWorkspace::exportName(const QString &filter) const
{
    if (m_loaded.empty())
        return {};
    QString stem = QFileInfo(m_loaded.front().dataset->path).fileName();
    for (const QString &ext : {u".gz"_s, u".json"_s})
        if (stem.endsWith(ext))
            stem.chop(ext.size());
    const qsizetype target = exportFilters().indexOf(filter);
    switch (Target(std::max<qsizetype>(0, target))) {
    case Target::Csv:
        return stem + u"-op-statistics.csv"_s;
    case Target::PngAll:
        return stem + u"-timeline.png"_s;
    case Target::SvgAll:
        return stem + u"-timeline.svg"_s;
    case Target::PngArea:
        return stem + u"-area.png"_s;
    case Target::SvgArea:
        return stem + u"-area.svg"_s;
    }
    return stem;
}

bool TraceWorkspace::exportTo(const QString &path, const QString &filter, QString *errorMessage)
{
    // A preview is part of the file: an export of it would pass for the trace (issue #28).
    if (m_preview.shown) {
        *errorMessage = tr("The trace is still loading; export it when loading ends.");
        return false;
    }
    const QStringList filters = exportFilters();
    qsizetype target = filters.indexOf(filter);
    if (target < 0) {
        // A filter from elsewhere (a test, a script): go by the file's extension.
        target = path.endsWith(u".png"_s, Qt::CaseInsensitive)   ? qsizetype(Target::PngAll)
                 : path.endsWith(u".svg"_s, Qt::CaseInsensitive) ? qsizetype(Target::SvgAll)
                                                                 : qsizetype(Target::Csv);
    }
    if (Target(target) == Target::Csv) {
        QFile f(path);
        if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate)) {
            *errorMessage = tr("%1 could not be written: %2").arg(path, f.errorString());
            return false;
        }
        f.write(m_statsModel->toCsv());
        return true;
    }
    const TimelineZoomControl &zoom = *m_view->zoomControl();
    const bool area = Target(target) == Target::PngArea || Target(target) == Target::SvgArea;
    const qint64 from = area ? zoom.selectionFrom() : zoom.traceFrom();
    const qint64 to = area ? zoom.selectionTo() : zoom.traceTo();
    const QSize size = m_view->rangeImageSize();
    if (Target(target) == Target::PngAll || Target(target) == Target::PngArea) {
        QImage image(size, QImage::Format_RGB32);
        QPainter p(&image);
        m_view->renderRange(p, from, to);
        p.end();
        if (!image.save(path, "PNG")) {
            *errorMessage = tr("The image could not be written to %1.").arg(path);
            return false;
        }
        return true;
    }
    return writeSvg(
        path,
        size,
        logicalDpiX(),
        title(),
        tr("Timeline from %1 to %2 after the trace start.")
            .arg(Core::formatDurationNs(from - zoom.traceFrom()),
                 Core::formatDurationNs(to - zoom.traceFrom())),
        [&](QPaintDevice *device) {
            QPainter p;
            if (!p.begin(device))
                return false;
            m_view->renderRange(p, from, to);
            return p.end();
        },
        errorMessage);
}

} // namespace Twinscope::Widgets
