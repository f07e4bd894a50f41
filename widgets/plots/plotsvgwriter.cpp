#include "plotsvgwriter.h"

#include <QFile>
#include <QTextStream>
#include <qcustomplot.h>

#include <cmath>

using namespace Qt::StringLiterals;

namespace Twinscope::Widgets {

namespace {

QString esc(const QString &text)
{
    return text.toHtmlEscaped();
}

QString colorAttr(const QColor &c)
{
    return u"\"%1\""_s.arg(c.name(QColor::HexRgb));
}

QString opacityAttr(const QColor &c)
{
    return c.alpha() == 255 ? QString() : u" opacity=\"%1\""_s.arg(c.alphaF(), 0, 'f', 3);
}

QString num(double v)
{
    return QString::number(v, 'f', 2);
}

void writeText(QTextStream &out,
               double x,
               double y,
               const QString &text,
               const QColor &color,
               int px,
               const char *anchor)
{
    const QStringList lines = text.split(u'\n');
    for (qsizetype i = 0; i < lines.size(); ++i) {
        out << "<text x=\"" << num(x) << "\" y=\"" << num(y + i * px * 1.25)
            << "\" fill=" << colorAttr(color) << " font-size=\"" << px
            << "\" font-family=\"sans-serif\" text-anchor=\"" << anchor << "\">" << esc(lines[i])
            << "</text>\n";
    }
}

} // namespace

bool writePlotSvg(QCustomPlot *plot, const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate | QIODevice::Text))
        return false;
    plot->replot(QCustomPlot::rpImmediateRefresh); // lays out the axis rects at the current size
    QTextStream out(&file);
    const int w = plot->width();
    const int h = plot->height();
    const int fontPx = std::max(9, QFontInfo(plot->font()).pixelSize());
    out << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        << "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" << w << "\" height=\"" << h
        << "\" viewBox=\"0 0 " << w << ' ' << h << "\">\n";
    out << "<rect width=\"100%\" height=\"100%\" fill="
        << colorAttr(plot->palette().color(QPalette::Base)) << "/>\n";
    int clipId = 0;
    for (QCPAxisRect *rect : plot->axisRects()) {
        const QRect r = rect->rect();
        out << "<clipPath id=\"c" << clipId << "\"><rect x=\"" << r.x() << "\" y=\"" << r.y()
            << "\" width=\"" << r.width() << "\" height=\"" << r.height() << "\"/></clipPath>\n";
        for (QCPAxis *axis : rect->axes()) {
            if (!axis->visible())
                continue;
            const bool horizontal = axis->orientation() == Qt::Horizontal;
            const QVector<double> ticks = axis->tickVector();
            const QVector<QString> labels = axis->tickVectorLabels();
            for (qsizetype i = 0; i < ticks.size(); ++i) {
                const double p = axis->coordToPixel(ticks[i]);
                if (horizontal && (p < r.left() || p > r.right()))
                    continue;
                if (!horizontal && (p < r.top() || p > r.bottom()))
                    continue;
                QColor grid = axis->grid()->pen().color();
                if (horizontal)
                    out << "<line x1=\"" << num(p) << "\" y1=\"" << r.top() << "\" x2=\"" << num(p)
                        << "\" y2=\"" << r.bottom() << "\" stroke=" << colorAttr(grid)
                        << opacityAttr(grid) << " stroke-dasharray=\"1,2\"/>\n";
                else
                    out << "<line x1=\"" << r.left() << "\" y1=\"" << num(p) << "\" x2=\""
                        << r.right() << "\" y2=\"" << num(p) << "\" stroke=" << colorAttr(grid)
                        << opacityAttr(grid) << " stroke-dasharray=\"1,2\"/>\n";
                if (!axis->tickLabels() || i >= labels.size())
                    continue;
                if (horizontal)
                    writeText(out,
                              p,
                              r.bottom() + fontPx + 4,
                              labels[i],
                              axis->tickLabelColor(),
                              fontPx,
                              "middle");
                else
                    writeText(out,
                              r.left() - 5,
                              p + fontPx / 3.0,
                              labels[i],
                              axis->tickLabelColor(),
                              fontPx,
                              "end");
            }
            if (!axis->label().isEmpty()) {
                if (horizontal)
                    writeText(out,
                              r.center().x(),
                              r.bottom() + 2.4 * fontPx + 4,
                              axis->label(),
                              axis->labelColor(),
                              fontPx,
                              "middle");
                else
                    out << "<text transform=\"translate(" << num(r.left() - 4.2 * fontPx) << ','
                        << num(r.center().y())
                        << ") rotate(-90)\" fill=" << colorAttr(axis->labelColor())
                        << " font-size=\"" << fontPx
                        << "\" font-family=\"sans-serif\" text-anchor=\"middle\">"
                        << esc(axis->label()) << "</text>\n";
            }
        }
        out << "<rect x=\"" << r.x() << "\" y=\"" << r.y() << "\" width=\"" << r.width()
            << "\" height=\"" << r.height() << "\" fill=\"none\" stroke="
            << colorAttr(rect->axis(QCPAxis::atLeft)->basePen().color()) << "/>\n";
        for (QCPGraph *g : rect->graphs()) {
            if (!g->visible() || g->dataCount() == 0)
                continue;
            QString points;
            points.reserve(int(g->dataCount()) * 16);
            for (auto it = g->data()->constBegin(); it != g->data()->constEnd(); ++it) {
                const double x = g->keyAxis()->coordToPixel(it->key);
                const double y = g->valueAxis()->coordToPixel(it->value);
                if (!std::isfinite(x) || !std::isfinite(y))
                    continue;
                points += num(x) + u',' + num(y) + u' ';
            }
            const QColor stroke =
                g->pen().style() == Qt::NoPen ? QColor(Qt::transparent) : g->pen().color();
            const QColor fill =
                g->brush().style() == Qt::NoBrush ? QColor(Qt::transparent) : g->brush().color();
            if (fill.alpha() > 0 && g->channelFillGraph()) {
                // A band: this graph's points, then the other's backwards, as one closed polygon.
                QString back;
                const auto other = g->channelFillGraph()->data();
                for (auto it = other->constEnd(); it != other->constBegin();) {
                    --it;
                    back += num(g->keyAxis()->coordToPixel(it->key)) + u',' +
                            num(g->valueAxis()->coordToPixel(it->value)) + u' ';
                }
                out << "<polygon clip-path=\"url(#c" << clipId << ")\" points=\"" << points << back
                    << "\" fill=" << colorAttr(fill) << " fill-opacity=\"" << fill.alphaF()
                    << "\" stroke=\"none\"/>\n";
            }
            if (stroke.alpha() > 0)
                out << "<polyline clip-path=\"url(#c" << clipId << ")\" points=\"" << points
                    << "\" fill=\"none\" stroke=" << colorAttr(stroke) << " stroke-opacity=\""
                    << stroke.alphaF() << "\" stroke-width=\"" << g->pen().widthF() << "\"/>\n";
        }
        ++clipId;
    }
    for (int i = 0; i < plot->itemCount(); ++i) {
        QCPAbstractItem *item = plot->item(i);
        if (!item->visible())
            continue;
        if (auto *line = qobject_cast<QCPItemStraightLine *>(item)) {
            const QPointF a = line->point1->pixelPosition();
            const QPointF b = line->point2->pixelPosition();
            const QRect clip =
                line->clipAxisRect() ? line->clipAxisRect()->rect() : QRect(0, 0, w, h);
            if (std::fabs(a.x() - b.x()) < 0.5 && a.x() >= clip.left() && a.x() <= clip.right())
                out << "<line x1=\"" << num(a.x()) << "\" y1=\"" << clip.top() << "\" x2=\""
                    << num(a.x()) << "\" y2=\"" << clip.bottom()
                    << "\" stroke=" << colorAttr(line->pen().color())
                    << " stroke-dasharray=\"5,3\" stroke-width=\"" << line->pen().widthF()
                    << "\"/>\n";
        } else if (auto *text = qobject_cast<QCPItemText *>(item)) {
            const QPointF p = text->position->pixelPosition();
            const QRect clip =
                text->clipAxisRect() ? text->clipAxisRect()->rect() : QRect(0, 0, w, h);
            if (!clip.contains(p.toPoint()))
                continue;
            const Qt::Alignment align = text->positionAlignment();
            const char *anchor =
                align & Qt::AlignLeft ? "start" : (align & Qt::AlignRight ? "end" : "middle");
            const double y = align & Qt::AlignTop ? p.y() + fontPx : p.y() - 2;
            writeText(out,
                      p.x() + (align & Qt::AlignLeft ? 4 : 0),
                      y,
                      text->text(),
                      text->color(),
                      fontPx,
                      anchor);
        }
    }
    if (QCPLegend *legend = plot->legend; legend && legend->visible()) {
        const QRect r = legend->outerRect();
        double y = r.top() + fontPx + 4;
        for (int i = 0; i < legend->itemCount(); ++i) {
            auto *entry = qobject_cast<QCPPlottableLegendItem *>(legend->item(i));
            if (!entry)
                continue;
            const QColor c = entry->plottable()->pen().color();
            out << "<line x1=\"" << r.left() + 6 << "\" y1=\"" << num(y - fontPx / 3.0)
                << "\" x2=\"" << r.left() + 26 << "\" y2=\"" << num(y - fontPx / 3.0)
                << "\" stroke=" << colorAttr(c) << " stroke-width=\"2\"/>\n";
            writeText(out,
                      r.left() + 32,
                      y,
                      entry->plottable()->name(),
                      legend->textColor(),
                      fontPx,
                      "start");
            y += fontPx * 1.4;
        }
    }
    out << "</svg>\n";
    out.flush();
    return out.status() == QTextStream::Ok;
}

} // namespace Twinscope::Widgets
