#pragma once

#include "core/dump/tensordetail.h"

#include <QWidget>

class QCustomPlot;
class QLabel;
class QStackedWidget;
class QTableWidget;

namespace Twinscope::Widgets {

// The detail of one compared pair: both tensors' statistics, histograms of NPU, bench and error,
// and the worst elements with their indices. The data is computed off the GUI thread by the caller.
// Statistics-mode dumps hold no elements: the chart shows how far each statistic (max, min, mean,
// norm) of the NPU side is from the bench's, against the tolerance, instead of empty histograms.
class TensorDetailPane : public QWidget
{
    Q_OBJECT

public:
    explicit TensorDetailPane(QWidget *parent = nullptr);

    // Shows the row's metadata and statistics at once; the histograms and worst elements follow
    // with setDetail() (or a message when the tensors cannot be read).
    void showRow(const Core::DumpComparison &comparison, int row);
    void setDetail(const Core::TensorDetail &detail);
    void setDetailMessage(const QString &message);
    void clear();
    // What the two sides are called: "Bench"/"NPU" unless set (checkpoints: A/B).
    void setSideNames(const QString &bench, const QString &npu);
    QTableWidget *worstTable() const { return m_worst; }
    QTableWidget *statsTable() const { return m_stats; }
    QCustomPlot *histogramPlot() const { return m_hist; }
    QCustomPlot *statisticsPlot() const { return m_statsChart; }
    // The chart on show: the histograms, or the statistics chart in statistics mode.
    QCustomPlot *currentChart() const;

protected:
    void changeEvent(QEvent *event) override;

private:
    void applyColours();
    void showStatisticsChart(const Core::DumpComparison &comparison, int row);
    QLabel *m_title;
    QTableWidget *m_stats;
    QStackedWidget *m_charts;
    QCustomPlot *m_hist;
    QCustomPlot *m_statsChart;
    QTableWidget *m_worst;
    QLabel *m_note;
    QString m_benchName, m_npuName;
    int m_npuColumn = 1; // the NPU (B) side's value column; the bench side's is 3 - m_npuColumn
};

} // namespace Twinscope::Widgets
