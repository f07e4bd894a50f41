#include "modelworkspace.h"

#include "core/dump/modulelinks.h"
#include "widgets/model/moduletreemodel.h"
#include "widgets/model/nodedetail.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSplitter>
#include <QTextBrowser>
#include <QTreeView>
#include <QVBoxLayout>

#include <utility>

using namespace Qt::StringLiterals;
using namespace Twinscope::Core;

namespace Twinscope::Widgets {

namespace {

// One swatch per band with msprobe's range for the mode: the colours mean nothing without it.
void fillLegend(QWidget *legend, ModuleCompareMode mode)
{
    auto *layout = static_cast<QHBoxLayout *>(legend->layout());
    while (QLayoutItem *item = layout->takeAt(0)) {
        delete item->widget();
        delete item;
    }
    layout->addWidget(new QLabel(ModelWorkspace::tr("Bands (%1):").arg(moduleCompareModeId(mode))));
    for (int b = 0; b <= int(PrecisionBand::Unmatched); ++b) {
        const auto band = PrecisionBand(b);
        const QString range = precisionBandRange(mode, band);
        if (range.isEmpty())
            continue; // md5 has two bands only
        auto *swatch = new QLabel(u"%1 %2"_s.arg(precisionBandId(band), range));
        swatch->setStyleSheet(u"QLabel { background: %1; color: #202020; padding: 2px 6px; "
                              u"border: 1px solid #999; }"_s.arg(precisionBandColor(band)));
        layout->addWidget(swatch);
    }
    layout->addStretch(1);
}

} // namespace

ModelWorkspace::ModelWorkspace(LoadController *loads, QWidget *parent)
    : Workspace(loads, parent)
    , m_job(loads, this)
{
    m_header = new QLabel(tr("Open two msprobe dump folders (level L0 or mix: construct.json) or "
                             "an msprobe .vis.db to see the module tree."));
    m_header->setWordWrap(true);
    m_header->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_showInDumps = new QPushButton(tr("Show in Dumps"));
    m_showInDumps->setToolTip(tr("Select the node's first output tensor in the Dumps tab"));
    m_showInDumps->setEnabled(false);
    m_showParameters = new QPushButton(tr("Show Parameters"));
    m_showParameters->setToolTip(
        tr("Show the module's parameters in the open checkpoint comparison"));
    m_showParameters->setEnabled(false);
    m_showRanges = new QPushButton(tr("Show in Timeline"));
    m_showRanges->setToolTip(tr("Search the open timeline for the module's range (recorded with "
                                "with_modules=True) and the kernels under it"));
    m_showRanges->setEnabled(false);

    m_stepRank = new QComboBox;
    m_stepRank->setToolTip(tr("Step and rank to compare"));
    m_stepRank->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_search = new QLineEdit;
    m_search->setPlaceholderText(tr("Search modules and APIs"));
    m_search->setClearButtonEnabled(true);
    m_band = new QComboBox;
    m_band->addItem(tr("All bands"), int(PrecisionBand::Yellow1));
    m_band->addItem(tr("yellow2 or worse"), int(PrecisionBand::Yellow2));
    m_band->addItem(tr("orange1 or worse"), int(PrecisionBand::Orange1));
    m_band->addItem(tr("orange2 or worse"), int(PrecisionBand::Orange2));
    m_band->addItem(tr("red only"), int(PrecisionBand::Red));
    m_band->addItem(tr("Unmatched only"), int(PrecisionBand::Unmatched));
    m_overflow = new QCheckBox(tr("Overflow only"));
    m_modulesOnly = new QCheckBox(tr("Modules only"));
    m_fuzzy = new QCheckBox(tr("Fuzzy match"));
    m_fuzzy->setToolTip(tr("msprobe's fuzzy match: APIs inside matched modules by name and order, "
                           "call counts ignored"));

    auto *bar = new QHBoxLayout;
    bar->addWidget(m_stepRank);
    bar->addWidget(m_search, 1);
    bar->addWidget(m_band);
    bar->addWidget(m_overflow);
    bar->addWidget(m_modulesOnly);
    bar->addWidget(m_fuzzy);

    m_legend = new QWidget;
    auto *legendLayout = new QHBoxLayout(m_legend);
    legendLayout->setContentsMargins(0, 0, 0, 0);
    fillLegend(m_legend, ModuleCompareMode::Statistics);

    m_model = new ModuleTreeModel(this);
    m_filter = new ModuleTreeFilter(this);
    m_filter->setSourceModel(m_model);
    m_filter->setRecursiveFilteringEnabled(true);
    m_tree = new QTreeView;
    m_tree->setModel(m_filter);
    m_tree->setUniformRowHeights(true); // 10 000 rows lay out without measuring each
    m_tree->setAlternatingRowColors(false);
    m_tree->header()->setStretchLastSection(false);
    m_tree->header()->setSectionResizeMode(ModuleTreeModel::NodeColumn, QHeaderView::Interactive);
    m_tree->setColumnWidth(ModuleTreeModel::NodeColumn, 380);
    m_detail = new QTextBrowser;
    m_detail->setOpenLinks(false);

    auto *split = new QSplitter(Qt::Horizontal);
    split->addWidget(m_tree);
    split->addWidget(m_detail);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 2);

