#include "traceworkspace.h"

#include "core/models/opstatisticsmodel.h"
#include "core/trace/tracefiles.h"
#include "core/trace/tracetime.h"
#include "widgets/common/loadcontroller.h"
#include "widgets/timeline/slicedetailswidget.h"
#include "widgets/timeline/timelinedrawer.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QDoubleSpinBox>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QGuiApplication>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QPushButton>
#include <QShortcut>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QTabWidget>
#include <QTableView>
#include <QTimer>
#include <QToolTip>
#include <QVBoxLayout>

#include <numeric>

using namespace Qt::StringLiterals;

namespace Twinscope::Widgets {

void TraceWorkspace::layoutDrawer()
{
    if (!m_drawer->isVisibleTo(m_split))
        return;
    const QList<int> sizes = m_split->sizes();
    const int total = sizes.value(0) + sizes.value(1);
    if (total <= 0)
        return;
    const int drawer = m_drawer->isCollapsed()
                           ? m_drawer->headerHeight()
                           : std::clamp(m_drawerHeight, m_drawer->headerHeight() * 3, total / 2);
    m_split->setSizes({total - drawer, drawer});
}

void TraceWorkspace::showStatistics()
{
    // Grouping by op type is a regrouping of the computed rows: no second pass over the trace.
    const bool byType = m_statsGroup->currentIndex() == 0;
    auto grouped = [byType](const std::shared_ptr<const Core::OpStatistics> &s) {
        return s && byType ? std::make_shared<const Core::OpStatistics>(Core::groupByOpType(*s))
                           : s;
    };
    m_statsModel->setStatistics(grouped(m_stats));
    m_rangeModel->setStatistics(grouped(m_rangeStats));
}

TraceWorkspace::TraceWorkspace(LoadController *loads, QWidget *parent)
    : Workspace(loads, parent)
    , m_loadJob(loads, this)
    , m_rangeJob(loads, this)
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    m_tabs = new QTabWidget(this);
    layout->addWidget(m_tabs);
    m_tabs->addTab(createTimelinePage(), tr("Timeline"));
    m_tabs->addTab(createStatisticsPage(), tr("Op statistics"));
    connectSearch();
    connectTimeline();
    connect(loads, &LoadController::progressChanged, this, [this](quint64 id, int permille) {
        if (id != 0 && id == m_loadJob.id())
            updatePreviewBanner(permille);
    });
}

TraceWorkspace::~TraceWorkspace() = default;

QString TraceWorkspace::title() const
{
    if (m_loaded.empty() && m_preview.shown)
        return tr("Trace: %1 (loading)").arg(QFileInfo(m_preview.path).fileName());
    if (m_loaded.size() == 1) {
        // The file the user opened names the tab; a rank alone ("rank 1") says nothing about
        // which trace it is.
        const TimelineInput &only = m_loaded.front();
        const QString file = QFileInfo(only.groupTooltip).fileName();
        if (file.isEmpty())
            return tr("Trace: %1").arg(only.label);
        if (only.dataset && only.dataset->rank >= 0)
            return tr("Trace: %1 (rank %2)").arg(file).arg(only.dataset->rank);
        return tr("Trace: %1").arg(file);
    }
    return m_loaded.empty() ? tr("Trace") : tr("Trace: %n files", nullptr, int(m_loaded.size()));
}

void TraceWorkspace::openPaths(const QList<Core::SniffResult> &inputs)
{
    for (const Core::SniffResult &in : inputs)
        m_pending << in.path;
    startLoad();
}

void TraceWorkspace::startLoad()
{
    // One job loads everything not yet open (a folder of ranks: one group per file) and computes
    // the statistics over every open file; opening more while it runs starts it again with all.
    Core::TracePipelineInput input;
    input.paths = m_pending;
    for (const TimelineInput &in : m_loaded)
        input.open.push_back(in.dataset);
    // A preview of the load this one supersedes goes with it.
    ++m_loadGeneration;
    if (m_preview.shown) {
        endPreview(false);
        m_view->setInputs({});
        emit titleChanged();
    }
    requestPreviews(input);
    const QString title = m_pending.size() == 1
                              ? tr("Loading %1").arg(QFileInfo(m_pending.first()).fileName())
                              : tr("Loading %n traces", nullptr, int(m_pending.size()));
    m_loadJob.start(
        title,
        [input](Core::ProgressSink &progress, const Core::CancelToken &cancel) {
            return Core::runTracePipeline(input, progress, cancel);
        },
        [this](const Core::Result<Core::TraceAnalysis> &r) { onLoaded(r); });
}

