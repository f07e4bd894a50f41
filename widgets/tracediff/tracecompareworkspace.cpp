#include "tracecompareworkspace.h"

#include "core/export/csvwriter.h"
#include "core/models/categorydiffmodel.h"
#include "core/models/opdiffmodel.h"
#include "core/models/opshapemodel.h"
#include "core/models/phasediffmodel.h"
#include "core/models/stepdiffmodel.h"
#include "core/trace/tracetime.h"
#include "phasebardelegate.h"
#include "stackedtimelines.h"

#include <QComboBox>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QPushButton>
#include <QSortFilterProxyModel>
#include <QTabWidget>
#include <QTableView>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace Twinscope::Widgets {

namespace {

QTableView *makeTable(QAbstractItemModel *model, QWidget *parent, bool sortable)
{
    auto *table = new QTableView(parent);
    table->setModel(model);
    // Unsorted until the user clicks a header: the models' own order is the ranking (|delta|).
    table->horizontalHeader()->setSortIndicator(-1, Qt::DescendingOrder);
    table->setSortingEnabled(sortable);
    table->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed); // big tables: fixed rows
    table->verticalHeader()->hide();
    table->horizontalHeader()->setStretchLastSection(true);
    table->setSelectionBehavior(QAbstractItemView::SelectRows);
    table->setAlternatingRowColors(true);
    return table;
}

// Widens every column to its header's text, so that no title is cut at any window size (the
// default 100 px cut "Baseline total (µs)"); wider widths set before are kept.
void fitHeaders(QTableView *table)
{
    QHeaderView *header = table->horizontalHeader();
    for (int c = 0; c < header->count(); ++c)
        table->setColumnWidth(c, std::max(table->columnWidth(c), header->sectionSizeHint(c)));
}

QSortFilterProxyModel *sortProxy(QAbstractItemModel *source, QObject *parent)
{
    auto *proxy = new QSortFilterProxyModel(parent);
    proxy->setSourceModel(source);
    proxy->setSortRole(Core::DiffTableModel::SortRole);
    proxy->setFilterCaseSensitivity(Qt::CaseInsensitive);
    return proxy;
}

QString us(double ns)
{
    return Core::formatDurationNs(qint64(std::llround(ns)));
}

QString signedUs(double ns)
{
    return (ns >= 0 ? u"+"_s : u"−"_s) + us(std::abs(ns));
}

} // namespace

