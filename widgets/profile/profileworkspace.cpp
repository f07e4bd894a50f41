#include "profileworkspace.h"

#include "clusterview.h"
#include "communicationview.h"
#include "core/export/csvwriter.h"
#include "core/models/collectivetablemodel.h"
#include "core/models/kernelgroupmodel.h"
#include "core/models/phasetablemodel.h"
#include "filesview.h"
#include "kernelview.h"
#include "memoryview.h"
#include "stepview.h"

#include <QComboBox>
#include <QDir>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QSaveFile>
#include <QTabWidget>
#include <QTextDocumentFragment>
#include <QVBoxLayout>
#include <qcustomplot.h>

#include <cmath>

using namespace Qt::StringLiterals;
using namespace Twinscope::Core;

namespace Twinscope::Widgets {

namespace {

enum Tab { KernelsTab, StepsTab, CommunicationTab, MemoryTab, ClusterTab, FilesTab };

QString ms(double us)
{
    return QLocale().toString(us / 1000.0, 'f', 2);
}

} // namespace

ProfileWorkspace::ProfileWorkspace(LoadController *loads, QWidget *parent)
    : Workspace(loads, parent)
    , m_job(loads, this)
{
    auto *layout = new QVBoxLayout(this);
    auto *bar = new QHBoxLayout;
    m_summary = new QLabel(this);
    m_summary->setWordWrap(true);
    m_summary->setTextFormat(Qt::RichText);
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_summary->setText(tr("Open an Ascend profiler folder (*_ascend_pt, its parent, a folder of "
                          "rank folders, PROF_*, a MindSpore profiler folder or "
                          "cluster_analysis_output)."));
    // Two step definitions meet here (docs/METRICS.md §11.0): say which one this header uses.
    m_summary->setToolTip(
        tr("The mean step is the profiler table's own: its iteration time where it has one, else "
           "Computing + Communication (not overlapped) + Free, as msprof-analyze measures it. The "
           "Compare tab measures a trace's step as its ProfilerStep window on the host, so the "
           "two differ for the same folder."));
    bar->addWidget(m_summary, 1);
    bar->addWidget(new QLabel(tr("Show:"), this));
    m_rank = new QComboBox(this);
    m_rank->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    bar->addWidget(m_rank);
    layout->addLayout(bar);

    m_kernels = new KernelView(this);
    m_steps = new StepView(this);
    m_communication = new CommunicationView(this);
    m_memory = new MemoryView(this);
    m_cluster = new ClusterView(this);
    m_files = new FilesView(loads, this);
    m_tabs = new QTabWidget(this);
    m_tabs->addTab(m_kernels, tr("Kernels"));
    m_tabs->addTab(m_steps, tr("Steps"));
    m_tabs->addTab(m_communication, tr("Communication"));
    m_tabs->addTab(m_memory, tr("Memory"));
    m_tabs->addTab(m_cluster, tr("Cluster"));
    m_tabs->addTab(m_files, tr("Files"));
    layout->addWidget(m_tabs, 1);
    enableTabs();

    connect(m_kernels, &KernelView::opTypeSelected, this, &ProfileWorkspace::opTypeSelected);
    connect(m_cluster, &ClusterView::rankActivated, this, &ProfileWorkspace::rankTimelineRequested);
    // The other tabs follow: an op type's slices and compile signatures, a rank's timeline.
    connect(this, &ProfileWorkspace::opTypeSelected, this, [this](const QString &type) {
        emit crossLinkRequested({CrossLink::Subject::OpType, type, -1, {}});
    });
    connect(this,
            &ProfileWorkspace::rankTimelineRequested,
            this,
            [this](int rank, const QString &path) {
                emit crossLinkRequested({CrossLink::Subject::Rank, {}, rank, path});
            });
    connect(m_steps, &StepView::rowActivated, this, [this](int key) {
        // Rank rows (all ranks shown) lead to that rank; step rows have nowhere further to go.
        if (m_shownRank < 0 && m_analysis && m_analysis->ranks.size() > 1)
            showRank(key);
    });
    connect(m_rank, &QComboBox::currentIndexChanged, this, [this] {
        m_shownRank = m_rank->currentData().toInt();
        fillViews();
    });
}

ProfileWorkspace::~ProfileWorkspace() = default;

QString ProfileWorkspace::title() const
{
    if (m_paths.isEmpty())
        return tr("Profile");
    if (m_analysis && m_analysis->ranks.size() > 1)
        return tr("Profile: %n rank(s)", "", int(m_analysis->ranks.size()));
    return tr("Profile: %1").arg(QFileInfo(m_paths.first()).fileName());
}

bool ProfileWorkspace::isEmpty() const
{
    return !m_analysis && !m_job.isRunning();
}

void ProfileWorkspace::openPaths(const QList<SniffResult> &inputs)
{
    for (const SniffResult &s : inputs) {
        if (!m_paths.contains(s.path))
            m_paths << s.path;
    }
    startLoad();
}

void ProfileWorkspace::closeAll()
{
    m_job.cancel();
    m_paths.clear();
    m_analysis.reset();
    m_shownRank = -1;
    fillViews();
    m_summary->clear();
}

void ProfileWorkspace::startLoad()
{
    ProfilePipelineInput input;
    input.paths = m_paths;
    const QString title =
        m_paths.size() == 1
            ? tr("Reading profiler tables of %1").arg(QFileInfo(m_paths.first()).fileName())
            : tr("Reading profiler tables of %n folder(s)", "", int(m_paths.size()));
    m_job.start(
        title,
        [input](ProgressSink &progress, const CancelToken &cancel) {
            return runProfilePipeline(input, progress, cancel);
        },
        [this](const Result<ProfileAnalysis> &r) {
            const QString file = m_paths.value(0);
            if (r.isOk()) {
                showLoaded(r.value());
                emit loaded(file, r.diagnostics());
            } else if (r.isFailed()) {
                // What did load before stays; the paths that failed are forgotten.
                if (!m_analysis)
                    m_paths.clear();
                m_summary->setText(r.error().toString().toHtmlEscaped());
                emit loadFailed(r.error().file.isEmpty() ? file : r.error().file, r.error());
            } else {
                emit statusMessage(tr("Reading the profiler tables was canceled."));
            }
        });
}

void ProfileWorkspace::showLoaded(const std::shared_ptr<const ProfileAnalysis> &analysis)
{
    m_analysis = analysis;
    {
        const QSignalBlocker block(m_rank);
        m_rank->clear();
        m_rank->addItem(analysis->ranks.size() > 1
                            ? tr("All %n ranks", "", int(analysis->ranks.size()))
                            : tr("The rank"),
                        -1);
        if (analysis->ranks.size() > 1) {
            for (const auto &d : analysis->details)
                m_rank->addItem(tr("Rank %1").arg(d->rank), d->rank);
        }
        m_shownRank = -1;
    }
    m_rank->setEnabled(m_rank->count() > 1);
    m_rank->setToolTip(analysis->details.empty() && analysis->ranks.size() > 1
                           ? tr("Ranks are shown one by one for clusters of up to %1 ranks; the "
                                "Cluster view has every rank.")
                                 .arg(KeepDetailsRanks)
                           : QString());
    fillViews();
    m_files->setFiles(analysis->files);
    // A cluster opens on its ranks; one rank on its kernels (or the first view it has).
    if (analysis->ranks.size() > 1) {
        m_tabs->setCurrentIndex(ClusterTab);
    } else {
        for (int t = KernelsTab; t <= FilesTab; ++t) {
            if (m_tabs->isTabEnabled(t)) {
                m_tabs->setCurrentIndex(t);
                break;
            }
        }
    }
    emit analysisUpdated();
}

void ProfileWorkspace::showRank(int rank)
{
    const int index = m_rank->findData(rank);
    if (index >= 0)
        m_rank->setCurrentIndex(index);
}

bool ProfileWorkspace::selectOpType(const QString &type)
{
    if (!m_kernels->selectOpType(type))
        return false;
    m_tabs->setCurrentIndex(KernelsTab);
    return true;
}

void ProfileWorkspace::fillViews()
{
    const ProfileAnalysis *a = m_analysis.get();
    std::shared_ptr<const RankProfile> rank;
    if (a) {
        for (const auto &d : a->details) {
            if (d->rank == m_shownRank || (m_shownRank < 0 && a->ranks.size() == 1))
                rank = d;
        }
    }
    if (rank) {
        // One rank's own tables; the link matrix stays the cluster's (it is about pairs).
        m_kernels->setTable(std::shared_ptr<const KernelTable>(rank, &rank->kernels),
                            !rank->kernelsFromStatistics && rank->kernels.kernels > 0);
        m_steps->setRows(stepPhaseRows(*rank),
                         tr("Step"),
                         tr("Rank %1, %n step(s).", "", int(rank->steps.size())).arg(rank->rank));
        auto own = std::make_shared<ProfileAnalysis>();
        own->collectives = rank->collectives;
        own->matrix = a->matrix;
        own->matrixLocalRanks = a->matrixLocalRanks;
        m_communication->setAnalysis(own);
    } else {
        m_kernels->setTable(a ? std::shared_ptr<const KernelTable>(m_analysis, &a->kernels)
                              : nullptr,
                            a && a->kernelSignatures);
        m_steps->setRows(a ? rankPhaseRows(*a) : std::vector<PhaseRow>(),
                         tr("Rank"),
                         a ? tr("Each rank's mean over its steps; open a rank (double-click) for "
                                "its steps.")
                           : QString());
        m_communication->setAnalysis(m_analysis);
    }
    m_memory->setRank(rank ? rank : (a && !a->details.empty() ? a->details.front() : nullptr));
    m_cluster->setAnalysis(a && a->ranks.size() > 1 ? m_analysis : nullptr);
    enableTabs();
    updateSummary();
}

void ProfileWorkspace::enableTabs()
{
    const ProfileAnalysis *a = m_analysis.get();
    const auto why = [this](int tab, bool enabled, const QString &reason) {
        m_tabs->setTabEnabled(tab, enabled);
        m_tabs->setTabToolTip(tab, enabled ? QString() : reason);
    };
    why(KernelsTab,
        m_kernels->model()->rowCount() > 0,
        tr("No kernel_details.csv, op_statistic.csv, op_summary or MindSpore op time table."));
    why(StepsTab,
        m_steps->model()->rowCount() > 0 && a && a->hasSteps(),
        tr("No step_trace_time.csv (or CANN / MindSpore step table). Step phases computed from "
           "the timeline are not available yet."));
    why(CommunicationTab,
        a && (!a->collectives.empty() || !a->matrix.empty()),
        tr("No communication.json, communication_matrix.json or cluster communication file."));
    why(MemoryTab,
        a && a->hasMemory(),
        tr("No memory_record.csv, operator_memory.csv or npu_module_mem.csv, or more ranks than "
           "are shown one by one."));
    why(ClusterTab, a && a->ranks.size() > 1, tr("One rank: the cluster view needs several."));
    why(FilesTab, a != nullptr, tr("Nothing is open."));
}

void ProfileWorkspace::updateSummary()
{
    const ProfileAnalysis *a = m_analysis.get();
    if (!a)
        return;
    const QLocale loc;
    QStringList facts;
    facts << tr("<b>%n</b> rank(s)", "", int(a->ranks.size()));
    double stepSum = 0;
    qint64 fewest = -1, most = 0;
    int timed = 0;
    for (const RankSummary &r : a->ranks) {
        // Steps are counted per rank: two ranks of one step each are one step (issue #23).
        fewest = fewest < 0 ? r.steps : std::min(fewest, r.steps);
        most = std::max(most, r.steps);
        if (std::isfinite(r.stepUs)) {
            stepSum += r.stepUs;
            ++timed;
        }
    }
    if (timed > 0) {
        const QString steps = fewest == most || a->ranks.size() < 2
                                  ? (a->ranks.size() < 2 ? tr("%n step(s)", "", int(most))
                                                         : tr("%n step(s) per rank", "", int(most)))
                                  : tr("%1–%2 steps per rank").arg(fewest).arg(most);
        facts << tr("%1, mean step <b>%2 ms</b>").arg(steps, ms(stepSum / timed));
    }
    const KernelTable types = a->kernels.regrouped(KernelGrouping::TypeAndCore);
    if (types.kernels > 0) {
        double aiCpu = 0;
        for (const KernelGroup &g : types.groups)
            aiCpu += g.isAiCpu() ? g.totalUs : 0.0;
        facts << tr("%n kernel(s), %1 ms on the device", "", int(types.kernels))
                     .arg(ms(types.totalUs))
              << tr("AI CPU %1 %")
                     .arg(
                         loc.toString(types.totalUs > 0 ? 100 * aiCpu / types.totalUs : 0, 'f', 1));
    }
    if (!a->collectives.empty())
        facts << tr("%n collective(s)", "", int(a->collectives.size()));
    QString html = facts.join(u" · "_s);
    // What the step is made of, in a sentence: the phase that dominates it.
    if (const std::optional<DominantPhase> d = dominantPhase(*a))
        html += u"<br>"_s + dominantPhaseSentence(*d).toHtmlEscaped();
    QStringList slow;
    for (const SlowRank &s : a->slowRanks)
        slow << tr("rank %1 (%2)").arg(s.rank).arg(stepPhaseDisplayName(s.phase));
    for (const SlowLink &s : a->slowLinks)
        slow << (s.dst < 0 ? tr("rank %1 %2").arg(s.src).arg(s.link)
                           : tr("%1 → %2 %3").arg(s.src).arg(s.dst).arg(s.link));
    if (!slow.isEmpty())
        html += u"<br>"_s + tr("<b>Slow:</b> %1").arg(slow.join(u", "_s).toHtmlEscaped());
    else if (a->ranks.size() > 1)
        html += u"<br>"_s + (slowRankThresholdUs(*a)
                                 ? tr("No slow rank or link.")
                                 : tr("No slow rank: the rule needs at least %n rank(s).",
                                      "",
                                      SlowRuleMinimumSamples));
    const qint64 failed = std::count_if(
        a->files.begin(), a->files.end(), [](const ProfileFile &f) { return f.error.has_value(); });
    if (failed > 0)
        html += u"<br>"_s + tr("%n file(s) could not be read (see Files).", "", int(failed));
    m_summary->setText(html);
}

QStringList ProfileWorkspace::summaryLines() const
{
    if (!m_analysis)
        return {};
    // The header as shown, line by line, in plain text.
    QString text = QTextDocumentFragment::fromHtml(m_summary->text()).toPlainText();
    text.replace(QChar::LineSeparator, u'\n').replace(QChar::ParagraphSeparator, u'\n');
    return text.split(u'\n', Qt::SkipEmptyParts);
}

QString ProfileWorkspace::exportFilter() const
{
    if (!m_analysis)
        return {};
    return tr("Kernel table (*.csv);;Step table (*.csv);;Communication table (*.csv);;Cluster "
              "heatmap (*.png)");
}

bool ProfileWorkspace::exportTo(const QString &path, const QString &filter, QString *errorMessage)
{
    if (!m_analysis)
        return false;
    if (filter.contains(u"*.png"_s) || path.endsWith(u".png"_s, Qt::CaseInsensitive)) {
        if (!m_cluster->heatmap()->savePng(path)) {
            *errorMessage = tr("The heatmap could not be written to %1.").arg(path);
            return false;
        }
        return true;
    }
    const QAbstractItemModel *model = m_kernels->model();
    int raw = KernelGroupModel::RawValueRole;
    if (filter.startsWith(tr("Step table"))) {
        model = m_steps->model();
        raw = PhaseTableModel::RawValueRole;
    } else if (filter.startsWith(tr("Communication table"))) {
        model = m_communication->model();
        raw = CollectiveTableModel::RawValueRole;
    }
    QSaveFile f(path);
    if (!f.open(QIODevice::WriteOnly | QIODevice::Text) || !writeModelCsv(*model, &f, raw) ||
        !f.commit()) {
        *errorMessage = f.errorString();
        return false;
    }
    return true;
}

} // namespace Twinscope::Widgets
