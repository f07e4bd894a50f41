#include "monitorworkspace.h"

#include "monitorheatmap.h"
#include "widgets/common/loadcontroller.h"

#include <QComboBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QSplitter>
#include <QTableWidget>
#include <QVBoxLayout>
#include <qcustomplot.h>

#include <cmath>

using namespace Qt::StringLiterals;
using namespace Twinscope::Core;

namespace Twinscope::Widgets {

namespace {

enum ViewMode { ViewA = 0, ViewB = 1, ViewGap = 2 };

} // namespace

MonitorWorkspace::MonitorWorkspace(LoadController *loads, QWidget *parent)
    : Workspace(loads, parent)
    , m_job(loads, this)
{
    auto *open = new QPushButton(tr("Open Monitor…"), this);
    open->setToolTip(tr("Open an msprobe monitor output folder; choose a second for the run "
                        "under test."));
    m_rank = new QComboBox(this);
    m_rank->setToolTip(tr("The rank whose modules the heatmap shows."));
    m_metric = new QComboBox(this);
    m_metric->setMinimumContentsLength(18);
    m_metric->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_view = new QComboBox(this);
    m_view->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_view->setToolTip(tr("The values of a run, or B's gap to A over each module's noise floor."));
    m_summary = new QLabel(this);
    m_summary->setWordWrap(true);
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    auto *bar = new QHBoxLayout;
    bar->addWidget(open);
    bar->addWidget(new QLabel(tr("Rank"), this));
    bar->addWidget(m_rank);
    bar->addWidget(new QLabel(tr("Metric"), this));
    bar->addWidget(m_metric);
    bar->addWidget(new QLabel(tr("Show"), this));
    bar->addWidget(m_view);
    bar->addStretch(1);

    m_heatmap = new MonitorHeatmap(this);
    m_curves = new QCustomPlot(this);
    m_curves->setMinimumHeight(120);
    m_curves->xAxis->setLabel(tr("step"));
    m_curves->legend->setVisible(true);
    m_curves->axisRect()->insetLayout()->setInsetAlignment(0, Qt::AlignTop | Qt::AlignRight);
    m_anomalies = new QTableWidget(0, 5, this);
    m_anomalies->setHorizontalHeaderLabels(
        {tr("Run"), tr("Rank"), tr("Step"), tr("Module"), tr("Anomaly")});
    m_anomalies->horizontalHeader()->setStretchLastSection(true);
    m_anomalies->verticalHeader()->setVisible(false);
    m_anomalies->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_anomalies->setSelectionBehavior(QAbstractItemView::SelectRows);
    auto *bottom = new QSplitter(Qt::Horizontal, this);
    bottom->addWidget(m_curves);
    bottom->addWidget(m_anomalies);
    bottom->setStretchFactor(0, 3);
    bottom->setStretchFactor(1, 2);
    bottom->setSizes({600, 400}); // the curves first: the table's columns would take it all
    auto *split = new QSplitter(Qt::Vertical, this);
    split->addWidget(m_heatmap);
    split->addWidget(bottom);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 2);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(bar);
    layout->addWidget(m_summary);
    layout->addWidget(split, 1);

    connect(open, &QPushButton::clicked, this, &MonitorWorkspace::chooseInputs);
    for (QComboBox *box : {m_rank, m_metric, m_view})
        connect(box, &QComboBox::currentIndexChanged, this, [this] {
            redraw();
            fillAnomalies();
        });
    connect(m_heatmap, &MonitorHeatmap::cellClicked, this, [this](int module, int) {
        if (const MonitorRank *r = rankOf(0); r && module < r->modules.size())
            selectModule(r->modules[module]);
    });
    connect(m_anomalies, &QTableWidget::cellClicked, this, [this](int row, int) {
        selectModule(m_anomalies->item(row, 3)->text());
        emit crossLinkRequested(
            {CrossLink::Subject::Step, {}, m_anomalies->item(row, 2)->text().toLongLong(), {}});
    });
}

MonitorWorkspace::~MonitorWorkspace()
{
    m_job.cancel();
}

