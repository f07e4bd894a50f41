#pragma once

#include "core/opinfo/opinfopipeline.h"
#include "widgets/common/jobslot.h"
#include "widgets/common/workspace.h"

#include <memory>

class QLabel;
class QLineEdit;
class QSortFilterProxyModel;
class QTableView;
class QTimer;
class QTreeWidget;
class QTabWidget;
class QPlainTextEdit;

namespace Twinscope::Core {
class OpTypeTableModel;
class OpSignatureTableModel;
} // namespace Twinscope::Core

namespace Twinscope::Widgets {

class CompileChartView;

// Ascend host logs (issue #6): a summary header with the top offenders, the op-type table, the
// recompile chart and, for the selected op type, its signatures; errors, AI CPU fallbacks and
// TransData/Cast in tabs. Loading and re-analysis run through the LoadController.
class OpInfoWorkspace : public Workspace
{
    Q_OBJECT

public:
    explicit OpInfoWorkspace(LoadController *loads, QWidget *parent = nullptr);
    ~OpInfoWorkspace() override;

    Core::FileKind kind() const override { return Core::FileKind::OpInfo; }
    QString title() const override;
    void openPaths(const QList<Core::SniffResult> &inputs) override;
    bool isEmpty() const override { return !m_dataset; }
    void closeAll() override;
    QString exportFilter() const override;
    bool exportTo(const QString &path, const QString &filter, QString *errorMessage) override;
    bool reveal(const Core::FindingLink &link) override;
    bool follow(const Twinscope::Widgets::CrossLink &link) override;

    // For tests and screenshots.
    const Core::OpInfoReport *report() const { return m_report.get(); }
    const Core::OpInfoDataset *dataset() const { return m_dataset.get(); }
    QTableView *opTable() const { return m_table; }
    QTableView *signatureTable() const { return m_signatures; }
    CompileChartView *chart() const { return m_chart; }
    QLabel *summary() const { return m_summary; }
    void setCutoffText(const QString &text);
    // A step boundary taken from an open trace (ns since 1970, the plog clock read as UTC); the
    // lead wires the timeline's "end of step 1" here. -1 clears it (markers decide again).
    void setCutoffNs(qint64 ns);
    void selectOpType(const QString &type);

signals:
    // Also announced as a CrossLink: the timeline searches for the type's slices.
    void opTypeSelected(const QString &type);
    void analysisUpdated();

private:
    void startLoad(const QStringList &paths);
    void startAnalysis();
    void run(Core::OpInfoPipelineInput input, const QString &title);
    void showLoaded(const std::shared_ptr<const Core::OpInfoAnalysis> &loaded);
    void updateSummary();
    void fillTabs();
    void onSelectionChanged();

    QStringList m_paths;
    std::shared_ptr<const Core::OpInfoDataset> m_dataset;
    std::shared_ptr<const Core::OpInfoReport> m_report;
    JobSlot<Core::OpInfoAnalysis> m_job;
    QString m_selected;

    QLabel *m_summary = nullptr;
    QLineEdit *m_filter = nullptr;
    QLineEdit *m_cutoff = nullptr;
    QTimer *m_filterTimer = nullptr;
    Core::OpTypeTableModel *m_model = nullptr;
    QSortFilterProxyModel *m_proxy = nullptr;
    QTableView *m_table = nullptr;
    CompileChartView *m_chart = nullptr;
    Core::OpSignatureTableModel *m_signatureModel = nullptr;
    QTableView *m_signatures = nullptr;
    QPlainTextEdit *m_recordText = nullptr;
    QTabWidget *m_tabs = nullptr;
    QTreeWidget *m_errors = nullptr;
    QTreeWidget *m_aicpu = nullptr;
    QTreeWidget *m_conversions = nullptr;
    QTreeWidget *m_recompiles = nullptr;
};

} // namespace Twinscope::Widgets
