#include "comparecharts.h"

#include "core/trace/opsymptoms.h"

#include <QCoreApplication>
#include <QEvent>
#include <QLabel>
#include <QLocale>
#include <QSplitter>
#include <QVBoxLayout>
#include <qcustomplot.h>

#include <algorithm>
#include <cmath>

using namespace Qt::StringLiterals;

namespace Twinscope::Widgets {

namespace {

// Keys of the two sides on the step and phase charts: the baseline above the target.
constexpr double BaselineKey = 2;
constexpr double TargetKey = 1;
// Op names longer than this are elided on the axis (the whole name is in the Op diff table).
constexpr int OpLabelChars = 44;

// One colour per step category (Tableau 10 order, idle the lightest grey): what a reader has met
// in HTA's and MindStudio Insight's breakdowns.
QColor categoryColor(Core::StepCategory category)
{
    switch (category) {
    case Core::StepCategory::FormatConversion:
        return QColor(0xe1, 0x57, 0x59);
    case Core::StepCategory::CopyBottleneck:
        return QColor(0xff, 0x9d, 0xa7);
    case Core::StepCategory::ComputeAiCpu:
        return QColor(0xb0, 0x7a, 0xa1);
    case Core::StepCategory::ComputeAiVector:
        return QColor(0x76, 0xb7, 0xb2);
    case Core::StepCategory::ComputeAiCore:
        return QColor(0x4e, 0x79, 0xa7);
    case Core::StepCategory::Compute:
        return QColor(0x59, 0xa1, 0x4f);
    case Core::StepCategory::Communication:
        return QColor(0xf2, 0x8e, 0x2b);
    case Core::StepCategory::Memory:
        return QColor(0xed, 0xc9, 0x48);
    case Core::StepCategory::DataLoading:
        return QColor(0x9c, 0x75, 0x5f);
    case Core::StepCategory::Host:
        return QColor(0xba, 0xb0, 0xac);
    case Core::StepCategory::Idle:
        break;
    }
    return QColor(0xdd, 0xdd, 0xdd);
}

const QColor SlowerColor(0xd6, 0x27, 0x28);
const QColor FasterColor(0x2c, 0xa0, 0x2c);
const QColor SymptomColor(0x9e, 0x9e, 0x9e);
const QColor BaselineColor(0x4e, 0x79, 0xa7);
const QColor TargetColor(0xf2, 0x8e, 0x2b);

// ms when the largest value is at least a millisecond, else µs.
struct Unit
{
    double perNs;
    QString name;
};

Unit unitFor(double largestNs)
{
    if (std::abs(largestNs) >= 1e6)
        return {1e-6, QCoreApplication::translate("Twinscope::Widgets::CompareCharts", "ms")};
    return {1e-3, QCoreApplication::translate("Twinscope::Widgets::CompareCharts", "µs")};
}

QString number(double v, int decimals = 1)
{
    return QLocale().toString(v, 'f', decimals);
}

QString signedNumber(double v)
{
    return (v >= 0 ? u"+"_s : u"−"_s) + number(std::abs(v));
}

// The legend below the plot, in columns, instead of over the bars.
void legendBelow(QCustomPlot *plot, int columns)
{
    plot->legend->setVisible(true);
    if (plot->axisRect()->insetLayout()->elements(false).contains(plot->legend)) {
        plot->axisRect()->insetLayout()->take(plot->legend);
        plot->plotLayout()->addElement(plot->plotLayout()->rowCount(), 0, plot->legend);
        plot->plotLayout()->setRowStretchFactor(plot->plotLayout()->rowCount() - 1, 0.001);
    }
    // The entries exist already: they are laid out again in this many columns (setWrap alone
    // applies only to entries added later, so every entry stayed in one clipped row).
    plot->legend->setWrap(columns);
    plot->legend->setFillOrder(QCPLayoutGrid::foColumnsFirst, true);
    plot->legend->setBorderPen(Qt::NoPen);
    plot->legend->setIconSize(10, 10);
}

QCPTextElement *titleOf(QCustomPlot *plot)
{
    if (plot->plotLayout()->rowCount() > 0) {
        if (auto *t = qobject_cast<QCPTextElement *>(plot->plotLayout()->element(0, 0)))
            return t;
    }
    plot->plotLayout()->insertRow(0);
    auto *title = new QCPTextElement(plot);
    QFont f = title->font();
    f.setBold(true);
    title->setFont(f);
    plot->plotLayout()->addElement(0, 0, title);
    return title;
}

QCPItemText *valueLabel(QCustomPlot *plot,
                        QCPAxis *keyAxis,
                        QCPAxis *valueAxis,
                        double key,
                        double value,
                        const QString &text,
                        const QColor &color)
{
    auto *label = new QCPItemText(plot);
    label->position->setAxes(valueAxis, keyAxis);
    label->position->setCoords(value, key);
    label->setPositionAlignment((value < 0 ? Qt::AlignRight : Qt::AlignLeft) | Qt::AlignVCenter);
    label->setPadding(QMargins(3, 0, 3, 0));
    label->setText(text);
    label->setColor(color);
    label->setClipToAxisRect(false);
    return label;
}

} // namespace

CompareCharts::CompareCharts(QWidget *parent)
    : QWidget(parent)
    , m_steps(new QCustomPlot(this))
    , m_ops(new QCustomPlot(this))
    , m_phases(new QCustomPlot(this))
    , m_noPhases(new QLabel(this))
{
    m_noPhases->setWordWrap(true);
    m_noPhases->setAlignment(Qt::AlignCenter);
    m_noPhases->hide();
    auto *phaseBox = new QWidget(this);
    auto *pl = new QVBoxLayout(phaseBox);
    pl->setContentsMargins(0, 0, 0, 0);
    pl->addWidget(m_phases, 1);
    pl->addWidget(m_noPhases, 1);
    // The step breakdown above the phases on the left, the op deltas on the whole height on the
    // right: twenty op rows keep a readable height in a 1024×700 window (issue #29), which they
    // did not below the other two.
    auto *left = new QSplitter(Qt::Vertical, this);
    left->addWidget(m_steps);
    left->addWidget(phaseBox);
    // The step chart's legend names up to eleven categories: it gets the larger share.
    left->setStretchFactor(0, 3);
    left->setStretchFactor(1, 2);
    left->setSizes({300, 200});
    auto *split = new QSplitter(Qt::Horizontal, this);
    split->addWidget(left);
    split->addWidget(m_ops);
    split->setStretchFactor(0, 2);
    split->setStretchFactor(1, 3);
    split->setSizes({400, 600});
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(split);
    // The step legend takes as many columns as its names fit in: replotted when that changes.
    m_steps->installEventFilter(this);
    for (QCustomPlot *p : {m_steps, m_ops, m_phases})
        p->setMinimumSize(160, 120);

    connect(m_ops,
            &QCustomPlot::plottableClick,
            this,
            [this](QCPAbstractPlottable *plottable, int dataIndex, QMouseEvent *) {
                auto *bars = qobject_cast<QCPBars *>(plottable);
                if (!bars || !m_diff || dataIndex < 0 || dataIndex >= bars->data()->size())
                    return;
                const int key = int(std::lround(bars->data()->at(dataIndex)->key));
                const int at = int(m_opRows.size()) - key; // the largest delta is drawn on top
                if (at < 0 || at >= int(m_opRows.size()))
                    return;
                const Core::OpDiffRow &row = m_diff->ops[size_t(m_opRows[size_t(at)])];
                emit opChosen(row.name, row.level);
            });
}

void CompareCharts::setDiff(std::shared_ptr<const Core::TraceDiff> diff)
{
    m_diff = std::move(diff);
    plotSteps();
    plotOps();
    plotPhases();
}

QStringList CompareCharts::opLabels() const
{
    QStringList out;
    const auto ticker = m_ops->yAxis->ticker().dynamicCast<QCPAxisTickerText>();
    if (!ticker)
        return out;
    const QMap<double, QString> &ticks = ticker->ticks();
    for (auto it = ticks.cend(); it != ticks.cbegin();) // top to bottom
        out << *--it;
    return out;
}

bool CompareCharts::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_steps && event->type() == QEvent::Resize && m_diff &&
        stepLegendColumns() != m_steps->legend->wrap())
        plotSteps();
    return QWidget::eventFilter(watched, event);
}

