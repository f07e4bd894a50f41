#include "lossworkspace.h"

#include "core/common/plaintooltip.h"
#include "lossplotview.h"
#include "widgets/common/flowlayout.h"
#include "widgets/common/loadcontroller.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QDoubleSpinBox>
#include <QFileInfo>
#include <QFileSystemWatcher>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QPushButton>
#include <QSlider>
#include <QSpinBox>
#include <QSplitter>
#include <QTableWidget>
#include <QTimer>
#include <QVBoxLayout>

#include <cmath>

using namespace Qt::StringLiterals;
using namespace Twinscope::Core;

namespace Twinscope::Widgets {

namespace {

// The slider works in thousandths: TensorBoard's 0..0.999 range; its 0.6 default only for long
// runs (defaultSmoothing).
constexpr int SliderScale = 1000;

} // namespace

LossWorkspace::LossWorkspace(LoadController *loads, QWidget *parent)
    : Workspace(loads, parent)
    , m_job(loads, this)
{
    auto *open = new QPushButton(tr("Open Logs…"), this);
    open->setToolTip(tr("Open one or more loss logs; with two, the first is the benchmark."));
    m_metric = new QComboBox(this);
    m_metric->setMinimumContentsLength(14);
    m_metric->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_smoothing = new QSlider(Qt::Horizontal, this);
    m_smoothing->setRange(0, 999);
    m_smoothing->setValue(0);
    m_smoothing->setMaximumWidth(140);
    m_smoothingValue = new QLabel(this);
    m_logY = new QCheckBox(tr("Log y"), this);
    m_robust = new QCheckBox(tr("Ignore outliers"), this);
    m_robust->setChecked(true);
    m_robust->setToolTip(tr("Scale the y axis to the 5–95 % range of the values (TensorBoard)."));
    m_rtol = new QDoubleSpinBox(this);
    m_rtol->setDecimals(6);
    m_rtol->setRange(0.0, 10.0);
    m_rtol->setSingleStep(0.001);
    m_rtol->setValue(1e-2);
    m_atol = new QDoubleSpinBox(this);
    m_atol->setDecimals(6);
    m_atol->setRange(0.0, 1e9);
    m_atol->setSingleStep(0.001);
    m_k = new QSpinBox(this);
    m_k->setRange(1, 1000);
    m_k->setValue(3);
    m_k->setToolTip(tr("Consecutive exceeding steps that make a divergence."));
    m_swap = new QPushButton(tr("Swap A/B"), this);
    m_swap->setToolTip(tr("Make the run under test the benchmark and the other way round."));
    auto *reset = new QPushButton(tr("Reset View"), this);
    m_follow = new QCheckBox(tr("Follow"), this);
    m_follow->setToolTip(tr("Update the curves while a running job appends to its logs."));
    m_watcher = new QFileSystemWatcher(this);
    m_followTimer = new QTimer(this);
    // The watcher misses changes on network file systems and loses a rotated file: poll as well.
    m_followTimer->setInterval(2000);

    // The toolbar wraps instead of squeezing its controls (at 1024 px the slider became a stub and
    // labels were cut); a label stays on the line of the control it names.
    m_toolbar = new QWidget(this);
    auto *bar = new FlowLayout(m_toolbar, 10, 4);
    auto group = [this, bar](std::initializer_list<QWidget *> widgets) {
        auto *box = new QWidget(m_toolbar);
        auto *row = new QHBoxLayout(box);
        row->setContentsMargins(0, 0, 0, 0);
        row->setSpacing(4);
        for (QWidget *w : widgets)
            row->addWidget(w);
        bar->addWidget(box);
    };
    m_smoothing->setMinimumWidth(120);
    m_smoothingValue->setMinimumWidth(
        m_smoothingValue->fontMetrics().horizontalAdvance(QLocale().toString(0.999, 'f', 3)) + 4);
    group({open});
    group({new QLabel(tr("Metric:"), this), m_metric});
    group({new QLabel(tr("Smoothing:"), this), m_smoothing, m_smoothingValue});
    group({m_logY, m_robust});
    group({new QLabel(tr("rtol:"), this),
           m_rtol,
           new QLabel(tr("atol:"), this),
           m_atol,
           new QLabel(tr("k:"), this),
           m_k});
    group({m_swap, reset, m_follow});

    // Shown when a log matches no known grammar: the user's own pattern (docs/FORMATS.md §6
    // fallback).
    m_patternBar = new QWidget(this);
    auto *patternLayout = new QHBoxLayout(m_patternBar);
    patternLayout->setContentsMargins(0, 0, 0, 0);
    m_patternLabel = new QLabel(m_patternBar);
    m_patternLabel->setTextFormat(Qt::PlainText); // names the file (issue #31)
    m_pattern = new QLineEdit(m_patternBar);
    m_pattern->setPlaceholderText(tr("e.g. step (?<step>\\d+) .* loss (?<loss>\\S+)"));
    m_patternMetric = new QLineEdit(m_patternBar);
    m_patternMetric->setPlaceholderText(tr("value name"));
    m_patternMetric->setMaximumWidth(120);
    auto *retry = new QPushButton(tr("Parse with Pattern"), m_patternBar);
    patternLayout->addWidget(m_patternLabel);
    patternLayout->addWidget(m_pattern, 1);
    patternLayout->addWidget(m_patternMetric);
    patternLayout->addWidget(retry);
    m_patternBar->hide();

    m_plot = new LossPlotView(this);
    // Role first and short ("A", "B" in the curve's colour) so that the run names keep the width;
    // a name that still does not fit is elided in the middle, and its tool tip has the path.
    m_runTable = new QTableWidget(0, 4, this);
    m_runTable->setHorizontalHeaderLabels({tr("Role"), tr("Run"), tr("Points"), tr("Step offset")});
    m_runTable->verticalHeader()->hide();
    m_runTable->setTextElideMode(Qt::ElideMiddle);
    m_runTable->setWordWrap(false);
    m_runTable->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_runTable->horizontalHeader()->setSectionResizeMode(1, QHeaderView::Stretch);
    m_runTable->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_runTable->setSelectionMode(QAbstractItemView::NoSelection);
    m_summary = new QLabel(this);
    m_summary->setWordWrap(true);
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_summary->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    auto *side = new QWidget(this);
    auto *sideLayout = new QVBoxLayout(side);
    sideLayout->setContentsMargins(0, 0, 0, 0);
    sideLayout->addWidget(m_runTable, 1);
    sideLayout->addWidget(m_summary, 2);
    auto *split = new QSplitter(Qt::Horizontal, this);
    split->addWidget(m_plot);
    split->addWidget(side);
    split->setStretchFactor(0, 1);
    split->setStretchFactor(1, 0);
    side->setMinimumWidth(300);
    split->setSizes({1100, 400});

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_toolbar);
    layout->addWidget(m_patternBar);
    layout->addWidget(split, 1);

