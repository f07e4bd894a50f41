#include "memoryview.h"

#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QSplitter>
#include <QTabWidget>
#include <QTreeWidget>
#include <QVBoxLayout>
#include <qcustomplot.h>

#include <cmath>

using namespace Qt::StringLiterals;
using namespace Twinscope::Core;

namespace Twinscope::Widgets {

namespace {

// The largest allocators are the question ("who holds the memory"); the long tail is in the
// Files view's operator_memory.csv.
constexpr int ShownAllocators = 200;

QTreeWidget *makeTree(const QStringList &headers, QWidget *parent)
{
    auto *tree = new QTreeWidget(parent);
    tree->setHeaderLabels(headers);
    tree->setRootIsDecorated(false);
    tree->setUniformRowHeights(true);
    tree->setAlternatingRowColors(true);
    tree->header()->setStretchLastSection(false);
    return tree;
}

void addRow(QTreeWidget *tree, const QStringList &cells)
{
    auto *item = new QTreeWidgetItem(tree, cells);
    for (int c = 1; c < cells.size(); ++c)
        item->setTextAlignment(c, Qt::AlignRight | Qt::AlignVCenter);
}

QColor curveColor(int i)
{
    static const QColor colors[] = {QColor(0x1f, 0x77, 0xb4),
                                    QColor(0xd6, 0x27, 0x28),
                                    QColor(0x2c, 0xa0, 0x2c),
                                    QColor(0x94, 0x67, 0xbd),
                                    QColor(0xff, 0x7f, 0x0e)};
    return colors[i % int(std::size(colors))];
}

} // namespace

MemoryView::MemoryView(QWidget *parent)
    : QWidget(parent)
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    m_note = new QLabel(this);
    m_note->setWordWrap(true);
    layout->addWidget(m_note);
    m_plot = new QCustomPlot(this);
    m_plot->legend->setVisible(true);
    m_plot->xAxis->setLabel(tr("Time since the first sample (ms)"));
    m_plot->yAxis->setLabel(tr("MB"));
    m_plot->setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);
    m_allocators = makeTree(
        {tr("Operator"), tr("Blocks"), tr("Total (KB)"), tr("Largest (KB)"), tr("Held (µs)")},
        this);
    m_peaks = makeTree({tr("Step"), tr("Peak reserved (MB)"), tr("Peak allocated (MB)")}, this);
    m_modules = makeTree({tr("Module"), tr("Peak reserved (MB)"), tr("Samples")}, this);
    auto *tabs = new QTabWidget(this);
    tabs->addTab(m_allocators, tr("Top allocators"));
    tabs->addTab(m_peaks, tr("Peak per step"));
    tabs->addTab(m_modules, tr("Device modules"));
    auto *split = new QSplitter(Qt::Vertical, this);
    split->addWidget(m_plot);
    split->addWidget(tabs);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 2);
    layout->addWidget(split, 1);
}

void MemoryView::setRank(std::shared_ptr<const RankProfile> rank)
{
    m_rank = std::move(rank);
    m_plot->clearGraphs();
    for (QTreeWidget *t : {m_allocators, m_peaks, m_modules})
        t->clear();
    if (!m_rank || m_rank->memory.isEmpty()) {
        m_note->setText(tr("This rank has no memory_record.csv, operator_memory.csv or "
                           "npu_module_mem.csv (profile_memory was off)."));
        m_plot->replot(QCustomPlot::rpQueuedReplot);
        return;
    }
    const MemoryProfile &m = m_rank->memory;
    m_note->setText(tr("Rank %1: %n memory curve(s).", "", int(m.curves.size())).arg(m_rank->rank));
    qint64 origin = std::numeric_limits<qint64>::max();
    for (const MemoryCurve &c : m.curves) {
        if (!c.tsNs.empty())
            origin = std::min(origin, c.tsNs.front());
    }
    int i = 0;
    for (const MemoryCurve &c : m.curves) {
        QVector<double> keys;
        QVector<double> reserved;
        QVector<double> allocatedKeys;
        QVector<double> allocated;
        for (size_t k = 0; k < c.tsNs.size(); ++k) {
            const double ms = double(c.tsNs[k] - origin) / 1e6;
            keys << ms;
            reserved << c.reservedMb[k];
            if (std::isfinite(c.allocatedMb[k])) {
                allocatedKeys << ms;
                allocated << c.allocatedMb[k];
            }
        }
        QCPGraph *r = m_plot->addGraph();
        r->setName(tr("%1 reserved").arg(c.component));
        r->setLineStyle(QCPGraph::lsStepLeft);
        r->setPen(QPen(curveColor(i), 1.5));
        r->setData(keys, reserved, true);
        if (!allocated.isEmpty()) {
            QCPGraph *a = m_plot->addGraph();
            a->setName(tr("%1 allocated").arg(c.component));
            a->setLineStyle(QCPGraph::lsStepLeft);
            a->setPen(QPen(curveColor(i), 1.5, Qt::DashLine));
            a->setData(allocatedKeys, allocated, true);
        }
        ++i;
    }
    m_plot->rescaleAxes();
    m_plot->yAxis->setRangeLower(0);
    m_plot->replot(QCustomPlot::rpQueuedReplot);
    const QLocale loc;
    int shown = 0;
    for (const Allocator &a : m.allocators) {
        if (++shown > ShownAllocators)
            break;
        addRow(m_allocators,
               {a.name,
                loc.toString(a.count),
                loc.toString(a.totalKb, 'f', 1),
                loc.toString(a.maxKb, 'f', 1),
                loc.toString(a.durationUs, 'f', 1)});
    }
    for (const StepMemoryPeak &p : m.stepPeaks)
        addRow(m_peaks,
               {p.step, loc.toString(p.reservedMb, 'f', 1), loc.toString(p.allocatedMb, 'f', 1)});
    for (const ModuleMemory &mod : m.modules)
        addRow(
            m_modules,
            {mod.component, loc.toString(mod.peakReservedMb, 'f', 1), loc.toString(mod.samples)});
    for (QTreeWidget *t : {m_allocators, m_peaks, m_modules}) {
        for (int c = 0; c < t->columnCount(); ++c)
            t->resizeColumnToContents(c);
    }
}

} // namespace Twinscope::Widgets
