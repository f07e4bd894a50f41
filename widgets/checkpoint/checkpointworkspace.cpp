#include "checkpointworkspace.h"

#include "core/checkpoint/checkpointmatrix.h"
#include "core/export/comparecsv.h"
#include "core/export/csvwriter.h"
#include "core/models/comparetablemodel.h"
#include "core/models/parametermappingmodel.h"
#include "widgets/charts/divergenceheatmap.h"
#include "widgets/dump/comparesettings.h"
#include "widgets/dump/tensordetailpane.h"
#include "widgets/tables/comparetableview.h"
#include "widgets/tables/verdictdelegate.h"

#include <QComboBox>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QStyledItemDelegate>
#include <QTabWidget>
#include <QTableView>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace Twinscope::Widgets {

namespace {

// The mapping report's rows by status: problems (missing twin, shape differs) in the error colour,
// tensors without a twin by design greyed out.
class MappingStatusDelegate : public QStyledItemDelegate
{
public:
    using QStyledItemDelegate::QStyledItemDelegate;

protected:
    void initStyleOption(QStyleOptionViewItem *option, const QModelIndex &index) const override
    {
        QStyledItemDelegate::initStyleOption(option, index);
        using Status = Core::ParameterMappingModel::Status;
        const auto status = Status(index.data(Core::ParameterMappingModel::StatusRole).toInt());
        if (status == Status::Missing || status == Status::ShapeDiffers)
            option->palette.setColor(
                QPalette::Text,
                VerdictDelegate::verdictColor(int(Core::Verdict::Error), option->palette));
        else if (status == Status::NoTwin)
            option->palette.setColor(QPalette::Text,
                                     option->palette.color(QPalette::Disabled, QPalette::Text));
    }
};

} // namespace

CheckpointWorkspace::CheckpointWorkspace(LoadController *loads, QWidget *parent)
    : Workspace(loads, parent)
    , m_model(new Core::CompareTableModel(this))
    , m_mappingModel(new Core::ParameterMappingModel(this))
    , m_heatmap(new DivergenceHeatmap(this))
    , m_table(new CompareTableView(m_model, this))
    , m_detail(new TensorDetailPane(this))
    , m_mappingView(new QTableView(this))
    , m_mappingProxy(new QSortFilterProxyModel(this))
    , m_mappingFilter(new QLineEdit(this))
    , m_header(new QLabel(this))
    , m_mode(new QComboBox(this))
    , m_update(new QPushButton(tr("Compare &updates…"), this))
    , m_pages(new QTabWidget(this))
    , m_compareJob(loads, this)
    , m_detailJob(loads, this)
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    m_header->setWordWrap(true);
    m_header->setTextInteractionFlags(Qt::TextSelectableByMouse);
    auto *top = new QHBoxLayout;
    top->addWidget(m_header, 1);
    m_mode->addItem(tr("Heatmap: one row per parameter"));
    m_mode->addItem(tr("Heatmap: one row per layer (worst parameter)"));
    m_mode->setToolTip(tr("Parameters are grouped by layer (module path) in file order"));
    top->addWidget(m_mode, 0, Qt::AlignTop);
    m_update->setToolTip(tr("Choose the checkpoints one step earlier and compare the updates "
                            "(after − before): isolates the optimizer step"));
    m_update->setEnabled(false);
    top->addWidget(m_update, 0, Qt::AlignTop);
    layout->addLayout(top);
    m_detail->setSideNames(tr("A"), tr("B"));
    m_model->setSideNames(tr("A"), tr("B"));
    m_pages->addTab(buildComparisonPage(), tr("Comparison"));
    m_pages->addTab(buildStructurePage(), tr("Structure and names"));
    layout->addWidget(m_pages, 1);
    m_header->setText(tr("Open two checkpoints (PyTorch .pth/.pt, MindSpore .ckpt, safetensors, "
                         ".npz, HDF5), or drop both at once: A first, then B."));

    connect(m_mode, &QComboBox::currentIndexChanged, this, &CheckpointWorkspace::updateHeatmap);
    connect(m_update, &QPushButton::clicked, this, &CheckpointWorkspace::chooseBeforeFiles);
    connect(m_heatmap, &DivergenceHeatmap::rowClicked, this, [this](int comparisonRow, int, int) {
        if (comparisonRow >= 0)
            selectRow(comparisonRow);
    });
    connect(m_table, &CompareTableView::comparisonRowSelected, this, [this](int row) {
        if (!m_syncing)
            selectRow(row);
    });
    connect(m_mappingView, &QTableView::activated, this, [this](const QModelIndex &index) {
        const int row = index.data(Core::ParameterMappingModel::KeyRole).toInt();
        if (row >= 0) {
            m_pages->setCurrentIndex(0);
            selectRow(row);
        }
    });
}

