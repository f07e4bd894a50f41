#include "compilechartview.h"

#include <QEvent>
#include <QResizeEvent>
#include <QVBoxLayout>
#include <qcustomplot.h>

using namespace Qt::StringLiterals;

namespace Twinscope::Widgets {

CompileChartView::CompileChartView(QWidget *parent)
    : QWidget(parent)
    , m_plot(new QCustomPlot(this))
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_plot);
    m_plot->setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);
    m_plot->axisRect()->setRangeDrag(Qt::Horizontal);
    m_plot->axisRect()->setRangeZoom(Qt::Horizontal);
    m_plot->xAxis->setLabel(tr("Seconds since the first compile"));
    m_plot->yAxis->setTicker(QSharedPointer<QCPAxisTickerText>::create());
    m_plot->yAxis->setSubTicks(false);
    m_plot->yAxis->grid()->setVisible(false);

    m_selection = new QCPItemRect(m_plot);
    m_selection->setLayer(u"background"_s);
    m_selection->setVisible(false);
    m_selection->topLeft->setTypeX(QCPItemPosition::ptAxisRectRatio);
    m_selection->bottomRight->setTypeX(QCPItemPosition::ptAxisRectRatio);

    const QString names[] = {tr("First compile"),
                             tr("Same signature again"),
                             tr("New signature (recompile)"),
                             tr("Truncated record")};
    for (int k = 0; k < Core::CompileChartData::KindCount; ++k) {
        m_graphs[k] = m_plot->addGraph();
        m_graphs[k]->setLineStyle(QCPGraph::lsNone);
        m_graphs[k]->setName(names[k]);
    }
    // Repeats are drawn first so recompiles stay on top.
    m_graphs[Core::CompileChartData::NewSignature]->setLayer(u"main"_s);
    m_graphs[Core::CompileChartData::Repeat]->setSelectable(QCP::stNone);

    m_cutoff = new QCPItemStraightLine(m_plot);
    m_cutoff->setVisible(false);
    m_empty = new QCPItemText(m_plot);
    m_empty->position->setType(QCPItemPosition::ptAxisRectRatio);
    m_empty->position->setCoords(0.5, 0.5);
    m_empty->setText(tr("No compile times in this input (ascend_op_info_summary.txt and MindSpore "
                        "tables have none). Open the plog files."));
    m_empty->setVisible(false);

    // The legend sits in its own row above the plot: inside, it would hide the top op types.
    m_plot->legend->setVisible(true);
    m_plot->axisRect()->insetLayout()->take(m_plot->legend);
    m_plot->plotLayout()->insertRow(0);
    m_plot->plotLayout()->addElement(0, 0, m_plot->legend);
    m_plot->legend->setFillOrder(QCPLayoutGrid::foColumnsFirst);
    m_plot->plotLayout()->setRowStretchFactor(0, 0.001);
    m_plot->legend->setMargins(QMargins(4, 2, 4, 2));
    // QCustomPlot's least size is its one-row legend's (~620 px), which took the op table's
    // columns away at 1024 px; the legend wraps instead (resizeEvent).
    // Short enough that the op-info tab fits a 1024×700 window with the findings dock open
    // (issue #29); the axis labels and a few bars still show.
    m_plot->setMinimumSize(280, 120);

    connect(m_plot, &QCustomPlot::mousePress, this, [this](QMouseEvent *event) {
        const double row = m_plot->yAxis->pixelToCoord(event->pos().y());
        const int r = qRound(row);
        if (r >= 0 && r < m_rows.size() && std::abs(row - r) < 0.4)
            emit typeClicked(m_rows[r]);
    });
    applyColours();
}

void CompileChartView::resizeEvent(QResizeEvent *event)
{
    QWidget::resizeEvent(event);
    // One legend row needs about 620 px; narrower, two rows of two keep every entry whole.
    const int wrap = width() < 640 ? 2 : 0;
    if (m_plot->legend->wrap() != wrap) {
        m_plot->legend->setWrap(wrap);
        m_plot->legend->setFillOrder(QCPLayoutGrid::foColumnsFirst, true); // re-flow the entries
        m_plot->replot(QCustomPlot::rpQueuedReplot);
    }
}