QString MonitorWorkspace::title() const
{
    if (m_paths.isEmpty())
        return tr("Training monitor");
    QStringList names;
    for (const QString &p : m_paths)
        names << QFileInfo(p).fileName();
    return tr("Monitor: %1").arg(names.join(u" vs "_s));
}

void MonitorWorkspace::openPaths(const QList<SniffResult> &inputs)
{
    // A second folder opened later becomes B; a new pair replaces both.
    QStringList paths;
    for (const SniffResult &s : inputs)
        paths << s.path;
    if (paths.size() == 1 && m_paths.size() == 1)
        paths.prepend(m_paths.front());
    m_paths = paths.mid(0, 2);
    m_analysis.reset();
    emit titleChanged();
    MonitorPipelineInput input;
    input.paths = m_paths;
    m_summary->setText(tr("Loading…"));
    m_job.start(
        tr("Loading training monitors"),
        [input](ProgressSink &progress, const CancelToken &cancel) {
            return runMonitorPipeline(input, progress, cancel);
        },
        [this](const Result<MonitorAnalysis> &r) { onDone(r); });
}

void MonitorWorkspace::onDone(const Result<MonitorAnalysis> &r)
{
    if (r.isFailed()) {
        emit loadFailed(r.error().file.isEmpty() ? m_paths.value(0) : r.error().file, r.error());
        m_summary->setText(r.error().toString());
        return;
    }
    if (!r.isOk())
        return;
    m_analysis = r.value();
    for (const MonitorRunOutcome &o : m_analysis->runs)
        emit loaded(o.path, o.diagnostics);
    fillChoosers();
    m_summary->setText(summaryText());
    if (const auto &c = m_analysis->comparison; c && c->first)
        selectModule(c->first->module);
    else if (const MonitorRank *rank = rankOf(0); rank && !rank->modules.isEmpty())
        selectModule(rank->modules.front());
}

void MonitorWorkspace::fillChoosers()
{
    const QSignalBlocker b1(m_rank), b2(m_metric), b3(m_view);
    m_rank->clear();
    m_metric->clear();
    m_view->clear();
    if (!m_analysis)
        return;
    const MonitorRun &a = *m_analysis->runs.front().run;
    for (const MonitorRank &r : a.ranks)
        m_rank->addItem(tr("rank %1").arg(r.rank), r.rank);
    m_metric->addItems(a.metricNames());
    m_view->addItem(tr("A: %1").arg(QFileInfo(a.path).fileName()), ViewA);
    if (m_analysis->runs.size() > 1) {
        m_view->addItem(tr("B: %1").arg(QFileInfo(m_analysis->runs[1].path).fileName()), ViewB);
        m_view->addItem(tr("Gap over noise floor"), ViewGap);
    }
    const auto &c = m_analysis->comparison;
    // Open where the answer is: the departing rank and metric, as a gap; else grad norms.
    if (c && c->first) {
        m_rank->setCurrentIndex(std::max(0, m_rank->findData(c->first->rank)));
        m_metric->setCurrentText(c->first->metric);
        m_view->setCurrentIndex(m_view->findData(ViewGap));
    } else {
        for (const char *preferred :
             {"grad_reduced.norm", "weight_grad.norm", "grad_unreduced.norm"})
            if (m_metric->findText(QLatin1StringView(preferred)) >= 0) {
                m_metric->setCurrentText(QLatin1StringView(preferred));
                break;
            }
    }
    redraw();
    fillAnomalies();
}

const MonitorRank *MonitorWorkspace::rankOf(int run) const
{
    if (!m_analysis || size_t(run) >= m_analysis->runs.size())
        return nullptr;
    return m_analysis->runs[size_t(run)].run->findRank(m_rank->currentData().toInt());
}

