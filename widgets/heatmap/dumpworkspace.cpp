#include "dumpworkspace.h"

#include "core/dump/dumppipeline.h"
#include "core/export/comparecsv.h"
#include "core/models/comparetablemodel.h"
#include "divergenceheatmap.h"
#include "tensordetailpane.h"
#include "widgets/tables/comparetableview.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFile>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QSettings>
#include <QSplitter>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace Twinscope::Widgets {

DumpWorkspace::DumpWorkspace(LoadController *loads, QWidget *parent)
    : Workspace(loads, parent)
    , m_model(new Core::CompareTableModel(this))
    , m_heatmap(new DivergenceHeatmap(this))
    , m_table(new CompareTableView(m_model, this))
    , m_detail(new TensorDetailPane(this))
    , m_header(new QLabel(this))
    , m_cosine(new QDoubleSpinBox(this))
    , m_maxAbs(new QDoubleSpinBox(this))
    , m_statTolerance(new QDoubleSpinBox(this))
    , m_mode(new QComboBox(this))
    , m_compareJob(loads, this)
    , m_detailJob(loads, this)
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    m_header->setWordWrap(true);
    m_header->setTextInteractionFlags(Qt::TextSelectableByMouse);
    auto *top = new QHBoxLayout;
    top->addWidget(m_header, 1);
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
            tr("Statistics mode: a Max/Min/Mean/Norm difference above this share diverges"),
            current.thresholds.statRelTolerance,
            1,
            3);
    m_mode->setToolTip(
        tr("With several steps or ranks: all metrics of one run, or one metric across the runs"));
    m_mode->setVisible(false);
    top->addWidget(m_mode);
    connect(m_mode, &QComboBox::currentIndexChanged, this, &DumpWorkspace::updateHeatmap);
    layout->addLayout(top);
    // Heatmap and table side by side over the detail pane, which takes the whole width: its
    // statistics, three histograms and worst elements fit in 1024 px that way. The heatmap scrolls
    // rather than shrinking its cells.
    auto *split = new QSplitter(Qt::Vertical, this);
    auto *upper = new QSplitter(Qt::Horizontal, split);
    m_upper = upper;
    upper->addWidget(m_heatmap);
    upper->addWidget(m_table);
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
    s.setValue(u"statRelTolerance"_s, m_statTolerance->value());
    s.endGroup();
    if (!m_benchPath.isEmpty() && !m_npuPath.isEmpty())
        compare(m_benchPath, m_npuPath);
}

Core::CompareOptions DumpWorkspace::options() const
{
    // Verdict thresholds are user-editable settings; msprobe's values are the defaults.
    Core::CompareOptions o;
    QSettings s;
    s.beginGroup(u"dumps"_s);
    o.thresholds.cosine = s.value(u"cosineThreshold"_s, o.thresholds.cosine).toDouble();
    o.thresholds.maxAbsErr = s.value(u"maxAbsErrThreshold"_s, o.thresholds.maxAbsErr).toDouble();
    o.thresholds.statRelTolerance =
        s.value(u"statRelTolerance"_s, o.thresholds.statRelTolerance).toDouble();
    o.rtol = s.value(u"rtol"_s, o.rtol).toDouble();
    o.atol = s.value(u"atol"_s, o.atol).toDouble();
    return o;
}

void DumpWorkspace::openPaths(const QList<Core::SniffResult> &inputs)
{
    for (const Core::SniffResult &r : inputs)
        m_pending << r.path;
    if (m_pending.size() >= 2) {
        const QString bench = m_pending.takeFirst();
        const QString npu = m_pending.takeFirst();
        m_pending.clear();
        compare(bench, npu);
    } else if (m_pending.size() == 1) {
        m_header->setText(tr("Benchmark dump: %1 — now open the NPU dump to compare with.")
                              .arg(m_pending.first()));
    }
}

void DumpWorkspace::compare(const QString &benchPath, const QString &npuPath)
{
    m_benchPath = benchPath;
    m_npuPath = npuPath;
    m_header->setText(tr("Comparing %1 with %2 …").arg(benchPath, npuPath));
    Core::DumpPipelineInput input;
    input.benchPath = benchPath;
    input.npuPath = npuPath;
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
        m_header->setText(tr("The comparison failed: %1").arg(result.error().toString()));
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
    m_mode->setVisible(bool(m_series));
    m_run = 0;
    showComparison(series->runs.first(), series->labels.first());
    // At a glance: the first divergent pair is selected and its detail read, as "Jump to first
    // divergence" would, rather than an empty detail pane under a red row.
    if (m_comparison->firstDivergent >= 0)
        selectRow(m_comparison->firstDivergent);
    emit titleChanged();
    emit loaded(m_npuPath, result.diagnostics());
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
    const QString run =
        label.isEmpty() ? QString() : tr(" · run <b>%1</b>").arg(label.toHtmlEscaped());
    m_header->setText(
        tr("%1 (bench, %2) vs %3 (NPU, %4)%5%6<br>%n pair(s), ", nullptr, int(c.rows.size()))
            .arg(QFileInfo(m_benchPath).fileName(),
                 c.bench->format,
                 QFileInfo(m_npuPath).fileName(),
                 c.npu->format,
                 c.statisticsMode ? tr(" · statistics mode") : QString(),
                 run) +
        tr("%1 / %2 unmatched · ").arg(c.unmatchedBench.size()).arg(c.unmatchedNpu.size()) + first +
        nan);
}

void DumpWorkspace::showRun(int run)
{
    if (!m_series || run < 0 || run >= m_series->runs.size())
        return;
    m_run = run;
    showComparison(m_series->runs[run], m_series->labels[run]);
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
    return !m_comparison;
}

void DumpWorkspace::closeAll()
{
    m_compareJob.cancel();
    m_detailJob.cancel();
    m_comparison.reset();
    m_series.reset();
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
    if (!m_comparison)
        return {};
    return tr("Compare result CSV (*.csv);;Heatmap PNG (*.png);;Heatmap SVG (*.svg);;Heatmap PDF "
              "(*.pdf)");
}

bool DumpWorkspace::exportTo(const QString &path, const QString &filter, QString *errorMessage)
{
    if (!m_comparison)
        return false;
    bool ok = false;
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