CheckpointWorkspace::~CheckpointWorkspace() = default;

QWidget *CheckpointWorkspace::buildComparisonPage()
{
    // Heatmap and table side by side, the detail pane across the whole width below: its statistics,
    // three histograms and worst elements need the width more than the height (1024 px screens).
    auto *page = new QSplitter(Qt::Vertical);
    auto *top = new QSplitter(Qt::Horizontal, page);
    top->addWidget(m_heatmap);
    top->addWidget(m_table);
    top->setStretchFactor(0, 1);
    top->setStretchFactor(1, 2);
    top->setSizes({640, 960});
    // The verdict and the leading metrics right after the two names, so that a 1024 px window shows
    // them: shapes and dtypes matter less here, the structure check has compared them already.
    using Model = Core::CompareTableModel;
    QTableView *view = m_table->table();
    QHeaderView *h = view->horizontalHeader();
    h->moveSection(h->visualIndex(Model::ShapeColumn), h->visualIndex(Model::MaxAbsColumn));
    h->moveSection(h->visualIndex(Model::DtypeColumn), h->visualIndex(Model::ShapeColumn));
    view->setColumnWidth(Model::NameColumn, 190);
    view->setColumnWidth(Model::NpuNameColumn, 190);
    page->addWidget(top);
    page->addWidget(m_detail);
    page->setStretchFactor(0, 3);
    page->setStretchFactor(1, 2);
    page->setSizes({540, 340});
    return page;
}

QWidget *CheckpointWorkspace::buildStructurePage()
{
    auto *page = new QWidget;
    auto *layout = new QVBoxLayout(page);
    layout->setContentsMargins(0, 4, 0, 0);
    m_mappingFilter->setPlaceholderText(tr("Filter names (either side, rule, kind)…"));
    m_mappingFilter->setClearButtonEnabled(true);
    layout->addWidget(m_mappingFilter);
    layout->addWidget(m_mappingView, 1);
    m_mappingProxy->setSourceModel(m_mappingModel);
    m_mappingProxy->setSortRole(Core::ParameterMappingModel::SortRole);
    m_mappingProxy->setFilterKeyColumn(-1);
    m_mappingProxy->setFilterCaseSensitivity(Qt::CaseInsensitive);
    connect(m_mappingFilter,
            &QLineEdit::textChanged,
            m_mappingProxy,
            &QSortFilterProxyModel::setFilterFixedString);
    m_mappingView->setModel(m_mappingProxy);
    m_mappingView->setItemDelegate(new MappingStatusDelegate(m_mappingView));
    m_mappingView->setSortingEnabled(true);
    m_mappingView->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_mappingView->setWordWrap(false);
    m_mappingView->setTextElideMode(Qt::ElideLeft);
    m_mappingView->verticalHeader()->setVisible(false);
    m_mappingView->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    m_mappingView->verticalHeader()->setDefaultSectionSize(fontMetrics().height() + 6);
    m_mappingView->setColumnWidth(Core::ParameterMappingModel::NameAColumn, 260);
    m_mappingView->setColumnWidth(Core::ParameterMappingModel::NameBColumn, 260);
    m_mappingView->setColumnWidth(Core::ParameterMappingModel::MatchColumn, 320);
    m_mappingView->horizontalHeader()->setStretchLastSection(true);
    m_mappingView->sortByColumn(-1, Qt::AscendingOrder); // report order: pairs, then left-overs
    return page;
}

QString CheckpointWorkspace::title() const
{
    return tr("Checkpoints");
}

void CheckpointWorkspace::openPaths(const QList<Core::SniffResult> &inputs)
{
    for (const Core::SniffResult &r : inputs)
        m_pending << r.path;
    if (m_pending.size() >= 2) {
        const QString a = m_pending.takeFirst();
        const QString b = m_pending.takeFirst();
        m_pending.clear();
        compare(a, b);
    } else if (m_pending.size() == 1) {
        m_header->setText(tr("Checkpoint A: %1 — now open checkpoint B to compare with.")
                              .arg(m_pending.first().toHtmlEscaped()));
    }
}

