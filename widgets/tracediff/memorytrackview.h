#pragma once

#include "core/trace/memorytrack.h"

#include <QWidget>

#include <memory>

namespace Twinscope::Widgets {

// Device memory over time (allocated solid, reserved dashed) under a run's timeline, sharing its
// visible range: display ns = trace ns + offset. Per pixel column only the highest value is drawn,
// so a million [memory] events cost the width of the widget.
class MemoryTrackView : public QWidget
{
    Q_OBJECT

public:
    static constexpr int LabelWidth = 240; // as TimelineView::LabelWidth, so the x axes line up

    explicit MemoryTrackView(QWidget *parent = nullptr);
    void setTrack(std::shared_ptr<const Core::MemoryTrack> track, qint64 offsetNs);
    void setVisibleRange(qint64 fromNs, qint64 toNs);
    // The peak the label shows (the compared steps'); nullopt hides it.
    void setPeak(std::optional<qint64> bytes);
    QSize sizeHint() const override { return {400, 48}; }

protected:
    void paintEvent(QPaintEvent *event) override;

private:
    std::shared_ptr<const Core::MemoryTrack> m_track;
    qint64 m_offsetNs = 0;
    qint64 m_from = 0, m_to = 1;
    std::optional<qint64> m_peak;
};

} // namespace Twinscope::Widgets