int CompareCharts::stepLegendColumns() const
{
    // Every category's name, so that the count does not change with the diff.
    const QFontMetrics fm(m_steps->legend->font());
    int widest = 0;
    for (int c = 0; c < Core::StepCategoryCount; ++c)
        widest =
            std::max(widest, fm.horizontalAdvance(Core::stepCategoryName(Core::StepCategory(c))));
    const int entry = widest + 10 + 16; // legendBelow()'s 10 px icon, its padding
    return std::clamp(m_steps->width() / std::max(entry, 1), 1, 3);
}

void CompareCharts::changeEvent(QEvent *event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::PaletteChange && m_diff)
        setDiff(m_diff);
}

void CompareCharts::styleAxes(QCustomPlot *plot)
{
    const QPalette pal = palette();
    const QColor text = pal.color(QPalette::Active, QPalette::WindowText);
    plot->setBackground(pal.color(QPalette::Active, QPalette::Base));
    for (QCPAxis *axis : {plot->xAxis, plot->yAxis}) {
        axis->setBasePen(QPen(text));
        axis->setTickPen(QPen(text));
        axis->setSubTickPen(QPen(text));
        axis->setTickLabelColor(text);
        axis->setLabelColor(text);
        axis->grid()->setPen(QPen(pal.color(QPalette::Active, QPalette::Mid), 0, Qt::DotLine));
    }
    plot->legend->setBrush(pal.color(QPalette::Active, QPalette::Base));
    plot->legend->setTextColor(text);
    if (plot->plotLayout()->rowCount() > 0) {
        if (auto *t = qobject_cast<QCPTextElement *>(plot->plotLayout()->element(0, 0)))
            t->setTextColor(text);
    }
}