    m_smoothingValue->setText(QLocale().toString(0.0, 'f', 3));
    m_plot->setSmoothing(0.0);
    connect(open, &QPushButton::clicked, this, &LossWorkspace::openDialog);
    connect(m_metric, &QComboBox::currentTextChanged, this, [this] {
        refresh();
        startPipeline();
    });
    connect(m_smoothing, &QSlider::valueChanged, this, [this](int v) {
        const double w = double(v) / SliderScale;
        m_smoothingValue->setText(QLocale().toString(w, 'f', 3));
        m_plot->setSmoothing(w);
    });
    connect(m_smoothing, &QSlider::sliderMoved, this, [this] { m_smoothingChosen = true; });
    connect(m_smoothing, &QSlider::actionTriggered, this, [this] { m_smoothingChosen = true; });
    connect(m_logY, &QCheckBox::toggled, m_plot, &LossPlotView::setLogY);
    connect(m_robust, &QCheckBox::toggled, m_plot, &LossPlotView::setRobustRange);
    connect(m_rtol, &QDoubleSpinBox::valueChanged, this, [this] { startPipeline(); });
    connect(m_atol, &QDoubleSpinBox::valueChanged, this, [this] { startPipeline(); });
    connect(m_k, &QSpinBox::valueChanged, this, [this] { startPipeline(); });
    connect(m_swap, &QPushButton::clicked, this, &LossWorkspace::swapBenchmark);
    connect(reset, &QPushButton::clicked, m_plot, &LossPlotView::resetView);
    connect(retry, &QPushButton::clicked, this, &LossWorkspace::retryWithPattern);
    connect(m_pattern, &QLineEdit::returnPressed, this, &LossWorkspace::retryWithPattern);
    connect(m_plot, &LossPlotView::runVisibilityChanged, this, [this](int run, bool visible) {
        int n = 0;
        for (Slot &s : m_slots) {
            if (s.run && n++ == run)
                s.visible = visible;
        }
    });
    connect(m_follow, &QCheckBox::toggled, this, &LossWorkspace::onFollowToggled);
    connect(m_watcher, &QFileSystemWatcher::fileChanged, this, &LossWorkspace::pollFollowed);
    connect(m_followTimer, &QTimer::timeout, this, &LossWorkspace::pollFollowed);
    updateSummary();
}

