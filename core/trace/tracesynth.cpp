#include "tracesynth.h"

#include "core/common/tr.h"

#include <QFileInfo>

#include <algorithm>
#include <array>
#include <cmath>

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

RawEvent &SyntheticTrace::push(char phase, quint32 pid, quint32 tid, qint64 ts)
{
    RawEvent e;
    e.phase = phase;
    e.pid = pid;
    e.tid = tid;
    e.ts = ts;
    e.offset = -1;
    e.flags = RawFlag::HasTs | RawFlag::HasPid | RawFlag::HasTid;
    m_input.events.push_back(e);
    return m_input.events.back();
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
    RawEvent &e = push('X', pid, tid, ts);
    e.dur = dur;
    e.flags |= RawFlag::HasDur;
    e.name = name;
    e.category = category;
    if (args.second > 0) {
        e.argsOffset = args.first;
        e.argsLength = args.second;
    }
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
    RawEvent &e = push('i', pid, tid, ts);
    e.name = name;
    e.category = category;
    e.scope = 't';
    if (args.second > 0) {
        e.argsOffset = args.first;
        e.argsLength = args.second;
    }
}

void SyntheticTrace::reserve(qint64 events, qint64 counters)
{
    m_input.events.reserve(m_input.events.size() + size_t(std::max<qint64>(0, events)));
    m_input.counters.reserve(m_input.counters.size() + size_t(std::max<qint64>(0, counters)));
}

void SyntheticTrace::counter(quint32 pid, quint32 name, quint32 series, qint64 ts, double value)
{
    RawCounter c;
    c.ts = ts;
    c.value = value;
    c.pid = pid;
    c.name = name;
    c.series = series;
    c.order = quint32(m_input.counters.size());
    m_input.counters.push_back(c);
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
    const quint64 id = m_nextFlow++;
    RawEvent &s = push('s', fromPid, fromTid, fromTs);
    s.name = name;
    s.category = category;
    s.id = id;
    s.flags |= RawFlag::HasId;
    RawEvent &f = push('f', toPid, toTid, toTs);
    f.name = name;
    f.category = category;
    f.id = id;
    f.flags |= RawFlag::HasId | RawFlag::BindEnclosing;
}

Result<TraceDataset> SyntheticTrace::finish(const QString &path,
                                            const QString &producer,
                                            int rank,
                                            Diagnostics diagnostics,
                                            const CancelToken &cancel)
{
    auto dataset = std::make_shared<TraceDataset>();
    // Counted by phase character first: a QString key per event cost more than the event.
    std::array<qint64, 256> byPhase{};
    for (const RawEvent &e : m_input.events)
        ++byPhase[uchar(e.phase)];
    for (int c = 0; c < 256; ++c) {
        if (byPhase[size_t(c)] > 0)
            dataset->eventsByPhase[QString(QLatin1Char(char(c)))] += byPhase[size_t(c)];
    }
    if (!m_input.counters.empty())
        dataset->eventsByPhase[u"C"_s] += qint64(m_input.counters.size());
    if (!m_input.metas.empty())
        dataset->eventsByPhase[u"M"_s] += qint64(m_input.metas.size());
    const bool empty = m_input.events.empty() && m_input.counters.empty();
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