void TraceWorkspace::onLoaded(const Core::Result<Core::TraceAnalysis> &result)
{
    const QStringList asked = m_pending;
    m_pending.clear();
    const bool hadPreview = m_preview.shown;
    endPreview(result.isOk());
    if (hadPreview && !result.isOk()) {
        // Cancel (or a failure) closes the preview: nothing partial stays behind as if loaded.
        m_view->setInputs({});
        emit titleChanged();
        if (result.isCanceled())
            emit statusMessage(tr("Loading was cancelled; the preview was closed."));
    }
    if (result.isCanceled())
        return;
    if (result.isFailed()) {
        emit loadFailed(result.error().file.isEmpty() ? asked.value(0) : result.error().file,
                        result.error());
        return;
    }
    const Core::TraceAnalysis &a = *result.value();
    for (const Core::TraceFileOutcome &f : a.files) {
        if (f.error) {
            emit loadFailed(f.path, *f.error);
            continue;
        }
        TimelineInput input{f.dataset, Core::traceGroupLabel(f.path)};
        if (input.dataset->rank >= 0)
            input.label = tr("rank %1").arg(input.dataset->rank);
        input.groupTooltip = f.input;
        m_loaded.push_back(std::move(input));
        m_steps.push_back(
            f.steps ? f.steps
                    : std::make_shared<const Core::TraceSteps>(Core::findTraceSteps(*f.dataset)));
    }
    m_stats = a.statistics;
    showStatistics();
    rebuild();
    applyAlignment();
    restorePreviewRange();
    m_preview = {};
    emit titleChanged();
    for (const Core::TraceFileOutcome &f : a.files) {
        if (!f.error)
            emit loaded(f.path, f.diagnostics);
    }
}

std::vector<Core::TraceAlignInput> TraceWorkspace::alignInputs() const
{
    std::vector<Core::TraceAlignInput> out;
    for (size_t i = 0; i < m_loaded.size(); ++i)
        out.push_back({m_loaded[i].dataset, m_loaded[i].groupTooltip, m_steps[i]});
    return out;
}

QString TraceWorkspace::alignModeName(Core::TraceAlignMode mode)
{
    switch (mode) {
    case Core::TraceAlignMode::FirstStep:
        return tr("first step");
    case Core::TraceAlignMode::FirstEvent:
        return tr("first event");
    case Core::TraceAlignMode::Absolute:
        return tr("absolute");
    }
    return {};
}

void TraceWorkspace::applyAlignment()
{
    const std::vector<Core::TraceAlignInput> in = alignInputs();
    const std::vector<qint64> offsets = Core::traceAlignmentOffsets(in, m_runs, m_alignModes);
    for (size_t i = 0; i < offsets.size(); ++i)
        m_view->setTimeOffset(int(i), offsets[i]);
    m_view->resetZoom();
}

void TraceWorkspace::chooseAlignment(int dataset, const QPoint &globalPos)
{
    if (dataset < 0 || size_t(dataset) >= m_runs.size())
        return;
    const int run = m_runs[size_t(dataset)];
    auto *menu = new QMenu(this);
    menu->setAttribute(Qt::WA_DeleteOnClose);
    for (const Core::TraceAlignMode mode : {Core::TraceAlignMode::FirstStep,
                                            Core::TraceAlignMode::FirstEvent,
                                            Core::TraceAlignMode::Absolute}) {
        QAction *a = menu->addAction(alignModeName(mode));
        a->setCheckable(true);
        a->setChecked(m_alignModes[size_t(run)] == mode);
        connect(a, &QAction::triggered, this, [this, run, mode] {
            m_alignModes[size_t(run)] = mode;
            rebuild();
            applyAlignment();
        });
    }
    menu->popup(globalPos);
}