TraceCompareWorkspace::TraceCompareWorkspace(LoadController *loads, QWidget *parent)
    : Workspace(loads, parent)
    , m_loadJob(loads, this)
    , m_compareJob(loads, this)
    , m_shapeJob(loads, this)
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);

    // Top bar: which run is which (swappable), which steps, the mapping file.
    auto *bar = new QHBoxLayout;
    m_sides = new QLabel(this);
    m_sides->setTextFormat(Qt::PlainText);
    m_swap = new QPushButton(tr("Swap baseline and target"), this);
    m_step = new QComboBox(this);
    m_step->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_step->setToolTip(tr("Which steps are compared: each run's median step, every step (as a "
                          "mean per step), or the N-th step of each run."));
    m_mapButton = new QPushButton(tr("Op families…"), this);
    m_mapButton->setToolTip(
        tr("A JSON file of regular expression → op family, tried before the built-in families "
           "(e.g. {\"^my_fused_gemm\": \"matmul\"})."));
    auto *exportButton = new QPushButton(tr("Export CSV…"), this);
    exportButton->setToolTip(tr("Export the table on the current page as CSV."));
    layout->addWidget(m_sides);
    bar->addWidget(m_swap);
    bar->addWidget(new QLabel(tr("Steps:"), this));
    bar->addWidget(m_step);
    bar->addWidget(m_mapButton);
    bar->addWidget(exportButton);
    bar->addStretch(1);
    layout->addLayout(bar);
    m_summary = new QLabel(this);
    m_summary->setWordWrap(true);
    m_summary->setTextFormat(Qt::PlainText);
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    QFont bold = m_summary->font();
    bold.setBold(true);
    m_summary->setFont(bold);
    layout->addWidget(m_summary);

    m_tabs = new QTabWidget(this);
    layout->addWidget(m_tabs, 1);

    // Steps: every step side by side with its phase bars; below, the compared steps' numbers.
    m_stepModel = new Core::StepDiffModel(this);
    m_phaseModel = new Core::PhaseDiffModel(this);
    auto *stepsPage = new QWidget(m_tabs);
    auto *sl = new QVBoxLayout(stepsPage);
    sl->setContentsMargins(0, 0, 0, 0);
    m_stepTable = makeTable(m_stepModel, stepsPage, false);
    m_bars = new PhaseBarDelegate(m_stepTable);
    m_stepTable->setItemDelegate(m_bars);
    m_stepTable->setColumnWidth(Core::StepDiffModel::BaselineStep, 150);
    m_stepTable->setColumnWidth(Core::StepDiffModel::TargetStep, 150);
    auto *legend =
        new QLabel(tr("Bars, baseline above target: <span style=\"color:%1\">■</span> computing "
                      "<span style=\"color:%2\">■</span> communication not overlapped "
                      "<span style=\"color:%3\">■</span> free — bold rows are the compared steps.")
                       .arg(PhaseBarDelegate::computingColor().name(),
                            PhaseBarDelegate::communicationColor().name(),
                            PhaseBarDelegate::freeColor().name()),
                   stepsPage);
    m_phaseTable = makeTable(m_phaseModel, stepsPage, false);
    m_phaseTable->horizontalHeader()->setStretchLastSection(false);
    // 15 rows: fitting every column to its contents is cheap and keeps the table narrow enough
    // for a 1024 px window.
    m_phaseTable->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    fitHeaders(m_stepTable);
    sl->addWidget(m_stepTable, 1);
    sl->addWidget(legend);
    sl->addWidget(m_phaseTable, 2);
    m_tabs->addTab(stepsPage, tr("Steps and phases"));

    m_categoryModel = new Core::CategoryDiffModel(this);
    m_categoryTable = makeTable(sortProxy(m_categoryModel, this), m_tabs, true);
    m_categoryTable->setColumnWidth(Core::CategoryDiffModel::Category, 420);
    m_categoryTable->hideColumn(Core::CategoryDiffModel::Id);
    fitHeaders(m_categoryTable);
    m_tabs->addTab(m_categoryTable, tr("Categories"));

    // Ops: both levels or one, filtered by name; choosing a row highlights it in both timelines.
    m_opModel = new Core::OpDiffModel(this);
    auto *levelProxy = sortProxy(m_opModel, this);
    levelProxy->setFilterKeyColumn(Core::OpDiffModel::Level);
    m_opProxy = sortProxy(levelProxy, this);
    m_opProxy->setFilterKeyColumn(Core::OpDiffModel::Name);
    auto *opsPage = new QWidget(m_tabs);
    auto *ol = new QVBoxLayout(opsPage);
    ol->setContentsMargins(0, 0, 0, 0);
    auto *obar = new QHBoxLayout;
    m_level = new QComboBox(opsPage);
    m_level->addItem(tr("Both levels"), QString());
    m_level->addItem(tr("Framework ops"), Core::opLevelName(Core::OpLevel::Framework));
    m_level->addItem(tr("Device ops"), Core::opLevelName(Core::OpLevel::Device));
    m_opFilter = new QLineEdit(opsPage);
    m_opFilter->setPlaceholderText(tr("Filter by op or family"));
    m_opFilter->setClearButtonEnabled(true);
    obar->addWidget(m_level);
    obar->addWidget(m_opFilter, 1);
    ol->addLayout(obar);
    m_opTable = makeTable(m_opProxy, opsPage, true);
    m_opTable->setColumnWidth(Core::OpDiffModel::Name, 280);
    fitHeaders(m_opTable);
    // The impact first: delta and ratio right after the state, then the two sides' numbers (a
    // view order only; the CSV keeps the model's).
    QHeaderView *opHeader = m_opTable->horizontalHeader();
    opHeader->moveSection(opHeader->visualIndex(Core::OpDiffModel::DeltaUs),
                          opHeader->visualIndex(Core::OpDiffModel::State) + 1);
    opHeader->moveSection(opHeader->visualIndex(Core::OpDiffModel::Ratio),
                          opHeader->visualIndex(Core::OpDiffModel::DeltaUs) + 1);
    ol->addWidget(m_opTable, 1);
    m_tabs->addTab(opsPage, tr("Op diff"));
    connect(m_level, &QComboBox::currentIndexChanged, this, [this, levelProxy] {
        levelProxy->setFilterFixedString(m_level->currentData().toString());
    });
    connect(m_opFilter,
            &QLineEdit::textChanged,
            m_opProxy,
            &QSortFilterProxyModel::setFilterFixedString);
    connect(m_opTable->selectionModel(),
            &QItemSelectionModel::currentRowChanged,
            this,
            [this](const QModelIndex &current) { highlightOp(current); });

    m_timelines = new StackedTimelines(m_tabs);
    m_tabs->addTab(m_timelines, tr("Timelines"));

    m_shapeModel = new Core::OpShapeModel(this);
    m_shapeTable = makeTable(sortProxy(m_shapeModel, this), m_tabs, true);
    m_shapeTable->setColumnWidth(Core::OpShapeModel::Name, 240);
    m_shapeTable->setColumnWidth(Core::OpShapeModel::InputDims, 320);
    m_tabs->addTab(m_shapeTable, tr("Ops by input shape"));
    connect(m_tabs, &QTabWidget::currentChanged, this, [this](int) {
        if (m_tabs->currentWidget() == m_shapeTable && m_shapeModel->rowCount() == 0)
            startShapes();
    });

    connect(m_swap, &QPushButton::clicked, this, &TraceCompareWorkspace::swapSides);
    connect(m_step, &QComboBox::activated, this, [this](int i) {
        setStepChoice(m_step->itemData(i).toInt());
    });
    connect(m_mapButton, &QPushButton::clicked, this, [this] {
        // Window-modal via open(), never exec() (docs/DESIGN.md §6).
        auto *dialog = new QFileDialog(
            this, tr("Choose an op family mapping"), QString(), tr("JSON (*.json);;All files (*)"));
        dialog->setAttribute(Qt::WA_DeleteOnClose);
        dialog->setFileMode(QFileDialog::ExistingFile);
        connect(dialog, &QFileDialog::fileSelected, this, &TraceCompareWorkspace::setFamilyFile);
        dialog->open();
    });
    connect(exportButton, &QPushButton::clicked, this, [this] {
        auto *dialog = new QFileDialog(this, tr("Export table"), QString(), tr("CSV (*.csv)"));
        dialog->setAcceptMode(QFileDialog::AcceptSave);
        dialog->setDefaultSuffix(u"csv"_s);
        dialog->setAttribute(Qt::WA_DeleteOnClose);
        connect(dialog, &QFileDialog::fileSelected, this, [this](const QString &path) {
            const QStringList filters = exportFilter().split(u";;"_s);
            const int page = std::clamp(m_tabs->currentIndex(), 0, int(filters.size()) - 1);
            QString error;
            // The Steps page exports its step table; the phases table is one more filter.
            if (exportTo(path, filters.value(page == 0 ? 0 : page + 1), &error))
                emit statusMessage(tr("Table written to %1.").arg(path));
            else
                emit statusMessage(error);
        });
        dialog->open();
    });
    for (QWidget *w : {static_cast<QWidget *>(m_swap),
                       static_cast<QWidget *>(m_step),
                       static_cast<QWidget *>(m_mapButton)})
        w->setEnabled(false);
}

