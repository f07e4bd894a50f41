#include "stepview.h"

#include "profiletableview.h"

#include <QEvent>
#include <QLabel>
#include <QSplitter>
#include <QVBoxLayout>
#include <qcustomplot.h>

#include <cmath>

using namespace Qt::StringLiterals;
using namespace Twinscope::Core;

namespace Twinscope::Widgets {

namespace {

// The phases that add up to a step (msprof-analyze's step time), bottom to top.
constexpr StepPhase Stacked[] = {StepPhase::Computing,
                                 StepPhase::CommunicationNotOverlapped,
                                 StepPhase::Free,
                                 StepPhase::Bubble};

// Bars of more rows than this would be thinner than a pixel on a laptop screen: label every k-th.
constexpr int LabelledTicks = 40;

} // namespace

QColor phaseColor(StepPhase phase)
{
    switch (phase) {
    case StepPhase::Computing:
        return QColor(0x1b, 0x9e, 0x77);
    case StepPhase::CommunicationNotOverlapped:
        return QColor(0xd9, 0x5f, 0x02);
    case StepPhase::Overlapped:
        return QColor(0x75, 0x70, 0xb3);
    case StepPhase::Communication:
        return QColor(0xe6, 0xab, 0x02);
    case StepPhase::Free:
        return QColor(0x99, 0x99, 0x99);
    case StepPhase::Bubble:
        return QColor(0xe7, 0x29, 0x8a);
    default:
        break;
    }
    return QColor(0x66, 0xa6, 0x1e);
}

StepView::StepView(QWidget *parent)
    : QWidget(parent)
    , m_model(new PhaseTableModel(this))
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    m_note = new QLabel(this);
    m_note->setTextFormat(Qt::PlainText); // names files and tables (issue #31)
    m_note->setWordWrap(true);
    layout->addWidget(m_note);
    m_table = new ProfileTableView(
        m_model, PhaseTableModel::SortRole, PhaseTableModel::SeverityRole, this);
    m_plot = new QCustomPlot(this);
    m_plot->legend->setVisible(true);
    m_plot->axisRect()->insetLayout()->setInsetAlignment(0, Qt::AlignTop | Qt::AlignRight);
    m_plot->yAxis->setLabel(tr("µs"));
    auto *split = new QSplitter(Qt::Vertical, this);
    split->addWidget(m_table);
    split->addWidget(m_plot);
    split->setSizes({300, 500});
    layout->addWidget(split, 1);
    connect(m_table, &QAbstractItemView::activated, this, [this](const QModelIndex &index) {
        emit rowActivated(index.data(PhaseTableModel::KeyRole).toInt());
    });
}

void StepView::setRows(std::vector<PhaseRow> rows, const QString &labelHeader, const QString &note)
{
    m_model->setRows(std::move(rows), labelHeader);
    m_note->setText(note);
    m_note->setVisible(!note.isEmpty());
    m_table->setColumnWidths({90, 50});
    // Step rows are one step each: the count column says nothing there.
    const bool counts = std::any_of(
        m_model->rows().begin(), m_model->rows().end(), [](const auto &r) { return r.steps > 1; });
    m_table->setColumnHidden(PhaseTableModel::Steps, !counts);
    m_table->sortByColumn(PhaseTableModel::Label, Qt::AscendingOrder);
    replot();
}

void StepView::changeEvent(QEvent *event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::PaletteChange)
        replot();
}

void StepView::replot()
{
    m_plot->clearPlottables();
    const auto &rows = m_model->rows();
    QVector<double> keys;
    QVector<QString> labels;
    for (size_t i = 0; i < rows.size(); ++i)
        keys << double(i + 1);
    QCPBars *below = nullptr;
    for (const StepPhase phase : Stacked) {
        QVector<double> values;
        bool any = false;
        for (const PhaseRow &r : rows) {
            const double v = r.us[size_t(phase)];
            any = any || (std::isfinite(v) && v > 0);
            values << (std::isfinite(v) ? v : 0.0);
        }
        if (!any)
            continue; // a phase the table lacks gets no legend entry
        auto *bars = new QCPBars(m_plot->xAxis, m_plot->yAxis);
        bars->setName(stepPhaseDisplayName(phase));
        bars->setPen(Qt::NoPen);
        bars->setBrush(phaseColor(phase));
        bars->setWidthType(QCPBars::wtPlotCoords);
        bars->setWidth(0.8);
        bars->setData(keys, values, true);
        if (below)
            bars->moveAbove(below);
        below = bars;
    }
    // Rows whose table has only a wall time (CANN msprof, MindSpore) show it as one bar.
    if (!below) {
        QVector<double> values;
        for (const PhaseRow &r : rows)
            values << (std::isfinite(r.stepUs) ? r.stepUs : 0.0);
        auto *bars = new QCPBars(m_plot->xAxis, m_plot->yAxis);
        bars->setName(tr("Step time"));
        bars->setPen(Qt::NoPen);
        bars->setBrush(palette().color(QPalette::Active, QPalette::Highlight));
        bars->setData(keys, values, true);
    }
    auto ticker = QSharedPointer<QCPAxisTickerText>::create();
    const int every = std::max(1, int(rows.size()) / LabelledTicks + 1);
    for (size_t i = 0; i < rows.size(); i += size_t(every))
        ticker->addTick(double(i + 1), rows[i].label);
    m_plot->xAxis->setTicker(ticker);
    m_plot->xAxis->setTickLabelRotation(rows.size() > 12 ? 60 : 0);
    m_plot->xAxis->setRange(0.3, double(rows.size()) + 0.7);
    m_plot->rescaleAxes(true);
    m_plot->xAxis->setRange(0.3, double(rows.size()) + 0.7);
    m_plot->yAxis->setRangeLower(0);
    // Head room for the legend in the top right corner.
    m_plot->yAxis->setRangeUpper(m_plot->yAxis->range().upper * 1.3);
    for (QCPAxis *axis : {m_plot->xAxis, m_plot->yAxis}) {
        axis->setBasePen(QPen(palette().color(QPalette::Active, QPalette::WindowText)));
        axis->setTickLabelColor(palette().color(QPalette::Active, QPalette::WindowText));
        axis->setLabelColor(palette().color(QPalette::Active, QPalette::WindowText));
    }
    m_plot->setBackground(palette().color(QPalette::Active, QPalette::Base));
    m_plot->legend->setBrush(palette().color(QPalette::Active, QPalette::Base));
    m_plot->legend->setTextColor(palette().color(QPalette::Active, QPalette::WindowText));
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

} // namespace Twinscope::Widgets