// Horizontal bars: the key axis is the y axis, so that long names read along the left edge.
void CompareCharts::plotSteps()
{
    QCustomPlot *plot = m_steps;
    plot->clearPlottables();
    plot->clearItems();
    QCPTextElement *title = titleOf(plot);
    m_gapText.clear();
    if (!m_diff) {
        title->setText(QString());
        plot->replot();
        return;
    }
    const Core::TraceDiff &d = *m_diff;
    double largest = std::max(d.baseline.stepNs, d.target.stepNs);
    for (const auto *side : {&d.baseline, &d.target}) {
        double sum = 0;
        for (const qint64 ns : side->categories.ns)
            sum += double(ns);
        largest = std::max(largest, sum);
    }
    const Unit unit = unitFor(largest);
    QCPBars *below = nullptr;
    for (int c = 0; c < Core::StepCategoryCount; ++c) {
        const auto category = Core::StepCategory(c);
        const double b = double(d.baseline.categories[category]) * unit.perNs;
        const double t = double(d.target.categories[category]) * unit.perNs;
        if (b <= 0 && t <= 0)
            continue; // a category neither side spends time in gets no legend entry
        auto *bars = new QCPBars(plot->yAxis, plot->xAxis);
        bars->setName(Core::stepCategoryName(category));
        bars->setPen(QPen(palette().color(QPalette::Active, QPalette::Base), 1));
        bars->setBrush(categoryColor(category));
        bars->setWidth(0.6);
        bars->setData({TargetKey, BaselineKey}, {t, b}, true);
        if (below)
            bars->moveAbove(below);
        below = bars;
    }
    auto ticker = QSharedPointer<QCPAxisTickerText>::create();
    ticker->addTick(BaselineKey, tr("Baseline"));
    ticker->addTick(TargetKey, tr("Target"));
    plot->yAxis->setTicker(ticker);
    plot->yAxis->setRange(0.4, 2.6);
    plot->yAxis->grid()->setVisible(false);
    plot->xAxis->setLabel(tr("%1 per step").arg(unit.name));

    // The gap, written at the end of the target's bar.
    const double b = d.baseline.stepNs * unit.perNs;
    const double t = d.target.stepNs * unit.perNs;
    if (d.baseline.stepNs > 0) {
        const double delta = t - b;
        const QString ratio = number(d.target.stepNs / d.baseline.stepNs, 2);
        m_gapText = delta >= 0
                        ? tr("%1 %2 slower (%3×)").arg(signedNumber(delta), unit.name, ratio)
                        : tr("%1 %2 faster (%3×)").arg(signedNumber(delta), unit.name, ratio);
        const QColor color = delta > 0 ? SlowerColor : FasterColor;
        valueLabel(plot, plot->yAxis, plot->xAxis, TargetKey, t, m_gapText, color);
        valueLabel(plot,
                   plot->yAxis,
                   plot->xAxis,
                   BaselineKey,
                   b,
                   number(b),
                   palette().color(QPalette::Active, QPalette::WindowText));
    }
    // Room on the right for the gap's text.
    plot->xAxis->setRange(0, std::max(b, t) * 1.55 + 1e-9);
    title->setText(tr("Where the step went"));
    legendBelow(plot, stepLegendColumns());
    styleAxes(plot);
    plot->replot();
}