LossWorkspace::~LossWorkspace() = default;

QString LossWorkspace::title() const
{
    const QStringList paths = runPaths();
    if (paths.size() == 2)
        return tr("Loss: %1 vs %2")
            .arg(QFileInfo(paths[0]).fileName(), QFileInfo(paths[1]).fileName());
    if (paths.size() == 1)
        return tr("Loss: %1").arg(QFileInfo(paths[0]).fileName());
    return paths.isEmpty() ? tr("Loss curves") : tr("Loss: %n logs", "", int(paths.size()));
}

void LossWorkspace::openPaths(const QList<SniffResult> &inputs)
{
    // Paths keep the order given: the first of a pair is the benchmark, whichever loads first.
    for (const SniffResult &in : inputs)
        addSlot(in.path, {});
    startPipeline();
}

void LossWorkspace::addSlot(const QString &path, const LossLoadOptions &options)
{
    Slot slot;
    slot.id = m_nextSlotId++;
    slot.path = path;
    slot.options = options;
    m_slots.append(slot);
}

void LossWorkspace::startPipeline(bool pollFollowers)
{
    LossPipelineInput input;
    QList<quint64> ids;
    for (const Slot &s : std::as_const(m_slots)) {
        LossPipelineInput::Run run{s.path, s.options, s.run, s.stepOffset, nullptr};
        if (pollFollowers && s.follower)
            run.follower = s.follower;
        input.runs.append(run);
        ids.append(s.id);
    }
    // A follow poll keeps the comparison on screen until the new one replaces it (no blink).
    if (!pollFollowers) {
        m_comparison.reset();
        m_plot->setComparison(nullptr);
    }
    if (input.runs.isEmpty()) {
        m_job.cancel();
        updateSummary();
        return;
    }
    input.metric = m_metric->currentText();
    input.compare.rtol = m_rtol->value();
    input.compare.atol = m_atol->value();
    input.compare.k = m_k->value();
    const bool loading =
        std::any_of(m_slots.cbegin(), m_slots.cend(), [](const Slot &s) { return !s.run; });
    m_job.start(
        loading ? tr("Loading loss logs") : tr("Comparing loss curves"),
        [input](ProgressSink &progress, const CancelToken &cancel) {
            return runLossPipeline(input, progress, cancel);
        },
        [this, ids](const Result<LossAnalysis> &r) { onPipelineDone(ids, r); });
    updateSummary();
}

void LossWorkspace::onPipelineDone(const QList<quint64> &slotIds, const Result<LossAnalysis> &r)
{
    if (r.isFailed()) {
        emit statusMessage(r.error().toString());
        updateSummary();
        return;
    }
    if (!r.isOk()) {
        updateSummary();
        return;
    }
    const LossAnalysis &a = *r.value();
    QList<quint64> failed;
    bool changed = false;
    for (qsizetype k = 0; k < slotIds.size() && size_t(k) < a.runs.size(); ++k) {
        const LossRunOutcome &o = a.runs[size_t(k)];
        auto slot = std::find_if(
            m_slots.begin(), m_slots.end(), [&](const Slot &s) { return s.id == slotIds[k]; });
        if (slot == m_slots.end())
            continue;
        if (o.error) {
            emit loadFailed(slot->path, *o.error);
            if (o.error->code == ErrorCode::UnknownFormat) {
                m_failedPath = slot->path;
                m_patternLabel->setText(tr("%1 matches no known loss log. Pattern:")
                                            .arg(QFileInfo(slot->path).fileName()));
                m_patternBar->show();
            }
            failed.append(slot->id);
            changed = true;
            continue;
        }
        const bool newlyLoaded = !slot->run;
        changed = changed || slot->run != o.run;
        slot->run = o.run;
        if (newlyLoaded) {
            emit loaded(slot->path, o.diagnostics);
            const LossSeries *main = slot->run->find(slot->run->mainMetric());
            emit statusMessage(
                tr("Loaded %1: %n step(s) of the main loss.", "", int(main ? main->size() : 0))
                    .arg(QFileInfo(slot->path).fileName()));
        }
    }
    m_slots.removeIf([&](const Slot &s) { return failed.contains(s.id); });
    if (changed || !m_comparison)
        refresh();
    if (changed) // after refresh, which picks the metric whose points count
        applyDefaultSmoothing();
    if (changed)
        emit titleChanged();
    m_comparison = a.comparison;
    m_plot->setComparison(m_comparison);
    updateSummary();
    emit comparisonChanged();
}

