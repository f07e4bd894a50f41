#include "divergenceheatmap.h"

#include "heatmappicture.h"
#include "widgets/common/svgexport.h"

#include <QHelpEvent>
#include <QPainter>
#include <QToolTip>
#include <QVBoxLayout>
#include <qcustomplot.h>

using namespace Qt::StringLiterals;

namespace Twinscope::Widgets {

DivergenceHeatmap::DivergenceHeatmap(QWidget *parent)
    : QWidget(parent)
    , m_plot(new QCustomPlot(this))
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_plot);
    m_plot->setMinimumSize(260, 200);
    m_map = new QCPColorMap(m_plot->xAxis, m_plot->yAxis);
    m_map->setInterpolate(false);
    m_map->setTightBoundary(false);
    m_scale = new QCPColorScale(m_plot);
    m_plot->plotLayout()->addElement(0, 1, m_scale);
    m_scale->setType(QCPAxis::atRight);
    m_scale->setDataRange(QCPRange(0, 1));
    m_scale->axis()->setLabel(tr("badness"));
    m_map->setColorScale(m_scale);
    m_map->setDataRange(QCPRange(0, 1));
    // Colour scale and plot share one vertical margin so their heights line up.
    auto *group = new QCPMarginGroup(m_plot);
    m_plot->axisRect()->setMarginGroup(QCP::msBottom | QCP::msTop, group);
    m_scale->setMarginGroup(QCP::msBottom | QCP::msTop, group);
    m_plot->yAxis->setRangeReversed(true); // execution order runs top to bottom
    m_plot->xAxis->setTickLabelRotation(60);
    m_plot->xAxis->setSubTicks(false);
    m_plot->yAxis->setSubTicks(false);
    m_plot->xAxis->grid()->setVisible(false);
    m_plot->yAxis->grid()->setVisible(false);
    m_plot->xAxis2->setVisible(false);
    m_selection = new QCPItemRect(m_plot);
    m_selection->setVisible(false);
    m_divergence = new QCPItemRect(m_plot);
    m_divergence->setVisible(false);
    m_plot->setInteractions(QCP::Interactions());
    m_plot->installEventFilter(this);
    // Column labels stand upright when the columns are narrower than about two lines of text (a
    // 1024 px window): slanted, they would run into each other. The plot's width does not depend on
    // the rotation, so one more replot settles it.
    connect(m_plot, &QCustomPlot::afterReplot, this, [this] {
        const int columns = std::max(1, m_matrix.columnCount());
        const int lineHeight = QFontMetrics(m_plot->xAxis->tickLabelFont()).height();
        const double rotation = m_plot->axisRect()->width() / columns < 2 * lineHeight ? 90 : 60;
        if (m_plot->xAxis->tickLabelRotation() != rotation) {
            m_plot->xAxis->setTickLabelRotation(rotation);
            m_plot->replot(QCustomPlot::rpQueuedReplot);
        }
    });
    connect(m_plot, &QCustomPlot::mousePress, this, [this](QMouseEvent *event) {
        int column = -1;
        const int row = matrixRowAt(event->pos(), &column);
        if (row >= 0)
            emit rowClicked(m_matrix.comparisonRow(row, column), row, column);
    });
    applyColours();
}

void DivergenceHeatmap::applyColours()
{
    const QPalette pal = palette();
    QCPColorGradient g;
    g.clearColorStops();
    // Good → bad as green → yellow → red; the same hues read on light and dark palettes.
    g.setColorStopAt(0.0, QColor(0x2e, 0x9d, 0x4f));
    g.setColorStopAt(0.35, QColor(0xc9, 0xd8, 0x4a));
    g.setColorStopAt(0.65, QColor(0xf2, 0xa1, 0x2c));
    g.setColorStopAt(1.0, QColor(0xd7, 0x26, 0x1e));
    g.setNanHandling(QCPColorGradient::nhNanColor);
    g.setNanColor(pal.color(QPalette::Mid));
    m_map->setGradient(g);
    m_plot->setBackground(pal.color(QPalette::Base));
    for (QCPAxis *axis : {m_plot->xAxis, m_plot->yAxis, m_scale->axis()}) {
        axis->setBasePen(QPen(pal.color(QPalette::Text)));
        axis->setTickPen(QPen(pal.color(QPalette::Text)));
        axis->setTickLabelColor(pal.color(QPalette::Text));
        axis->setLabelColor(pal.color(QPalette::Text));
    }
    m_selection->setPen(QPen(pal.color(QPalette::Highlight), 2));
    m_selection->setBrush(Qt::NoBrush);
    m_divergence->setPen(QPen(pal.color(QPalette::Text), 1.5, Qt::DashLine));
    m_divergence->setBrush(Qt::NoBrush);
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

void DivergenceHeatmap::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::PaletteChange)
        applyColours();
    QWidget::changeEvent(event);
}

bool DivergenceHeatmap::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_plot && event->type() == QEvent::ToolTip) {
        auto *help = static_cast<QHelpEvent *>(event);
        int column = -1;
        const int row = matrixRowAt(help->pos(), &column);
        if (row >= 0 && column >= 0) {
            const double v = m_matrix.at(row, column);
            QToolTip::showText(help->globalPos(),
                               tr("%1\n%2: %3")
                                   .arg(m_matrix.rowLabels[row],
                                        m_matrix.columns[column],
                                        std::isnan(v) ? tr("no value (unmatched)")
                                                      : tr("badness %1").arg(v, 0, 'f', 2)),
                               m_plot);
        } else {
            QToolTip::hideText();
        }
        return true;
    }
    // Row labels thin out with the height the plot gets (a 700 px window has room for fewer).
    if (watched == m_plot && event->type() == QEvent::Resize && m_matrix.rowCount() > 0) {
        updateLabels();
        m_plot->replot(QCustomPlot::rpQueuedReplot);
    }
    return QWidget::eventFilter(watched, event);
}