void CompareCharts::plotOps()
{
    QCustomPlot *plot = m_ops;
    plot->clearPlottables();
    plot->clearItems();
    m_opRows.clear();
    QCPTextElement *title = titleOf(plot);
    if (!m_diff) {
        title->setText(QString());
        plot->replot();
        return;
    }
    const Core::TraceDiff &d = *m_diff;
    // The rows are sorted by |delta|, largest first: the first that differ are the chart.
    double largest = 0;
    for (size_t i = 0; i < d.ops.size() && int(m_opRows.size()) < TopOps; ++i) {
        const Core::OpDiffRow &row = d.ops[i];
        if (row.state == Core::OpDiffState::Same || row.deltaNs() == 0)
            continue;
        m_opRows.push_back(int(i));
        largest = std::max(largest, std::abs(row.deltaNs()));
    }
    const Unit unit = unitFor(largest);
    const int n = int(m_opRows.size());
    QVector<double> slowerKeys, slowerValues, fasterKeys, fasterValues, waitKeys, waitValues;
    auto ticker = QSharedPointer<QCPAxisTickerText>::create();
    double low = 0, high = 0;
    bool anyWait = false;
    const QColor text = palette().color(QPalette::Active, QPalette::WindowText);
    for (int k = 0; k < n; ++k) {
        const Core::OpDiffRow &row = d.ops[size_t(m_opRows[size_t(k)])];
        const double key = n - k; // the largest on top
        const double v = row.deltaNs() * unit.perNs;
        const bool wait = Core::isDeviceWaitOp(row.name);
        anyWait = anyWait || wait;
        (wait ? waitKeys : v > 0 ? slowerKeys : fasterKeys) << key;
        (wait ? waitValues : v > 0 ? slowerValues : fasterValues) << v;
        QString name = row.name;
        if (name.size() > OpLabelChars)
            name = name.left(OpLabelChars - 1) + u'…';
        if (row.level == Core::OpLevel::Device)
            name = tr("%1 (device)").arg(name);
        ticker->addTick(key, wait ? tr("⚠ %1").arg(name) : name);
        low = std::min(low, v);
        high = std::max(high, v);
        QString value = signedNumber(v);
        if (row.state == Core::OpDiffState::Added)
            value = tr("%1 new").arg(value);
        else if (row.state == Core::OpDiffState::Removed)
            value = tr("%1 gone").arg(value);
        valueLabel(plot, plot->yAxis, plot->xAxis, key, v, value, text);
    }
    const auto addBars = [&](const QVector<double> &keys,
                             const QVector<double> &values,
                             const QString &name,
                             const QColor &color) {
        if (keys.isEmpty())
            return;
        auto *bars = new QCPBars(plot->yAxis, plot->xAxis);
        bars->setName(name);
        bars->setPen(Qt::NoPen);
        bars->setBrush(color);
        bars->setWidth(0.7);
        bars->setData(keys, values);
        bars->setSelectable(QCP::stDataRange);
    };
    addBars(slowerKeys, slowerValues, tr("slower in the target"), SlowerColor);
    addBars(fasterKeys, fasterValues, tr("faster in the target"), FasterColor);
    addBars(waitKeys,
            waitValues,
            tr("⚠ waits for the device: a symptom of slower work queued before it"),
            SymptomColor);
    plot->yAxis->setTicker(ticker);
    plot->yAxis->setRange(0.3, n + 0.7);
    plot->yAxis->grid()->setVisible(false);
    QFont small = plot->yAxis->tickLabelFont();
    small.setPointSizeF(std::max(7.0, small.pointSizeF() - 1));
    plot->yAxis->setTickLabelFont(small);
    // Room on both sides for the value labels.
    const double span = std::max(high - low, 1e-9);
    plot->xAxis->setRange(low - (low < 0 ? 0.3 * span : 0), high + (high > 0 ? 0.3 * span : 0));
    plot->xAxis->setLabel(tr("Target − baseline, %1 per step").arg(unit.name));
    title->setText(n == 0 ? tr("No op differs by more than noise")
                          : tr("The %n op(s) that moved most (click one for its row)", "", n));
    legendBelow(plot, anyWait ? 1 : 2); // the symptom's entry is long
    plot->setInteractions(QCP::iSelectPlottables);
    styleAxes(plot);
    plot->replot();
}

