#include "tensordetailpane.h"

#include "core/common/plaintooltip.h"
#include "core/dump/verdictpolicy.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QStackedWidget>
#include <QTableWidget>
#include <QVBoxLayout>
#include <qcustomplot.h>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace Twinscope::Widgets {

namespace {

QString num(double v)
{
    if (std::isnan(v))
        return u"–"_s;
    if (std::isinf(v))
        return v > 0 ? u"inf"_s : u"-inf"_s;
    return QLocale().toString(v, 'g', 6);
}

QTableWidget *makeTable(const QStringList &headers, QWidget *parent)
{
    auto *t = new QTableWidget(0, int(headers.size()), parent);
    t->setHorizontalHeaderLabels(headers);
    t->verticalHeader()->setVisible(false);
    t->verticalHeader()->setDefaultSectionSize(t->fontMetrics().height() + 6);
    t->setEditTriggers(QAbstractItemView::NoEditTriggers);
    t->setSelectionBehavior(QAbstractItemView::SelectRows);
    t->horizontalHeader()->setStretchLastSection(true);
    return t;
}

} // namespace

TensorDetailPane::TensorDetailPane(QWidget *parent)
    : QWidget(parent)
    , m_title(new QLabel(this))
    , m_stats(makeTable({tr("Statistic"), tr("NPU"), tr("Bench")}, this))
    , m_charts(new QStackedWidget(this))
    , m_hist(new QCustomPlot(this))
    , m_statsChart(new QCustomPlot(this))
    , m_worst(makeTable({tr("Index"), tr("NPU"), tr("Bench"), tr("|error|")}, this))
    , m_note(new QLabel(this))
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    m_title->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_title->setWordWrap(true);
    layout->addWidget(m_title);
    auto *row = new QHBoxLayout;
    // Number columns as wide as a six-digit value with its exponent: narrower, "5.96046e-08"
    // read "5....".
    const int number = fontMetrics().horizontalAdvance(u"-8.88888e-88"_s) + 12;
    m_stats->setMinimumWidth(100 + 2 * number + 4);
    m_stats->setMaximumWidth(std::max(360, 100 + 2 * number + 40));
    m_stats->setColumnWidth(0, 100);
    m_stats->setColumnWidth(1, number);
    row->addWidget(m_stats, 1);
    m_charts->addWidget(m_hist);
    m_charts->addWidget(m_statsChart);
    row->addWidget(m_charts, 3);
    // The worst elements are mostly plain decimals ("0.819824"); the histograms need the rest.
    const int decimal = fontMetrics().horizontalAdvance(u"-0.888888"_s) + 12;
    m_worst->setMinimumWidth(84 + 2 * decimal + decimal + 20); // and the scroll bar
    m_worst->setMaximumWidth(std::max(380, 84 + 3 * number + 20));
    m_worst->setColumnWidth(0, 84);
    m_worst->setColumnWidth(1, decimal);
    m_worst->setColumnWidth(2, decimal);
    row->addWidget(m_worst, 2);
    layout->addLayout(row, 1);
    m_note->setWordWrap(true);
    layout->addWidget(m_note);
    m_hist->setMinimumSize(240, 150);
    // Three histograms side by side: NPU values, bench values, error (NPU − bench). Titles stand
    // above each plot, elided to it, so that narrow plots do not run them together.
    m_hist->plotLayout()->clear();
    const QStringList titles{tr("NPU values"), tr("Bench values"), tr("NPU − bench")};
    for (int i = 0; i < 3; ++i) {
        auto *title = new QCPTextElement(m_hist, titles[i]);
        m_hist->plotLayout()->addElement(0, i, title);
        auto *rect = new QCPAxisRect(m_hist);
        m_hist->plotLayout()->addElement(1, i, rect);
        rect->axis(QCPAxis::atBottom)->ticker()->setTickCount(3);
        rect->axis(QCPAxis::atBottom)->setNumberFormat(u"g"_s);
        rect->axis(QCPAxis::atBottom)->setNumberPrecision(2);
        rect->axis(QCPAxis::atLeft)->ticker()->setTickCount(3);
        auto *bars = new QCPBars(rect->axis(QCPAxis::atBottom), rect->axis(QCPAxis::atLeft));
        bars->setWidthType(QCPBars::wtPlotCoords);
        Q_UNUSED(bars);
    }
    m_hist->plotLayout()->setRowStretchFactor(0, 0.01);
    // Narrow histograms (1024 px) get two value ticks: three overprinted ("00.25 0.5 0.75").
    connect(m_hist, &QCustomPlot::afterLayout, this, [this] {
        bool changed = false;
        for (QCPAxisRect *rect : m_hist->axisRects()) {
            const int ticks = rect->width() < 160 ? 2 : 3;
            if (rect->axis(QCPAxis::atBottom)->ticker()->tickCount() != ticks) {
                rect->axis(QCPAxis::atBottom)->ticker()->setTickCount(ticks);
                changed = true;
            }
        }
        if (changed)
            m_hist->replot(QCustomPlot::rpQueuedReplot);
    });
    // Statistics mode: one bar per statistic, msprobe's relative error |NPU − bench| / |bench|
    // (the table's MaxRelativeErr … NormRelativeErr, the CSV's and the JSON's), coloured by the
    // rule that warns (msprobe's MAGNITUDE: moved by more than half of the larger value).
    m_statsChart->setMinimumSize(240, 150);
    m_statsChart->plotLayout()->insertRow(0);
    m_statsChart->plotLayout()->addElement(
        0, 0, new QCPTextElement(m_statsChart, tr("|NPU − bench| / |bench| per statistic")));
    auto statTicks = QSharedPointer<QCPAxisTickerText>::create();
    const QStringList statNames{tr("Max"), tr("Min"), tr("Mean"), tr("L2 norm")};
    for (int i = 0; i < statNames.size(); ++i)
        statTicks->addTick(i, statNames[i]);
    m_statsChart->xAxis->setTicker(statTicks);
    m_statsChart->xAxis->setRange(-0.6, 3.6);
    m_statsChart->yAxis->setLabel(tr("relative error (%)"));
    auto *within = new QCPBars(m_statsChart->xAxis, m_statsChart->yAxis);
    auto *beyond = new QCPBars(m_statsChart->xAxis, m_statsChart->yAxis);
    within->setName(tr("within the warning rule"));
    beyond->setName(tr("moved by more than half (warning)"));
    for (QCPBars *b : {within, beyond})
        b->setWidth(0.6);
    // The legend is a row of its own under the title, one entry beside the other: inside the axis
    // rect it covered the Max bar, the one that most often moves.
    m_statsChart->legend->setVisible(true);
    m_statsChart->axisRect()->insetLayout()->take(m_statsChart->legend);
    m_statsChart->plotLayout()->insertRow(1);
    m_statsChart->plotLayout()->addElement(1, 0, m_statsChart->legend);
    m_statsChart->plotLayout()->setRowStretchFactor(1, 0.001);
    m_statsChart->plotLayout()->setRowStretchFactor(0, 0.001);
    m_statsChart->legend->setFillOrder(QCPLayoutGrid::foColumnsFirst);
    m_statsChart->legend->setMargins(QMargins(4, 1, 4, 1));
    applyColours();
    clear();
}

