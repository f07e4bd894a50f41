#include "stackedtimelines.h"

#include "memorytrackview.h"
#include "widgets/timeline/timelineview.h"
#include "widgets/timeline/timelinezoomcontrol.h"

#include <QFileInfo>
#include <QLabel>
#include <QRegularExpression>
#include <QSplitter>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace Twinscope::Widgets {

StackedTimelines::StackedTimelines(QWidget *parent)
    : QWidget(parent)
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    auto *split = new QSplitter(Qt::Vertical, this);
    for (int k = 0; k < 2; ++k) {
        auto *pane = new QWidget(split);
        auto *v = new QVBoxLayout(pane);
        v->setContentsMargins(0, 0, 0, 0);
        v->setSpacing(0);
        m_titles[k] = new QLabel(pane);
        m_titles[k]->setTextFormat(Qt::PlainText);
        m_views[k] = new TimelineView(pane);
        // Two timelines one above the other in a tab that fits a 1024×700 window, with the
        // findings dock open below it (issue #29): each may shrink to a few tracks.
        m_views[k]->setMinimumHeight(64);
        m_memory[k] = new MemoryTrackView(pane);
        v->addWidget(m_titles[k]);
        v->addWidget(m_views[k], 1);
        v->addWidget(m_memory[k]);
        split->addWidget(pane);
        connect(
            m_views[k], &TimelineView::visibleRangeChanged, this, [this, k](qint64 a, qint64 b) {
                m_memory[k]->setVisibleRange(a, b);
                sync(k, a, b);
            });
    }
    layout->addWidget(split);
}

void StackedTimelines::sync(int from, qint64 fromNs, qint64 toNs)
{
    // One range for both: zooming or panning either view moves the other.
    if (m_syncing)
        return;
    m_syncing = true;
    m_views[1 - from]->setVisibleRange(fromNs, toNs, false);
    m_memory[1 - from]->setVisibleRange(fromNs, toNs);
    m_syncing = false;
}

void StackedTimelines::setSides(std::shared_ptr<const Core::TraceDiffSide> baseline,
                                qint64 baselineStepStartNs,
                                std::optional<qint64> baselinePeak,
                                std::shared_ptr<const Core::TraceDiffSide> target,
                                qint64 targetStepStartNs,
                                std::optional<qint64> targetPeak)
{
    const std::shared_ptr<const Core::TraceDiffSide> sides[2] = {baseline, target};
    const qint64 starts[2] = {baselineStepStartNs, targetStepStartNs};
    const std::optional<qint64> peaks[2] = {baselinePeak, targetPeak};
    for (int k = 0; k < 2; ++k) {
        std::vector<TimelineInput> inputs;
        for (const Core::TraceRankProfile &r : sides[k]->ranks) {
            TimelineInput in(
                r.dataset, r.rank >= 0 ? tr("rank %1").arg(r.rank) : QFileInfo(r.path).fileName());
            inputs.push_back(std::move(in));
        }
        m_titles[k]->setText((k == 0 ? tr("Baseline: %1") : tr("Target: %1")).arg(sides[k]->path));
        m_views[k]->setInputs(std::move(inputs));
        // Ranks of one side keep their common clock; the compared step starts at 0.
        for (int d = 0; d < int(sides[k]->ranks.size()); ++d)
            m_views[k]->setTimeOffset(d, -starts[k]);
        m_views[k]->zoomControl()->setRulerOrigin(0); // the compared step starts at 0
        m_memory[k]->setTrack(sides[k]->ranks.front().memory, -starts[k]);
        m_memory[k]->setPeak(peaks[k]);
    }
    // One window for both: a run whose step is 12× shorter must still show the other's window
    // rather than stop at its own trace's margin.
    for (int k = 0; k < 2; ++k) {
        const TimelineZoomControl *other = m_views[1 - k]->zoomControl();
        m_views[k]->zoomControl()->setLinkedExtent(
            std::pair<qint64, qint64>(other->traceFrom(), other->traceTo()));
    }
}

void StackedTimelines::showStep(qint64 lengthNs)
{
    const qint64 margin = std::max<qint64>(1000, lengthNs / 20);
    m_views[0]->setVisibleRange(-margin, lengthNs + margin);
}

void StackedTimelines::highlight(const QStringList &baselineNames, const QStringList &targetNames)
{
    const QStringList *names[2] = {&baselineNames, &targetNames};
    for (int k = 0; k < 2; ++k) {
        QStringList escaped;
        for (const QString &n : *names[k])
            escaped << QRegularExpression::escape(n);
        // An empty list must match nothing, not everything.
        const QString pattern =
            escaped.isEmpty() ? u"(?!)"_s : u"^(?:"_s + escaped.join(u'|') + u")$"_s;
        // Hits are drawn where they are; the shared window stays, so both runs stay comparable.
        m_views[k]->setSearch(pattern, true);
    }
}

void StackedTimelines::clear()
{
    for (int k = 0; k < 2; ++k) {
        m_views[k]->setInputs({});
        m_views[k]->zoomControl()->setLinkedExtent(std::nullopt);
        m_memory[k]->setTrack(nullptr, 0);
        m_titles[k]->clear();
    }
}

} // namespace Twinscope::Widgets
