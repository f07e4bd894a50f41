#include "dumpworkspace.h"

#include "comparesettings.h"
#include "core/dump/dumppipeline.h"
#include "core/dump/dumpseries.h"
#include "core/export/comparecsv.h"
#include "core/export/csvwriter.h"
#include "core/models/comparetablemodel.h"
#include "core/models/runsummarymodel.h"
#include "core/models/tensorstatsmodel.h"
#include "tensordetailpane.h"
#include "widgets/charts/divergenceheatmap.h"
#include "widgets/tables/comparetableview.h"
#include "widgets/tables/verdictdelegate.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFile>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QMenu>
#include <QSettings>
#include <QSortFilterProxyModel>
#include <QSpinBox>
#include <QSplitter>
#include <QTableView>
#include <QToolButton>
#include <QVBoxLayout>
#include <QWidgetAction>

#include <algorithm>
#include <cmath>
#include <limits>

using namespace Qt::StringLiterals;

namespace Twinscope::Widgets {

DumpWorkspace::DumpWorkspace(LoadController *loads, QWidget *parent)
    : Workspace(loads, parent)
    , m_model(new Core::CompareTableModel(this))
    , m_runsModel(new Core::RunSummaryModel(this))
    , m_runs(new QTableView(this))
    , m_statsModel(new Core::TensorStatsModel(this))
    , m_statsProxy(new QSortFilterProxyModel(this))
    , m_statsView(new QTableView(this))
    , m_heatmap(new DivergenceHeatmap(this))
    , m_table(new CompareTableView(m_model, this))
    , m_detail(new TensorDetailPane(this))
    , m_header(new QLabel(this))
    , m_cosine(new QDoubleSpinBox(this))
    , m_maxAbs(new QDoubleSpinBox(this))
    , m_statTolerance(new QDoubleSpinBox(this))
    , m_mode(new QComboBox(this))
    , m_compareJob(loads, this)
    , m_singleJob(loads, this)
    , m_detailJob(loads, this)
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    m_header->setWordWrap(true);
    m_header->setTextInteractionFlags(Qt::TextSelectableByMouse);
    // The header sits on a row of its own: beside the threshold controls, a wrapped second line
    // (counts and the first divergent tensor) was cut in half, since a box layout row takes the
    // height of its tallest control rather than the label's height for its width.
    layout->addWidget(m_header);
    auto *top = new QHBoxLayout;
    top->addStretch(1);
    // Verdict thresholds (msprobe's defaults), persisted; changing one re-runs the comparison.
    const Core::CompareOptions current = options();
    auto addSpin = [&](QDoubleSpinBox *spin,
                       const QString &label,
                       const QString &tip,
                       double value,
                       double max,
                       int decimals) {
        spin->setDecimals(decimals);
        spin->setRange(0, max);
        spin->setSingleStep(max / 100);
        spin->setValue(value);
        spin->setToolTip(tip);
        spin->setKeyboardTracking(false);
        auto *l = new QLabel(label, this);
        l->setBuddy(spin);
        top->addWidget(l);
        top->addWidget(spin);
        connect(spin, &QDoubleSpinBox::valueChanged, this, &DumpWorkspace::saveThresholds);
    };
    addSpin(m_cosine,
            tr("&Cosine ≥"),
            tr("Accuracy rule: cosine below this (with MaxAbsErr above its threshold) fails"),
            current.thresholds.cosine,
            1,
            4);
    addSpin(m_maxAbs,
            tr("&MaxAbsErr ≤"),
            tr("Accuracy rule: MaxAbsErr above this (with a low cosine) fails"),
            current.thresholds.maxAbsErr,
            10,
            5);
    addSpin(m_statTolerance,
            tr("&Statistics ±"),
            tr("Statistics mode: a Max/Min/Mean/Norm that moves by more than this share of its "
               "value warns (msprobe: 0.5)"),
            current.thresholds.statMagnitude,
            1,
            3);
    addLimitsMenu(top);
    m_mode->setToolTip(
        tr("With several steps or ranks: all metrics of one run, or one metric across the runs"));
    m_mode->setVisible(false);
    top->addWidget(m_mode);
    connect(m_mode, &QComboBox::currentIndexChanged, this, &DumpWorkspace::updateHeatmap);
    layout->addLayout(top);
    // The step x rank summary of a whole run sits above the heatmap; a row opens its run.
    auto setupTable = [](QTableView *view) {
        view->setSelectionBehavior(QAbstractItemView::SelectRows);
        view->setSelectionMode(QAbstractItemView::SingleSelection);
        view->setItemDelegate(new VerdictDelegate(view));
        view->verticalHeader()->setVisible(false);
        view->verticalHeader()->setDefaultSectionSize(view->fontMetrics().height() + 6);
        view->horizontalHeader()->setStretchLastSection(true);
    };
    m_runs->setModel(m_runsModel);
    setupTable(m_runs);
    m_runs->setToolTip(tr("Every compared step and rank; click a row to open that run"));
    m_runs->setVisible(false);
    connect(m_runs->selectionModel(),
            &QItemSelectionModel::currentRowChanged,
            this,
            [this](const QModelIndex &index) {
                if (index.isValid() && index.row() != m_run && !m_syncing)
                    showRun(index.row());
            });
    // One dump alone: its statistics table replaces the comparison's table and heatmap.
    m_statsProxy->setSourceModel(m_statsModel);
    m_statsProxy->setSortRole(Core::CompareTableModel::SortRole);
    m_statsView->setModel(m_statsProxy);
    m_statsView->setSortingEnabled(true);
    m_statsView->sortByColumn(Core::TensorStatsModel::IndexColumn, Qt::AscendingOrder);
    setupTable(m_statsView);
    m_statsView->setVisible(false);
    // Heatmap (under the run summary) and table side by side over the detail pane, which takes
    // the whole width: its statistics, three histograms and worst elements fit in 1024 px that
    // way. The heatmap scrolls rather than shrinking its cells.
    auto *split = new QSplitter(Qt::Vertical, this);
    auto *upper = new QSplitter(Qt::Horizontal, split);
    m_upper = upper;
    auto *left = new QSplitter(Qt::Vertical, upper);
    left->addWidget(m_runs);
    left->addWidget(m_heatmap);
    left->setStretchFactor(0, 1);
    left->setStretchFactor(1, 3);
    auto *right = new QSplitter(Qt::Vertical, upper);
    right->addWidget(m_statsView);
    right->addWidget(m_table);
    upper->addWidget(left);
    upper->addWidget(right);
    split->addWidget(upper);
    split->addWidget(m_detail);
    upper->setStretchFactor(0, 0);
    upper->setStretchFactor(1, 1);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 2);
    split->setSizes({560, 380});
    split->setChildrenCollapsible(false);
    upper->setChildrenCollapsible(false);
    layout->addWidget(split, 1);
    m_header->setText(
        tr("Open a benchmark dump and an NPU dump (HDF5, .npy, msprobe dump.json), or drop both "
           "at once."));

    connect(m_heatmap,
            &DivergenceHeatmap::rowClicked,
            this,
            [this](int comparisonRow, int, int column) {
                // In the across-runs view a column is a run: clicking it switches the table to that
                // run.
                if (m_series && m_mode->currentIndex() > 0 && column != m_run)
                    showRun(column);
                if (comparisonRow >= 0)
                    selectRow(comparisonRow);
            });
    connect(m_table, &CompareTableView::notice, this, &Workspace::statusMessage);
    connect(m_table, &CompareTableView::comparisonRowSelected, this, [this](int row) {
        if (!m_syncing)
            selectRow(row);
    });
}

