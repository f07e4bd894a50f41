// QBENCHMARK of the Profile tab's cluster view with 1 024 ranks (issue #11: "the cluster view stays
// interactive, frames < 16 ms"), rendered into a 1920×1080 image:
// - "frame": one paint of the whole view (rank table + rank × phase heatmap), what a hover, a
//   scroll step or an expose costs;
// - "scrollFrame": the table scrolled by a page, then painted;
// - "replotHeatmap": the heatmap replotted and painted (what a palette change or resize costs);
// - "setAnalysis": the whole view rebuilt for a new analysis (a load finishing; not per frame).
#include "core/profile/profileanalysis.h"
#include "widgets/profile/clusterview.h"
#include "widgets/profile/profiletableview.h"

#include <QImage>
#include <QPainter>
#include <QScrollBar>
#include <QTest>
#include <qcustomplot.h>

#include <random>

using namespace Qt::StringLiterals;
using namespace Twinscope;

namespace {

std::shared_ptr<const Core::ProfileAnalysis> makeCluster(int ranks)
{
    std::mt19937 rng(42);
    std::uniform_real_distribution<double> jitter(0.97, 1.03);
    std::vector<Core::RankProfile> profiles;
    for (int r = 0; r < ranks; ++r) {
        Core::RankProfile p;
        p.rank = r;
        p.path = u"/cluster/rank_%1_ascend_pt"_s.arg(r);
        for (int s = 0; s < 10; ++s) {
            Core::StepRow row;
            row.step = QString::number(s + 1);
            using P = Core::StepPhase;
            row.us[int(P::Computing)] = 400000 * jitter(rng) * (r == 617 ? 1.15 : 1.0);
            row.us[int(P::CommunicationNotOverlapped)] = 60000 * jitter(rng);
            row.us[int(P::Overlapped)] = 20000 * jitter(rng);
            row.us[int(P::Communication)] = 80000 * jitter(rng);
            row.us[int(P::Free)] = 15000 * jitter(rng);
            row.us[int(P::Bubble)] = 0;
            p.steps.push_back(row);
        }
        profiles.push_back(std::move(p));
    }
    return std::make_shared<const Core::ProfileAnalysis>(
        Core::reduceRankProfiles(std::move(profiles), {}, false));
}

} // namespace

class BenchClusterView : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        m_analysis = makeCluster(1024);
        QCOMPARE(int(m_analysis->ranks.size()), 1024);
        QVERIFY(!m_analysis->slowRanks.empty());
        m_view.resize(1920, 1080);
        m_view.setAnalysis(m_analysis);
        m_view.show();
        m_image = QImage(m_view.size(), QImage::Format_ARGB32_Premultiplied);
        render(); // warm caches (fonts, gradients) before timing
    }
    void frame()
    {
        QBENCHMARK
        {
            render();
        }
    }
    void scrollFrame()
    {
        QScrollBar *bar = m_view.table()->verticalScrollBar();
        int step = 0;
        QBENCHMARK
        {
            bar->setValue((step++ * bar->pageStep()) % std::max(1, bar->maximum()));
            render();
        }
    }
    void replotHeatmap()
    {
        QBENCHMARK
        {
            m_view.heatmap()->replot(QCustomPlot::rpImmediateRefresh);
            render();
        }
    }
    void setAnalysis()
    {
        QBENCHMARK
        {
            m_view.setAnalysis(m_analysis);
        }
    }

private:
    void render()
    {
        QPainter p(&m_image);
        m_view.render(&p);
    }
    std::shared_ptr<const Core::ProfileAnalysis> m_analysis;
    Widgets::ClusterView m_view;
    QImage m_image;
};

QTEST_MAIN(BenchClusterView)
#include "bench_clusterview.moc"
