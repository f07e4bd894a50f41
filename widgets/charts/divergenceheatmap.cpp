#include "divergenceheatmap.h"

#include "core/common/plaintooltip.h"
#include "heatmappicture.h"
#include "widgets/common/svgexport.h"
#include "widgets/common/tensornameelide.h"

#include <QHelpEvent>
#include <QLabel>
#include <QLocale>
#include <QPainter>
#include <QScrollArea>
#include <QStyle>
#include <QToolTip>
#include <QVBoxLayout>
#include <qcustomplot.h>

using namespace Qt::StringLiterals;

namespace Twinscope::Widgets {

DivergenceHeatmap::DivergenceHeatmap(QWidget *parent)
    : QWidget(parent)
    , m_scroll(new QScrollArea(this))
    , m_plot(new QCustomPlot(this))
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    // What the rows are, above the scroll area: as the y axis' title it was centred on a matrix
    // taller than the view and cut off at 1024×700.
    m_rowsLabel = new QLabel(this);
    m_rowsLabel->setContentsMargins(4, 0, 4, 0);
    layout->addWidget(m_rowsLabel);
    layout->addWidget(m_scroll);
    m_scroll->setFrameShape(QFrame::NoFrame);
    m_scroll->setWidgetResizable(true);
    m_scroll->setWidget(m_plot);
    m_map = new QCPColorMap(m_plot->xAxis, m_plot->yAxis);
    m_map->setInterpolate(false);
    m_map->setTightBoundary(false);
    // The colour scale lies above the cells: beside them it took ~120 px of the width the cells
    // and their labels need at 1024 px.
    m_scale = new QCPColorScale(m_plot);
    m_plot->plotLayout()->insertRow(0);
    m_plot->plotLayout()->addElement(0, 0, m_scale);
    m_plot->plotLayout()->setRowStretchFactor(0, 0.001);
    m_scale->setType(QCPAxis::atTop);
    m_scale->setBarWidth(10);
    m_scale->setDataRange(QCPRange(0, 1));
    // What the colours mean, on the scale itself: badness is each metric's place between its
    // clean and its broken value on a log scale (METRICS.md §8).
    // Grey cells hold no value (an unmatched tensor, or a metric with no value for the pair, such
    // as a relative error against 0): the scale says so, so that grey never reads as clean.
    m_scale->axis()->setLabel(tr("Divergence (log scale)\ngrey: no value"));
    auto scaleTicks = QSharedPointer<QCPAxisTickerText>::create();
    scaleTicks->addTick(0.0, tr("0 clean"));
    scaleTicks->addTick(0.5, QLocale().toString(0.5));
    scaleTicks->addTick(1.0, tr("1 broken"));
    m_scale->axis()->setTicker(scaleTicks);
    m_map->setColorScale(m_scale);
    m_map->setDataRange(QCPRange(0, 1));
    // Colour scale and cells share their left and right margins so that they line up; the right
    // margin leaves room for the scale's "1 broken".
    auto *group = new QCPMarginGroup(m_plot);
    m_plot->axisRect()->setMarginGroup(QCP::msLeft | QCP::msRight, group);
    m_scale->setMarginGroup(QCP::msLeft | QCP::msRight, group);
    for (QCPLayoutElement *e : {static_cast<QCPLayoutElement *>(m_plot->axisRect()),
                                static_cast<QCPLayoutElement *>(m_scale)}) {
        e->setAutoMargins(QCP::msLeft | QCP::msTop | QCP::msBottom);
        e->setMargins(QMargins(0, 0, RightMarginPx, 0));
    }
    m_plot->yAxis->setRangeReversed(true); // execution order runs top to bottom
    // Upright column labels in cells a line wide: they cannot overlap. They head the columns,
    // under the colour scale, like a table's header: below a tall matrix that scrolls they were
    // out of sight at 1024×700.
    m_plot->xAxis->setTickLabels(false);
    m_plot->xAxis->setSubTicks(false);
    m_plot->yAxis->setSubTicks(false);
    m_plot->xAxis->grid()->setVisible(false);
    m_plot->yAxis->grid()->setVisible(false);
    m_plot->xAxis2->setVisible(true);
    m_plot->xAxis2->setTickLabelRotation(-90);
    m_plot->xAxis2->setSubTicks(false);
    m_plot->xAxis2->grid()->setVisible(false);
    connect(m_plot->xAxis,
            qOverload<const QCPRange &>(&QCPAxis::rangeChanged),
            m_plot->xAxis2,
            qOverload<const QCPRange &>(&QCPAxis::setRange));
    m_selection = new QCPItemRect(m_plot);
    m_selection->setVisible(false);
    m_divergence = new QCPItemRect(m_plot);
    m_divergence->setVisible(false);
    m_plot->setInteractions(QCP::Interactions());
    m_plot->installEventFilter(this);
    // Row labels are thinned to the rows' laid-out height: after a layout that changes it, label
    // again and paint once more.
    connect(m_plot, &QCustomPlot::afterLayout, this, [this] {
        // The laid-out margins are exact where the estimate was not: keep the cells' least size.
        updateMinimumSize();
        const int step = m_matrix.rowCount() > 0 ? rowLabelStep() : 1;
        if (step != m_rowLabelStep) {
            updateLabels();
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
    // Clean → broken as ColorBrewer's YlOrRd (five classes): sequential, light to dark, readable
    // with any colour vision (the green-to-red scale was not for red-green colour blindness),
    // and a broken cell stands out darkest on light and dark palettes.
    g.setColorStopAt(0.0, QColor(0xff, 0xff, 0xb2));
    g.setColorStopAt(0.25, QColor(0xfe, 0xcc, 0x5c));
    g.setColorStopAt(0.5, QColor(0xfd, 0x8d, 0x3c));
    g.setColorStopAt(0.75, QColor(0xf0, 0x3b, 0x20));
    g.setColorStopAt(1.0, QColor(0xbd, 0x00, 0x26));
    g.setNanHandling(QCPColorGradient::nhNanColor);
    g.setNanColor(pal.color(QPalette::Mid));
    m_map->setGradient(g);
    m_plot->setBackground(pal.color(QPalette::Base));
    for (QCPAxis *axis : {m_plot->xAxis, m_plot->xAxis2, m_plot->yAxis, m_scale->axis()}) {
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

QString DivergenceHeatmap::toolTipAt(const QPoint &pos) const
{
    int column = -1;
    const int row = matrixRowAt(pos, &column);
    if (row < 0 || column < 0)
        return {};
    const double v = m_matrix.at(row, column);
    return tr("%1\n%2: %3")
        .arg(m_matrix.rowLabels[row],
             m_matrix.columns[column],
             std::isnan(v)
                 ? tr("no value (unmatched, or not defined for this pair)")
                 : tr("divergence %1 (0 clean … 1 broken)").arg(QLocale().toString(v, 'f', 2)));
}

bool DivergenceHeatmap::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_plot && event->type() == QEvent::ToolTip) {
        auto *help = static_cast<QHelpEvent *>(event);
        const QString text = toolTipAt(help->pos());
        if (text.isEmpty())
            QToolTip::hideText();
        else
            QToolTip::showText(help->globalPos(), Core::plainToolTip(text), m_plot); // tensor names
        return true;
    }
    // Row labels thin out with the height the plot gets (a 700 px window has room for fewer).
    if (watched == m_plot && event->type() == QEvent::Resize && m_matrix.rowCount() > 0) {
        updateLabels();
        m_plot->replot(QCustomPlot::rpQueuedReplot);
    }
    return QWidget::eventFilter(watched, event);
}

int DivergenceHeatmap::minimumCellWidth() const
{
    return std::max(6,
                    m_plot->xAxis->tickLabelFont().pointSizeF() > 0
                        ? QFontMetrics(m_plot->xAxis->tickLabelFont()).height() + 2
                        : 16);
}

QSize DivergenceHeatmap::sizeHint() const
{
    const int bar = style()->pixelMetric(QStyle::PM_ScrollBarExtent);
    return QSize(m_plot->minimumWidth() + bar + 2, std::max(300, m_plot->minimumHeight() / 2));
}

QSizeF DivergenceHeatmap::cellSize() const
{
    const QRect r = m_plot->axisRect()->rect();
    return QSizeF(double(r.width()) / std::max(1, m_matrix.columnCount()),
                  double(r.height()) / std::max(1, m_matrix.rowCount()));
}

int DivergenceHeatmap::rowLabelStep() const
{
    // One label per line of text: the rows' laid-out height decides how many rows one spans.
    const double rowPx = cellSize().height();
    const int line = QFontMetrics(m_plot->yAxis->tickLabelFont()).height();
    return rowPx > 0 ? std::max(1, int(std::ceil(line / rowPx))) : 1;
}

void DivergenceHeatmap::updateMinimumSize()
{
    // The plot's least size for cells no smaller than the minimum; the scroll area scrolls past
    // it. Margins: row labels left, the colour scale and the upright column labels above, room
    // for the scale's "1 broken" right.
    const QFontMetrics fm(m_plot->xAxis->tickLabelFont());
    int columnLabels = 0;
    for (const QString &c : m_matrix.columns)
        columnLabels = std::max(columnLabels, fm.horizontalAdvance(c));
    const int cols = std::max(1, m_matrix.columnCount());
    const int rows = std::max(1, m_matrix.rowCount());
    // Until the first layout the margins are estimated; afterwards they are the laid-out ones.
    const QMargins laidOut = m_plot->axisRect()->margins();
    const int left = std::max(RowLabelWidthPx + fm.height() + 24, laidOut.left());
    const int bottom = std::max(fm.height(), laidOut.bottom());
    // Above the cells: the colour scale's row and the cells' own top margin, which holds the
    // column labels.
    const int scaleRow =
        m_scale->outerRect().height() > 0 ? m_scale->outerRect().height() : 5 * fm.height() + 10;
    const int top = scaleRow + std::max(columnLabels + fm.height(), laidOut.top());
    const QSize size(left + cols * minimumCellWidth() + RightMarginPx + 2,
                     std::max(top + rows * MinimumCellHeightPx + bottom + 2, 160));
    if (size != m_plot->minimumSize()) {
        m_plot->setMinimumSize(size);
        updateGeometry();
    }
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
    updateMinimumSize();
    updateGeometry();
    updateLabels();
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

void DivergenceHeatmap::updateLabels()
{
    auto columns = QSharedPointer<QCPAxisTickerText>::create();
    for (int c = 0; c < m_matrix.columnCount(); ++c)
        columns->addTick(c, m_matrix.columns[c]);
    m_plot->xAxis->setTicker(columns);
    m_plot->xAxis2->setTicker(columns);
    // One row label per line of text so they never overprint; names shortened so that the API and
    // its call number stay, else elided in the middle keeping both the layer and the output
    // ("embedding…/output/0"). The tool tip names every row.
    auto rows = QSharedPointer<QCPAxisTickerText>::create();
    const int n = m_matrix.rowCount();
    const int step = rowLabelStep();
    m_rowLabelStep = step;
    const QFontMetrics fm(m_plot->yAxis->tickLabelFont());
    auto label = [&](int r) {
        return elideTensorName(m_matrix.rowLabels[r], fm, RowLabelWidthPx - 20);
    };
    for (int r = 0; r < n; r += step) {
        // The first divergent row has its own label; its neighbours make room.
        if (m_firstDivergentRow < 0 || std::abs(r - m_firstDivergentRow) >= step)
            rows->addTick(r, label(r));
    }
    if (m_firstDivergentRow >= 0)
        rows->addTick(m_firstDivergentRow, u"▶ "_s + label(m_firstDivergentRow));
    m_plot->yAxis->setTicker(rows);
    m_rowsLabel->setText(n > 0 ? tr("%n tensors in execution order", nullptr, n) : QString());
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