void DivergenceHeatmap::setMatrix(Core::DivergenceMatrix matrix, int firstDivergentRow)
{
    m_matrix = std::move(matrix);
    const int rows = m_matrix.rowCount(), cols = m_matrix.columnCount();
    m_map->data()->setSize(std::max(1, cols), std::max(1, rows));
    m_map->data()->setRange(QCPRange(0, std::max(1, cols) - 1), QCPRange(0, std::max(1, rows) - 1));
    for (int r = 0; r < rows; ++r)
        for (int c = 0; c < cols; ++c)
            m_map->data()->setCell(c, r, m_matrix.at(r, c));
    m_firstDivergentRow = -1;
    for (int r = 0; r < rows; ++r)
        if (m_matrix.rowToRow[r] == firstDivergentRow && firstDivergentRow >= 0)
            m_firstDivergentRow = r;
    m_plot->xAxis->setRange(-0.5, cols - 0.5);
    m_plot->yAxis->setRange(-0.5, rows - 0.5);
    if (m_firstDivergentRow >= 0) {
        m_divergence->topLeft->setCoords(-0.5, m_firstDivergentRow - 0.5);
        m_divergence->bottomRight->setCoords(cols - 0.5, m_firstDivergentRow + 0.5);
    }
    m_divergence->setVisible(m_firstDivergentRow >= 0);
    m_selection->setVisible(false);
    updateLabels();
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

void DivergenceHeatmap::updateLabels()
{
    auto columns = QSharedPointer<QCPAxisTickerText>::create();
    for (int c = 0; c < m_matrix.columnCount(); ++c)
        columns->addTick(c, m_matrix.columns[c]);
    m_plot->xAxis->setTicker(columns);
    // Label at most ~40 rows, and no more than fit the plot's height (about 70 px go to the axis
    // titles and column labels), so names stay legible; the tool tip names every row.
    auto rows = QSharedPointer<QCPAxisTickerText>::create();
    const int n = m_matrix.rowCount();
    const int lineHeight = QFontMetrics(m_plot->yAxis->tickLabelFont()).height() + 1;
    const int fit = std::clamp((m_plot->height() - 70) / std::max(1, lineHeight), 1, 40);
    const int step = std::max(1, (n + fit - 1) / fit);
    auto label = [&](int r) {
        QString s = m_matrix.rowLabels[r];
        return s.size() > 26 ? u"…"_s + s.right(25) : s;
    };
    for (int r = 0; r < n; r += step)
        rows->addTick(r, label(r));
    if (m_firstDivergentRow >= 0)
        rows->addTick(m_firstDivergentRow, u"▶ "_s + label(m_firstDivergentRow));
    m_plot->yAxis->setTicker(rows);
    m_plot->yAxis->setLabel(m_matrix.rowAxis.isEmpty()
                                ? tr("tensors in execution order (%n rows)", nullptr, n)
                                : m_matrix.rowAxis);
}

void DivergenceHeatmap::setSelectedRow(int comparisonRow)
{
    setSelectedMatrixRow(comparisonRow >= 0 ? int(m_matrix.rowToRow.indexOf(comparisonRow)) : -1);
}

void DivergenceHeatmap::setSelectedMatrixRow(int r)
{
    m_selection->setVisible(r >= 0 && r < m_matrix.rowCount());
    if (r >= 0) {
        m_selection->topLeft->setCoords(-0.5, r - 0.5);
        m_selection->bottomRight->setCoords(m_matrix.columnCount() - 0.5, r + 0.5);
    }
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

int DivergenceHeatmap::matrixRowAt(const QPoint &pos, int *column) const
{
    if (!m_plot->axisRect()->rect().contains(pos) || m_matrix.rowCount() == 0)
        return -1;
    const int c = int(std::lround(m_plot->xAxis->pixelToCoord(pos.x())));
    const int r = int(std::lround(m_plot->yAxis->pixelToCoord(pos.y())));
    if (r < 0 || r >= m_matrix.rowCount() || c < 0 || c >= m_matrix.columnCount())
        return -1;
    if (column)
        *column = c;
    return r;
}

QPoint DivergenceHeatmap::cellCenter(int matrixRow, int column) const
{
    return QPoint(int(m_plot->xAxis->coordToPixel(column)),
                  int(m_plot->yAxis->coordToPixel(matrixRow)));
}

bool DivergenceHeatmap::savePng(const QString &path)
{
    return m_plot->savePng(path, 0, 0, 2.0);
}

bool DivergenceHeatmap::savePdf(const QString &path)
{
    return m_plot->savePdf(path);
}

HeatmapPicture DivergenceHeatmap::picture(const QString &title) const
{
    // The export has a white background: the no-value grey is fixed there, not the palette's.
    return HeatmapPicture(m_matrix, m_map->gradient(), title);
}

bool DivergenceHeatmap::saveSvg(const QString &path, const QString &title, QString *errorMessage)
{
    const HeatmapPicture p = picture(title);
    return writeSvg(
        path,
        p.size(),
        logicalDpiX(),
        title,
        p.description(),
        [&](QPaintDevice *device) {
            QPainter painter;
            if (!painter.begin(device))
                return false;
            p.paint(painter);
            return painter.end();
        },
        errorMessage);
}

} // namespace Twinscope::Widgets