TraceCompareWorkspace::~TraceCompareWorkspace() = default;

QString TraceCompareWorkspace::title() const
{
    if (m_baselinePath.isEmpty())
        return tr("Compare");
    return tr("Compare: %1 ↔ %2")
        .arg(QFileInfo(m_baselinePath).fileName(), QFileInfo(m_targetPath).fileName());
}

void TraceCompareWorkspace::openPaths(const QList<Core::SniffResult> &inputs)
{
    if (inputs.size() >= 2)
        compare(inputs[0].path, inputs[1].path);
}

void TraceCompareWorkspace::compare(const QString &baseline, const QString &target)
{
    m_baselinePath = baseline;
    m_targetPath = target;
    m_stepChoice = -1;
    startLoad();
}

Core::TraceDiffOptions TraceCompareWorkspace::options() const
{
    Core::TraceDiffOptions o;
    if (m_stepChoice == -2)
        o.choice = Core::TraceStepChoice::All;
    else if (m_stepChoice >= 0) {
        o.choice = Core::TraceStepChoice::Index;
        o.stepIndex = m_stepChoice;
    }
    o.families = m_families;
    return o;
}

void TraceCompareWorkspace::startLoad()
{
    Core::TraceDiffInput input;
    input.baseline = m_baselinePath;
    input.target = m_targetPath;
    input.options = options();
    input.familyFile = m_familyFile;
    m_summary->setText(
        tr("Loading %1 and %2…")
            .arg(QFileInfo(m_baselinePath).fileName(), QFileInfo(m_targetPath).fileName()));
    m_loadJob.start(
        tr("Comparing %1 with %2")
            .arg(QFileInfo(m_baselinePath).fileName(), QFileInfo(m_targetPath).fileName()),
        [input](Core::ProgressSink &progress, const Core::CancelToken &cancel) {
            return Core::runTraceDiffPipeline(input, progress, cancel);
        },
        [this](const Core::Result<Core::TraceDiffAnalysis> &r) {
            if (r.isCanceled()) {
                m_summary->setText(tr("The comparison was cancelled."));
                return;
            }
            if (r.isFailed()) {
                m_summary->setText(r.error().toString());
                emit loadFailed(r.error().file.isEmpty() ? m_baselinePath : r.error().file,
                                r.error());
                return;
            }
            const Core::TraceDiffAnalysis &a = *r.value();
            m_baseline = a.baseline;
            m_target = a.target;
            m_families = a.families;
            for (const Core::TraceDiffSide *side : {m_baseline.get(), m_target.get()}) {
                for (const Core::Error &e : side->failed)
                    emit loadFailed(e.file, e);
            }
            showDiff(a.diff);
            emit loaded(m_baselinePath, r.diagnostics());
        });
}

