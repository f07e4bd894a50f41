#include "opinfoworkspace.h"

#include "compilechartview.h"
#include "core/common/plaintooltip.h"
#include "core/export/csvwriter.h"
#include "core/models/opsignaturetablemodel.h"
#include "core/models/optypetablemodel.h"
#include "core/opinfo/opinfokernels.h"
#include "core/opinfo/plogline.h"

#include <QFile>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QPlainTextEdit>
#include <QSaveFile>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QTabWidget>
#include <QTableView>
#include <QTimer>
#include <QTreeWidget>
#include <QVBoxLayout>
#include <qcustomplot.h>

#include <algorithm>

using namespace Qt::StringLiterals;
using namespace Twinscope::Core;

namespace Twinscope::Widgets {

namespace {

// Colours for the severity role: recompiled op types stand out (docs/DESIGN.md §7: widgets pick
// colours).
class OpTypeProxy : public QSortFilterProxyModel
{
public:
    using QSortFilterProxyModel::QSortFilterProxyModel;
    QVariant data(const QModelIndex &index, int role) const override
    {
        if (role == Qt::ForegroundRole && index.column() == OpTypeTableModel::Type) {
            const int severity =
                QSortFilterProxyModel::data(index, OpTypeTableModel::SeverityRole).toInt();
            if (severity == 2)
                return QColor(0xd9, 0x5f, 0x02);
            if (severity == 1)
                return QColor(0xb0, 0x84, 0x00);
        }
        return QSortFilterProxyModel::data(index, role);
    }
};

// Sorts numeric columns by the number in Qt::UserRole, the rest by text.
class SortItem : public QTreeWidgetItem
{
public:
    using QTreeWidgetItem::QTreeWidgetItem;
    bool operator<(const QTreeWidgetItem &other) const override
    {
        const int column = treeWidget() ? treeWidget()->sortColumn() : 0;
        const QVariant a = data(column, Qt::UserRole);
        const QVariant b = other.data(column, Qt::UserRole);
        if (a.isValid() && b.isValid())
            return a.toLongLong() < b.toLongLong();
        return text(column).localeAwareCompare(other.text(column)) < 0;
    }
};

QTreeWidget *makeTree(const QStringList &headers, QWidget *parent)
{
    auto *tree = new QTreeWidget(parent);
    tree->setHeaderLabels(headers);
    tree->setRootIsDecorated(false);
    tree->setUniformRowHeights(true);
    tree->setAlternatingRowColors(true);
    tree->setSortingEnabled(true);
    return tree;
}

QString percent(double share)
{
    return QLocale().toString(100.0 * share, 'f', 1);
}

} // namespace

OpInfoWorkspace::OpInfoWorkspace(LoadController *loads, QWidget *parent)
    : Workspace(loads, parent)
    , m_job(loads, this)
{
    connect(this, &OpInfoWorkspace::opTypeSelected, this, [this](const QString &type) {
        emit crossLinkRequested({CrossLink::Subject::OpType, type, -1, {}});
    });
    auto *layout = new QVBoxLayout(this);
    m_summary = new QLabel(this);
    m_summary->setWordWrap(true);
    m_summary->setTextFormat(Qt::RichText);
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_summary->setText(
        tr("Open Ascend host logs (plog-*.log, a plog folder or ascend_op_info_summary.txt)."));
    layout->addWidget(m_summary);

    auto *bar = new QHBoxLayout;
    m_filter = new QLineEdit(this);
    m_filter->setPlaceholderText(tr("Filter op types"));
    m_filter->setClearButtonEnabled(true);
    bar->addWidget(m_filter, 2);
    bar->addWidget(new QLabel(tr("Cut-off (end of first step):"), this));
    m_cutoff = new QLineEdit(this);
    m_cutoff->setPlaceholderText(tr("from recompile markers, or e.g. 2026-03-19 10:00:05"));
    m_cutoff->setToolTip(
        tr("Compiles after this time count as recompiles. Leave empty to take the first "
           "compile followed by \"To compile op\" or \"Match op inputs/type failed\"."));
    bar->addWidget(m_cutoff, 1);
    layout->addLayout(bar);

    m_model = new OpTypeTableModel(this);
    m_proxy = new OpTypeProxy(this);
    m_proxy->setSourceModel(m_model);
    m_proxy->setSortRole(OpTypeTableModel::SortRole);
    m_proxy->setFilterKeyColumn(OpTypeTableModel::Type);
    m_proxy->setFilterCaseSensitivity(Qt::CaseInsensitive);
    m_table = new QTableView(this);
    m_table->setModel(m_proxy);
    m_table->setSortingEnabled(true);
    m_table->sortByColumn(OpTypeTableModel::Compiles, Qt::DescendingOrder);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->setAlternatingRowColors(true);
    m_table->verticalHeader()->hide();
    m_table->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->setWordWrap(false);
    m_table->verticalHeader()->setDefaultSectionSize(m_table->fontMetrics().height() + 6);
    // The counts that answer "what recompiled" (type, compiles, signatures, after cut-off,
    // truncated) fit in ~500 px, so they stay in view at 1024 px without scrolling.
    const int widths[] = {140, 88, 88, 96, 82, 200, 200, 120, 170, 300};
    for (int c = 0; c < OpTypeTableModel::ColumnCount; ++c)
        m_table->setColumnWidth(c, widths[c]);

    m_chart = new CompileChartView(this);

    m_signatureModel = new OpSignatureTableModel(this);
    m_signatures = new QTableView(this);
    m_signatures->setModel(m_signatureModel);
    m_signatures->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_signatures->setSelectionMode(QAbstractItemView::SingleSelection);
    m_signatures->verticalHeader()->hide();
    m_signatures->verticalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_signatures->horizontalHeader()->setStretchLastSection(true);
    const int sigWidths[] = {70, 190, 330, 330, 300, 120};
    for (int c = 0; c < OpSignatureTableModel::ColumnCount; ++c)
        m_signatures->setColumnWidth(c, sigWidths[c]);
    m_recordText = new QPlainTextEdit(this);
    m_recordText->setReadOnly(true);
    m_recordText->setPlaceholderText(tr("Select a signature to see its record as logged."));
    // Low minimums: the tab fits a 1024×700 window with the findings dock open (issue #29).
    m_signatures->setMinimumHeight(60);
    m_recordText->setMinimumHeight(36);
    auto *detail = new QSplitter(Qt::Vertical, this);
    detail->addWidget(m_signatures);
    detail->addWidget(m_recordText);
    detail->setStretchFactor(0, 3);
    detail->setStretchFactor(1, 1);

    m_recompiles = makeTree({tr("Op type"),
                             tr("Signatures"),
                             tr("New after cut-off"),
                             tr("Compiles after cut-off"),
                             tr("What changed"),
                             tr("Remedy")},
                            this);
    m_conversions =
        makeTree({tr("Op type"), tr("Compiles"), tr("Private formats"), tr("Signature")}, this);
    m_errors =
        makeTree({tr("Level"), tr("Module"), tr("Count"), tr("First message"), tr("Where")}, this);
    m_aicpu = makeTree({tr("Op"), tr("Count"), tr("First message"), tr("Where")}, this);
    m_tabs = new QTabWidget(this);
    m_tabs->addTab(detail, tr("Signatures"));
    m_tabs->addTab(m_recompiles, tr("Recompiled"));
    m_tabs->addTab(m_conversions, tr("TransData / Cast"));
    m_tabs->addTab(m_errors, tr("Errors and warnings"));
    m_tabs->addTab(m_aicpu, tr("AI CPU fallbacks"));

    auto *top = new QSplitter(Qt::Horizontal, this);
    top->addWidget(m_table);
    top->addWidget(m_chart);
    top->setStretchFactor(0, 1);
    top->setStretchFactor(1, 1);
    top->setSizes({800, 800});
    auto *main = new QSplitter(Qt::Vertical, this);
    main->addWidget(top);
    main->addWidget(m_tabs);
    main->setStretchFactor(0, 3);
    main->setStretchFactor(1, 2);
    main->setSizes({560, 360});
    layout->addWidget(main, 1);

    // 150 ms: typing a name does not re-filter on every key (docs/DESIGN.md §7).
    m_filterTimer = new QTimer(this);
    m_filterTimer->setSingleShot(true);
    m_filterTimer->setInterval(150);
    connect(m_filter, &QLineEdit::textChanged, m_filterTimer, qOverload<>(&QTimer::start));
    connect(m_filterTimer, &QTimer::timeout, this, [this] {
        m_proxy->setFilterFixedString(m_filter->text());
    });
    connect(m_cutoff, &QLineEdit::editingFinished, this, [this] {
        if (m_dataset)
            startAnalysis();
    });
    connect(m_table->selectionModel(),
            &QItemSelectionModel::selectionChanged,
            this,
            &OpInfoWorkspace::onSelectionChanged);
    connect(m_signatures->selectionModel(),
            &QItemSelectionModel::currentRowChanged,
            this,
            [this](const QModelIndex &current) {
                m_recordText->setPlainText(m_signatureModel->recordText(current.row()));
            });
    connect(m_chart, &CompileChartView::typeClicked, this, &OpInfoWorkspace::selectOpType);
}

OpInfoWorkspace::~OpInfoWorkspace() = default;

QString OpInfoWorkspace::title() const
{
    // The paths that loaded (refused ones are in Diagnostics), or those asked for while loading.
    QStringList files = m_paths;
    if (m_dataset) {
        for (const Error &e : m_dataset->refused)
            files.removeAll(e.file);
    }
    if (files.isEmpty())
        return tr("Op info");
    if (files.size() == 1)
        return tr("Op info: %1").arg(QFileInfo(files.first()).fileName());
    return tr("Op info: %1 and %n more", "", int(files.size() - 1))
        .arg(QFileInfo(files.first()).fileName());
}

void OpInfoWorkspace::openPaths(const QList<SniffResult> &inputs)
{
    QStringList paths;
    for (const SniffResult &s : inputs)
        paths.append(s.path);
    startLoad(paths);
}

void OpInfoWorkspace::closeAll()
{
    m_job.cancel();
    m_paths.clear();
    m_dataset.reset();
    m_report.reset();
    m_model->setReport(nullptr);
    m_signatureModel->setSource(nullptr, nullptr);
    m_chart->setChart({});
    m_chart->setVisible(true);
    m_summary->setText(
        tr("Open Ascend host logs (plog-*.log, a plog folder or ascend_op_info_summary.txt)."));
    fillTabs();
    emit titleChanged();
}

void OpInfoWorkspace::setCutoffText(const QString &text)
{
    m_cutoff->setText(text);
    if (m_dataset)
        startAnalysis();
}

void OpInfoWorkspace::setCutoffNs(qint64 ns)
{
    setCutoffText(ns < 0 ? QString() : formatTimestampNs(ns).replace(u'T', u' '));
}

void OpInfoWorkspace::startLoad(const QStringList &paths)
{
    m_paths = paths;
    OpInfoPipelineInput input;
    input.paths = paths;
    input.analysis.cutoffNs = parseUserTimestamp(m_cutoff->text()).value_or(-1);
    run(std::move(input), tr("Loading host logs"));
}

void OpInfoWorkspace::startAnalysis()
{
    const QString text = m_cutoff->text().trimmed();
    OpInfoPipelineInput input;
    input.dataset = m_dataset;
    if (!text.isEmpty()) {
        const auto ts = parseUserTimestamp(text);
        if (!ts) {
            emit statusMessage(
                tr("Cannot read \"%1\" as a time; use 2026-03-19 10:00:05 or the plog form "
                   "2026-03-19-10:00:05.000.000.")
                    .arg(text));
            return;
        }
        input.analysis.cutoffNs = *ts;
    }
    run(std::move(input), tr("Analysing op info"));
}

void OpInfoWorkspace::run(OpInfoPipelineInput input, const QString &title)
{
    m_job.start(
        title,
        [input](ProgressSink &progress, const CancelToken &cancel) {
            return runOpInfoPipeline(input, progress, cancel);
        },
        [this, reload = !input.dataset](const Result<OpInfoAnalysis> &r) {
            QString file = m_paths.value(0);
            if (r.isOk()) {
                showLoaded(r.value());
                if (!reload)
                    return;
                // Diagnostics for the set under the first file that loaded, then one entry (and
                // the error bar) per file that was refused while the others loaded.
                const QList<Error> &refused = r.value()->dataset->refused;
                for (const QString &p : std::as_const(m_paths)) {
                    if (std::none_of(refused.begin(), refused.end(), [&](const Error &e) {
                            return e.file == p;
                        })) {
                        file = p;
                        break;
                    }
                }
                emit loaded(file, r.diagnostics());
                for (const Error &e : refused)
                    emit loadFailed(e.file, e);
                emit titleChanged();
            } else if (r.isFailed()) {
                m_summary->setText(r.error().toString().toHtmlEscaped());
                emit loadFailed(file, r.error());
            } else {
                emit statusMessage(tr("Loading the host logs was canceled."));
            }
        });
}

void OpInfoWorkspace::showLoaded(const std::shared_ptr<const OpInfoAnalysis> &loaded)
{
    const QString keep = m_selected;
    m_dataset = loaded->dataset;
    m_report = loaded->report;
    m_model->setReport(m_report, eventsAreGraphKernels(*m_dataset));
    m_signatureModel->setSource(m_dataset, m_report);
    m_chart->setChart(loaded->chart);
    // Inputs without times (MindSpore tables, ascend_op_info_summary.txt) would leave the chart
    // of seconds since the first compile and the compile-time columns empty: hide them.
    const bool timed = loaded->chart.originNs >= 0;
    m_chart->setVisible(timed);
    m_table->setColumnHidden(OpTypeTableModel::First, !timed);
    m_table->setColumnHidden(OpTypeTableModel::Last, !timed);
    m_signatures->setColumnHidden(OpSignatureTableModel::First, !timed);
    updateSummary();
    fillTabs();
    // Keep the user's op type across re-analysis; start on the worst offender otherwise.
    QString select = keep;
    if (select.isEmpty() || m_model->rowOf(select) < 0)
        select = !m_report->recompiled.isEmpty()
                     ? m_report->recompiled.first().type
                     : (m_report->opTypes.isEmpty() ? QString() : m_report->opTypes.first().type);
    if (!select.isEmpty())
        selectOpType(select);
    emit analysisUpdated();
}

void OpInfoWorkspace::selectOpType(const QString &type)
{
    const int row = m_model->rowOf(type);
    if (row < 0)
        return;
    const QModelIndex proxyIndex = m_proxy->mapFromSource(m_model->index(row, 0));
    if (!proxyIndex.isValid())
        return;
    m_table->selectionModel()->select(
        proxyIndex, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
    m_table->scrollTo(proxyIndex);
}

void OpInfoWorkspace::onSelectionChanged()
{
    const QModelIndexList rows = m_table->selectionModel()->selectedRows();
    if (rows.isEmpty())
        return;
    m_selected = rows.first().data(OpTypeTableModel::KeyRole).toString();
    m_signatureModel->setOpType(m_selected);
    m_chart->setSelectedType(m_selected);
    if (m_signatureModel->rowCount() > 0)
        m_signatures->selectRow(0);
    emit opTypeSelected(m_selected);
}

void OpInfoWorkspace::updateSummary()
{
    const OpInfoReport &r = *m_report;
    const OpInfoDataset &ds = *m_dataset;
    const QLocale loc;
    QStringList facts;
    facts << (eventsAreGraphKernels(ds) ? tr("<b>%1</b> graph kernels of <b>%2</b> op types")
                                        : tr("<b>%1</b> compiles of <b>%2</b> op types"))
                 .arg(loc.toString(r.compileEvents))
                 .arg(r.opTypes.size())
          << tr("<b>%n</b> recompiled op type(s)", "", int(r.recompiled.size()))
          << tr("TransData <b>%1</b> (%2 %), Cast <b>%3</b> (%4 %)")
                 .arg(loc.toString(r.conversions.transData),
                      percent(r.conversions.transDataShare),
                      loc.toString(r.conversions.cast),
                      percent(r.conversions.castShare))
          << tr("%n truncated record(s)", "", int(r.truncatedRecords));
    qint64 errors = 0;
    qint64 warnings = 0;
    for (const LogMessageSummary &m : ds.messages)
        (m.level == u"ERROR"_s ? errors : warnings) += m.count;
    facts << tr("%n error(s)", "", int(errors)) << tr("%n warning(s)", "", int(warnings))
          << tr("%n AI CPU fallback op(s)", "", int(ds.aicpuFallbacks.size()))
          << tr("%n unparsed line(s)", "", int(ds.unparsedLines));
    // A fact wraps as a whole ("2 unparsed lines", never "2" at a line's end).
    for (QString &f : facts)
        f = u"<span style=\"white-space:nowrap\">"_s + f + u"</span>"_s;
    QString html = facts.join(u" · "_s);
    if (r.cutoffSource != CutoffSource::None) {
        const QString source = r.cutoffSource == CutoffSource::User
                                   ? tr("your cut-off")
                                   : tr("the first recompile marker");
        // Inputs without times have a cut-off by order only: no time to show.
        html +=
            u"<br>"_s + (r.cutoffNs >= 0
                             ? tr("%n compile(s) after %1 (%2).", "", int(r.afterCutoff))
                                   .arg(formatTimestampNs(r.cutoffNs).replace(u'T', u' '), source)
                             : tr("%n compile(s) after %1.", "", int(r.afterCutoff)).arg(source));
    }
    QStringList top;
    for (const RecompileInfo &rc : r.recompiled) {
        if (top.size() == 4)
            break;
        top << tr("<b>%1</b> (%n signature(s), %2 new after the cut-off)", "", int(rc.signatures))
                   .arg(rc.type.toHtmlEscaped())
                   .arg(rc.newAfterCutoff);
    }
    if (!top.isEmpty())
        html += u"<br>"_s + tr("Top offenders: %1").arg(top.join(u", "_s));
    if (ds.fromProfiler)
        html +=
            u"<br><i>"_s +
            tr("MindSpore profiler tables list the kernels of a graph: several signatures of one "
               "op type "
               "there are different layers, not recompiles, unless they change between steps.") +
            u"</i>"_s;
    if (ds.fromSummary)
        html += u"<br><i>"_s +
                tr("ascend_op_info_summary.txt has no times and may have lost repeated compiles; "
                   "open the plog "
                   "files for exact counts.") +
                u"</i>"_s;
    m_summary->setText(html);
}

void OpInfoWorkspace::fillTabs()
{
    m_recompiles->clear();
    m_conversions->clear();
    m_errors->clear();
    m_aicpu->clear();
    if (!m_report || !m_dataset)
        return;
    const QLocale loc;
    // Numbers as numbers, so that sorting a column orders 15 after 5.
    auto setNumber = [](QTreeWidgetItem *item, int column, qint64 value) {
        item->setData(column, Qt::UserRole, value);
        item->setTextAlignment(column, Qt::AlignRight | Qt::AlignVCenter);
    };
    for (QTreeWidget *tree : {m_recompiles, m_conversions, m_errors, m_aicpu})
        tree->setSortingEnabled(false);
    for (const RecompileInfo &rc : m_report->recompiled) {
        QStringList what;
        for (const VaryingDim &v : rc.varying) {
            QStringList values;
            for (const auto &p : v.values)
                values << tr("%1 (%n×)", "", int(p.second)).arg(p.first);
            what << v.where + u": "_s + values.join(u", "_s);
        }
        auto *item = new SortItem(m_recompiles,
                                  {rc.type,
                                   loc.toString(rc.signatures),
                                   loc.toString(rc.newAfterCutoff),
                                   loc.toString(rc.afterCutoff),
                                   what.join(u"; "_s),
                                   rc.remedy});
        item->setToolTip(4, Core::plainToolTip(what.join(u"\n"_s)));
        item->setToolTip(5, Core::plainToolTip(rc.remedy));
        setNumber(item, 1, rc.signatures);
        setNumber(item, 2, rc.newAfterCutoff);
        setNumber(item, 3, rc.afterCutoff);
    }
    for (const ConversionSignature &c : m_report->conversions.signatures) {
        auto *item = new SortItem(
            m_conversions,
            {c.type, loc.toString(c.count), c.privateFormats.join(u", "_s), c.description});
        setNumber(item, 1, c.count);
    }
    for (const LogMessageSummary &m : m_dataset->messages) {
        const QString where =
            u"%1:%2"_s.arg(QFileInfo(m_dataset->files.value(qsizetype(m.firstFile))).fileName())
                .arg(m.firstLine);
        auto *item =
            new SortItem(m_errors, {m.level, m.module, loc.toString(m.count), m.first, where});
        item->setToolTip(3, Core::plainToolTip(m.first));
        setNumber(item, 2, m.count);
    }
    for (const AiCpuFallback &a : m_dataset->aicpuFallbacks) {
        const QString where =
            u"%1:%2"_s.arg(QFileInfo(m_dataset->files.value(qsizetype(a.firstFile))).fileName())
                .arg(a.firstLine);
        auto *item = new SortItem(
            m_aicpu,
            {a.op.isEmpty() ? tr("(not named)") : a.op, loc.toString(a.count), a.first, where});
        item->setToolTip(2, Core::plainToolTip(a.first));
        setNumber(item, 1, a.count);
    }
    for (QTreeWidget *tree : {m_recompiles, m_conversions, m_errors, m_aicpu}) {
        for (int c = 0; c < tree->columnCount() - 1; ++c)
            tree->resizeColumnToContents(c);
    }
    m_recompiles->setColumnWidth(4, std::min(m_recompiles->columnWidth(4), 420));
    // Worst first: new signatures after the cut-off, most compiled conversions, errors before
    // warnings, most frequent fallbacks.
    const std::pair<QTreeWidget *, std::pair<int, Qt::SortOrder>> order[] = {
        {m_recompiles, {2, Qt::DescendingOrder}},
        {m_conversions, {1, Qt::DescendingOrder}},
        {m_errors, {0, Qt::AscendingOrder}},
        {m_aicpu, {1, Qt::DescendingOrder}}};
    for (const auto &[tree, sort] : order) {
        tree->setSortingEnabled(true);
        tree->sortByColumn(sort.first, sort.second);
    }
}

QString OpInfoWorkspace::exportFilter() const
{
    if (!m_report)
        return {};
    return tr("Op table as CSV (*.csv);;Recompile chart as PNG (*.png)");
}

bool OpInfoWorkspace::exportTo(const QString &path, const QString &filter, QString *errorMessage)
{
    if (!m_report)
        return false;
    if (filter.contains(u"*.png"_s) || path.endsWith(u".png"_s, Qt::CaseInsensitive)) {
        if (!m_chart->plot()->savePng(path)) {
            *errorMessage = tr("The chart could not be written to %1.").arg(path);
            return false;
        }
        return true;
    }
    QSaveFile f(path);
    if (!f.open(QIODevice::WriteOnly | QIODevice::Text)) {
        *errorMessage = f.errorString();
        return false;
    }
    if (!writeModelCsv(*m_model, &f, OpTypeTableModel::RawValueRole)) {
        *errorMessage = f.errorString();
        return false;
    }
    if (!f.commit()) {
        *errorMessage = f.errorString();
        return false;
    }
    return true;
}

} // namespace Twinscope::Widgets
