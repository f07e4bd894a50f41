// The Timeline tab's pages and wiring, in phases (issue #22: the constructor was 203 lines).
#include "core/models/opstatisticsmodel.h"
#include "traceworkspace.h"
#include "widgets/common/messagebar.h"
#include "widgets/timeline/slicedetailswidget.h"
#include "widgets/timeline/timelinedrawer.h"
#include "widgets/timeline/timelineview.h"
#include "widgets/timeline/timelinezoomcontrol.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QGuiApplication>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QShortcut>
#include <QSignalBlocker>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QTabWidget>
#include <QTableView>
#include <QTimer>
#include <QToolTip>
#include <QVBoxLayout>

#include <climits>

using namespace Qt::StringLiterals;

namespace Twinscope::Widgets {

namespace {

// Fixed widths from the font, never resizeColumnsToContents on a big table (docs/DESIGN.md §7):
// wide enough for "8888.888 ms" and for the header; the name takes the rest.
void sizeStatisticsColumns(QTableView *table)
{
    const QFontMetrics fm = table->fontMetrics();
    QHeaderView *header = table->horizontalHeader();
    header->setStretchLastSection(false);
    header->setSectionResizeMode(Core::OpStatisticsModel::Name, QHeaderView::Stretch);
    const int number = fm.horizontalAdvance(u"8888.888 ms"_s);
    for (int c = Core::OpStatisticsModel::Category; c < Core::OpStatisticsModel::ColumnCount; ++c) {
        const QString title = table->model()->headerData(c, Qt::Horizontal).toString();
        const int sample =
            c == Core::OpStatisticsModel::Category ? fm.horizontalAdvance(u"cpu_op_x"_s) : number;
        // The header's sort arrow needs room too.
        table->setColumnWidth(c, std::max(sample, fm.horizontalAdvance(title) + 20) + 16);
    }
    // One text line per row, as the other tables: the style's 30 px rows showed five ops in the
    // area drawer at 1024×700.
    table->verticalHeader()->setDefaultSectionSize(fm.height() + 6);
}

} // namespace

// Search, flows and colour switches, and the per-file clock offset.
QHBoxLayout *TraceWorkspace::createToolBar(QWidget *timelinePage)
{
    auto *bar = new QHBoxLayout;
    m_search = new QLineEdit(timelinePage);
    m_search->setPlaceholderText(tr("Search slices (Ctrl+F); Enter: next, Shift+Enter: previous"));
    m_search->setClearButtonEnabled(true);
    m_regex = new QCheckBox(tr("Regex"), timelinePage);
    m_hits = new QLabel(timelinePage);
    m_allFlows = new QCheckBox(tr("All flows"), timelinePage);
    m_allFlows->setToolTip(tr("Draw every flow in view, not only those of the selected slice."));
    m_byCategory = new QCheckBox(tr("Colour by category"), timelinePage);
    m_help = new QPushButton(tr("Shortcuts"), timelinePage);
    bar->addWidget(m_search, 1);
    bar->addWidget(m_regex);
    bar->addWidget(m_hits);
    bar->addSpacing(12);
    bar->addWidget(m_allFlows);
    bar->addWidget(m_byCategory);
    bar->addWidget(m_help);
    // Per-file clock offset (MindStudio Insight's "align"): typed here, or set by L/R in the view.
    m_offsetLabel = new QLabel(tr("Offset of"), timelinePage);
    m_offsetGroup = new QComboBox(timelinePage);
    m_offsetGroup->setToolTip(tr("The file or rank whose timestamps the offset shifts."));
    // Long file names and a ±1e16 µs range would otherwise make the bar wider than a 1024 px
    // window; the popup still lists whole names.
    m_offsetGroup->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_offsetGroup->setMinimumContentsLength(14);
    m_offsetUs = new QDoubleSpinBox(timelinePage);
    m_offsetUs->setRange(-1e16, 1e16); // runs recorded years apart differ by ~1e15 µs
    m_offsetUs->setDecimals(3);
    m_offsetUs->setMaximumWidth(
        m_offsetUs->fontMetrics().horizontalAdvance(u"-00000000000000.000 µs"_s) + 40);
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
    return bar;
}

// Search bar over the timeline, the timeline over its drawer (slice details, area statistics).
QWidget *TraceWorkspace::createTimelinePage()
{
    auto *timelinePage = new QWidget(m_tabs);
    auto *tl = new QVBoxLayout(timelinePage);
    tl->setContentsMargins(4, 4, 4, 4);
    QHBoxLayout *bar = createToolBar(timelinePage);
    tl->addLayout(bar);
    m_previewBanner = new MessageBar(timelinePage);
    m_previewBanner->hide();
    tl->addWidget(m_previewBanner);
    // Timeline over a bottom drawer (Perfetto): the selected slice's details and the selected
    // area's aggregate. The drawer is hidden while nothing is selected, so the tracks keep the
    // whole width at any window size.
    m_split = new QSplitter(Qt::Vertical, timelinePage);
    m_view = new TimelineView(m_split);
    m_details = new SliceDetailsWidget(m_split);
    m_drawer = new TimelineDrawer(m_details, createAreaPage(), m_split);
    m_split->addWidget(m_view);
    m_split->addWidget(m_drawer);
    m_split->setStretchFactor(0, 1);
    m_split->setStretchFactor(1, 0);
    m_split->setCollapsible(0, false);
    tl->addWidget(m_split, 1);
    connect(m_drawer, &TimelineDrawer::layoutChanged, this, &TraceWorkspace::layoutDrawer);
    connect(m_split, &QSplitter::splitterMoved, this, [this] {
        if (m_drawer->isVisible() && !m_drawer->isCollapsed())
            m_drawerHeight = m_split->sizes().value(1, m_drawerHeight);
    });

    return timelinePage;
}

// The whole trace's op statistics: filter, grouping, CSV export.
QWidget *TraceWorkspace::createStatisticsPage()
{
    // Op statistics tab.
    auto *statsPage = new QWidget(m_tabs);
    auto *sl = new QVBoxLayout(statsPage);
    sl->setContentsMargins(4, 4, 4, 4);
    auto *sbar = new QHBoxLayout;
    m_statsFilter = new QLineEdit(statsPage);
    m_statsFilter->setPlaceholderText(tr("Filter by name"));
    m_statsFilter->setClearButtonEnabled(true);
    // MindSpore names every op instance ("Slice-op188"): by op type those become one row.
    m_statsGroup = new QComboBox(statsPage);
    m_statsGroup->addItem(tr("Rows by op type"));
    m_statsGroup->addItem(tr("Rows by name"));
    m_statsGroup->setToolTip(tr("By op type, MindSpore's op instances (\"Default/…/MatMul-op12\") "
                                "are summed per type (\"MatMul\"); other names stay as they are."));
    auto *exportButton = new QPushButton(tr("Export CSV…"), statsPage);
    sbar->addWidget(m_statsFilter, 1);
    sbar->addWidget(m_statsGroup);
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
    sizeStatisticsColumns(m_statsTable);
    sl->addWidget(m_statsTable, 1);
    connect(m_statsGroup, &QComboBox::currentIndexChanged, this, &TraceWorkspace::showStatistics);

    // 150 ms debounce on the filter (docs/DESIGN.md §7).
    m_filterDebounce = new QTimer(this);
    m_filterDebounce->setSingleShot(true);
    m_filterDebounce->setInterval(150);
    connect(m_statsFilter, &QLineEdit::textChanged, m_filterDebounce, qOverload<>(&QTimer::start));
    connect(m_filterDebounce, &QTimer::timeout, this, [this] {
        m_statsProxy->setFilterFixedString(m_statsFilter->text());
    });
    connect(exportButton, &QPushButton::clicked, this, [this] {
        // Window-modal via open(), never exec(): the event loop keeps running (docs/DESIGN.md §6).
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

    return statsPage;
}

// Search as you type; Enter and Shift+Enter step through the hits; Ctrl+F.
void TraceWorkspace::connectSearch()
{
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
}

// The view's selections feed the drawer; its switches and alignment feed the view.
void TraceWorkspace::connectTimeline()
{
    connect(m_view, &TimelineView::rangeSelected, this, &TraceWorkspace::startRangeStatistics);
    connect(m_view, &TimelineView::areaSelectionCleared, this, [this] {
        m_rangeJob.cancel();
        m_rangeStats.reset();
        m_rangeModel->setStatistics(nullptr);
        m_drawer->setPageShown(TimelineDrawer::AreaPage, false);
    });

    connect(m_allFlows, &QCheckBox::toggled, m_view, &TimelineView::setShowAllFlows);
    connect(m_byCategory, &QCheckBox::toggled, m_view, &TimelineView::setColorByCategory);
    connect(m_help, &QPushButton::clicked, this, [this] {
        QToolTip::showText(
            m_help->mapToGlobal(QPoint(0, m_help->height())), TimelineView::shortcutHelp(), m_help);
    });
    connect(m_view, &TimelineView::statusMessage, this, &Workspace::statusMessage);
    connect(m_view, &TimelineView::alignRequested, this, &TraceWorkspace::chooseAlignment);
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
            m_drawer->setPageShown(TimelineDrawer::SlicePage, false);
            return;
        }
        // Times relative to the ruler's origin, so the details and the ruler agree whichever
        // file the slice is in.
        m_details->showSlice(m_view->inputs()[size_t(dataset)].dataset,
                             dataset,
                             slice,
                             m_view->zoomControl()->traceFrom() - m_view->timeOffset(dataset));
        m_drawer->setPageShown(TimelineDrawer::SlicePage, true);
    });
    connect(m_details,
            &SliceDetailsWidget::jumpRequested,
            this,
            [this](int dataset, quint32 slice) { m_view->selectSlice(dataset, slice, true); });
}

// The drawer's area page: op statistics of the selected time range and tracks.
QWidget *TraceWorkspace::createAreaPage()
{
    auto *page = new QWidget(this);
    auto *layout = new QVBoxLayout(page);
    layout->setContentsMargins(4, 4, 4, 4);
    m_rangeLabel = new QLabel(page);
    layout->addWidget(m_rangeLabel);
    m_rangeModel = new Core::OpStatisticsModel(this);
    auto *proxy = new QSortFilterProxyModel(this);
    proxy->setSourceModel(m_rangeModel);
    proxy->setSortRole(Core::OpStatisticsModel::SortRole);
    auto *table = new QTableView(page);
    table->setModel(proxy);
    table->setSortingEnabled(true);
    table->sortByColumn(Core::OpStatisticsModel::Total, Qt::DescendingOrder);
    table->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    table->verticalHeader()->hide();
    sizeStatisticsColumns(table);
    layout->addWidget(table, 1);
    return page;
}

} // namespace Twinscope::Widgets