void TraceCompareWorkspace::recompare()
{
    if (!m_baseline || !m_target)
        return;
    const auto baseline = m_baseline;
    const auto target = m_target;
    const Core::TraceDiffOptions o = options();
    m_compareJob.start(
        tr("Comparing the traces"),
        [baseline, target, o](Core::ProgressSink &, const Core::CancelToken &cancel) {
            return Core::compareTraceSides(*baseline, *target, o, cancel);
        },
        [this](const Core::Result<Core::TraceDiff> &r) {
            if (r.isOk())
                showDiff(r.value());
            else if (r.isFailed())
                m_summary->setText(r.error().toString());
        });
}

void TraceCompareWorkspace::swapSides()
{
    std::swap(m_baselinePath, m_targetPath);
    std::swap(m_baseline, m_target);
    recompare();
}

void TraceCompareWorkspace::setStepChoice(int choice)
{
    m_stepChoice = choice;
    recompare();
}

void TraceCompareWorkspace::setFamilyFile(const QString &path)
{
    const Core::Result<std::vector<Core::OpFamilyRule>> rules = Core::loadOpFamilyFile(path);
    if (!rules.isOk()) {
        emit loadFailed(path, rules.error());
        return;
    }
    m_familyFile = path;
    auto families = std::make_shared<Core::OpFamilyMap>(Core::OpFamilyMap::builtIn());
    families->prepend(*rules.value());
    m_families = std::move(families);
    recompare();
}

QString TraceCompareWorkspace::summaryText() const
{
    if (!m_diff)
        return {};
    const Core::TraceDiff &d = *m_diff;
    QString text =
        tr("Target step %1 against baseline %2").arg(us(d.target.stepNs), us(d.baseline.stepNs));
    if (d.baseline.stepNs > 0)
        text += tr(" (%1×)").arg(QLocale().toString(d.target.stepNs / d.baseline.stepNs, 'f', 2));
    QStringList largest;
    if (!d.ops.empty() && d.ops.front().state != Core::OpDiffState::Same)
        largest << tr("%1 %2 (%3)")
                       .arg(d.ops.front().name,
                            signedUs(d.ops.front().deltaNs()),
                            Core::opDiffStateName(d.ops.front().state));
    if (!d.categories.empty() && d.categories.front().deltaNs() != 0)
        largest << tr("%1 %2").arg(Core::stepCategoryName(d.categories.front().category),
                                   signedUs(d.categories.front().deltaNs()));
    if (!largest.isEmpty())
        text += tr("; largest differences: %1").arg(largest.join(u"; "_s));
    return text + u'.';
}

