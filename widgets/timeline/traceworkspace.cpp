#include "traceworkspace.h"

#include "core/models/opstatisticsmodel.h"
#include "core/trace/tracefiles.h"
#include "core/trace/tracetime.h"
#include "slicedetailswidget.h"
#include "widgets/common/loadcontroller.h"

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
#include <QPushButton>
#include <QShortcut>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QTabWidget>
#include <QTableView>
#include <QTimer>
#include <QToolTip>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace Twinscope::Widgets {

TraceWorkspace::TraceWorkspace(LoadController *loads, QWidget *parent)
    : Workspace(loads, parent)
    , m_loadJob(loads, this)
    , m_rangeJob(loads, this)
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    m_tabs = new QTabWidget(this);
    layout->addWidget(m_tabs);

    // Timeline tab: search bar, then timeline | details.
    auto *timelinePage = new QWidget(m_tabs);
    auto *tl = new QVBoxLayout(timelinePage);
    tl->setContentsMargins(4, 4, 4, 4);
    auto *bar = new QHBoxLayout;
    m_search = new QLineEdit(timelinePage);
    m_search->setPlaceholderText(tr("Search slices (Ctrl+F); Enter: next, Shift+Enter: previous"));
    m_search->setClearButtonEnabled(true);
    m_regex = new QCheckBox(tr("Regex"), timelinePage);
    m_hits = new QLabel(timelinePage);
    m_allFlows = new QCheckBox(tr("All flows"), timelinePage);
    m_allFlows->setToolTip(tr("Draw every flow in view, not only those of the selected slice."));
    auto *byCategory = new QCheckBox(tr("Colour by category"), timelinePage);
    auto *help = new QPushButton(tr("Shortcuts"), timelinePage);
    bar->addWidget(m_search, 1);
    bar->addWidget(m_regex);
    bar->addWidget(m_hits);
    bar->addSpacing(12);
    bar->addWidget(m_allFlows);
    bar->addWidget(byCategory);
    bar->addWidget(help);
    // Per-file clock offset (MindStudio Insight's "align"): typed here, or set by L/R in the view.
    m_offsetLabel = new QLabel(tr("Offset of"), timelinePage);
    m_offsetGroup = new QComboBox(timelinePage);
    m_offsetGroup->setToolTip(tr("The file or rank whose timestamps the offset shifts."));
    m_offsetUs = new QDoubleSpinBox(timelinePage);
    m_offsetUs->setRange(-1e12, 1e12);
    m_offsetUs->setDecimals(3);
    m_offsetUs->setSuffix(tr(" µs"));
    m_offsetUs->setToolTip(
        tr("Shift this group to cancel clock skew between ranks. Press L on a base "
           "slice and R on its partner in another file to align them."));
    bar->addWidget(m_offsetLabel);
    bar->addWidget(m_offsetGroup);
    bar->addWidget(m_offsetUs);
    for (QWidget *w : {static_cast<QWidget *>(m_offsetLabel),
                       static_cast<QWidget *>(m_offsetGroup),
                       static_cast<QWidget *>(m_offsetUs)})
        w->setVisible(false);
    connect(m_offsetGroup, &QComboBox::currentIndexChanged, this, [this](int group) {
        const QSignalBlocker block(m_offsetUs);
        m_offsetUs->setValue(double(m_view->timeOffset(group)) / 1000.0);
    });
    connect(m_offsetUs, &QDoubleSpinBox::valueChanged, this, [this](double us) {
        m_view->setTimeOffset(m_offsetGroup->currentIndex(), qRound64(us * 1000.0));
    });
    tl->addLayout(bar);
    auto *split = new QSplitter(Qt::Horizontal, timelinePage);
    m_view = new TimelineView(split);
    m_details = new SliceDetailsWidget(split);
    split->addWidget(m_view);
    split->addWidget(m_details);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 1);
    split->setSizes({1100, 420});
    tl->addWidget(split, 1);
    m_tabs->addTab(timelinePage, tr("Timeline"));

    // Op statistics tab.
    auto *statsPage = new QWidget(m_tabs);
    auto *sl = new QVBoxLayout(statsPage);
    sl->setContentsMargins(4, 4, 4, 4);
    auto *sbar = new QHBoxLayout;
    m_statsFilter = new QLineEdit(statsPage);
    m_statsFilter->setPlaceholderText(tr("Filter by name"));
    m_statsFilter->setClearButtonEnabled(true);
    auto *exportButton = new QPushButton(tr("Export CSV…"), statsPage);
    sbar->addWidget(m_statsFilter, 1);
    sbar->addWidget(exportButton);
    sl->addLayout(sbar);
    m_statsModel = new Core::OpStatisticsModel(this);
    m_statsProxy = new QSortFilterProxyModel(this);
    m_statsProxy->setSourceModel(m_statsModel);
    m_statsProxy->setSortRole(Core::OpStatisticsModel::SortRole);
    m_statsProxy->setFilterKeyColumn(Core::OpStatisticsModel::Name);
    m_statsProxy->setFilterCaseSensitivity(Qt::CaseInsensitive);
    m_statsTable = new QTableView(statsPage);
    m_statsTable->setModel(m_statsProxy);
    m_statsTable->setSortingEnabled(true);
    m_statsTable->sortByColumn(Core::OpStatisticsModel::Total, Qt::DescendingOrder);
    m_statsTable->verticalHeader()->setSectionResizeMode(
        QHeaderView::Fixed); // big tables: fixed rows
    m_statsTable->verticalHeader()->hide();
    m_statsTable->horizontalHeader()->setStretchLastSection(true);
    m_statsTable->setColumnWidth(Core::OpStatisticsModel::Name, 360);
    sl->addWidget(m_statsTable, 1);
    m_tabs->addTab(statsPage, tr("Op statistics"));

    // Range selection tab: the aggregate of a Ctrl+dragged range.
    auto *rangePage = new QWidget(m_tabs);
    auto *rl = new QVBoxLayout(rangePage);
    rl->setContentsMargins(4, 4, 4, 4);
    m_rangeLabel = new QLabel(
        tr("Ctrl+drag over the timeline to aggregate a time range over the tracks it crosses."),
        rangePage);
    rl->addWidget(m_rangeLabel);
    m_rangeModel = new Core::OpStatisticsModel(this);
    auto *rangeProxy = new QSortFilterProxyModel(this);
    rangeProxy->setSourceModel(m_rangeModel);
    rangeProxy->setSortRole(Core::OpStatisticsModel::SortRole);
    auto *rangeTable = new QTableView(rangePage);
    rangeTable->setModel(rangeProxy);
    rangeTable->setSortingEnabled(true);
    rangeTable->sortByColumn(Core::OpStatisticsModel::Total, Qt::DescendingOrder);
    rangeTable->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    rangeTable->verticalHeader()->hide();
    rangeTable->setColumnWidth(Core::OpStatisticsModel::Name, 360);
    rl->addWidget(rangeTable, 1);
    m_tabs->addTab(rangePage, tr("Selected range"));
    connect(m_view, &TimelineView::rangeSelected, this, &TraceWorkspace::startRangeStatistics);

    // 150 ms debounce on the filter (DESIGN.md §7).
    m_filterDebounce = new QTimer(this);
    m_filterDebounce->setSingleShot(true);
    m_filterDebounce->setInterval(150);
    connect(m_statsFilter, &QLineEdit::textChanged, m_filterDebounce, qOverload<>(&QTimer::start));
    connect(m_filterDebounce, &QTimer::timeout, this, [this] {
        m_statsProxy->setFilterFixedString(m_statsFilter->text());
    });
    connect(exportButton, &QPushButton::clicked, this, [this] {
        // Window-modal via open(), never exec(): the event loop keeps running (DESIGN.md §6).
        auto *dialog =
            new QFileDialog(this, tr("Export op statistics"), QString(), tr("CSV (*.csv)"));
        dialog->setAcceptMode(QFileDialog::AcceptSave);
        dialog->setDefaultSuffix(u"csv"_s);
        dialog->setAttribute(Qt::WA_DeleteOnClose);
        connect(dialog, &QFileDialog::fileSelected, this, [this](const QString &path) {
            QString error;
            if (exportTo(path, u"*.csv"_s, &error))
                emit statusMessage(tr("Op statistics written to %1.").arg(path));
            else
                emit statusMessage(error);
        });
        dialog->open();
    });

    connect(m_search, &QLineEdit::textChanged, this, &TraceWorkspace::runSearch);
    connect(m_regex, &QCheckBox::toggled, this, &TraceWorkspace::runSearch);
    connect(m_search, &QLineEdit::returnPressed, this, [this] {
        const bool back = QGuiApplication::keyboardModifiers() & Qt::ShiftModifier;
        if (m_view->gotoHit(back))
            m_hits->setText(tr("%1 of %n hits",
                               nullptr,
                               int(std::min<qint64>(m_view->searchHitCount(), INT_MAX)))
                                .arg(m_view->currentHit() + 1));
    });
    auto *find = new QShortcut(QKeySequence::Find, this);
    connect(find, &QShortcut::activated, this, [this] {
        m_tabs->setCurrentIndex(0);
        m_search->setFocus();
        m_search->selectAll();
    });
    connect(m_allFlows, &QCheckBox::toggled, m_view, &TimelineView::setShowAllFlows);
    connect(byCategory, &QCheckBox::toggled, m_view, &TimelineView::setColorByCategory);
    connect(help, &QPushButton::clicked, this, [this, help] {
        QToolTip::showText(
            help->mapToGlobal(QPoint(0, help->height())), TimelineView::shortcutHelp(), help);
    });
    connect(m_view, &TimelineView::statusMessage, this, &Workspace::statusMessage);
    connect(m_view, &TimelineView::timeOffsetChanged, this, [this](int group, qint64 offsetNs) {
        // L/R alignment in the view: show the new offset of that group in the box.
        const QSignalBlocker blockGroup(m_offsetGroup);
        const QSignalBlocker blockValue(m_offsetUs);
        m_offsetGroup->setCurrentIndex(group);
        m_offsetUs->setValue(double(offsetNs) / 1000.0);
    });
    connect(m_view, &TimelineView::selectionChanged, this, [this](int dataset, quint32 slice) {
        if (dataset < 0) {
            m_details->clear();
            return;
        }
        m_details->showSlice(m_view->inputs()[size_t(dataset)].dataset,
                             dataset,
                             slice,
                             m_view->inputs()[size_t(dataset)].dataset->firstNs);
    });
    connect(m_details,
            &SliceDetailsWidget::jumpRequested,
            this,
            [this](int dataset, quint32 slice) { m_view->selectSlice(dataset, slice, true); });
}

