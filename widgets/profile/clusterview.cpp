#include "clusterview.h"

#include "core/models/phasetablemodel.h"
#include "profiletableview.h"

#include <QEvent>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QMouseEvent>
#include <QSplitter>
#include <QVBoxLayout>
#include <qcustomplot.h>

#include <algorithm>
#include <cmath>

using namespace Qt::StringLiterals;
using namespace Twinscope::Core;

namespace Twinscope::Widgets {

namespace {

// Cells are clipped at three thresholds either side: past that the colour says "far off" and
// the tool tip the number.
constexpr double ClipThresholds = 3.0;
// More ranks than this get every k-th label on the heatmap's rank axis.
constexpr int LabelledRanks = 32;

} // namespace

ClusterView::ClusterView(QWidget *parent)
    : QWidget(parent)
    , m_model(new PhaseTableModel(this))
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    m_findings = new QLabel(this);
    m_findings->setWordWrap(true);
    m_findings->setTextFormat(Qt::RichText);
    m_findings->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(m_findings);
    m_table = new ProfileTableView(
        m_model, PhaseTableModel::SortRole, PhaseTableModel::SeverityRole, this);
    m_plot = new QCustomPlot(this);
    m_plot->setToolTip(tr("Each cell: the rank's phase against the median of all ranks, in units "
                          "of the slow-rank threshold. Click a rank for its timeline."));
    m_map = new QCPColorMap(m_plot->xAxis, m_plot->yAxis);
    m_map->setInterpolate(false);
    auto *scale = new QCPColorScale(m_plot);
    m_plot->plotLayout()->addElement(0, 1, scale);
    scale->setLabel(tr("× threshold over the median"));
    scale->setBarWidth(10);
    m_map->setColorScale(scale);
    // Diverging: below the median blue, at it a neutral grey, above it red (ColorBrewer RdBu).
    QCPColorGradient g;
    g.clearColorStops();
    // Within one threshold of the median (a third of the range either side of the middle) the
    // rule names no rank: those cells stay the neutral grey, so no cell looks slow that the text
    // does not call slow (issue #23).
    constexpr double Inside = 0.5 / ClipThresholds;
    g.setColorStopAt(0.0, QColor(0x21, 0x66, 0xac));
    g.setColorStopAt(0.5 - Inside - 1e-3, QColor(0xd1, 0xe5, 0xf0));
    g.setColorStopAt(0.5 - Inside, QColor(0xee, 0xee, 0xee));
    g.setColorStopAt(0.5 + Inside, QColor(0xee, 0xee, 0xee));
    g.setColorStopAt(0.5 + Inside + 1e-3, QColor(0xfd, 0xdb, 0xc7));
    g.setColorStopAt(1.0, QColor(0xb2, 0x18, 0x2b));
    g.setNanHandling(QCPColorGradient::nhNanColor);
    g.setNanColor(QColor(0xbb, 0xbb, 0xbb));
    m_map->setGradient(g);
    m_map->setDataRange(QCPRange(-ClipThresholds, ClipThresholds));
    m_plot->yAxis->setRangeReversed(true);
    m_plot->installEventFilter(this);
    auto *split = new QSplitter(Qt::Horizontal, this);
    split->addWidget(m_table);
    split->addWidget(m_plot);
    // The table carries the numbers (and the phase a rank is slow in), the heatmap the pattern:
    // on a narrow window the table keeps the room.
    split->setStretchFactor(0, 2);
    split->setStretchFactor(1, 1);
    split->setSizes({680, 340});
    // The two phases the slow-rank rule judges come first, so a narrow window still shows them.
    const int free =
        PhaseTableModel::FirstPhase + int(std::find(std::begin(PhaseTableModel::Phases),
                                                    std::end(PhaseTableModel::Phases),
                                                    StepPhase::Free) -
                                          std::begin(PhaseTableModel::Phases));
    m_table->horizontalHeader()->moveSection(free, PhaseTableModel::FirstPhase + 1);
    layout->addWidget(split, 1);
    connect(m_table, &QAbstractItemView::activated, this, [this](const QModelIndex &index) {
        activateRow(m_table->proxy()->mapToSource(index).row());
    });
}

void ClusterView::setAnalysis(std::shared_ptr<const ProfileAnalysis> analysis)
{
    m_analysis = std::move(analysis);
    m_model->setRows(m_analysis ? rankPhaseRows(*m_analysis) : std::vector<PhaseRow>(), tr("Rank"));
    m_table->setColumnWidths({70, 50});
    m_table->sortByColumn(PhaseTableModel::Label, Qt::AscendingOrder);
    fillHeatmap();
    fillFindings();
}

void ClusterView::activateRow(int row)
{
    if (row < 0 || size_t(row) >= m_model->rows().size())
        return;
    const PhaseRow &r = m_model->rows()[size_t(row)];
    emit rankActivated(r.key, r.path);
}

double ClusterView::cellValue(int rankRow, int column) const
{
    return m_map->data()->cell(column, rankRow);
}

QPoint ClusterView::cellCenter(int rankRow, int column) const
{
    return QPoint(int(m_plot->xAxis->coordToPixel(column)),
                  int(m_plot->yAxis->coordToPixel(rankRow)));
}

