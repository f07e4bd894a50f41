#include "communicationview.h"

#include "core/models/collectivetablemodel.h"
#include "profiletableview.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QSplitter>
#include <QTreeWidget>
#include <QVBoxLayout>
#include <qcustomplot.h>

#include <cmath>
#include <limits>
#include <map>

using namespace Qt::StringLiterals;
using namespace Twinscope::Core;

namespace Twinscope::Widgets {

namespace {

// Packet sizes are binned by powers of two of their bytes: HCCL's sizes span 64 B to hundreds
// of MB, and the guides reason in "small" and "large" packets, not exact sizes.
int sizeBin(double mb)
{
    const double bytes = std::max(1.0, mb * 1024.0 * 1024.0);
    return int(std::floor(std::log2(bytes)));
}

QString binLabel(int bin)
{
    const double bytes = std::pow(2.0, bin);
    const QLocale loc;
    if (bytes >= 1024.0 * 1024.0)
        return u"%1 MB"_s.arg(loc.toString(bytes / (1024.0 * 1024.0), 'g', 3));
    if (bytes >= 1024.0)
        return u"%1 KB"_s.arg(loc.toString(bytes / 1024.0, 'g', 3));
    return u"%1 B"_s.arg(loc.toString(bytes, 'g', 3));
}

QColor linkColor(int i)
{
    static const QColor colors[] = {QColor(0x1f, 0x77, 0xb4),
                                    QColor(0xff, 0x7f, 0x0e),
                                    QColor(0x2c, 0xa0, 0x2c),
                                    QColor(0xd6, 0x27, 0x28),
                                    QColor(0x94, 0x67, 0xbd),
                                    QColor(0x8c, 0x56, 0x4b)};
    return colors[i % int(std::size(colors))];
}

} // namespace

CommunicationView::CommunicationView(QWidget *parent)
    : QWidget(parent)
    , m_model(new CollectiveTableModel(this))
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    m_table = new ProfileTableView(m_model, CollectiveTableModel::SortRole, -1, this);
    m_links = new QTreeWidget(this);
    m_links->setRootIsDecorated(false);
    m_links->setHeaderLabels(
        {tr("Link"), tr("Size (MB)"), tr("Time (ms)"), tr("Bandwidth (GB/s)"), tr("Packets")});
    m_packets = new QCustomPlot(this);
    m_packets->xAxis->setLabel(tr("Packet size"));
    m_packets->yAxis->setLabel(tr("Packets"));
    m_packets->legend->setVisible(true);
    // The legend gets a row of its own above the bars: inside the axis rect it hid them.
    m_packets->axisRect()->insetLayout()->take(m_packets->legend);
    m_packets->plotLayout()->insertRow(0);
    m_packets->plotLayout()->addElement(0, 0, m_packets->legend);
    m_packets->plotLayout()->setRowStretchFactor(0, 0.001);
    m_packets->legend->setFillOrder(QCPLayoutGrid::foColumnsFirst);
    m_packets->legend->setBorderPen(Qt::NoPen);
    m_packets->legend->setBrush(Qt::NoBrush);
    auto *detail = new QSplitter(Qt::Vertical, this);
    detail->addWidget(m_links);
    detail->addWidget(m_packets);
    // A handful of link types: the packet chart gets most of the height.
    detail->setStretchFactor(0, 1);
    detail->setStretchFactor(1, 3);
    detail->setSizes({100, 300});