void CompileChartView::setChart(const Core::CompileChartData &chart)
{
    m_rows = chart.rows;
    auto ticker = qSharedPointerCast<QCPAxisTickerText>(m_plot->yAxis->ticker());
    ticker->clear();
    for (int i = 0; i < chart.rows.size(); ++i)
        ticker->addTick(i, chart.rows[i].isEmpty() ? tr("(no op type)") : chart.rows[i]);
    for (int k = 0; k < Core::CompileChartData::KindCount; ++k)
        m_graphs[k]->setData(QVector<double>(chart.keys[k].begin(), chart.keys[k].end()),
                             QVector<double>(chart.values[k].begin(), chart.values[k].end()),
                             true);
    const double span = std::max(chart.spanSeconds, 1e-3);
    m_plot->xAxis->setRange(-0.02 * span, 1.02 * span);
    m_plot->yAxis->setRange(-0.7, std::max<double>(1, chart.rows.size()) - 0.3);
    m_cutoff->setVisible(chart.cutoffSeconds >= 0);
    m_cutoff->point1->setCoords(chart.cutoffSeconds, 0);
    m_cutoff->point2->setCoords(chart.cutoffSeconds, 1);
    m_empty->setVisible(chart.originNs < 0 && !chart.rows.isEmpty());
    m_selection->setVisible(false);
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

void CompileChartView::setSelectedType(const QString &type)
{
    const int row = int(m_rows.indexOf(type));
    m_selection->setVisible(row >= 0);
    if (row >= 0) {
        m_selection->topLeft->setCoords(0, row + 0.45);
        m_selection->bottomRight->setCoords(1, row - 0.45);
    }
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

void CompileChartView::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::PaletteChange || event->type() == QEvent::StyleChange)
        applyColours();
    QWidget::changeEvent(event);
}

void CompileChartView::applyColours()
{
    const QPalette pal = palette();
    const QColor text = pal.color(QPalette::WindowText);
    const QColor base = pal.color(QPalette::Base);
    m_plot->setBackground(base);
    for (QCPAxis *axis : {m_plot->xAxis, m_plot->yAxis}) {
        axis->setBasePen(QPen(text));
        axis->setTickPen(QPen(text));
        axis->setSubTickPen(QPen(text));
        axis->setTickLabelColor(text);
        axis->setLabelColor(text);
        axis->grid()->setPen(QPen(pal.color(QPalette::Mid), 0, Qt::DotLine));
    }
    const bool dark = base.lightness() < 128;
    // Semantic colours chosen to stay apart for common colour-vision deficiencies.
    const QColor first = dark ? QColor(0x6c, 0xa6, 0xff) : QColor(0x1f, 0x5f, 0xbf);
    const QColor repeat = pal.color(QPalette::Disabled, QPalette::WindowText);
    const QColor recompile = dark ? QColor(0xff, 0x9e, 0x40) : QColor(0xd9, 0x5f, 0x02);
    const QColor truncated = dark ? QColor(0xc0, 0x8c, 0xff) : QColor(0x75, 0x3d, 0xb0);
    m_graphs[Core::CompileChartData::First]->setScatterStyle(
        QCPScatterStyle(QCPScatterStyle::ssDisc, first, first, 7));
    m_graphs[Core::CompileChartData::Repeat]->setScatterStyle(
        QCPScatterStyle(QCPScatterStyle::ssCircle, repeat, 4));
    m_graphs[Core::CompileChartData::NewSignature]->setScatterStyle(
        QCPScatterStyle(QCPScatterStyle::ssDiamond, recompile, recompile, 9));
    m_graphs[Core::CompileChartData::Truncated]->setScatterStyle(
        QCPScatterStyle(QCPScatterStyle::ssCross, truncated, 8));
    QPen cut(recompile, 1.5, Qt::DashLine);
    m_cutoff->setPen(cut);
    QColor band = pal.color(QPalette::Highlight);
    band.setAlpha(50);
    m_selection->setPen(Qt::NoPen);
    m_selection->setBrush(band);
    m_empty->setColor(text);
    m_plot->legend->setBrush(base);
    m_plot->legend->setTextColor(text);
    m_plot->legend->setBorderPen(QPen(pal.color(QPalette::Mid)));
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

} // namespace Twinscope::Widgets