bool ClusterView::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_plot && event->type() == QEvent::MouseButtonPress) {
        const auto *e = static_cast<QMouseEvent *>(event);
        const double y = m_plot->yAxis->pixelToCoord(e->position().y());
        const double x = m_plot->xAxis->pixelToCoord(e->position().x());
        const int row = int(std::lround(y));
        const int column = int(std::lround(x));
        if (column >= 0 && column < int(std::size(Columns)) && row >= 0 &&
            size_t(row) < m_model->rows().size()) {
            m_table->selectSourceRow(row);
            activateRow(row);
            return true;
        }
    }
    return QWidget::eventFilter(watched, event);
}

void ClusterView::changeEvent(QEvent *event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::PaletteChange)
        fillHeatmap();
}

void ClusterView::fillHeatmap()
{
    const auto &rows = m_model->rows();
    const int nx = int(std::size(Columns));
    const int ny = std::max<int>(1, int(rows.size()));
    m_map->data()->setSize(nx, ny);
    m_map->data()->setRange(QCPRange(0, nx - 1), QCPRange(0, ny - 1));
    // The slow-rank rule's own unit (5 % of the mean step); where the rule cannot judge (fewer
    // than three ranks) every known cell is neutral, as the text says no rank is slow.
    const std::optional<double> threshold =
        m_analysis ? slowRankThresholdUs(*m_analysis) : std::nullopt;
    const double unit = threshold.value_or(0.0);
    for (int x = 0; x < nx; ++x) {
        std::vector<double> values;
        for (const PhaseRow &r : rows) {
            if (std::isfinite(r.us[size_t(Columns[x])]))
                values.push_back(r.us[size_t(Columns[x])]);
        }
        const double median = medianOf(values);
        for (int y = 0; y < int(rows.size()); ++y) {
            const double v = rows[size_t(y)].us[size_t(Columns[x])];
            double cell = std::nan("");
            if (std::isfinite(v) && std::isfinite(median))
                cell = unit > 0 ? std::clamp((v - median) / unit, -ClipThresholds, ClipThresholds)
                                : 0.0;
            m_map->data()->setCell(x, y, cell);
        }
    }
    auto xTicks = QSharedPointer<QCPAxisTickerText>::create();
    for (int x = 0; x < nx; ++x)
        xTicks->addTick(x, stepPhaseShortName(Columns[x]));
    m_plot->xAxis->setTicker(xTicks);
    m_plot->xAxis->setTickLabelRotation(30);
    auto yTicks = QSharedPointer<QCPAxisTickerText>::create();
    const int every = std::max(1, int(rows.size()) / LabelledRanks + 1);
    for (int y = 0; y < int(rows.size()); y += every)
        yTicks->addTick(y, QString::number(rows[size_t(y)].key));
    m_plot->yAxis->setTicker(yTicks);
    m_plot->yAxis->setLabel(tr("Rank"));
    m_plot->xAxis->setRange(-0.5, nx - 0.5);
    m_plot->yAxis->setRange(-0.5, ny - 0.5);
    // The Active group: the view is filled while its tab may still be disabled, and the plot
    // keeps these colours once it is enabled.
    const QColor text = palette().color(QPalette::Active, QPalette::WindowText);
    for (QCPAxis *axis : {m_plot->xAxis, m_plot->yAxis}) {
        axis->setBasePen(QPen(text));
        axis->setTickLabelColor(text);
        axis->setLabelColor(text);
    }
    m_plot->setBackground(palette().color(QPalette::Active, QPalette::Base));
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

void ClusterView::fillFindings()
{
    if (!m_analysis) {
        m_findings->clear();
        return;
    }
    const QLocale loc;
    QStringList lines;
    for (const SlowRank &s : m_analysis->slowRanks)
        lines << tr("<b>Rank %1</b> is slow in %2: %3 µs against a median of %4 µs.")
                     .arg(s.rank)
                     .arg(stepPhaseDisplayName(s.phase).toHtmlEscaped(),
                          loc.toString(s.valueUs, 'f', 1),
                          loc.toString(s.medianUs, 'f', 1));
    for (const SlowLink &s : m_analysis->slowLinks) {
        const QString link = s.dst < 0 ? tr("rank %1's %2 traffic").arg(s.src).arg(s.link)
                                       : tr("link %1 → %2 (%3)").arg(s.src).arg(s.dst).arg(s.link);
        lines << tr("<b>Slow %1</b>: %2 GB/s against a median of %3 GB/s.")
                     .arg(link.toHtmlEscaped(),
                          loc.toString(s.bandwidthGbps, 'f', 2),
                          loc.toString(s.medianGbps, 'f', 2));
    }
    if (lines.isEmpty())
        lines << tr("No slow rank or link among %n rank(s).", "", int(m_analysis->ranks.size()));
    if (!slowRankThresholdUs(*m_analysis))
        lines << tr("The slow-rank rule needs at least %n rank(s) with a step time: the heatmap "
                    "stays neutral.",
                    "",
                    SlowRuleMinimumSamples);
    const QString rule =
        tr("Rule (msprof-analyze's cluster analysis): a rank whose Computing or Free exceeds the "
           "median of all ranks by more than 5 % of the mean step; a link under 80 % of the median "
           "bandwidth of its type. At least three ranks or links are needed.");
    m_findings->setText(lines.join(u"<br>"_s) + u"<br><i>"_s + rule.toHtmlEscaped() + u"</i>"_s);
}

} // namespace Twinscope::Widgets
