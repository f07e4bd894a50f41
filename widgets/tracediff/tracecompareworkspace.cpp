#include "tracecompareworkspace.h"

#include "comparecharts.h"
#include "core/common/plaintooltip.h"
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
#include <QDir>
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
    createTopBar(layout);
    m_tabs = new QTabWidget(this);
    layout->addWidget(m_tabs, 1);
    // The answer at a glance first; every number behind it one tab away.
    m_tabs->addTab(createChartsPage(), tr("Overview"));
    m_tabs->addTab(createStepsPage(), tr("Steps and phases"));
    m_tabs->addTab(createCategoriesPage(), tr("Categories"));
    m_tabs->addTab(createOpsPage(), tr("Op diff"));
    m_timelines = new StackedTimelines(m_tabs);
    m_tabs->addTab(m_timelines, tr("Timelines"));
    m_tabs->addTab(createShapesPage(), tr("Ops by input shape"));
    connect(m_tabs, &QTabWidget::currentChanged, this, [this](int) {
        if (m_tabs->currentWidget() == m_shapeTable && m_shapeModel->rowCount() == 0)
            startShapes();
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
    // Symptom rows (synchronisations) sort last: the first row is a cause unless all are symptoms.
    if (!d.ops.empty() && d.ops.front().state != Core::OpDiffState::Same && !d.ops.front().symptom)
        largest << tr("%1 %2 (%3)")
                       .arg(d.ops.front().shortName.isEmpty() ? d.ops.front().name
                                                              : d.ops.front().shortName,
                            signedUs(d.ops.front().deltaNs()),
                            Core::opDiffStateName(d.ops.front().state));
    if (!d.categories.empty() && d.categories.front().deltaNs() != 0)
        largest << tr("%1 %2").arg(Core::stepCategoryName(d.categories.front().category),
                                   signedUs(d.categories.front().deltaNs()));
    if (!largest.isEmpty())
        text += tr("; largest differences: %1").arg(largest.join(u"; "_s));
    return text + u'.';
}

QStringList TraceCompareWorkspace::summaryLines() const
{
    if (!m_diff)
        return {};
    return {summaryText(), m_sides->text()};
}

void TraceCompareWorkspace::showDiff(std::shared_ptr<const Core::TraceDiff> diff)
{
    m_diff = std::move(diff);
    const Core::TraceDiff &d = *m_diff;
    m_sides->setText(tr("Baseline: %1 (%2)    Target: %3 (%4)")
                         .arg(QFileInfo(m_baselinePath).fileName(),
                              d.baseline.usedStepsText(),
                              QFileInfo(m_targetPath).fileName(),
                              d.target.usedStepsText()));
    m_sides->setToolTip(Core::plainToolTip(tr("Baseline: %1\nTarget: %2")
                                               .arg(QDir::toNativeSeparators(m_baselinePath),
                                                    QDir::toNativeSeparators(m_targetPath))));
    m_summary->setText(summaryText());
    m_charts->setDiff(m_diff);
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
    // The step choices: the steady steps, every complete step, then the N-th step of each run.
    {
        const QSignalBlocker block(m_step);
        m_step->clear();
        m_step->addItem(tr("Steady steps (warm-up and unfinished excluded)"), -1);
        m_step->addItem(tr("Every complete step (warm-up included)"), -2);
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
    m_sides->setToolTip({});
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