void TraceWorkspace::rebuild()
{
    // Runs: files of one folder or one job share a clock and a header; the view lists each run's
    // files together.
    {
        std::vector<int> runs = Core::groupTraceRuns(alignInputs());
        std::vector<size_t> order(m_loaded.size());
        std::iota(order.begin(), order.end(), 0);
        std::stable_sort(
            order.begin(), order.end(), [&runs](size_t a, size_t b) { return runs[a] < runs[b]; });
        std::vector<TimelineInput> loaded;
        std::vector<std::shared_ptr<const Core::TraceSteps>> steps;
        for (const size_t i : order) {
            loaded.push_back(m_loaded[i]);
            steps.push_back(m_steps[i]);
        }
        m_loaded = std::move(loaded);
        m_steps = std::move(steps);
        m_runs = Core::groupTraceRuns(alignInputs());
        const int count = m_runs.empty() ? 0 : *std::max_element(m_runs.begin(), m_runs.end()) + 1;
        m_alignModes.resize(size_t(count), Core::TraceAlignMode::FirstStep);
    }
    std::vector<TimelineInput> inputs = m_loaded;
    // Two files of one rank (msprof writes several per device) are told apart by the part of their
    // file names that differs: "rank 0 (hccl_0_2_1)" rather than a header cut off mid-name.
    QStringList plain;
    for (const TimelineInput &in : inputs)
        plain << in.label;
    // Labels are compared as they were before any got its suffix.
    for (size_t i = 0; i < inputs.size(); ++i) {
        TimelineInput &in = inputs[i];
        if (plain.count(plain[qsizetype(i)]) < 2 || !in.dataset)
            continue;
        QString common;
        for (size_t j = 0; j < inputs.size(); ++j) {
            if (plain[qsizetype(j)] != plain[qsizetype(i)] || !inputs[j].dataset)
                continue;
            const QString name = QFileInfo(inputs[j].dataset->path).fileName();
            if (common.isNull()) {
                common = name;
                continue;
            }
            qsizetype n = 0;
            while (n < common.size() && n < name.size() && common[n] == name[n])
                ++n;
            common.truncate(n);
        }
        QString own = QFileInfo(in.dataset->path).fileName().mid(common.size());
        for (const QString &ext : {u".gz"_s, u".json"_s})
            if (own.endsWith(ext))
                own.chop(ext.size());
        in.label = tr("%1 (%2)").arg(plain[qsizetype(i)],
                                     own.isEmpty() ? QFileInfo(in.dataset->path).fileName() : own);
    }
    const int groups = int(inputs.size());
    QStringList labels;
    for (const TimelineInput &in : inputs)
        labels << in.label;
    if (inputs.size() > 1) {
        // Each run is one collapsible group headed by its full name, with its files under it.
        const std::vector<Core::TraceAlignInput> in = alignInputs();
        for (size_t i = 0; i < inputs.size(); ++i) {
            TimelineInput &t = inputs[i];
            const int run = m_runs[i];
            const int files = int(std::count(m_runs.begin(), m_runs.end(), run));
            t.group = run;
            t.groupTitle =
                files > 1
                    ? tr("%1 (%n files)", nullptr, files).arg(QFileInfo(t.groupTooltip).fileName())
                    : QFileInfo(t.groupTooltip).fileName();
            Core::TraceAlignMode used = m_alignModes[size_t(run)];
            if (used != Core::TraceAlignMode::Absolute)
                Core::traceRunAnchorNs(in, m_runs, run, used, &used);
            t.alignText =
                run == 0 ? tr("Reference clock") : tr("Align: %1 ▾").arg(alignModeName(used));
        }
    }
    m_view->setInputs(std::move(inputs));
    {
        const QSignalBlocker block(m_offsetGroup);
        m_offsetGroup->clear();
        m_offsetGroup->addItems(labels);
        m_offsetGroup->setCurrentIndex(groups > 1 ? 1 : 0);
    }
    {
        const QSignalBlocker block(m_offsetUs);
        m_offsetUs->setValue(double(m_view->timeOffset(m_offsetGroup->currentIndex())) / 1000.0);
    }
    // Offsets only matter between files: one trace keeps the bar short.
    for (QWidget *w : {static_cast<QWidget *>(m_offsetLabel),
                       static_cast<QWidget *>(m_offsetGroup),
                       static_cast<QWidget *>(m_offsetUs)})
        w->setVisible(groups > 1);
    m_details->clear();
    m_drawer->setPageShown(TimelineDrawer::SlicePage, false);
    m_drawer->setPageShown(TimelineDrawer::AreaPage, false);
    runSearch();
}

