#include "slicedetailswidget.h"

#include "core/common/plaintooltip.h"
#include "core/trace/levelofdetail.h"
#include "core/trace/tracetime.h"

#include <QHeaderView>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

using namespace Qt::StringLiterals;

namespace Twinscope::Widgets {

namespace {

constexpr int JumpRole = Qt::UserRole + 1;

void addJson(QTreeWidgetItem *parent, const QString &key, const QJsonValue &v)
{
    auto *item = new QTreeWidgetItem(parent, QStringList{key});
    if (v.isObject()) {
        const QJsonObject o = v.toObject();
        for (auto it = o.begin(); it != o.end(); ++it)
            addJson(item, it.key(), it.value());
    } else if (v.isArray()) {
        const QJsonArray a = v.toArray();
        // short arrays of scalars read better on one line ("[2, 3]")
        const QByteArray compact = QJsonDocument(a).toJson(QJsonDocument::Compact);
        if (compact.size() <= 80) {
            item->setText(1, QString::fromUtf8(compact));
        } else {
            for (int i = 0; i < a.size(); ++i)
                addJson(item, QString::number(i), a.at(i));
        }
    } else if (v.isString()) {
        item->setText(1, v.toString());
    } else if (v.isDouble()) {
        item->setText(1, QString::number(v.toDouble(), 'g', 17));
    } else if (v.isBool()) {
        item->setText(1, v.toBool() ? u"true"_s : u"false"_s);
    } else {
        item->setText(1, u"null"_s);
    }
}

} // namespace

SliceDetailsWidget::SliceDetailsWidget(QWidget *parent)
    : QTreeWidget(parent)
{
    setColumnCount(2);
    setHeaderLabels({tr("Field"), tr("Value")});
    header()->setStretchLastSection(true);
    setUniformRowHeights(true);
    connect(this, &QTreeWidget::itemActivated, this, [this](QTreeWidgetItem *item) {
        const QVariant v = item->data(0, JumpRole);
        if (v.isValid())
            emit jumpRequested(m_datasetIndex, v.toUInt());
    });
}

qint64 SliceDetailsWidget::selfTime(const Core::TraceDataset &ds, quint32 slice)
{
    const int track = ds.trackOfSlice(slice);
    const int lane = ds.laneOfSlice(track, slice);
    if (track < 0 || lane < 0)
        return ds.sliceDuration[slice];
    const auto &lanes = ds.tracks[size_t(track)].lanes;
    if (lanes[size_t(lane)].overflow || size_t(lane) + 1 >= lanes.size() ||
        lanes[size_t(lane) + 1].overflow ||
        (ds.sliceFlags[slice] & Core::TraceSliceFlag::AsyncSlice))
        return ds.sliceDuration[slice];
    const Core::TraceLane &below = lanes[size_t(lane) + 1];
    const qint64 s = ds.sliceStart[slice];
    const qint64 e = ds.sliceEnd(slice);
    qint64 self = ds.sliceDuration[slice];
    for (quint32 i = Core::LevelOfDetail::firstEndingAfter(ds, below, s);
         i < below.end && ds.sliceStart[i] <= e;
         ++i) {
        if (ds.sliceStart[i] >= s && ds.sliceStart[i] < e)
            self -= std::min(ds.sliceEnd(i), e) - ds.sliceStart[i];
    }
    return std::max<qint64>(0, self);
}

void SliceDetailsWidget::showSlice(std::shared_ptr<const Core::TraceDataset> dataset,
                                   int datasetIndex,
                                   quint32 slice,
                                   qint64 traceOriginNs)
{
    clear();
    m_dataset = std::move(dataset);
    m_datasetIndex = datasetIndex;
    if (!m_dataset || slice >= quint32(m_dataset->sliceCount()))
        return;
    const Core::TraceDataset &ds = *m_dataset;
    auto row = [this](const QString &k, const QString &v) {
        auto *item = new QTreeWidgetItem(this, QStringList{k, v});
        item->setToolTip(1, Core::plainToolTip(v));
        return item;
    };
    row(tr("Name"), ds.strings.string(ds.sliceName[slice]));
    row(tr("Category"), ds.strings.string(ds.sliceCategory[slice]));
    row(tr("Start"), Core::formatDurationNs(ds.sliceStart[slice] - traceOriginNs));
    // Several files on one ruler: where the slice lies in its own file as well.
    if (traceOriginNs != ds.firstNs)
        row(tr("Start in its file"), Core::formatDurationNs(ds.sliceStart[slice] - ds.firstNs));
    row(tr("Duration"), Core::formatDurationNs(ds.sliceDuration[slice]));
    row(tr("Self time"), Core::formatDurationNs(selfTime(ds, slice)));
    const int track = ds.trackOfSlice(slice);
    if (track >= 0) {
        const int process = ds.tracks[size_t(track)].process;
        row(tr("Track"), ds.processDisplayName(process) + u" / "_s + ds.trackDisplayName(track));
    }
    const quint16 flags = ds.sliceFlags[slice];
    if (flags & Core::TraceSliceFlag::DidNotFinish)
        row(tr("Note"), tr("Did not finish: the trace has no end for this slice."));
    if (flags & Core::TraceSliceFlag::Overflow)
        row(tr("Note"),
            tr("Partly overlaps a slice on the same thread; shown in an overflow lane."));
    bool stale = false;
    const QByteArray args = ds.sliceArgs(slice, &stale);
    auto *argsItem = new QTreeWidgetItem(this, QStringList{tr("Args")});
    addArgs(argsItem, args, stale);
    argsItem->setExpanded(true);
    // Flows as links: activating one jumps to the other end.
    auto addFlows = [&](const std::vector<quint32> &index, bool outgoing) {
        auto *group = new QTreeWidgetItem(
            this, QStringList{outgoing ? tr("Outgoing flows") : tr("Incoming flows")});
        int n = 0;
        for (const quint32 f : index) {
            const Core::TraceFlow &fl = ds.flows[f];
            if ((outgoing ? fl.fromSlice : fl.toSlice) != slice)
                continue;
            const quint32 other = outgoing ? fl.toSlice : fl.fromSlice;
            auto *item = new QTreeWidgetItem(group);
            item->setText(0, ds.strings.string(fl.category));
            if (other == Core::TraceFlow::Unbound) {
                item->setText(1, tr("(no slice at the other end)"));
            } else {
                item->setText(1, ds.strings.string(ds.sliceName[other]));
                item->setData(0, JumpRole, other);
                item->setForeground(1, palette().color(QPalette::Link));
                item->setToolTip(1, tr("Double-click or press Enter to jump there."));
            }
            ++n;
        }
        group->setText(1, QString::number(n));
        group->setExpanded(n > 0);
    };
    // flowsBy* are sorted by slice: narrow to this slice's range first
    auto range = [&](const std::vector<quint32> &index, bool from) {
        auto lo = std::lower_bound(index.begin(), index.end(), slice, [&](quint32 f, quint32 v) {
            return (from ? ds.flows[f].fromSlice : ds.flows[f].toSlice) < v;
        });
        auto hi = lo;
        while (hi != index.end() &&
               (from ? ds.flows[*hi].fromSlice : ds.flows[*hi].toSlice) == slice)
            ++hi;
        return std::vector<quint32>(lo, hi);
    };
    addFlows(range(ds.flowsByTo, false), false);
    addFlows(range(ds.flowsByFrom, true), true);
    resizeColumnToContents(0);
}

void SliceDetailsWidget::addArgs(QTreeWidgetItem *parent, const QByteArray &json, bool stale)
{
    if (stale) {
        parent->setText(1, tr("The file changed since it was loaded; reload it to see the args."));
        return;
    }
    if (json.isEmpty()) {
        parent->setText(1, tr("(none)"));
        return;
    }
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(json, &error);
    if (error.error != QJsonParseError::NoError || !doc.isObject()) {
        // NaN tokens and the like: show the text as written
        parent->setText(1, QString::fromUtf8(json.left(2000)));
        return;
    }
    const QJsonObject o = doc.object();
    for (auto it = o.begin(); it != o.end(); ++it)
        addJson(parent, it.key(), it.value());
}

} // namespace Twinscope::Widgets
