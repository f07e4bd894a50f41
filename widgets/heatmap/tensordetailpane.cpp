#include "tensordetailpane.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QTableWidget>
#include <QVBoxLayout>
#include <qcustomplot.h>

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
    , m_hist(new QCustomPlot(this))
    , m_worst(makeTable({tr("Index"), tr("NPU"), tr("Bench"), tr("|error|")}, this))
    , m_note(new QLabel(this))
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    m_title->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_title->setWordWrap(true);
    layout->addWidget(m_title);
    auto *row = new QHBoxLayout;
    m_stats->setMinimumWidth(290);
    m_stats->setMaximumWidth(360);
    m_stats->setColumnWidth(0, 100);
    m_stats->setColumnWidth(1, 90);
    row->addWidget(m_stats, 1);
    row->addWidget(m_hist, 3);
    m_worst->setMinimumWidth(300);
    m_worst->setMaximumWidth(380);
    m_worst->setColumnWidth(0, 84);
    m_worst->setColumnWidth(1, 72);
    m_worst->setColumnWidth(2, 72);
    row->addWidget(m_worst, 2);
    layout->addLayout(row, 1);
    m_note->setWordWrap(true);
    layout->addWidget(m_note);
    m_hist->setMinimumHeight(160);
    // Three histograms side by side: NPU values, bench values, error (NPU − bench).
    m_hist->plotLayout()->clear();
    const QStringList titles{tr("NPU values"), tr("Bench values"), tr("NPU − bench")};
    for (int i = 0; i < 3; ++i) {
        auto *rect = new QCPAxisRect(m_hist);
        m_hist->plotLayout()->addElement(0, i, rect);
        rect->axis(QCPAxis::atBottom)->setLabel(titles[i]);
        rect->axis(QCPAxis::atBottom)->ticker()->setTickCount(3);
        rect->axis(QCPAxis::atBottom)->setNumberFormat(u"g"_s);
        rect->axis(QCPAxis::atBottom)->setNumberPrecision(2);
        rect->axis(QCPAxis::atLeft)->ticker()->setTickCount(3);
        auto *bars = new QCPBars(rect->axis(QCPAxis::atBottom), rect->axis(QCPAxis::atLeft));
        bars->setWidthType(QCPBars::wtPlotCoords);
        Q_UNUSED(bars);
    }
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
    const QStringList titles{
        tr("%1 values").arg(bench), tr("%1 values").arg(npu), tr("%1 − %2").arg(npu, bench)};
    for (int i = 0; i < 3 && i < m_hist->axisRectCount(); ++i)
        m_hist->axisRect(i)->axis(QCPAxis::atBottom)->setLabel(titles[i]);
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
    m_hist->replot(QCustomPlot::rpQueuedReplot);
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
    m_note->clear();
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
    const Core::PairMetrics &m = r.metrics;
    const QList<std::tuple<QString, double, double>> stats = {
        {tr("Max"), m.npu.max, m.bench.max},
        {tr("Min"), m.npu.min, m.bench.min},
        {tr("Mean"), m.npu.mean, m.bench.mean},
        {tr("L2 norm"), m.npu.norm, m.bench.norm},
        {tr("NaN count"), double(m.nanNpu), double(m.nanBench)},
        {tr("Inf count"), double(m.infNpu), double(m.infBench)},
        {tr("Cosine"), m.cosine, std::nan("")},
        {tr("MaxAbsErr"), m.maxAbsErr, std::nan("")},
        {tr("MaxRelativeErr"), m.maxRelErr, std::nan("")},
    };
    const int shown = c.statisticsMode ? 4 : int(stats.size());
    m_stats->setRowCount(shown);
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
    m_title->setToolTip(stack.isEmpty() ? QString() : tr("Call stack:\n%1").arg(stack.join(u'\n')));
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