double LossWorkspace::defaultSmoothing(qsizetype points)
{
    constexpr double Start = 50; // below: no smoothing
    constexpr double Full = 500; // from here: TensorBoard's default
    constexpr double Weight = 0.6;
    if (points < qsizetype(Start))
        return 0.0;
    if (points >= qsizetype(Full))
        return Weight;
    return Weight * std::log(double(points) / Start) / std::log(Full / Start);
}

void LossWorkspace::applyDefaultSmoothing()
{
    if (m_smoothingChosen)
        return;
    qsizetype longest = 0;
    for (int i = 0;; ++i) {
        const qsizetype n = runPoints(i);
        if (n < 0)
            break;
        longest = std::max(longest, n);
    }
    m_smoothing->setValue(int(std::lround(defaultSmoothing(longest) * SliderScale)));
}

QStringList LossWorkspace::runPaths() const
{
    QStringList out;
    for (const Slot &s : m_slots) {
        if (s.run)
            out.append(s.path);
    }
    return out;
}

bool LossWorkspace::isBusy() const
{
    return m_job.isRunning();
}

QString LossWorkspace::metric() const
{
    return m_metric->currentText();
}

void LossWorkspace::setMetric(const QString &metric)
{
    m_metric->setCurrentText(metric);
}

void LossWorkspace::setTolerance(double rtol, double atol, int k)
{
    const QSignalBlocker b1(m_rtol);
    const QSignalBlocker b2(m_atol);
    const QSignalBlocker b3(m_k);
    m_rtol->setValue(rtol);
    m_atol->setValue(atol);
    m_k->setValue(k);
    startPipeline();
}

void LossWorkspace::swapBenchmark()
{
    // A and B are the first two loaded runs.
    qsizetype first = -1;
    for (qsizetype i = 0; i < m_slots.size(); ++i) {
        if (!m_slots[i].run)
            continue;
        if (first < 0) {
            first = i;
            continue;
        }
        m_slots.swapItemsAt(first, i);
        refresh();
        startPipeline();
        emit titleChanged();
        return;
    }
}

void LossWorkspace::refresh()
{
    // Metrics of all runs, the benchmark's first; keep the user's choice while it exists.
    QStringList metrics;
    QString main;
    for (const Slot &s : std::as_const(m_slots)) {
        if (!s.run)
            continue;
        if (main.isEmpty())
            main = s.run->mainMetric();
        for (const QString &m : s.run->metricNames()) {
            if (!metrics.contains(m))
                metrics.append(m);
        }
    }
    const QString current = m_metric->currentText();
    {
        const QSignalBlocker block(m_metric);
        m_metric->clear();
        m_metric->addItems(metrics);
        m_metric->setCurrentText(metrics.contains(current) ? current : main);
    }
    QList<LossPlotRun> runs;
    int n = 0;
    for (const Slot &s : std::as_const(m_slots)) {
        if (!s.run)
            continue;
        LossPlotRun r;
        const QString name = QFileInfo(s.path).fileName();
        r.label = n == 0 ? tr("A: %1").arg(name) : (n == 1 ? tr("B: %1").arg(name) : name);
        r.toolTip = QDir::toNativeSeparators(s.path);
        r.run = s.run;
        r.stepOffset = s.stepOffset;
        r.visible = s.visible;
        runs.append(r);
        ++n;
    }
    m_plot->setRuns(runs, m_metric->currentText());
    m_swap->setEnabled(n >= 2);
    refreshRunTable();
}

