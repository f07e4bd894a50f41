// The Compare tab's pages and wiring, in phases (issue #22: the constructor was 173 lines).
#include "comparecharts.h"
#include "core/models/categorydiffmodel.h"
#include "core/models/difftablemodel.h"
#include "core/models/opdiffmodel.h"
#include "core/models/opshapemodel.h"
#include "core/models/phasediffmodel.h"
#include "core/models/stepdiffmodel.h"
#include "phasebardelegate.h"
#include "stackedtimelines.h"
#include "tracecompareworkspace.h"
#include "widgets/common/evidencescope.h"

#include <QComboBox>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSortFilterProxyModel>
#include <QTabWidget>
#include <QTableView>
#include <QVBoxLayout>

#include <algorithm>

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

} // namespace

// Which run is which (swappable), which steps, the mapping file, CSV export; the headline below.
void TraceCompareWorkspace::createTopBar(QVBoxLayout *layout)
{
    auto *bar = new QHBoxLayout;
    m_sides = new QLabel(this);
    m_sides->setTextFormat(Qt::PlainText);
    // It names the two files: wrapped, so that long names never widen the window past a
    // 1024 px screen (issue #29); the full paths are its tooltip.
    m_sides->setWordWrap(true);
    m_swap = new QPushButton(tr("Swap baseline and target"), this);
    m_step = new QComboBox(this);
    m_step->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_step->setToolTip(tr("Which steps are compared: each run's steady steps (complete steps, "
                          "the first one excluded as warm-up), every complete step (as a mean "
                          "per step), or the N-th step of each run."));
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
            // The Overview and Steps pages export the step table; the phases table is one more
            // filter, so the later pages' filters have the pages' own indices.
            if (exportTo(path, filters.value(page <= 1 ? 0 : page), &error))
                emit statusMessage(tr("Table written to %1.").arg(path));
            else
                emit statusMessage(error);
        });
        dialog->open();
    });
}

// The step breakdown, the ops that moved and the phases as charts (issue #29).
QWidget *TraceCompareWorkspace::createChartsPage()
{
    m_charts = new CompareCharts(m_tabs);
    connect(m_charts, &CompareCharts::opChosen, this, &TraceCompareWorkspace::showOpRow);
    return m_charts;
}

void TraceCompareWorkspace::showOpRow(const QString &name, Core::OpLevel level)
{
    // Both levels and no filter, so that the row is there to select.
    m_level->setCurrentIndex(0);
    m_opFilter->clear();
    const QString levelName = Core::opLevelName(level);
    for (int r = 0; r < m_opProxy->rowCount(); ++r) {
        const QModelIndex nameIndex = m_opProxy->index(r, Core::OpDiffModel::Name);
        if (nameIndex.data().toString() != name ||
            m_opProxy->index(r, Core::OpDiffModel::Level).data().toString() != levelName)
            continue;
        m_tabs->setCurrentWidget(m_opTable->parentWidget());
        m_opTable->setCurrentIndex(nameIndex);
        m_opTable->scrollTo(nameIndex, QAbstractItemView::PositionAtCenter);
        return;
    }
}

// Every step side by side with its phase bars; below, the compared steps' numbers.
QWidget *TraceCompareWorkspace::createStepsPage()
{
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
    legend->setWordWrap(true);
    m_phaseTable = makeTable(m_phaseModel, stepsPage, false);
    m_phaseTable->horizontalHeader()->setStretchLastSection(false);
    // 15 rows: fitting every column to its contents is cheap and keeps the table narrow enough
    // for a 1024 px window.
    m_phaseTable->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    fitHeaders(m_stepTable);
    sl->addWidget(m_stepTable, 1);
    sl->addWidget(legend);
    sl->addWidget(m_phaseTable, 2);

    return stepsPage;
}

// Where the step time went, by category.
QWidget *TraceCompareWorkspace::createCategoriesPage()
{
    m_categoryModel = new Core::CategoryDiffModel(this);
    m_categoryTable = makeTable(sortProxy(m_categoryModel, this), m_tabs, true);
    m_categoryTable->setColumnWidth(Core::CategoryDiffModel::Category, 420);
    m_categoryTable->hideColumn(Core::CategoryDiffModel::Id);
    fitHeaders(m_categoryTable);

    return m_categoryTable;
}

// Ops at both levels or one, filtered by name; choosing a row highlights it in both timelines.
QWidget *TraceCompareWorkspace::createOpsPage()
{
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

    return opsPage;
}

// Ops by input shape, filled when the page is first shown.
QWidget *TraceCompareWorkspace::createShapesPage()
{
    m_shapeModel = new Core::OpShapeModel(this);
    m_shapeTable = makeTable(sortProxy(m_shapeModel, this), m_tabs, true);
    m_shapeTable->setColumnWidth(Core::OpShapeModel::Name, 240);
    m_shapeTable->setColumnWidth(Core::OpShapeModel::InputDims, 320);
    return m_shapeTable;
}

bool TraceCompareWorkspace::reveal(const Core::FindingLink &link)
{
    const bool op = link.view == Core::FindingLink::View::TraceSlices ||
                    link.view == Core::FindingLink::View::ProfileRow;
    if (!op || isEmpty())
        return false;
    // Only the finding's own runs (issue #23): a comparison of other traces has other ops.
    if (!evidenceWithin(link.file, {m_baselinePath, m_targetPath}))
        return false;
    if (link.name.isEmpty()) {
        // A step finding: the comparison's overview is its evidence.
        m_tabs->setCurrentIndex(0);
        return true;
    }
    m_opFilter->setText(link.name);
    m_tabs->setCurrentWidget(m_opFilter->parentWidget());
    return true;
}

QString TraceCompareWorkspace::opFilterText() const
{
    return m_opFilter->text();
}

} // namespace Twinscope::Widgets