void CheckpointWorkspace::compare(const QString &a,
                                  const QString &b,
                                  const QString &beforeA,
                                  const QString &beforeB)
{
    m_input = {};
    m_input.pathA = a;
    m_input.pathB = b;
    m_input.beforeA = beforeA;
    m_input.beforeB = beforeB;
    m_input.options = compareOptionsFromSettings();
    m_header->setText(tr("Comparing %1 with %2 …").arg(a.toHtmlEscaped(), b.toHtmlEscaped()));
    const Core::CheckpointPipelineInput input = m_input;
    m_compareJob.start(
        beforeA.isEmpty() ? tr("Comparing checkpoints") : tr("Comparing checkpoint updates"),
        [input](Core::ProgressSink &progress, const Core::CancelToken &cancel) {
            return Core::runCheckpointPipeline(input, progress, cancel);
        },
        [this](const Core::Result<Core::CheckpointComparison> &r) { onCompared(r); });
}

void CheckpointWorkspace::askForFile(const QString &caption,
                                     const QString &near,
                                     std::function<void(const QString &)> done)
{
    // Non-modal (no exec() on the GUI thread); one question per file, since a multi-selection does
    // not keep the order and which checkpoint is A matters.
    auto *dialog =
        new QFileDialog(this, caption, near.isEmpty() ? QString() : QFileInfo(near).absolutePath());
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setFileMode(QFileDialog::ExistingFile);
    connect(dialog, &QFileDialog::fileSelected, this, std::move(done));
    dialog->open();
}

void CheckpointWorkspace::chooseFiles()
{
    askForFile(
        tr("Choose checkpoint A (e.g. the PyTorch .pth)"), m_input.pathA, [this](const QString &a) {
            askForFile(tr("Choose checkpoint B (e.g. the MindSpore .ckpt)"),
                       a,
                       [this, a](const QString &b) { compare(a, b); });
        });
}

void CheckpointWorkspace::chooseBeforeFiles()
{
    if (m_input.pathA.isEmpty())
        return;
    askForFile(tr("Checkpoint A one step earlier"), m_input.pathA, [this](const QString &beforeA) {
        askForFile(tr("Checkpoint B one step earlier"),
                   m_input.pathB,
                   [this, beforeA](const QString &beforeB) {
                       compare(m_input.pathA, m_input.pathB, beforeA, beforeB);
                   });
    });
}

QString CheckpointWorkspace::structureText() const
{
    const Core::CheckpointComparison &c = *m_comparison;
    const Core::CheckpointStructure &s = c.structure;
    const QLocale locale;
    QString text = s.clean() ? tr("<b>Structure: same parameters and shapes</b>")
                             : tr("<b>Structure differs</b>");
    text += tr(" · A %1 parameters (%2 trainable, %3 tensors) · B %4 (%5 trainable, %6 tensors)")
                .arg(locale.toString(s.aParams),
                     locale.toString(s.aTrainable),
                     locale.toString(s.aTensors),
                     locale.toString(s.bParams),
                     locale.toString(s.bTrainable),
                     locale.toString(s.bTensors));
    if (!s.shapeMismatches.isEmpty())
        text += tr(" · %n shape mismatch(es)", "", int(s.shapeMismatches.size()));
    if (!s.onlyA.isEmpty())
        text += tr(" · %n only in A", "", int(s.onlyA.size()));
    if (!s.onlyB.isEmpty())
        text += tr(" · %n only in B", "", int(s.onlyB.size()));
    return text;
}