    auto *matrixBox = new QWidget(this);
    auto *matrixLayout = new QVBoxLayout(matrixBox);
    matrixLayout->setContentsMargins(0, 0, 0, 0);
    auto *bar = new QHBoxLayout;
    bar->addWidget(new QLabel(tr("Link matrix:"), matrixBox));
    m_matrixLink = new QComboBox(matrixBox);
    bar->addWidget(m_matrixLink);
    m_matrixNote = new QLabel(matrixBox);
    bar->addWidget(m_matrixNote, 1);
    matrixLayout->addLayout(bar);
    m_matrix = new QCustomPlot(matrixBox);
    m_map = new QCPColorMap(m_matrix->xAxis, m_matrix->yAxis);
    m_map->setInterpolate(false);
    auto *scale = new QCPColorScale(m_matrix);
    scale->setLabel(tr("GB/s"));
    m_matrix->plotLayout()->addElement(0, 1, scale);
    m_map->setColorScale(scale);
    // Slow links red, fast ones green; no white end that would vanish into the background.
    QCPColorGradient g;
    g.clearColorStops();
    g.setColorStopAt(0.0, QColor(0xb2, 0x18, 0x2b));
    g.setColorStopAt(0.5, QColor(0xfe, 0xe0, 0x8b));
    g.setColorStopAt(1.0, QColor(0x1a, 0x98, 0x50));
    g.setNanHandling(QCPColorGradient::nhTransparent);
    m_map->setGradient(g);
    m_matrix->xAxis->setLabel(tr("Destination rank"));
    m_matrix->yAxis->setLabel(tr("Source rank"));
    m_matrix->yAxis->setRangeReversed(true);
    matrixLayout->addWidget(m_matrix, 1);

    auto *top = new QSplitter(Qt::Horizontal, this);
    top->addWidget(m_table);
    top->addWidget(detail);
    top->setStretchFactor(0, 3);
    top->setStretchFactor(1, 2);
    auto *main = new QSplitter(Qt::Vertical, this);
    main->addWidget(top);
    main->addWidget(matrixBox);
    main->setSizes({500, 400});
    layout->addWidget(main, 1);

    connect(
        m_table, &ProfileTableView::sourceRowSelected, this, &CommunicationView::showCollective);
    connect(m_matrixLink, &QComboBox::currentIndexChanged, this, &CommunicationView::fillMatrix);
}

void CommunicationView::setAnalysis(std::shared_ptr<const ProfileAnalysis> analysis)
{
    m_analysis = std::move(analysis);
    m_model->setCollectives(m_analysis ? m_analysis->collectives : std::vector<CollectiveStats>());
    m_table->setColumnWidths({170, 60});
    m_table->sortByColumn(CollectiveTableModel::ElapseMs, Qt::DescendingOrder);
    {
        const QSignalBlocker block(m_matrixLink);
        m_matrixLink->clear();
        QStringList types;
        if (m_analysis) {
            for (const MatrixLink &l : m_analysis->matrix) {
                if (!types.contains(l.link))
                    types << l.link;
            }
        }
        types.sort();
        m_matrixLink->addItems(types);
    }
    fillMatrix();
    if (m_model->rowCount() > 0)
        selectCollective(m_table->proxy()->mapToSource(m_table->proxy()->index(0, 0)).row());
    else
        showCollective(-1);
}

void CommunicationView::selectCollective(int row)
{
    m_table->selectSourceRow(row);
    showCollective(row);
}

void CommunicationView::showCollective(int row)
{
    m_links->clear();
    m_packets->clearPlottables();
    if (row < 0 || size_t(row) >= m_model->collectives().size()) {
        m_packets->replot(QCustomPlot::rpQueuedReplot);
        return;
    }
    const CollectiveStats &c = m_model->collectives()[size_t(row)];
    const QLocale loc;
    int bottom = INT_MAX;
    int top = INT_MIN;
    for (const auto &[name, t] : c.links) {
        qint64 packets = 0;
        for (const auto &[size, p] : t.packets) {
            packets += p.first;
            bottom = std::min(bottom, sizeBin(size));
            top = std::max(top, sizeBin(size));
        }
        auto *item = new QTreeWidgetItem(
            m_links,
            {name,
             loc.toString(t.sizeMb, 'f', 3),
             loc.toString(t.timeMs, 'f', 3),
             t.timeMs > 0 ? loc.toString(t.bandwidthGbps(), 'f', 2) : tr("no traffic"),
             loc.toString(packets)});
        for (int col = 1; col < 5; ++col)
            item->setTextAlignment(col, Qt::AlignRight | Qt::AlignVCenter);
    }
    for (int col = 0; col < 5; ++col)
        m_links->resizeColumnToContents(col);
    if (bottom > top) {
        m_packets->replot(QCustomPlot::rpQueuedReplot);
        return;
    }
    auto *group = new QCPBarsGroup(m_packets);
    int i = 0;
    for (const auto &[name, t] : c.links) {
        std::map<int, double> bins;
        for (const auto &[size, p] : t.packets)
            bins[sizeBin(size)] += double(p.first);
        if (bins.empty())
            continue;
        QVector<double> keys;
        QVector<double> values;
        for (const auto &[bin, count] : bins) {
            keys << double(bin);
            values << count;
        }
        auto *bars = new QCPBars(m_packets->xAxis, m_packets->yAxis);
        bars->setName(name);
        bars->setPen(Qt::NoPen);
        bars->setBrush(linkColor(i++));
        bars->setWidth(0.8 / std::max<double>(1, double(c.links.size())));
        bars->setBarsGroup(group);
        bars->setData(keys, values, true);
    }
    auto ticker = QSharedPointer<QCPAxisTickerText>::create();
    for (int bin = bottom; bin <= top; ++bin)
        ticker->addTick(bin, binLabel(bin));
    m_packets->xAxis->setTicker(ticker);
    m_packets->xAxis->setTickLabelRotation(40);
    m_packets->rescaleAxes();
    m_packets->xAxis->setRange(bottom - 0.7, top + 0.7);
    m_packets->yAxis->setRangeLower(0);
    m_packets->replot(QCustomPlot::rpQueuedReplot);
}

