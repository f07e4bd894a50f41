#pragma once

#include "core/trace/tracedataset.h"

#include <QTreeWidget>

#include <memory>

namespace Twinscope::Widgets {

// The details pane of the selected slice: name, category, start, duration, self time, track, the
// args as a tree (decoded on demand) and incoming/outgoing flows as links that jump.
class SliceDetailsWidget : public QTreeWidget
{
    Q_OBJECT

public:
    explicit SliceDetailsWidget(QWidget *parent = nullptr);

    // Times are shown relative to traceOriginNs (in the file's own clock): the ruler's origin.
    void showSlice(std::shared_ptr<const Core::TraceDataset> dataset,
                   int datasetIndex,
                   quint32 slice,
                   qint64 traceOriginNs);
    // Self time: the duration minus the direct children's (the next lane's spans inside it).
    static qint64 selfTime(const Core::TraceDataset &ds, quint32 slice);

signals:
    void jumpRequested(int dataset, quint32 slice);

private:
    void addArgs(QTreeWidgetItem *parent, const QByteArray &json, bool stale);
    std::shared_ptr<const Core::TraceDataset> m_dataset;
    int m_datasetIndex = -1;
};

} // namespace Twinscope::Widgets