    auto *top = new QHBoxLayout;
    top->addWidget(m_header, 1);
    top->addWidget(m_showInDumps);
    top->addWidget(m_showParameters);
    top->addWidget(m_showRanges);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(top);
    layout->addLayout(bar);
    layout->addWidget(m_legend);
    layout->addWidget(split, 1);

    connect(m_search, &QLineEdit::textChanged, this, [this](const QString &t) {
        m_filter->setSearch(t);
        if (!t.isEmpty())
            m_tree->expandAll();
    });
    connect(m_band, &QComboBox::currentIndexChanged, this, [this] {
        m_filter->setMinimumBand(PrecisionBand(m_band->currentData().toInt()));
        if (m_band->currentIndex() > 0)
            m_tree->expandAll();
    });
    connect(m_overflow, &QCheckBox::toggled, this, [this](bool on) {
        m_filter->setOverflowOnly(on);
        if (on)
            m_tree->expandAll();
    });
    connect(m_modulesOnly, &QCheckBox::toggled, m_filter, &ModuleTreeFilter::setModulesOnly);
    connect(m_fuzzy, &QCheckBox::toggled, this, [this] {
        if (!m_npu.isEmpty())
            compare(m_npu, m_bench, m_result ? m_result->step : -1, m_result ? m_result->rank : -1);
    });
    connect(m_stepRank, &QComboBox::activated, this, [this] {
        const QPoint sr = m_stepRank->currentData().toPoint();
        compare(m_npu, m_bench, sr.x(), sr.y());
    });
    connect(m_tree->selectionModel(), &QItemSelectionModel::currentChanged, this, [this] {
        showCurrent();
    });
    connect(m_showInDumps, &QPushButton::clicked, this, &ModelWorkspace::showInDumps);
    connect(m_showParameters, &QPushButton::clicked, this, [this] {
        showModule(CrossLink::Subject::ModuleParameters);
    });
    connect(m_showRanges, &QPushButton::clicked, this, [this] {
        showModule(CrossLink::Subject::ModuleRanges);
    });
}

ModelWorkspace::~ModelWorkspace() = default;

QString ModelWorkspace::title() const
{
    if (m_npu.isEmpty())
        return tr("Model");
    return tr("Model: %1").arg(QFileInfo(m_npu).fileName());
}

void ModelWorkspace::openPaths(const QList<SniffResult> &inputs)
{
    // A .vis.db is a comparison already; dump folders come as benchmark, then NPU (the order of
    // every pair in Twinscope).
    for (const SniffResult &r : inputs)
        if (r.format == u"vis_db"_s)
            return compare(r.path, {});
    if (inputs.size() >= 2)
        compare(inputs[1].path, inputs[0].path);
    else if (inputs.size() == 1 && !m_npu.isEmpty() && m_bench.isEmpty())
        compare(inputs[0].path, m_npu);
    else if (inputs.size() == 1) {
        m_npu = inputs[0].path; // waits for its benchmark
        m_header->setText(tr("%1 opened; open its benchmark dump to compare the module trees.")
                              .arg(QFileInfo(m_npu).fileName()));
        emit titleChanged();
    }
}

bool ModelWorkspace::isEmpty() const
{
    return !m_result && m_npu.isEmpty();
}

void ModelWorkspace::closeAll()
{
    m_job.cancel();
    m_result.reset();
    m_npu.clear();
    m_bench.clear();
    m_model->setComparison(nullptr);
    m_detail->clear();
    m_stepRank->clear();
    m_showInDumps->setEnabled(false);
    m_showParameters->setEnabled(false);
    m_showRanges->setEnabled(false);
    emit titleChanged();
}

void ModelWorkspace::compare(const QString &npu, const QString &bench, int step, int rank)
{
    m_npu = npu;
    m_bench = bench;
    ModulePipelineInput input;
    input.npu = npu;
    input.bench = bench;
    input.step = step;
    input.rank = rank;
    input.options.fuzzy = m_fuzzy->isChecked();
    emit titleChanged();
    m_job.start(
        tr("Comparing module trees"),
        [input](ProgressSink &progress, const CancelToken &cancel) {
            return runModulePipeline(input, progress, cancel);
        },
        [this](const Result<ModulePipelineResult> &r) { onCompared(r); });
}