void CommunicationView::fillMatrix()
{
    const QString link = m_matrixLink->currentText();
    std::vector<const MatrixLink *> links;
    // Only the ranks that are open (issue #23): a 2-rank run whose group names 8 local ends is
    // drawn 2 wide, and its colour scale spans the bandwidths drawn, not those left out.
    int maxRank = -1;
    qsizetype outside = 0;
    if (m_analysis) {
        for (const RankSummary &r : m_analysis->ranks)
            maxRank = std::max(maxRank, r.rank);
        // A link matrix opened without any rank's tables: its own ends are the ranks.
        if (maxRank < 0) {
            for (const MatrixLink &l : m_analysis->matrix)
                maxRank = l.link == link ? std::max({maxRank, l.src, l.dst}) : maxRank;
        }
        for (const MatrixLink &l : m_analysis->matrix) {
            if (l.link != link)
                continue;
            if (l.src > maxRank || l.dst > maxRank || l.src < 0 || l.dst < 0) {
                ++outside;
                continue;
            }
            links.push_back(&l);
        }
    }
    const int n = maxRank + 1;
    m_map->data()->setSize(std::max(1, n), std::max(1, n));
    m_map->data()->setRange(QCPRange(0, std::max(0, n - 1)), QCPRange(0, std::max(0, n - 1)));
    m_map->data()->fill(std::nan(""));
    double low = std::numeric_limits<double>::infinity(), high = -low;
    for (const MatrixLink *l : links) {
        const double bw = l->bandwidthGbps();
        m_map->data()->setCell(l->dst, l->src, bw);
        if (std::isfinite(bw)) {
            low = std::min(low, bw);
            high = std::max(high, bw);
        }
    }
    // One bandwidth everywhere: a scale around it, so every cell shows the same middle colour.
    if (low <= high)
        m_map->setDataRange(low < high ? QCPRange(low, high)
                                       : QCPRange(low * 0.95, std::max(high * 1.05, low + 1e-9)));
    m_matrix->xAxis->setRange(-0.5, n - 0.5);
    m_matrix->yAxis->setRange(-0.5, n - 0.5);
    m_matrixNote->setText(!m_analysis || m_analysis->matrix.empty()
                              ? tr("No communication_matrix.json in these folders.")
                          : m_analysis->matrixLocalRanks
                              ? tr("Ranks are numbered within their communication group: "
                                   "profiler_metadata.json's group ranks were not at hand.")
                              : QString());
    if (outside > 0)
        m_matrixNote->setText(
            (m_matrixNote->text().isEmpty() ? QString() : m_matrixNote->text() + u' ') +
            tr("%n link(s) to ranks that are not open are not drawn.", "", int(outside)));
    m_matrix->replot(QCustomPlot::rpQueuedReplot);
}

} // namespace Twinscope::Widgets