void MonitorWorkspace::redraw()
{
    const int view = m_view->currentData().toInt();
    const MonitorRank *r = rankOf(view == ViewB ? 1 : 0);
    const QString metric = m_metric->currentText();
    if (!r || metric.isEmpty()) {
        m_heatmap->clear();
        return;
    }
    std::vector<MonitorHeatmap::Marker> anomalies;
    const auto moduleRow = [](const QStringList &modules, const QString &m) {
        return int(modules.indexOf(m));
    };
    if (view == ViewGap && m_analysis->comparison) {
        const MonitorComparison &c = *m_analysis->comparison;
        const MonitorRankGap *g = nullptr;
        for (const MonitorRankGap &x : c.ranks)
            if (x.rank == r->rank)
                g = &x;
        const int xi = g ? int(g->metrics.indexOf(metric)) : -1;
        if (!g || xi < 0) {
            m_heatmap->clear();
            return;
        }
        const size_t nM = size_t(g->modules.size());
        std::vector<float> ratio(g->steps.size() * nM);
        for (size_t s = 0; s < g->steps.size(); ++s)
            for (size_t m = 0; m < nM; ++m)
                ratio[s * nM + m] =
                    g->gap[g->index(xi, int(s), int(m))] / g->floor[size_t(xi) * nM + m];
        // Fixed decades, so that 1 (the floor) sits at the same colour in every view.
        m_heatmap->setCells(g->steps, g->modules, ratio, tr("gap / noise floor (log)"), 1e-2, 1e2);
        MonitorHeatmap::Marker d;
        if (c.first && c.first->rank == r->rank && c.first->metric == metric) {
            d.module = moduleRow(g->modules, c.first->module);
            d.stepIndex = int(std::lower_bound(g->steps.begin(), g->steps.end(), c.first->step) -
                              g->steps.begin());
            m_heatmap->setDeparture(&d);
        } else {
            m_heatmap->setDeparture(nullptr);
        }
    } else {
        const int xi = r->metricIndex(metric);
        if (xi < 0) {
            m_heatmap->clear();
            return;
        }
        const size_t nM = size_t(r->modules.size());
        std::vector<float> cells(r->steps.size() * nM);
        for (size_t s = 0; s < r->steps.size(); ++s)
            for (size_t m = 0; m < nM; ++m)
                cells[s * nM + m] =
                    r->has(xi, int(s), int(m)) ? r->value(xi, int(s), int(m)) : std::nanf("");
        const bool signedStat = metric.endsWith(u".min") || metric.endsWith(u".mean");
        m_heatmap->setCells(r->steps,
                            r->modules,
                            cells,
                            signedStat ? tr("|%1| (log)").arg(metric) : tr("%1 (log)").arg(metric));
        m_heatmap->setDeparture(nullptr);
    }
    // msprobe's anomalies of this rank and metric's prefix, on their cells.
    const int run = view == ViewB ? 1 : 0;
    const MonitorRun &shown = *m_analysis->runs[size_t(run)].run;
    const QString prefix = metric.section(u'.', 0, 0);
    for (const MonitorAnomaly &a : shown.anomalies) {
        if (a.rank != r->rank || a.prefix != prefix)
            continue;
        const int m = moduleRow(r->modules, a.module);
        const int s = r->stepIndex(a.step);
        if (m >= 0 && s >= 0)
            anomalies.push_back({s, m});
    }
    m_heatmap->setAnomalies(anomalies);
    drawCurves();
}

void MonitorWorkspace::selectModule(const QString &module)
{
    m_module = module;
    drawCurves();
}

void MonitorWorkspace::drawCurves()
{
    m_curves->clearGraphs();
    const QString metric = m_metric->currentText();
    static const QColor colours[] = {QColor(31, 119, 180), QColor(255, 127, 14)};
    for (int run = 0; m_analysis && run < int(m_analysis->runs.size()) && run < 2; ++run) {
        const MonitorRank *r = rankOf(run);
        if (!r)
            continue;
        const int xi = r->metricIndex(metric);
        const int m = int(r->modules.indexOf(m_module));
        if (xi < 0 || m < 0)
            continue;
        QVector<double> x;
        QVector<double> y;
        for (int s = 0; s < int(r->steps.size()); ++s)
            if (r->has(xi, s, m)) {
                x << double(r->steps[size_t(s)]);
                y << double(r->value(xi, s, m));
            }
        QCPGraph *g = m_curves->addGraph();
        g->setData(x, y, true);
        g->setPen(QPen(colours[run], 1.5));
        g->setName(run == 0 ? tr("A (benchmark)") : tr("B (under test)"));
    }
    // The module under the x axis: as a y label a long module name is cut off.
    m_curves->yAxis->setLabel(metric);
    m_curves->xAxis->setLabel(tr("step — %1").arg(m_module));
    m_curves->rescaleAxes();
    m_curves->replot(QCustomPlot::rpQueuedReplot);
}