void TraceCompareWorkspace::showDiff(std::shared_ptr<const Core::TraceDiff> diff)
{
    m_diff = std::move(diff);
    const Core::TraceDiff &d = *m_diff;
    m_sides->setText(tr("Baseline: %1    Target: %2").arg(m_baselinePath, m_targetPath));
    m_summary->setText(summaryText());
    m_stepModel->setDiff(m_diff);
    m_phaseModel->setDiff(m_diff);
    m_categoryModel->setDiff(m_diff);
    m_opModel->setDiff(m_diff);
    m_shapeModel->setShapes({}, 1, {}, 1);
    double longest = 1;
    for (const Core::TraceDiffSideSummary *s : {&d.baseline, &d.target})
        for (const Core::TraceStepRow &row : s->steps)
            longest = std::max(longest, row.durationNs / 1000.0);
    m_bars->setScale(longest);
    // Small tables (15 metrics, 11 categories): their columns fit their contents.
    m_phaseTable->resizeColumnsToContents();
    m_categoryTable->resizeColumnsToContents();
    // The step choices: median, every step, then the N-th step of each run.
    {
        const QSignalBlocker block(m_step);
        m_step->clear();
        m_step->addItem(tr("Median step of each run"), -1);
        m_step->addItem(tr("Every step (mean per step)"), -2);
        const size_t n = std::min(d.baseline.steps.size(), d.target.steps.size());
        for (size_t k = 0; k < n && k < 1000; ++k) {
            auto name = [](const Core::TraceStepRow &s) {
                return s.name.isEmpty() ? tr("whole trace") : s.name;
            };
            m_step->addItem(tr("Step %1: %2 ↔ %3")
                                .arg(k)
                                .arg(name(d.baseline.steps[k]), name(d.target.steps[k])),
                            int(k));
        }
        m_step->setCurrentIndex(std::max(0, m_step->findData(m_stepChoice)));
    }
    // The timelines line up at the (first) compared step of each run.
    const auto start = [](const Core::TraceDiffSideSummary &s) {
        return s.steps[size_t(s.chosen.front())].startNs;
    };
    m_timelines->setSides(m_baseline,
                          start(d.baseline),
                          d.baseline.peakBytes,
                          m_target,
                          start(d.target),
                          d.target.peakBytes);
    const auto length = [](const Core::TraceDiffSideSummary &s) {
        return qint64(s.steps[size_t(s.chosen.front())].durationNs);
    };
    m_timelines->showStep(std::max(length(d.baseline), length(d.target)));
    for (QWidget *w : {static_cast<QWidget *>(m_swap),
                       static_cast<QWidget *>(m_step),
                       static_cast<QWidget *>(m_mapButton)})
        w->setEnabled(true);
    if (m_tabs->currentWidget() == m_shapeTable)
        startShapes();
    emit compared();
}