void TensorDetailPane::setSideNames(const QString &bench, const QString &npu)
{
    // Named sides (checkpoints A/B) read left to right like the table: the bench side (A) first.
    m_benchName = bench;
    m_npuName = npu;
    m_npuColumn = 2;
    m_stats->setHorizontalHeaderLabels({tr("Statistic"), bench, npu});
    m_worst->setHorizontalHeaderLabels({tr("Index"), bench, npu, tr("|error|")});
    // The histograms follow the columns (setDetail): the bench side (A) first. Their titles
    // name that side; an axis label under a title saying "NPU values" plotted the benchmark.
    const QStringList titles{
        tr("%1 values").arg(bench), tr("%1 values").arg(npu), tr("%1 − %2").arg(npu, bench)};
    for (int i = 0; i < 3; ++i)
        if (auto *title = qobject_cast<QCPTextElement *>(m_hist->plotLayout()->element(0, i)))
            title->setText(titles[i]);
    m_hist->replot(QCustomPlot::rpQueuedReplot);
}

void TensorDetailPane::applyColours()
{
    const QPalette pal = palette();
    m_hist->setBackground(pal.color(QPalette::Base));
    const QColor series[] = {
        QColor(0xd9, 0x5f, 0x02), QColor(0x1b, 0x6f, 0xb5), QColor(0x75, 0x70, 0xb3)};
    for (int i = 0; i < m_hist->axisRectCount(); ++i) {
        QCPAxisRect *rect = m_hist->axisRect(i);
        for (QCPAxis *axis : rect->axes()) {
            axis->setBasePen(QPen(pal.color(QPalette::Text)));
            axis->setTickPen(QPen(pal.color(QPalette::Text)));
            axis->setSubTickPen(QPen(pal.color(QPalette::Text)));
            axis->setTickLabelColor(pal.color(QPalette::Text));
            axis->setLabelColor(pal.color(QPalette::Text));
            axis->grid()->setPen(QPen(pal.color(QPalette::Mid), 0, Qt::DotLine));
        }
        if (auto *bars = qobject_cast<QCPBars *>(rect->plottables().value(0))) {
            bars->setPen(Qt::NoPen);
            bars->setBrush(series[i % 3]);
        }
    }
    for (QCPTextElement *title : m_hist->findChildren<QCPTextElement *>())
        title->setTextColor(pal.color(QPalette::Text));
    m_hist->replot(QCustomPlot::rpQueuedReplot);
    m_statsChart->setBackground(pal.color(QPalette::Base));
    for (QCPAxis *axis : m_statsChart->axisRect()->axes()) {
        axis->setBasePen(QPen(pal.color(QPalette::Text)));
        axis->setTickPen(QPen(pal.color(QPalette::Text)));
        axis->setSubTickPen(QPen(pal.color(QPalette::Text)));
        axis->setTickLabelColor(pal.color(QPalette::Text));
        axis->setLabelColor(pal.color(QPalette::Text));
        axis->grid()->setPen(QPen(pal.color(QPalette::Mid), 0, Qt::DotLine));
    }
    for (QCPTextElement *title : m_statsChart->findChildren<QCPTextElement *>())
        title->setTextColor(pal.color(QPalette::Text));
    // The same two hues as the verdicts: blue within the warning rule, dark red beyond it.
    const QColor statColours[] = {QColor(0x1b, 0x6f, 0xb5), QColor(0xbd, 0x00, 0x26)};
    for (int i = 0; i < 2 && i < m_statsChart->plottableCount(); ++i) {
        m_statsChart->plottable(i)->setPen(Qt::NoPen);
        m_statsChart->plottable(i)->setBrush(statColours[i]);
    }
    m_statsChart->legend->setBrush(pal.color(QPalette::Base));
    m_statsChart->legend->setTextColor(pal.color(QPalette::Text));
    m_statsChart->legend->setBorderPen(QPen(pal.color(QPalette::Mid)));
    m_statsChart->replot(QCustomPlot::rpQueuedReplot);
}

