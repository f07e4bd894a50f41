#pragma once

#include "core/loss/losscomparison.h"
#include "core/loss/losscurvemath.h"
#include "core/loss/lossdataset.h"

#include <qcustomplot.h>

#include <memory>
#include <vector>

namespace Twinscope::Widgets {

struct LossPlotRun
{
    QString label;
    std::shared_ptr<const Core::LossRun> run;
    qint64 stepOffset = 0;
    bool visible = true;
    QString toolTip; // the full path, on the legend entry
};

// Loss curves of any number of runs (raw thin, smoothed thick) over a difference plot of the run
// under test against the benchmark, in one QCustomPlot: two axis rects aligned by a QCPMarginGroup
// with linked x axes (docs/DESIGN.md §7). Curves are decimated per pixel column for the visible x
// range, so 10 M-step logs pan as fast as short ones. It paints what it is given; it never parses
// files.
class LossPlotView : public QCustomPlot
{
    Q_OBJECT

public:
    explicit LossPlotView(QWidget *parent = nullptr);
    ~LossPlotView() override;

    // The colour of run index (A = 0, B = 1, ...): Tableau 10, as matplotlib users know them.
    static QColor runColor(int index);
    // The difference plot's value range and its data's, for tests: scaled to the data, not to the
    // tolerance band (issue #14).
    QCPRange differenceAxisRange() const;
    QCPRange differenceDataRange() const;
    QCPAxis *stepAxis() const; // the x axis that carries the step labels
    QCPAxis *valueAxis() const;
    QCPAxis *differenceAxis() const;
    // What hovering shows at pos: the full name of a legend entry's run, else empty.
    QString toolTipAt(const QPoint &pos) const;

    // comparison may be null (one run, or still computing); it must be of the same metric.
    void setRuns(const QList<LossPlotRun> &runs, const QString &metric);
    void setComparison(std::shared_ptr<const Core::LossComparison> comparison);
    void setSmoothing(double weight); // 0..0.999, TensorBoard's EMA
    void setLogY(bool on);
    void setRobustRange(bool on); // y range [Q5, Q95] instead of min..max (METRICS.md §9.3)
    void resetView();
    // Vector SVG of what the plot shows (QSvgGenerator): curves, bands, markers, labels, legend.
    bool saveSvg(const QString &path, const QString &title, const QString &description);

    double smoothing() const { return m_smoothing; }
    bool logY() const { return m_logY; }
    // Moves the crosshair to the nearest step (also what the mouse does) and returns the readout.
    QString showCrosshairAt(double step);
    QString readoutText() const;
    qsizetype drawnPointCount() const; // after decimation, for tests and benchmarks
    std::optional<qint64> markedDivergentStep() const { return m_markedStep; }

signals:
    void runVisibilityChanged(int runIndex, bool visible);

protected:
    void changeEvent(QEvent *event) override;
    void mouseMoveEvent(QMouseEvent *event) override;
    void leaveEvent(QEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;
    bool event(QEvent *event) override;

private:
    struct Curve
    {
        int run = -1; // index into m_runs; -1 for the difference and band curves
        QCPGraph *graph = nullptr;
        std::vector<double> x;
        std::vector<double> y; // raw, or smoothed for smoothed curves
        bool smoothed = false;
        bool difference = false;     // B − A (the others with run < 0 are the band's edges)
        Core::MinMaxPyramid pyramid; // rebuilt whenever y changes
    };

    void buildCurves();
    void updateSmoothing();
    void redecimate();
    void rebuildMarkers();
    void applyColors();
    void rescaleY();
    QCPRange differenceRange(double bandExtent) const;
    void onXRangeChanged(const QCPRange &range);
    void onLegendClick(QCPLegend *legend, QCPAbstractLegendItem *item, QMouseEvent *event);

    QCPItemText *addMarker(
        QCPAxisRect *rect, double step, double yRatio, const QString &text, const QColor &color);

    QCPAxisRect *m_main = nullptr;
    QCPAxisRect *m_diff = nullptr;
    QCPMarginGroup *m_margins = nullptr;
    QCPLegend *m_legend = nullptr;
    QList<LossPlotRun> m_runs;
    QString m_metric;
    std::shared_ptr<const Core::LossComparison> m_comparison;
    std::vector<Curve> m_curves;
    QList<QCPAbstractItem *> m_markers;
    QCPItemStraightLine *m_crossMain = nullptr;
    QCPItemStraightLine *m_crossDiff = nullptr;
    QCPItemText *m_readout = nullptr;
    std::optional<qint64> m_markedStep;
    double m_smoothing = 0.6;
    bool m_logY = false;
    bool m_robust = true;
    bool m_linking = false;
    bool m_dense = false; // many points drawn: cheaper pens
};

} // namespace Twinscope::Widgets