void CheckpointWorkspace::onCompared(const Core::Result<Core::CheckpointComparison> &result)
{
    if (result.isFailed()) {
        m_header->setText(
            tr("The comparison failed: %1").arg(result.error().toString().toHtmlEscaped()));
        emit loadFailed(result.error().file.isEmpty() ? m_input.pathB : result.error().file,
                        result.error());
        return;
    }
    if (!result.isOk())
        return;
    m_comparison = result.value();
    m_model->setComparison(m_comparison->comparison);
    m_mappingModel->setComparison(m_comparison);
    m_detail->clear();
    m_update->setEnabled(true);
    updateHeatmap();
    const Core::CheckpointComparison &c = *m_comparison;
    const Core::DumpComparison &cmp = *c.comparison;
    int errors = 0;
    for (const Core::CompareRow &r : cmp.rows)
        errors += r.verdict == Core::Verdict::Error || r.verdict == Core::Verdict::Unmatched;
    QString first = tr("no divergent parameter");
    if (cmp.firstDivergent >= 0) {
        const Core::CompareRow &r = cmp.rows[cmp.firstDivergent];
        first = tr("first divergent: <b>%1</b> ↔ %2")
                    .arg(cmp.bench->tensors[r.bench].name.toHtmlEscaped(),
                         cmp.npu->tensors[r.npu].name.toHtmlEscaped());
    }
    m_header->setText(
        tr("A: %1 (%2) · B: %3 (%4)%5")
            .arg(QFileInfo(c.a->path).fileName().toHtmlEscaped(),
                 c.a->format,
                 QFileInfo(c.b->path).fileName().toHtmlEscaped(),
                 c.b->format,
                 c.updateMode() ? tr(" · <b>updates</b> (after − before)") : QString()) +
        u"<br>"_s + structureText() + u"<br>"_s +
        tr("%n pair(s) compared, ", "", int(cmp.rows.size())) + tr("%n error(s) · ", "", errors) +
        first);
    // Structure problems come first, as in the guides: show them before the metrics.
    m_pages->setCurrentIndex(c.structure.clean() ? 0 : 1);
    // The answer the user came for: the first divergent parameter, its histograms and worst
    // elements, already selected.
    if (cmp.firstDivergent >= 0)
        selectRow(cmp.firstDivergent);
    emit loaded(m_input.pathB, result.diagnostics());
    emit statusMessage(tr("Compared %n parameter pair(s)", nullptr, int(cmp.rows.size())));
    emit comparisonReady();
}

void CheckpointWorkspace::updateHeatmap()
{
    if (!m_comparison) {
        m_heatmap->setMatrix({}, -1);
        return;
    }
    m_heatmap->setMatrix(Core::buildCheckpointMatrix(*m_comparison, m_mode->currentIndex() == 1),
                         m_comparison->comparison->firstDivergent);
}

void CheckpointWorkspace::selectRow(int comparisonRow)
{
    if (!m_comparison || comparisonRow < 0 ||
        comparisonRow >= m_comparison->comparison->rows.size())
        return;
    m_syncing = true;
    m_table->selectComparisonRow(comparisonRow);
    const int mappingRow = m_mappingModel->modelRow(comparisonRow);
    if (mappingRow >= 0)
        m_mappingView->selectRow(
            m_mappingProxy->mapFromSource(m_mappingModel->index(mappingRow, 0)).row());
    m_syncing = false;
    m_heatmap->setSelectedRow(comparisonRow);
    const auto comparison = m_comparison->comparison;
    m_detail->showRow(*comparison, comparisonRow);
    m_detailJob.start(
        tr("Reading parameters"),
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

bool CheckpointWorkspace::isEmpty() const
{
    return !m_comparison;
}

void CheckpointWorkspace::closeAll()
{
    m_compareJob.cancel();
    m_detailJob.cancel();
    m_comparison.reset();
    m_input = {};
    m_model->setComparison(nullptr);
    m_mappingModel->setComparison(nullptr);
    m_heatmap->setMatrix({}, -1);
    m_detail->clear();
    m_pending.clear();
    m_update->setEnabled(false);
}

QString CheckpointWorkspace::exportFilter() const
{
    if (!m_comparison)
        return {};
    return tr("Compare result CSV (*.csv);;Name mapping CSV (*.csv);;Heatmap PNG (*.png);;Heatmap "
              "SVG (*.svg);;Heatmap PDF (*.pdf)");
}

bool CheckpointWorkspace::exportTo(const QString &path,
                                   const QString &filter,
                                   QString *errorMessage)
{
    if (!m_comparison)
        return false;
    bool ok = false;
    if (filter.contains(u"*.png"_s)) {
        ok = m_heatmap->savePng(path);
    } else if (filter.contains(u"*.pdf"_s)) {
        ok = m_heatmap->savePdf(path);
    } else if (filter.contains(u"*.svg"_s)) {
        ok = m_heatmap->saveSvg(path, tr("Checkpoint divergence by layer"), errorMessage);
    } else {
        QFile f(path);
        const bool mapping = filter == tr("Name mapping CSV (*.csv)");
        ok = f.open(QIODevice::WriteOnly | QIODevice::Truncate) &&
             (mapping
                  ? Core::writeModelCsv(*m_mappingModel, &f, Core::ParameterMappingModel::SortRole)
                  : Core::writeCompareCsv(*m_comparison->comparison, &f));
    }
    if (!ok && errorMessage && errorMessage->isEmpty())
        *errorMessage = tr("%1 could not be written").arg(path);
    return ok;
}

} // namespace Twinscope::Widgets