QCustomPlot *TensorDetailPane::currentChart() const
{
    return qobject_cast<QCustomPlot *>(m_charts->currentWidget());
}

void TensorDetailPane::showStatisticsChart(const Core::DumpComparison &c, int row)
{
    // Heights: msprobe's relative error of each statistic, the number the table, the CSV and the
    // JSON show (StatsDiff). Colour: whether that statistic alone meets msprobe's warning rule,
    // |npu − bench| / |max(npu, bench)| > MAGNITUDE (verdictpolicy.cpp). A statistic whose bench
    // value is 0 has no relative error (msprobe's N/A) and is drawn only when it moved, at the top.
    const Core::CompareRow &r = c.rows[row];
    const Core::TensorStats npu = Core::shownNpuStats(c, r), bench = Core::shownBenchStats(c, r);
    const double magnitude = c.options.thresholds.statMagnitude;
    auto warns = [magnitude](double x, double y) {
        if (std::isnan(x) && std::isnan(y))
            return false;
        if (x == y)
            return false;
        if (!std::isfinite(x) || !std::isfinite(y))
            return true;
        return std::fabs(x - y) / (std::fabs(std::max(x, y)) + 1e-10) > magnitude;
    };
    auto *within = static_cast<QCPBars *>(m_statsChart->plottable(0));
    auto *beyond = static_cast<QCPBars *>(m_statsChart->plottable(1));
    QVector<double> keysWithin, valuesWithin, keysBeyond, valuesBeyond;
    double top = 0;
    const double rel[] = {r.stats.maxRel, r.stats.minRel, r.stats.meanRel, r.stats.normRel};
    const std::pair<double, double> values[] = {
        {npu.max, bench.max}, {npu.min, bench.min}, {npu.mean, bench.mean}, {npu.norm, bench.norm}};
    QList<int> atTop;
    for (int i = 0; i < 4; ++i) {
        const auto [x, y] = values[i];
        const bool moved = !(x == y || (std::isnan(x) && std::isnan(y)));
        if (std::isnan(rel[i]) || std::isinf(rel[i])) {
            if (moved)
                atTop << i; // no finite relative error: drawn at the top
            continue;
        }
        const bool warn = warns(x, y);
        (warn ? keysBeyond : keysWithin) << i;
        (warn ? valuesBeyond : valuesWithin) << rel[i] * 100.0;
        top = std::max(top, rel[i] * 100.0);
    }
    top = std::max(top, 1e-9);
    for (int i : atTop) {
        (warns(values[i].first, values[i].second) ? keysBeyond : keysWithin) << i;
        (warns(values[i].first, values[i].second) ? valuesBeyond : valuesWithin) << top * 1.1;
    }
    within->setData(keysWithin, valuesWithin, true);
    beyond->setData(keysBeyond, valuesBeyond, true);
    m_statsChart->yAxis->setRange(0, top * 1.25);
    m_statsChart->replot(QCustomPlot::rpQueuedReplot);
}