TraceWorkspace::~TraceWorkspace() = default;

QString TraceWorkspace::title() const
{
    if (m_loaded.size() == 1)
        return tr("Trace: %1").arg(m_loaded.front().label);
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
        m_loaded.push_back(std::move(input));
    }
    m_statsModel->setStatistics(a.statistics);
    rebuild();
    for (const Core::TraceFileOutcome &f : a.files) {
        if (!f.error)
            emit loaded(f.path, f.diagnostics);
    }
}

void TraceWorkspace::rebuild()
{
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
    m_rangeLabel->setText(tr("%1 over %n tracks", nullptr, int(q.tracks.size()))
                              .arg(Core::formatDurationNs(toNs - fromNs)));
    m_rangeJob.start(
        tr("Computing range statistics"),
        [ds, q](Core::ProgressSink &progress, const Core::CancelToken &cancel) {
            return Core::computeOpStatistics(*ds, q, progress, cancel);
        },
        [this](const Core::Result<Core::OpStatistics> &r) {
            if (r.isOk())
                m_rangeModel->setStatistics(r.value());
        });
    m_tabs->setCurrentIndex(2);
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
    m_pending.clear();
    m_loaded.clear();
    m_view->setInputs({});
    m_details->clear();
    m_statsModel->setStatistics(nullptr);
    m_rangeModel->setStatistics(nullptr);
}

QString TraceWorkspace::exportFilter() const
{
    if (m_loaded.empty())
        return {};
    return tr("Op statistics CSV (*.csv);;Timeline image PNG (*.png)");
}

bool TraceWorkspace::exportTo(const QString &path, const QString &filter, QString *errorMessage)
{
    if (filter.contains(u"*.png"_s) || path.endsWith(u".png"_s, Qt::CaseInsensitive)) {
        if (!m_view->grab().save(path, "PNG")) {
            *errorMessage = tr("The image could not be written to %1.").arg(path);
            return false;
        }
        return true;
    }
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate)) {
        *errorMessage = tr("%1 could not be written: %2").arg(path, f.errorString());
        return false;
    }
    f.write(m_statsModel->toCsv());
    return true;
}

} // namespace Twinscope::Widgets
