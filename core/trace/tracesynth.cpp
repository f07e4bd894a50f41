#include "tracesynth.h"

#include "core/common/tr.h"

#include <QFileInfo>

#include <algorithm>
#include <cmath>
#include <limits>

using namespace Qt::StringLiterals;

namespace Twinscope::Core {

void ArgsWriter::key(std::string_view k)
{
    m_text.append(m_text.isEmpty() ? "{" : ", ");
    appendJsonString(m_text, k);
    m_text.append(": ");
}

ArgsWriter &ArgsWriter::str(std::string_view k, std::string_view value)
{
    key(k);
    appendJsonString(m_text, value);
    return *this;
}

ArgsWriter &ArgsWriter::str(std::string_view k, const QString &value)
{
    const QByteArray u = value.toUtf8();
    return str(k, std::string_view(u.constData(), size_t(u.size())));
}

ArgsWriter &ArgsWriter::num(std::string_view k, qint64 value)
{
    key(k);
    m_text.append(QByteArray::number(value));
    return *this;
}

ArgsWriter &ArgsWriter::num(std::string_view k, double value)
{
    key(k);
    m_text.append(std::isfinite(value) ? QByteArray::number(value, 'g', 17) : QByteArray("null"));
    return *this;
}

QByteArray ArgsWriter::done()
{
    if (m_text.isEmpty())
        return "{}";
    m_text.append('}');
    return std::move(m_text);
}

SyntheticTrace::SyntheticTrace() = default;

quint32 SyntheticTrace::intern(const QString &text)
{
    const QByteArray u = text.toUtf8();
    return m_strings.intern(std::string_view(u.constData(), size_t(u.size())));
}

quint32 SyntheticTrace::number(qint64 value)
{
    const QByteArray u = QByteArray::number(value);
    return m_strings.intern(std::string_view(u.constData(), size_t(u.size())));
}

void SyntheticTrace::meta(
    quint32 pid, quint32 tid, const char *kind, quint32 text, qint64 number, bool hasNumber)
{
    RawMeta m;
    m.pid = pid;
    m.tid = tid;
    m.kind = m_strings.intern(kind);
    m.text = text;
    m.number = number;
    m.hasNumber = hasNumber;
    m_input.metas.push_back(m);
}

void SyntheticTrace::processName(quint32 pid,
                                 const QString &name,
                                 qint64 sortIndex,
                                 const QString &label)
{
    meta(pid, 0, "process_name", intern(name), 0, false);
    meta(pid, 0, "process_sort_index", 0, sortIndex, true);
    if (!label.isEmpty())
        meta(pid, 0, "process_labels", intern(label), 0, false);
}

void SyntheticTrace::threadName(quint32 pid, quint32 tid, const QString &name, qint64 sortIndex)
{
    meta(pid, tid, "thread_name", intern(name), 0, false);
    meta(pid, tid, "thread_sort_index", 0, sortIndex, true);
}

quint32 SyntheticTrace::thread(quint32 pid, quint32 tid)
{
    const quint64 key = (quint64(pid) << 32) | tid;
    if (key == m_lastThreadKey)
        return m_lastThread;
    auto [it, added] = m_threads.emplace(key, quint32(m_input.threads.size()));
    if (added) {
        TrackedBuildInput::Thread t;
        t.pid = pid;
        t.tid = tid;
        m_input.threads.push_back(std::move(t));
    }
    m_lastThreadKey = key;
    m_lastThread = it->second;
    return m_lastThread;
}

void SyntheticTrace::slice(quint32 pid,
                           quint32 tid,
                           qint64 ts,
                           qint64 dur,
                           quint32 name,
                           quint32 category,
                           const QByteArray &args)
{
    slice(pid, tid, ts, dur, name, category, rawArgs(args));
}

void SyntheticTrace::slice(quint32 pid,
                           quint32 tid,
                           qint64 ts,
                           qint64 dur,
                           quint32 name,
                           quint32 category,
                           std::pair<qint64, quint32> args)
{
    const quint32 order = m_events++;
    ++m_slices;
    // An end past the largest timestamp: dropped before it reaches a track, as a text trace's.
    if (dur > 0 && ts > std::numeric_limits<qint64>::max() - dur) {
        m_input.badDurNames.push_back(name);
        return;
    }
    TrackedBuildInput::Thread &t = m_input.threads[thread(pid, tid)];
    if (dur < 0) {
        t.negativeDurNames.push_back(name);
        return;
    }
    PendingSlice p;
    p.start = ts;
    p.dur = dur;
    p.name = name;
    p.category = category;
    p.order = order;
    if (args.second > 0) {
        p.argsOffset = args.first;
        p.argsLength = args.second;
    }
    t.slices.push_back(p);
}

std::pair<qint64, quint32> SyntheticTrace::rawArgs(const QByteArray &args)
{
    if (args.isEmpty())
        return {-1, 0};
    return m_records.raw(std::string_view(args.constData(), size_t(args.size())));
}

void SyntheticTrace::instant(
    quint32 pid, quint32 tid, qint64 ts, quint32 name, quint32 category, const QByteArray &args)
{
    instant(pid, tid, ts, name, category, rawArgs(args));
}

void SyntheticTrace::instant(quint32 pid,
                             quint32 tid,
                             qint64 ts,
                             quint32 name,
                             quint32 category,
                             std::pair<qint64, quint32> args)
{
    ++m_events;
    ++m_instants;
    PendingInstant e;
    e.ts = ts;
    e.name = name;
    e.category = category;
    if (args.second > 0) {
        e.argsOffset = args.first;
        e.argsLength = args.second;
    }
    m_input.threads[thread(pid, tid)].instants.push_back(e);
}

void SyntheticTrace::counter(quint32 pid, quint32 name, quint32 series, qint64 ts, double value)
{
    ++m_counters;
    m_input.counters[std::make_tuple(pid, name, series)].emplace_back(ts, value);
}

void SyntheticTrace::flow(quint32 name,
                          quint32 category,
                          quint32 fromPid,
                          quint32 fromTid,
                          qint64 fromTs,
                          quint32 toPid,
                          quint32 toTid,
                          qint64 toTs)
{
    // Two events (s, f) in a RawEvent list: the start's thread is met first.
    m_events += 2;
    ++m_flows;
    PendingFlow f;
    f.fromThread = thread(fromPid, fromTid);
    f.toThread = thread(toPid, toTid);
    f.fromNs = fromTs;
    f.toNs = toTs;
    f.name = name;
    f.category = category;
    m_input.flows.push_back(f);
}

Result<TraceDataset> SyntheticTrace::finish(const QString &path,
                                            const QString &producer,
                                            int rank,
                                            Diagnostics diagnostics,
                                            const CancelToken &cancel)
{
    auto dataset = std::make_shared<TraceDataset>();
    // Counted as the events were given (before any drop), as a text trace counts them by phase.
    const std::pair<const char16_t *, qint64> byPhase[] = {
        {u"C", m_counters}, {u"X", m_slices}, {u"f", m_flows}, {u"i", m_instants}, {u"s", m_flows}};
    for (const auto &[phase, count] : byPhase) {
        if (count > 0)
            dataset->eventsByPhase[QString::fromUtf16(phase)] += count;
    }
    if (!m_input.metas.empty())
        dataset->eventsByPhase[u"M"_s] += qint64(m_input.metas.size());
    const bool empty = m_events == 0 && m_counters == 0;
    dataset->strings = std::move(m_strings);
    buildTraceDataset(m_input, dataset.get(), &diagnostics, cancel);
    if (cancel.isCanceled())
        return Result<TraceDataset>::canceled();
    dataset->strings.freeze();
    m_records.squeeze();
    dataset->argsRecords = std::make_shared<const TraceArgsRecords>(std::move(m_records));
    dataset->path = path;
    const QFileInfo info(path);
    dataset->fileSize = info.size();
    dataset->fileModified = info.lastModified();
    dataset->producer = producer;
    dataset->rank = rank;
    if (empty)
        diagnostics.add(u"empty_trace"_s, Tr::tr("The trace holds no events."), {}, Severity::Info);
    return Result<TraceDataset>::ok(std::move(dataset), std::move(diagnostics));
}

} // namespace Twinscope::Core