DumpWorkspace::~DumpWorkspace() = default;

QString DumpWorkspace::title() const
{
    // Name the pair, as the loss tab does, so that two comparisons can be told apart.
    // A dump analysed on its own is no comparison: the tab names its file.
    if (!m_comparison && m_overflow && !m_benchPath.isEmpty())
        return tr("Dump: %1").arg(QFileInfo(m_benchPath).fileName());
    if (!m_comparison)
        return tr("Dump comparison");
    return tr("Dumps: %1 vs %2")
        .arg(QFileInfo(m_benchPath).fileName(), QFileInfo(m_npuPath).fileName());
}

void DumpWorkspace::saveThresholds()
{
    QSettings s;
    s.beginGroup(u"dumps"_s);
    s.setValue(u"cosineThreshold"_s, m_cosine->value());
    s.setValue(u"maxAbsErrThreshold"_s, m_maxAbs->value());
    s.setValue(u"statMagnitude"_s, m_statTolerance->value());
    if (m_capMillions) {
        // The box shows whole millions: keep an exact cap (the default 2^32) the box still shows.
        const qint64 stored =
            s.value(u"maxTensorElements"_s, Core::DumpReadOptions::DefaultMaxElements).toLongLong();
        if (m_capMillions->value() != (stored + 999'999) / 1'000'000)
            s.setValue(u"maxTensorElements"_s, qint64(m_capMillions->value()) * 1'000'000);
        s.setValue(u"allowOutsideDump"_s, m_allowOutside->isChecked());
    }
    s.endGroup();
    if (!m_benchPath.isEmpty() && !m_npuPath.isEmpty())
        compare(m_benchPath, m_npuPath);
}

Core::CompareOptions DumpWorkspace::options() const
{
    // Verdict thresholds are user-editable settings; msprobe's values are the defaults.
    return compareOptionsFromSettings();
}

void DumpWorkspace::addLimitsMenu(QHBoxLayout *bar)
{
    // What a dump may make Twinscope read (docs/RELIABILITY.md); persisted like the thresholds.
    const Core::CompareOptions current = options();
    auto *button = new QToolButton(this);
    button->setText(tr("&Limits"));
    button->setToolTip(tr("Per-tensor element cap, and whether tensor files outside a dump's "
                          "folder are read"));
    button->setPopupMode(QToolButton::InstantPopup);
    auto *menu = new QMenu(button);
    auto *capRow = new QWidget(menu);
    auto *capLayout = new QHBoxLayout(capRow);
    capLayout->setContentsMargins(8, 4, 8, 4);
    auto *capLabel = new QLabel(tr("Per-tensor cap (million elements):"), capRow);
    m_capMillions = new QSpinBox(capRow);
    m_capMillions->setRange(1, int((qint64(1) << 50) / 1'000'000));
    m_capMillions->setValue(int((current.read.maxElements + 999'999) / 1'000'000));
    m_capMillions->setKeyboardTracking(false);
    m_capMillions->setToolTip(
        tr("Tensors with more elements are listed but not read (default "
           "%L1 million, 16 GiB of float32)")
            .arg((Core::DumpReadOptions::DefaultMaxElements + 999'999) / 1'000'000));
    capLabel->setBuddy(m_capMillions);
    capLayout->addWidget(capLabel);
    capLayout->addWidget(m_capMillions);
    auto *capAction = new QWidgetAction(menu);
    capAction->setDefaultWidget(capRow);
    menu->addAction(capAction);
    m_allowOutside = menu->addAction(tr("Read tensor files outside the dump's folder"));
    m_allowOutside->setCheckable(true);
    m_allowOutside->setChecked(current.read.allowOutsideFolder);
    m_allowOutside->setToolTip(tr("Off: a data_name such as ../../x.npy, an absolute path or a "
                                  "symlink leading out of the dump is refused"));
    button->setMenu(menu);
    bar->addWidget(button);
    connect(m_capMillions, &QSpinBox::valueChanged, this, &DumpWorkspace::saveThresholds);
    connect(m_allowOutside, &QAction::toggled, this, &DumpWorkspace::saveThresholds);
}

void DumpWorkspace::openPaths(const QList<Core::SniffResult> &inputs)
{
    for (const Core::SniffResult &r : inputs) {
        if (r.format == u"compare_result"_s) {
            // A compare result is a comparison already: it opens alone.
            m_pending.clear();
            openResult(r.path);
            return;
        }
        m_pending << r;
    }
    if (m_pending.size() >= 2) {
        const Core::SniffResult bench = m_pending.takeFirst();
        const Core::SniffResult npu = m_pending.takeFirst();
        m_pending.clear();
        compare(bench, npu);
    } else if (m_pending.size() == 1) {
        // One dump: analysed on its own at once; a second one opened later is compared with it.
        analyse(m_pending.first().path, m_pending.first());
    }
}

void DumpWorkspace::setSingleMode(bool single)
{
    m_statsView->setVisible(single);
    m_table->setVisible(!single);
    m_detail->setVisible(!single);
    m_heatmap->setVisible(!single);
    m_runs->setVisible(!single && m_series && m_series->runs.size() > 1);
    m_mode->setVisible(!single && bool(m_series));
}

void DumpWorkspace::analyse(const QString &path, const std::optional<Core::SniffResult> &sniff)
{
    m_benchPath = path;
    m_npuPath.clear();
    m_header->setText(tr("Analysing %1 on its own …").arg(path.toHtmlEscaped()));
    Core::SingleDumpInput input{path, {}, {}, 0, options().read, sniff};
    m_singleJob.start(
        tr("Analysing a dump"),
        [input](Core::ProgressSink &progress, const Core::CancelToken &cancel) {
            return Core::runSingleDumpPipeline(input, progress, cancel);
        },
        [this](const Core::Result<Core::OverflowSeries> &r) { onAnalysed(r); });
}

void DumpWorkspace::onAnalysed(const Core::Result<Core::OverflowSeries> &result)
{
    if (result.isFailed()) {
        m_header->setText(
            tr("The analysis failed: %1").arg(result.error().toString().toHtmlEscaped()));
        emit loadFailed(result.error().file.isEmpty() ? m_benchPath : result.error().file,
                        result.error());
        return;
    }
    if (!result.isOk())
        return;
    m_overflow = result.value();
    m_comparison.reset();
    m_series.reset();
    m_model->setComparison(nullptr);
    setSingleMode(true);
    showAnalysis(Core::firstOverflowRun(*m_overflow));
    emit titleChanged();
    emit loaded(m_benchPath, result.diagnostics());
    emit analysisReady();
}

void DumpWorkspace::showAnalysis(int run)
{
    const auto &a = m_overflow->runs[run];
    m_statsModel->setAnalysis(a);
    const QString label = m_overflow->labels[run];
    QString runs;
    for (int i = 0; i < m_overflow->runs.size(); ++i)
        if (m_overflow->runs[i]->origin >= 0 && i != run)
            runs += tr(" · also in %1").arg(m_overflow->labels[i].toHtmlEscaped());
    m_header->setText(
        tr("%1 (%2)%3 on its own: %n tensor(s), ", nullptr, int(a->tensors.size()))
            .arg(QFileInfo(m_benchPath).fileName().toHtmlEscaped(),
                 a->dump->format,
                 label.isEmpty() ? QString() : tr(", run <b>%1</b>").arg(label.toHtmlEscaped())) +
        tr("%1 with NaN/Inf, %2 fp16-saturated (±65504) · first overflow: %3")
            .arg(a->nonFiniteTensors)
            .arg(a->saturatedTensors)
            .arg(a->origin >= 0
                     ? u"<b>%1</b>"_s.arg(a->dump->tensors[a->origin].name.toHtmlEscaped())
                     : tr("none")) +
        runs + u"<br>"_s + tr("Open a benchmark dump as well to compare the two."));
    if (a->origin >= 0) {
        const QModelIndex at = m_statsProxy->mapFromSource(m_statsModel->index(a->origin, 0));
        m_statsView->selectRow(at.row());
        m_statsView->scrollTo(at, QAbstractItemView::PositionAtCenter);
    }
}

void DumpWorkspace::openResult(const QString &path)
{
    m_benchPath = path;
    m_npuPath.clear();
    m_header->setText(tr("Reading the compare result %1 …").arg(path.toHtmlEscaped()));
    Core::DumpPipelineInput input;
    input.benchPath = path;
    input.options = options();
    m_compareJob.start(
        tr("Reading a compare result"),
        [input](Core::ProgressSink &progress, const Core::CancelToken &cancel) {
            return Core::runDumpPipeline(input, progress, cancel);
        },
        [this](const Core::Result<Core::DumpSeries> &r) { onCompared(r); });
}

void DumpWorkspace::compare(const QString &benchPath, const QString &npuPath)
{
    Core::SniffResult bench, npu;
    bench.path = benchPath;
    npu.path = npuPath;
    compare(bench, npu, false);
}

void DumpWorkspace::compare(const Core::SniffResult &bench,
                            const Core::SniffResult &npu,
                            bool sniffed)
{
    m_benchPath = bench.path;
    m_npuPath = npu.path;
    m_header->setText(
        tr("Comparing %1 with %2 …").arg(m_benchPath.toHtmlEscaped(), m_npuPath.toHtmlEscaped()));
    Core::DumpPipelineInput input;
    input.benchPath = m_benchPath;
    input.npuPath = m_npuPath;
    // The paths were sniffed when they were opened: the readers use that result.
    if (sniffed) {
        input.benchSniff = bench;
        input.npuSniff = npu;
    }
    input.options = options();
    m_compareJob.start(
        tr("Comparing dumps"),
        [input](Core::ProgressSink &progress, const Core::CancelToken &cancel) {
            return Core::runDumpPipeline(input, progress, cancel);
        },
        [this](const Core::Result<Core::DumpSeries> &r) { onCompared(r); });
}

void DumpWorkspace::onCompared(const Core::Result<Core::DumpSeries> &result)
{
    if (result.isFailed()) {
        m_header->setText(
            tr("The comparison failed: %1").arg(result.error().toString().toHtmlEscaped()));
        emit loadFailed(result.error().file.isEmpty() ? m_npuPath : result.error().file,
                        result.error());
        return;
    }
    if (!result.isOk())
        return;
    const auto series = result.value();
    m_mode->blockSignals(true);
    m_mode->clear();
    // Several step/rank runs: the heatmap can show one metric across them.
    if (series->runs.size() > 1) {
        m_series = series;
        m_mode->addItem(tr("Heatmap: all metrics of one run"));
        const bool stats = m_series->runs.first()->statisticsMode;
        for (const QString &metric : Core::divergenceMetricNames(stats))
            m_mode->addItem(tr("Heatmap: %1 across %n run(s)", nullptr, int(m_series->runs.size()))
                                .arg(metric));
    } else {
        m_series.reset();
    }
    m_mode->blockSignals(false);
    m_overflow.reset();
    m_statsModel->setAnalysis(nullptr);
    m_runsModel->setSeries(m_series);
    setSingleMode(false);
    m_rowsCapped = result.diagnostics().count(u"rows_capped"_s);
    // The run that diverges first opens (steps, then ranks); the summary lists them all.
    m_run = -1;
    showRun(Core::firstDivergingRun(*series), series);
    emit titleChanged();
    emit loaded(m_npuPath.isEmpty() ? m_benchPath : m_npuPath, result.diagnostics());
    emit statusMessage(tr("Compared %n tensor pair(s)", nullptr, int(m_comparison->rows.size())));
    emit comparisonReady();
}

void DumpWorkspace::showComparison(std::shared_ptr<const Core::DumpComparison> comparison,
                                   const QString &label)
{
    m_comparison = std::move(comparison);
    m_model->setComparison(m_comparison);
    m_detail->clear();
    updateHeatmap();
    const Core::DumpComparison &c = *m_comparison;
    QString first = tr("no divergent tensor");
    // Nothing diverges: the pair of the lowest cosine is the one to look at, and shown, so that
    // the detail pane answers "how close did it come" instead of staying empty (issue #29).
    int shown = c.firstDivergent;
    if (shown < 0) {
        double lowest = std::numeric_limits<double>::infinity();
        for (int i = 0; i < c.rows.size(); ++i) {
            const double cosine = c.rows[i].metrics->cosine;
            if (c.rows[i].metrics.hasValue() && !std::isnan(cosine) && cosine < lowest) {
                lowest = cosine;
                shown = i;
            }
        }
        if (shown >= 0)
            first += tr(" · lowest cosine: <b>%1</b> (%2)")
                         .arg(c.bench->tensors[c.rows[shown].bench].name.toHtmlEscaped(),
                              QLocale().toString(lowest, 'f', 6));
    }
    if (c.firstDivergent >= 0) {
        const Core::CompareRow &r = c.rows[c.firstDivergent];
        first = tr("first divergent: <b>%1</b> (#%2, %3)")
                    .arg(c.bench->tensors[r.bench].name.toHtmlEscaped())
                    .arg(r.bench)
                    .arg(r.origin ? tr("origin") : tr("propagated"));
    }
    QString nan;
    if (c.nanOrigin >= 0)
        nan = tr(" · NaN/Inf origin: <b>%1</b>")
                  .arg(c.bench->tensors[c.rows[c.nanOrigin].bench].name.toHtmlEscaped());
    if (c.changedArguments > 0)
        nan += tr(" · %n changed argument(s)", nullptr, c.changedArguments);
    const QString counts = tr("%1 errors, %2 warnings · ")
                               .arg(c.countVerdict(Core::Verdict::Error))
                               .arg(c.countVerdict(Core::Verdict::Warning));
    const QString run =
        label.isEmpty() ? QString() : tr(" · run <b>%1</b>").arg(label.toHtmlEscaped());
    m_header->setText(
        tr("%1 (bench, %2) vs %3 (NPU, %4)%5%6<br>%n pair(s), ", nullptr, int(c.rows.size()))
            .arg(QFileInfo(m_benchPath).fileName().toHtmlEscaped(),
                 c.bench->format,
                 QFileInfo(m_npuPath).fileName().toHtmlEscaped(),
                 c.npu->format,
                 c.statisticsMode ? tr(" · statistics mode") : QString(),
                 run) +
        tr("%1 / %2 unmatched · ").arg(c.unmatchedBench.size()).arg(c.unmatchedNpu.size()) +
        counts + first + nan +
        (m_rowsCapped > 0
             ? tr(" · <b>%1 rows of the file left out</b> (rows_capped: more than fit in memory "
                  "or the row cap)")
                   .arg(m_rowsCapped)
             : QString()));
    // The first divergent tensor is where the user starts: select it (table, heatmap, detail).
    if (shown >= 0)
        selectRow(shown);
}

void DumpWorkspace::showRun(int run)
{
    if (m_series)
        showRun(run, m_series);
}

void DumpWorkspace::showRun(int run, const std::shared_ptr<const Core::DumpSeries> &series)
{
    if (run < 0 || run >= series->runs.size())
        return;
    m_run = run;
    m_syncing = true;
    m_runs->selectRow(run);
    m_syncing = false;
    showComparison(series->runs[run], series->labels[run]);
}

void DumpWorkspace::updateHeatmap()
{
    if (!m_comparison) {
        m_heatmap->setMatrix({}, -1);
        return;
    }
    if (m_series && m_mode->currentIndex() > 0)
        m_heatmap->setMatrix(Core::buildSeriesMatrix(*m_series, m_mode->currentIndex() - 1), -1);
    else
        m_heatmap->setMatrix(Core::buildDivergenceMatrix(*m_comparison),
                             m_comparison->firstDivergent);
    // Give the heatmap the width its cells and labels need (up to half), once it is too narrow.
    const QList<int> sizes = m_upper->sizes();
    const int total = sizes.value(0) + sizes.value(1);
    const int wanted = std::min(m_heatmap->sizeHint().width(), total / 2);
    if (total > 0 && sizes.value(0) < wanted)
        m_upper->setSizes({wanted, total - wanted});
}

void DumpWorkspace::selectRow(int comparisonRow)
{
    if (!m_comparison || comparisonRow < 0 || comparisonRow >= m_comparison->rows.size())
        return;
    m_syncing = true;
    m_table->selectComparisonRow(comparisonRow);
    m_syncing = false;
    if (m_series && m_mode->currentIndex() > 0)
        m_heatmap->setSelectedMatrixRow(int(m_heatmap->matrix().rowLabels.indexOf(
            m_comparison->bench->tensors[m_comparison->rows[comparisonRow].bench].name)));
    else
        m_heatmap->setSelectedRow(comparisonRow);
    m_detail->showRow(*m_comparison, comparisonRow);
    if (m_comparison->statisticsMode) {
        m_detailJob.cancel();
        m_detail->setDetailMessage(
            tr("Statistics-mode dumps hold no tensor data: only Max/Min/Mean/Norm are compared."));
        emit detailReady(comparisonRow);
        return;
    }
    const auto comparison = m_comparison;
    m_detailJob.start(
        tr("Reading tensors"),
        [comparison, comparisonRow](Core::ProgressSink &progress, const Core::CancelToken &cancel) {
            return Core::computeTensorDetail(*comparison, comparisonRow, 60, 20, progress, cancel);
        },
        [this, comparisonRow](const Core::Result<Core::TensorDetail> &r) {
            if (r.isOk())
                m_detail->setDetail(*r.value());
            else if (r.isFailed())
                m_detail->setDetailMessage(r.error().message);
            if (!r.isCanceled())
                emit detailReady(comparisonRow);
        });
}

bool DumpWorkspace::isEmpty() const
{
    return !m_comparison && !m_overflow;
}

void DumpWorkspace::closeAll()
{
    m_compareJob.cancel();
    m_singleJob.cancel();
    m_detailJob.cancel();
    m_comparison.reset();
    m_series.reset();
    m_overflow.reset();
    m_statsModel->setAnalysis(nullptr);
    m_runsModel->setSeries(nullptr);
    setSingleMode(false);
    m_mode->clear();
    m_mode->setVisible(false);
    m_model->setComparison(nullptr);
    m_heatmap->setMatrix({}, -1);
    m_detail->clear();
    m_pending.clear();
    emit titleChanged();
}

QString DumpWorkspace::exportFilter() const
{
    if (m_overflow && !m_comparison)
        return tr("Tensor statistics CSV (*.csv)");
    if (!m_comparison)
        return {};
    return tr("Compare result CSV (*.csv);;Heatmap PNG (*.png);;Heatmap SVG (*.svg);;Heatmap PDF "
              "(*.pdf)");
}

bool DumpWorkspace::exportTo(const QString &path, const QString &filter, QString *errorMessage)
{
    bool ok = false;
    if (m_overflow && !m_comparison) {
        QFile f(path);
        ok = f.open(QIODevice::WriteOnly | QIODevice::Truncate) &&
             Core::writeModelCsv(*m_statsModel, &f, Core::CompareTableModel::RawValueRole);
        if (!ok && errorMessage)
            *errorMessage = tr("%1 could not be written").arg(path);
        return ok;
    }
    if (!m_comparison)
        return false;
    if (filter.contains(u"*.png"_s)) {
        ok = m_heatmap->savePng(path);
    } else if (filter.contains(u"*.pdf"_s)) {
        ok = m_heatmap->savePdf(path);
    } else if (filter.contains(u"*.svg"_s)) {
        ok = m_heatmap->saveSvg(path, tr("Per-layer divergence"), errorMessage);
    } else {
        QFile f(path);
        ok = f.open(QIODevice::WriteOnly | QIODevice::Truncate) &&
             Core::writeCompareCsv(*m_comparison, &f);
    }
    if (!ok && errorMessage)
        *errorMessage = tr("%1 could not be written").arg(path);
    return ok;
}

} // namespace Twinscope::Widgets