void TraceCompareWorkspace::startShapes()
{
    if (!m_diff || !m_baseline || !m_target)
        return;
    const auto baseline = m_baseline, target = m_target;
    const auto diff = m_diff;
    m_shapeJob.start(
        tr("Grouping ops by input shape"),
        [baseline, target, diff](Core::ProgressSink &, const Core::CancelToken &cancel) {
            auto tables = std::make_shared<OpShapeTables>();
            const Core::TraceDiffSide *sides[2] = {baseline.get(), target.get()};
            const Core::TraceDiffSideSummary *summaries[2] = {&diff->baseline, &diff->target};
            for (int k = 0; k < 2; ++k) {
                double pairs = 0;
                std::vector<Core::OpShapeRow> all;
                for (const Core::TraceRankProfile &r : sides[k]->ranks) {
                    if (cancel.isCanceled())
                        return Core::Result<OpShapeTables>::canceled();
                    // The compared steps of this rank: the same positions as rank 0's.
                    std::vector<std::pair<qint64, qint64>> windows;
                    for (const int i : summaries[k]->chosen) {
                        if (i < int(r.steps->steps.size()))
                            windows.emplace_back(r.steps->steps[size_t(i)].startNs,
                                                 r.steps->steps[size_t(i)].endNs);
                    }
                    pairs += double(windows.size());
                    std::vector<Core::OpShapeRow> rows =
                        Core::collectOpShapes(*r.dataset, *r.tasks, windows);
                    all.insert(all.end(), rows.begin(), rows.end());
                }
                (k == 0 ? tables->baseline : tables->target) = std::move(all);
                (k == 0 ? tables->baselineScale : tables->targetScale) =
                    pairs > 0 ? 1.0 / pairs : 0;
            }
            return Core::Result<OpShapeTables>::ok(std::move(tables));
        },
        [this](const Core::Result<OpShapeTables> &r) {
            if (!r.isOk())
                return;
            const OpShapeTables &t = *r.value();
            m_shapeModel->setShapes(t.baseline, t.baselineScale, t.target, t.targetScale);
        });
}

void TraceCompareWorkspace::highlightOp(const QModelIndex &proxyIndex)
{
    if (!proxyIndex.isValid())
        return;
    // Through both proxies to the op model's row.
    QModelIndex source = m_opProxy->mapToSource(proxyIndex);
    source = static_cast<QSortFilterProxyModel *>(m_opProxy->sourceModel())->mapToSource(source);
    const Core::OpDiffRow *row = m_opModel->row(source.row());
    if (!row)
        return;
    m_timelines->highlight(row->baselineNames, row->targetNames);
}

bool TraceCompareWorkspace::isBusy() const
{
    return m_loadJob.isRunning() || m_compareJob.isRunning();
}

bool TraceCompareWorkspace::isEmpty() const
{
    return !m_diff && !m_loadJob.isRunning();
}

void TraceCompareWorkspace::closeAll()
{
    m_loadJob.cancel();
    m_compareJob.cancel();
    m_shapeJob.cancel();
    m_baseline.reset();
    m_target.reset();
    m_diff.reset();
    m_baselinePath.clear();
    m_targetPath.clear();
    m_stepModel->setDiff(nullptr);
    m_phaseModel->setDiff(nullptr);
    m_categoryModel->setDiff(nullptr);
    m_opModel->setDiff(nullptr);
    m_shapeModel->setShapes({}, 1, {}, 1);
    m_timelines->clear();
    m_summary->clear();
    m_sides->clear();
}

QString TraceCompareWorkspace::exportFilter() const
{
    if (!m_diff)
        return {};
    return tr("Steps CSV (*.csv);;Phases CSV (*.csv);;Categories CSV (*.csv);;Op diff CSV "
              "(*.csv);;Timelines image PNG (*.png);;Ops by input shape CSV (*.csv)");
}

bool TraceCompareWorkspace::exportTo(const QString &path,
                                     const QString &filter,
                                     QString *errorMessage)
{
    const QStringList filters = exportFilter().split(u";;"_s);
    const int which = filters.indexOf(filter);
    if (which == 4 || (which < 0 && path.endsWith(u".png"_s, Qt::CaseInsensitive))) {
        if (!m_timelines->grab().save(path, "PNG")) {
            *errorMessage = tr("The image could not be written to %1.").arg(path);
            return false;
        }
        return true;
    }
    const QAbstractItemModel *models[] = {
        m_stepModel, m_phaseModel, m_categoryModel, m_opModel, nullptr, m_shapeModel};
    const QAbstractItemModel *model = models[std::clamp(which, 0, 5)];
    if (!model)
        model = m_opModel;
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate) ||
        !Core::writeModelCsv(*model, &f, Core::DiffTableModel::RawValueRole)) {
        *errorMessage = tr("%1 could not be written: %2").arg(path, f.errorString());
        return false;
    }
    return true;
}

} // namespace Twinscope::Widgets