void MonitorWorkspace::fillAnomalies()
{
    m_anomalies->setRowCount(0);
    if (!m_analysis)
        return;
    const int rank = m_rank->currentData().toInt();
    const QString prefix = m_metric->currentText().section(u'.', 0, 0);
    for (size_t run = 0; run < m_analysis->runs.size(); ++run)
        for (const MonitorAnomaly &a : m_analysis->runs[run].run->anomalies) {
            // The rank shown; every prefix (the table is the list, the heatmap the location).
            if (a.rank != rank)
                continue;
            const int row = m_anomalies->rowCount();
            m_anomalies->insertRow(row);
            const QStringList cells = {run == 0 ? u"A"_s : u"B"_s,
                                       QString::number(a.rank),
                                       QString::number(a.step),
                                       a.module,
                                       u"%1 %2.%3"_s.arg(a.rule, a.prefix, a.stat)};
            for (int c = 0; c < cells.size(); ++c) {
                auto *item = new QTableWidgetItem(cells[c]);
                item->setToolTip(a.message);
                if (a.prefix == prefix)
                    item->setFont([&] {
                        QFont f = font();
                        f.setBold(true);
                        return f;
                    }());
                m_anomalies->setItem(row, c, item);
            }
        }
    m_anomalies->resizeColumnsToContents();
}

QString MonitorWorkspace::summaryText() const
{
    if (!m_analysis)
        return {};
    QStringList lines;
    for (const MonitorRunOutcome &o : m_analysis->runs) {
        const MonitorRun &run = *o.run;
        qsizetype modules = 0;
        qsizetype steps = 0;
        for (const MonitorRank &r : run.ranks) {
            modules = std::max(modules, r.modules.size());
            steps = std::max(steps, qsizetype(r.steps.size()));
        }
        lines << tr("%1: %2, %3 rank(s), %4 modules, %5 steps, %6 anomalies")
                     .arg(QFileInfo(run.path).fileName(), run.layout)
                     .arg(run.ranks.size())
                     .arg(modules)
                     .arg(steps)
                     .arg(run.anomalies.size());
    }
    if (const auto &c = m_analysis->comparison) {
        const QLocale locale;
        if (c->first)
            lines << tr("First departure: step %1, rank %2, %3 of %4 (gap %5, noise floor %6 "
                        "from the first %7 steps).")
                         .arg(c->first->step)
                         .arg(c->first->rank)
                         .arg(c->first->metric,
                              c->first->module,
                              locale.toString(c->first->gap, 'g', 3),
                              locale.toString(c->first->floor, 'g', 3))
                         .arg(c->earlySteps);
        else
            lines << tr("No departure: every module stays within its noise floor (from the first "
                        "%1 steps).")
                         .arg(c->earlySteps);
    }
    return lines.join(u'\n');
}

bool MonitorWorkspace::isEmpty() const
{
    return m_paths.isEmpty();
}

bool MonitorWorkspace::isBusy() const
{
    return m_job.isRunning();
}

void MonitorWorkspace::closeAll()
{
    m_job.cancel();
    m_paths.clear();
    m_analysis.reset();
    m_module.clear();
    fillChoosers();
    m_heatmap->clear();
    m_curves->clearGraphs();
    m_curves->replot();
    m_anomalies->setRowCount(0);
    m_summary->clear();
    emit titleChanged();
}

void MonitorWorkspace::chooseInputs()
{
    const QString dir = QFileDialog::getExistingDirectory(
        this, tr("Open an msprobe monitor output folder (a second one: the run under test)"));
    if (dir.isEmpty())
        return;
    SniffResult s;
    s.path = dir;
    s.kind = FileKind::Monitor;
    openPaths({s});
}

} // namespace Twinscope::Widgets