void TensorDetailPane::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::PaletteChange)
        applyColours();
    QWidget::changeEvent(event);
}

void TensorDetailPane::clear()
{
    m_title->setText(tr("Click a heatmap cell or a table row to see a tensor pair."));
    m_stats->setRowCount(0);
    m_worst->setRowCount(0);
    // Until a pair's detail arrives there is nothing to plot: no empty frames with made-up
    // 0–4 axes (issue #29); a pair whose detail cannot be read keeps them hidden.
    m_charts->hide();
    m_worst->hide();
    m_stats->hide(); // no empty table frame under the hint either
    m_note->clear();
    for (int i = 0; i < 2; ++i)
        if (auto *bars = qobject_cast<QCPBars *>(m_statsChart->plottable(i)))
            bars->data()->clear();
    m_statsChart->replot(QCustomPlot::rpQueuedReplot);
    for (int i = 0; i < m_hist->axisRectCount(); ++i)
        if (auto *bars = qobject_cast<QCPBars *>(m_hist->axisRect(i)->plottables().value(0)))
            bars->data()->clear();
    m_hist->replot(QCustomPlot::rpQueuedReplot);
}

void TensorDetailPane::showRow(const Core::DumpComparison &c, int row)
{
    clear();
    if (row < 0 || row >= c.rows.size())
        return;
    const Core::CompareRow &r = c.rows[row];
    const Core::TensorEntry &b = c.bench->tensors[r.bench];
    const Core::TensorEntry &n = c.npu->tensors[r.npu];
    if (m_npuName.isEmpty())
        m_title->setText(tr("<b>%1</b> · %2 %3 · verdict %4<br>NPU: %5")
                             .arg(b.name.toHtmlEscaped(),
                                  Core::shapeText(b.shape),
                                  Core::dtypeId(n.dtype),
                                  Core::verdictId(r.verdict),
                                  n.name.toHtmlEscaped()));
    else
        m_title->setText(tr("<b>%1</b> · %2 %3 · verdict %4<br>%5: %6")
                             .arg(b.name.toHtmlEscaped(),
                                  Core::shapeText(b.shape),
                                  Core::dtypeId(n.dtype),
                                  Core::verdictId(r.verdict),
                                  m_npuName.toHtmlEscaped(),
                                  n.name.toHtmlEscaped()));
    const Core::PairMetrics &m = *r.metrics;
    // The statistics the CLI and the CSV show: the dump's own where it recorded them (msprobe),
    // else the ones computed over the elements.
    const Core::TensorStats npu = Core::shownNpuStats(c, r), bench = Core::shownBenchStats(c, r);
    const QList<std::tuple<QString, double, double>> stats = {
        {tr("Max"), npu.max, bench.max},
        {tr("Min"), npu.min, bench.min},
        {tr("Mean"), npu.mean, bench.mean},
        {tr("L2 norm"), npu.norm, bench.norm},
        {tr("NaN count"), double(m.nanNpu), double(m.nanBench)},
        {tr("Inf count"), double(m.infNpu), double(m.infBench)},
        {tr("Cosine"), m.cosine, std::nan("")},
        {tr("MaxAbsErr"), m.maxAbsErr, std::nan("")},
        {tr("MaxRelativeErr"), m.maxRelErr, std::nan("")},
    };
    const int shown = c.statisticsMode ? 4 : int(stats.size());
    m_charts->setCurrentWidget(c.statisticsMode ? m_statsChart : m_hist);
    if (c.statisticsMode) {
        showStatisticsChart(c, row);
        m_charts->show();
    }
    m_stats->setRowCount(shown);
    m_stats->show();
    for (int i = 0; i < shown; ++i) {
        const auto &[name, vn, vb] = stats[i];
        m_stats->setItem(i, 0, new QTableWidgetItem(name));
        // The pair's own metrics (cosine, errors) stay in the first value column.
        m_stats->setItem(i, i < 6 ? m_npuColumn : 1, new QTableWidgetItem(num(vn)));
        m_stats->setItem(
            i, i < 6 ? 3 - m_npuColumn : 2, new QTableWidgetItem(i < 6 ? num(vb) : QString()));
    }
    // The call's non-tensor arguments (msprobe's scalars, the dumper's Type datasets), changed
    // ones marked: a changed divisor is a cause the tensors alone do not show.
    QStringList arguments;
    for (const Core::ArgumentDiff &d : c.arguments) {
        const Core::ArgumentEntry &ab = c.bench->arguments[d.bench];
        if (ab.op != b.op)
            continue;
        const QString name = ab.key.mid(ab.op.size() + 1);
        arguments << (d.changed ? tr("%1 = %2 (bench %3, changed)")
                                      .arg(name, c.npu->arguments[d.npu].value, ab.value)
                                : tr("%1 = %2").arg(name, ab.value));
    }
    m_note->setText(arguments.isEmpty()
                        ? r.message
                        : r.message + u'\n' + tr("Arguments: %1").arg(arguments.join(u"; "_s)));
    // msprobe stack.json: where the NPU-side call was made, innermost frame last.
    const QStringList stack = c.npu->callStacks.value(n.op, c.bench->callStacks.value(b.op));
    m_title->setToolTip(stack.isEmpty()
                            ? QString()
                            : Core::plainToolTip(tr("Call stack:\n%1").arg(stack.join(u'\n'))));
    // The first frames are msprobe's own hooks; the first frame outside msprobe is the user's call.
    for (const QString &frame : stack) {
        if (frame.contains(u"/msprobe/"_s))
            continue;
        m_title->setText(m_title->text() + u"<br><small>"_s +
                         frame.section(u',', 0, 1).toHtmlEscaped() + u"</small>"_s);
        break;
    }
}