void LossWorkspace::refreshRunTable()
{
    m_runTable->setRowCount(0);
    int row = 0;
    for (qsizetype i = 0; i < m_slots.size(); ++i) {
        const Slot &s = m_slots[i];
        if (!s.run)
            continue;
        m_runTable->insertRow(row);
        auto *role = new QTableWidgetItem(row == 0 ? tr("A") : (row == 1 ? tr("B") : QString()));
        role->setToolTip(row == 0 ? tr("A: the benchmark")
                                  : (row == 1 ? tr("B: the run under test") : QString()));
        role->setForeground(LossPlotView::runColor(row));
        QFont bold = role->font();
        bold.setBold(true);
        role->setFont(bold);
        m_runTable->setItem(row, 0, role);
        auto *name = new QTableWidgetItem(QFileInfo(s.path).fileName());
        name->setToolTip(Core::plainToolTip(
            tr("%1\nFormat: %2").arg(QDir::toNativeSeparators(s.path), s.run->format)));
        m_runTable->setItem(row, 1, name);
        const LossSeries *series = s.run->find(m_metric->currentText());
        m_runTable->setItem(
            row, 2, new QTableWidgetItem(QLocale().toString(series ? series->size() : 0)));
        auto *offset = new QSpinBox(m_runTable);
        offset->setRange(-1'000'000'000, 1'000'000'000);
        offset->setValue(int(s.stepOffset));
        offset->setToolTip(tr("Added to this run's steps, e.g. for a resumed run."));
        const QString path = s.path;
        connect(offset, &QSpinBox::editingFinished, this, [this, offset, path] {
            for (Slot &slot : m_slots) {
                if (slot.path == path && slot.stepOffset != offset->value()) {
                    slot.stepOffset = offset->value();
                    QMetaObject::invokeMethod(
                        this,
                        [this] {
                            refresh();
                            startPipeline();
                        },
                        Qt::QueuedConnection);
                }
            }
        });
        m_runTable->setCellWidget(row, 3, offset);
        ++row;
    }
}

QString LossWorkspace::summaryText() const
{
    return m_summary->text();
}

void LossWorkspace::updateSummary()
{
    const QLocale locale;
    if (runPaths().isEmpty()) {
        m_summary->setText(isBusy()
                               ? tr("Loading…")
                               : tr("Open one loss log, or two to compare them: the first is the "
                                    "benchmark (A), the second the run under test (B)."));
        return;
    }
    if (!m_comparison) {
        m_summary->setText(runPaths().size() >= 2
                               ? tr("Comparing…")
                               : tr("Open a second log to compare it against this one."));
        return;
    }
    const LossComparison &c = *m_comparison;
    auto stepText = [&](const std::optional<qint64> &s) {
        return s ? locale.toString(*s) : tr("none");
    };
    QStringList lines;
    lines << tr("<b>%1</b>: %n common step(s) (A has %2, B has %3).", "", int(c.alignedSteps()))
                 .arg(c.metric.toHtmlEscaped())
                 .arg(locale.toString(c.benchmarkSteps))
                 .arg(locale.toString(c.testSteps));
    lines << tr("First differing step: %1").arg(stepText(c.firstDiffStep));
    lines << tr("First divergent step: <b>%1</b> (rtol %2, atol %3, k %4)")
                 .arg(stepText(c.firstDivergentStep),
                      locale.toString(c.options.rtol, 'g', 3),
                      locale.toString(c.options.atol, 'g', 3))
                 .arg(c.options.k);
    if (std::isfinite(c.maxAbsDiff))
        lines << tr("Max |B − A|: %1, max relative: %2")
                     .arg(locale.toString(c.maxAbsDiff, 'g', 4),
                          locale.toString(c.maxRelDiff, 'g', 4));
    lines << QString() << c.diagnosis.text.toHtmlEscaped();
    if (!c.noiseFloorHint.isEmpty())
        lines << QString() << u"<i>"_s + c.noiseFloorHint.toHtmlEscaped() + u"</i>"_s;
    m_summary->setText(lines.join(u"<br>"_s));
}

bool LossWorkspace::isEmpty() const
{
    return m_slots.isEmpty();
}

void LossWorkspace::closeAll()
{
    m_follow->setChecked(false);
    m_job.cancel();
    m_slots.clear();
    m_patternBar->hide();
    refresh();
    emit titleChanged();
}

} // namespace Twinscope::Widgets