void CompareCharts::plotPhases()
{
    QCustomPlot *plot = m_phases;
    plot->clearPlottables();
    plot->clearItems();
    QCPTextElement *title = titleOf(plot);
    const auto phasesOf = [](const Core::TraceDiffSideSummary &s) {
        return s.phases.phases;
    };
    if (!m_diff || (!phasesOf(m_diff->baseline) && !phasesOf(m_diff->target))) {
        // No device tasks on either side (CPU-only or catapult traces): say why, draw no axes.
        m_phases->hide();
        m_noPhases->setText(m_diff ? tr("No device phases: %1").arg(m_diff->baseline.phases.reason)
                                   : QString());
        m_noPhases->setVisible(m_diff != nullptr);
        return;
    }
    m_noPhases->hide();
    m_phases->show();
    const Core::TraceDiff &d = *m_diff;
    struct Phase
    {
        QString name;
        qint64 Core::TracePhases::*ns;
    };
    const Phase all[] = {
        {tr("Computing"), &Core::TracePhases::computingNs},
        {tr("Communication, not overlapped"), &Core::TracePhases::communicationNotOverlappedNs},
        {tr("Overlapped"), &Core::TracePhases::overlappedNs},
        {tr("Free"), &Core::TracePhases::freeNs},
    };
    // A phase neither side has (no communication on one device) is left out: two rows of 0.0
    // would squeeze the bars that answer the question in a 1024×700 window (issue #29).
    std::vector<Phase> phases;
    for (const Phase &ph : all) {
        for (const auto *side : {&d.baseline, &d.target}) {
            if (side->phases.phases && (*side->phases.phases).*ph.ns > 0) {
                phases.push_back(ph);
                break;
            }
        }
    }
    if (phases.empty())
        phases.assign(std::begin(all), std::end(all));
    const int n = int(phases.size());
    double largest = 0;
    for (const auto *side : {&d.baseline, &d.target}) {
        if (const auto &p = side->phases.phases) {
            for (const Phase &ph : phases)
                largest = std::max(largest, double((*p).*ph.ns));
        }
    }
    const Unit unit = unitFor(largest);
    auto ticker = QSharedPointer<QCPAxisTickerText>::create();
    const QColor text = palette().color(QPalette::Active, QPalette::WindowText);
    const struct
    {
        const Core::TraceDiffSideSummary *side;
        QString name;
        QColor color;
        double offset; // from the phase's key: the baseline above, the target below
    } sides[] = {{&d.baseline, tr("Baseline"), BaselineColor, 0.18},
                 {&d.target, tr("Target"), TargetColor, -0.18}};
    for (const auto &s : sides) {
        auto *bars = new QCPBars(plot->yAxis, plot->xAxis);
        bars->setName(s.name);
        bars->setPen(Qt::NoPen);
        bars->setBrush(s.color);
        bars->setWidth(0.34);
        QVector<double> keys, values;
        for (int k = 0; k < n; ++k) {
            const double key = n - k + s.offset;
            const auto &p = s.side->phases.phases;
            const double v = p ? double((*p).*phases[size_t(k)].ns) * unit.perNs : 0.0;
            keys << key;
            values << v;
            if (p)
                valueLabel(plot, plot->yAxis, plot->xAxis, key, v, number(v), text);
        }
        bars->setData(keys, values, true);
    }
    for (int k = 0; k < n; ++k)
        ticker->addTick(n - k, phases[size_t(k)].name);
    plot->yAxis->setTicker(ticker);
    plot->yAxis->setRange(0.4, n + 0.6);
    plot->yAxis->grid()->setVisible(false);
    plot->xAxis->setRange(0, std::max(largest * unit.perNs, 1e-9) * 1.3);
    plot->xAxis->setLabel(tr("%1 per step").arg(unit.name));
    title->setText(tr("Device phases"));
    legendBelow(plot, 2);
    styleAxes(plot);
    plot->replot();
}

} // namespace Twinscope::Widgets