void TensorDetailPane::setDetail(const Core::TensorDetail &d)
{
    const Core::TensorDetail::Histogram *hs[] = {
        m_npuColumn == 1 ? &d.npu : &d.bench, m_npuColumn == 1 ? &d.bench : &d.npu, &d.error};
    for (int i = 0; i < 3 && i < m_hist->axisRectCount(); ++i) {
        auto *bars = qobject_cast<QCPBars *>(m_hist->axisRect(i)->plottables().value(0));
        const auto &h = *hs[i];
        const qsizetype bins = h.counts.size();
        const double w = bins > 0 && h.hi > h.lo ? (h.hi - h.lo) / double(bins) : 1.0;
        QVector<double> keys, values;
        double top = 1;
        for (qsizetype k = 0; k < bins; ++k) {
            keys << h.lo + (double(k) + 0.5) * w;
            values << double(h.counts[k]);
            top = std::max(top, double(h.counts[k]));
        }
        bars->setWidth(w);
        bars->setData(keys, values, true);
        bars->keyAxis()->setRange(h.lo - w, std::max(h.hi, h.lo + w) + w);
        bars->valueAxis()->setRange(0, top * 1.05);
    }
    m_charts->show();
    m_worst->show();
    m_hist->replot(QCustomPlot::rpQueuedReplot);
    m_worst->setRowCount(int(d.worst.size()));
    for (int i = 0; i < d.worst.size(); ++i) {
        const auto &w = d.worst[i];
        m_worst->setItem(i, 0, new QTableWidgetItem(w.position));
        m_worst->setItem(i, m_npuColumn, new QTableWidgetItem(num(w.npu)));
        m_worst->setItem(i, 3 - m_npuColumn, new QTableWidgetItem(num(w.bench)));
        m_worst->setItem(i, 3, new QTableWidgetItem(num(w.absErr)));
    }
    if (d.nonFinite > 0)
        m_note->setText(
            m_note->text() + u' ' +
            (m_npuName.isEmpty()
                 ? tr("%n NaN/Inf value(s) on the NPU side are listed first.",
                      nullptr,
                      int(d.nonFinite))
                 : tr("%n NaN/Inf value(s) of %1 are listed first.", nullptr, int(d.nonFinite))
                       .arg(m_npuName)));
}

void TensorDetailPane::setDetailMessage(const QString &message)
{
    m_note->setText(message);
}

} // namespace Twinscope::Widgets
