#include "tracesynth.h"

#include "core/common/tr.h"

#include <QFileInfo>

#include <cmath>

using namespace Qt::StringLiterals;

namespace Twinscope::Core {

namespace {

void appendJsonString(QByteArray &out, std::string_view s)
{
    out.append('"');
    for (const char c : s) {
        switch (c) {
        case '"':
            out.append("\\\"");
            break;
        case '\\':
            out.append("\\\\");
            break;
        case '\n':
            out.append("\\n");
            break;
        case '\r':
            out.append("\\r");
            break;
        case '\t':
            out.append("\\t");
            break;
        default:
            if (uchar(c) < 0x20)
                out.append(QByteArray("\\u00") +
                           QByteArray::number(uchar(c), 16).rightJustified(2, '0'));
            else
                out.append(c);
        }
    }
    out.append('"');
}

} // namespace

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
    RawEvent &e = push('X', pid, tid, ts);
    e.dur = dur;
    e.flags |= RawFlag::HasDur;
    e.name = name;
    e.category = category;
    if (!args.isEmpty()) {
        e.argsOffset = m_arena.size();
        e.argsLength = quint32(args.size());
        m_arena.append(args);
    }
}

void SyntheticTrace::instant(
    quint32 pid, quint32 tid, qint64 ts, quint32 name, quint32 category, const QByteArray &args)
{
    RawEvent &e = push('i', pid, tid, ts);
    e.name = name;
    e.category = category;
    e.scope = 't';
    if (!args.isEmpty()) {
        e.argsOffset = m_arena.size();
        e.argsLength = quint32(args.size());
        m_arena.append(args);
    }
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
    for (const RawEvent &e : m_input.events)
        ++dataset->eventsByPhase[QString(QLatin1Char(e.phase))];
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
    m_arena.squeeze();
    dataset->argsArena = std::move(m_arena);
    dataset->argsInArena = true;
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