void TraceWorkspace::startRangeStatistics(qint64 fromNs,
                                          qint64 toNs,
                                          const QList<QPair<int, int>> &tracks)
{
    if (m_loaded.empty())
        return;
    // One file's tracks at a time: the first file the range crosses.
    const int dataset = tracks.isEmpty() ? 0 : tracks.front().first;
    std::shared_ptr<const Core::TraceDataset> ds = m_view->inputs()[size_t(dataset)].dataset;
    Core::OpStatisticsQuery q;
    q.groupBy = Core::OpStatisticsQuery::GroupBy::NameAndCategory;
    q.fromNs = fromNs - m_view->timeOffset(dataset);
    q.toNs = toNs - m_view->timeOffset(dataset);
    for (const auto &[d, t] : tracks) {
        if (d == dataset)
            q.tracks.push_back(t);
    }
    if (q.tracks.empty())
        return;
    m_rangeLabel->setText(
        tr("%1 from %2 to %3 over %n track(s) of %4", nullptr, int(q.tracks.size()))
            .arg(Core::formatDurationNs(toNs - fromNs),
                 Core::formatDurationNs(fromNs - m_view->zoomControl()->traceFrom()),
                 Core::formatDurationNs(toNs - m_view->zoomControl()->traceFrom()),
                 m_view->inputs()[size_t(dataset)].label));
    m_rangeJob.start(
        tr("Computing range statistics"),
        [ds, q](Core::ProgressSink &progress, const Core::CancelToken &cancel) {
            return Core::computeOpStatistics(*ds, q, progress, cancel);
        },
        [this](const Core::Result<Core::OpStatistics> &r) {
            if (r.isOk()) {
                m_rangeStats = r.value();
                showStatistics();
            }
        });
    m_drawer->setPageShown(TimelineDrawer::AreaPage, true);
}

void TraceWorkspace::runSearch()
{
    const qint64 n = m_view->setSearch(m_search->text(), m_regex->isChecked());
    if (m_search->text().isEmpty())
        m_hits->clear();
    else if (n < 0)
        m_hits->setText(tr("invalid pattern"));
    else
        m_hits->setText(tr("%n hits", nullptr, int(std::min<qint64>(n, INT_MAX))));
}

bool TraceWorkspace::revealPath(const QString &path)
{
    const QString prefix = QDir::cleanPath(QFileInfo(path).absoluteFilePath());
    const auto &inputs = m_view->inputs();
    for (size_t i = 0; i < inputs.size(); ++i) {
        const QString file = QDir::cleanPath(QFileInfo(inputs[i].dataset->path).absoluteFilePath());
        if (file != prefix && !file.startsWith(prefix + u'/'))
            continue;
        const auto &rows = m_view->rows().rows();
        for (size_t r = 0; r < rows.size(); ++r) {
            if (rows[r].dataset == int(i)) {
                m_view->scrollToRow(int(r));
                m_tabs->setCurrentIndex(0);
                return true;
            }
        }
    }
    return false;
}

bool TraceWorkspace::isEmpty() const
{
    return m_loaded.empty() && !m_loadJob.isRunning();
}

void TraceWorkspace::closeAll()
{
    m_loadJob.cancel();
    m_rangeJob.cancel();
    ++m_loadGeneration;
    endPreview(false);
    m_pending.clear();
    m_loaded.clear();
    m_steps.clear();
    m_runs.clear();
    m_alignModes.clear();
    m_view->setInputs({});
    m_details->clear();
    m_stats.reset();
    m_rangeStats.reset();
    showStatistics();
    m_drawer->setPageShown(TimelineDrawer::SlicePage, false);
    m_drawer->setPageShown(TimelineDrawer::AreaPage, false);
    emit titleChanged();
}

} // namespace Twinscope::Widgets