void ModelWorkspace::onCompared(const Result<ModulePipelineResult> &result)
{
    if (result.isCanceled())
        return;
    if (!result.isOk()) {
        emit loadFailed(m_npu, result.error());
        m_header->setText(result.error().toString());
        return;
    }
    emit loaded(m_npu, result.diagnostics());
    m_result = result.value();
    const ModuleComparison &c = *m_result->comparison;
    m_model->setComparison(m_result->comparison);
    fillLegend(m_legend, c.mode);
    m_stepRank->clear();
    for (const auto &sr : m_result->stepRanks) {
        m_stepRank->addItem(tr("step %1, rank %2").arg(sr.first).arg(sr.second),
                            QPoint(sr.first, sr.second));
        if (sr.first == m_result->step && sr.second == m_result->rank)
            m_stepRank->setCurrentIndex(m_stepRank->count() - 1);
    }
    int unmatched = int(c.nodes.size()) - c.matchedCount();
    QString head =
        c.firstDivergent >= 0 && c.firstDivergentAfterOutput
            ? tr("First divergent module: <b>%1</b> — its recorded outputs agree, but the next "
                 "call reads a changed value (a forward hook or an op msprobe does not wrap).")
                  .arg(
                      ModuleTreeModel::shortName(c.npu->nodes[c.firstDivergent].id).toHtmlEscaped())
        : c.firstDivergent >= 0
            ? tr("First divergent module: <b>%1</b> — its inputs agree, its outputs "
                 "diverge (output error %2).")
                  .arg(
                      ModuleTreeModel::shortName(c.npu->nodes[c.firstDivergent].id).toHtmlEscaped(),
                      QString::number(c.nodes[c.firstDivergent].outputError, 'g', 3))
            : tr("No divergent module: every matched module's outputs agree, or "
                 "diverge only where its inputs already do.");
    head += u"<br>"_s +
            tr("%1 compare, step %2, rank %3: %4 NPU nodes, %5 matched, %6 unmatched NPU and %7 "
               "unmatched benchmark nodes.")
                .arg(moduleCompareModeId(c.mode))
                .arg(m_result->step)
                .arg(m_result->rank)
                .arg(c.nodes.size())
                .arg(c.matchedCount())
                .arg(unmatched)
                .arg(c.unmatchedBench.size());
    if (m_result->source == u"vis.db"_s)
        head += u" "_s + tr("Bands and indices as msprobe stored them.");
    m_header->setText(head);
    m_showInDumps->setEnabled(c.firstDivergent >= 0);
    expandToFirstDivergent();
    if (!m_revealAfterCompare.isEmpty())
        selectWhenCompared(std::exchange(m_revealAfterCompare, QString()));
    emit compared();
}

void ModelWorkspace::expandToFirstDivergent()
{
    if (!m_result)
        return;
    const int first = m_result->comparison->firstDivergent;
    if (first < 0) {
        m_tree->collapseAll();
        return;
    }
    selectNode(first);
}

void ModelWorkspace::selectNode(int node)
{
    const QModelIndex source = m_model->indexOfNode(node);
    const QModelIndex index = m_filter->mapFromSource(source);
    if (!index.isValid())
        return;
    for (QModelIndex p = index.parent(); p.isValid(); p = p.parent())
        m_tree->expand(p);
    m_tree->setCurrentIndex(index);
    m_tree->scrollTo(index, QAbstractItemView::PositionAtCenter);
}

void ModelWorkspace::showCurrent()
{
    if (!m_result)
        return;
    const int node = m_model->nodeOf(m_filter->mapToSource(m_tree->currentIndex()));
    m_detail->setHtml(nodeDetailHtml(*m_result->comparison, node));
    m_showInDumps->setEnabled(node >= 0);
    const bool module =
        node >= 0 && !moduleParameterPrefix(*m_result->comparison->npu, node).isEmpty();
    m_showParameters->setEnabled(module);
    m_showRanges->setEnabled(module);
}

void ModelWorkspace::showInDumps()
{
    if (!m_result)
        return;
    const int node = m_model->nodeOf(m_filter->mapToSource(m_tree->currentIndex()));
    if (node < 0)
        return;
    const ModuleNode &n = m_result->comparison->npu->nodes[node];
    for (const ModuleArg &a : n.args)
        if (a.isOutput && a.isTensor)
            return emit crossLinkRequested(
                {CrossLink::Subject::Tensor, n.id + u'.' + a.slot, -1, {}});
    emit crossLinkRequested({CrossLink::Subject::Tensor, n.id, -1, {}});
}

void ModelWorkspace::showModule(CrossLink::Subject subject)
{
    if (!m_result)
        return;
    const int node = m_model->nodeOf(m_filter->mapToSource(m_tree->currentIndex()));
    if (node < 0)
        return;
    const ModuleTree &tree = *m_result->comparison->npu;
    CrossLink link{subject, moduleParameterPrefix(tree, node), -1, {}};
    if (link.name.isEmpty())
        return;
    if (subject == CrossLink::Subject::ModuleRanges)
        link.path = moduleProfilerRange(tree, node);
    emit crossLinkRequested(link);
}

} // namespace Twinscope::Widgets
