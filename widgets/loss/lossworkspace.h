#pragma once

#include "core/loss/lossfollower.h"
#include "core/loss/losspipeline.h"
#include "widgets/common/jobslot.h"
#include "widgets/common/workspace.h"

#include <memory>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QFileSystemWatcher;
class QTimer;
class QLabel;
class QLineEdit;
class QPushButton;
class QSlider;
class QSpinBox;
class QTableWidget;

namespace Twinscope::Widgets {

class LossPlotView;

// The "Loss curves" tab: any number of loss logs overlaid, the first as benchmark A, the second as
// the run under test B, with the difference plot, the first divergent step and the seeds'
// diagnosis. Two paths opened at once become such a pair. Parsing and comparing run through the
// LoadController.
class LossWorkspace : public Workspace
{
    Q_OBJECT

public:
    explicit LossWorkspace(LoadController *loads, QWidget *parent = nullptr);
    ~LossWorkspace() override;

    Core::FileKind kind() const override { return Core::FileKind::Loss; }
    QString title() const override;
    void openPaths(const QList<Core::SniffResult> &inputs) override;
    bool isEmpty() const override;
    void closeAll() override;
    QString exportFilter() const override;
    bool exportTo(const QString &path, const QString &filter, QString *errorMessage) override;
    bool reveal(const Core::FindingLink &link) override;
    QList<ReportImage> reportFigures() const override;
    QStringList summaryLines() const override;

    // File > Compare Loss Logs...: a non-modal file dialog; the first file chosen is the benchmark.
    void openDialog();

    // For tests and the main window.
    LossPlotView *plot() const { return m_plot; }
    QWidget *toolbar() const { return m_toolbar; }
    QTableWidget *runTable() const { return m_runTable; }
    QString metric() const;
    void setMetric(const QString &metric);
    void setTolerance(double rtol, double atol, int k);
    void swapBenchmark();
    std::shared_ptr<const Core::LossComparison> comparison() const { return m_comparison; }
    QStringList runPaths() const; // loaded runs, benchmark first
    QString summaryText() const;
    bool isBusy() const;
    qsizetype runPoints(int runIndex) const; // points of the current metric in a loaded run
    // Live follow: re-parse only what running jobs append to their logs.
    void setFollow(bool on);
    // The EMA weight a run of this many points starts with: none below 50 points, where the
    // lagging smoothed curve would hide the few real ones, rising (log-scaled) to TensorBoard's
    // 0.6 at 500 points and more.
    static double defaultSmoothing(qsizetype points);
    bool isFollowing() const;

signals:
    void comparisonChanged();

private:
    struct Slot
    {
        quint64 id = 0; // stable across reordering, to match a pipeline's outcome to its slot
        QString path;
        Core::LossLoadOptions options;
        std::shared_ptr<const Core::LossRun> run; // null until loaded
        qint64 stepOffset = 0;
        bool visible = true;
        std::shared_ptr<Core::LossLogFollower> follower; // while following
    };

    void addSlot(const QString &path, const Core::LossLoadOptions &options);
    // Loads what is not loaded yet, polls followed logs when asked, and compares A with B: one
    // pipeline run for every change (new files, metric, tolerance, offsets, order).
    void startPipeline(bool pollFollowers = false);
    void onPipelineDone(const QList<quint64> &slotIds, const Core::Result<Core::LossAnalysis> &r);
    void refresh();
    // Until the user moves the slider, the smoothing follows the runs' length (issue #29).
    void applyDefaultSmoothing();
    void refreshRunTable();
    void updateSummary();
    void retryWithPattern();
    void onFollowToggled(bool on);
    void pollFollowed();

    QList<Slot> m_slots;
    quint64 m_nextSlotId = 1;
    std::shared_ptr<const Core::LossComparison> m_comparison;
    JobSlot<Core::LossAnalysis> m_job;
    QString m_failedPath;

    QWidget *m_toolbar = nullptr;
    LossPlotView *m_plot = nullptr;
    QComboBox *m_metric = nullptr;
    QSlider *m_smoothing = nullptr;
    QLabel *m_smoothingValue = nullptr;
    bool m_smoothingChosen = false; // the user moved the slider: keep their weight
    QCheckBox *m_logY = nullptr;
    QCheckBox *m_robust = nullptr;
    QCheckBox *m_follow = nullptr;
    QFileSystemWatcher *m_watcher = nullptr;
    QTimer *m_followTimer = nullptr;
    QDoubleSpinBox *m_rtol = nullptr;
    QDoubleSpinBox *m_atol = nullptr;
    QSpinBox *m_k = nullptr;
    QPushButton *m_swap = nullptr;
    QTableWidget *m_runTable = nullptr;
    QLabel *m_summary = nullptr;
    QWidget *m_patternBar = nullptr;
    QLabel *m_patternLabel = nullptr;
    QLineEdit *m_pattern = nullptr;
    QLineEdit *m_patternMetric = nullptr;
};

} // namespace Twinscope::Widgets
