#pragma once

#include "core/common/diagnostics.h"
#include "core/common/progress.h"
#include "core/common/result.h"
#include "traceargsrecords.h"
#include "tracebuilder.h"

#include <QByteArray>
#include <QString>

#include <string_view>
#include <unordered_map>

namespace Twinscope::Core {

// Builds a TraceDataset from rows of a database rather than from chrome-trace JSON: the readers
// of profiler databases (torch_npu, CANN, Nsight Systems) describe processes, threads, slices,
// instants, counters and flows here, and the chrome-trace builder does the rest (lanes by nesting,
// flow binding, display order), so a database opens exactly like the equivalent trace_view.json.
// Args are kept as typed records (TraceArgsRecords) and read back as the JSON text the text
// exports hold, under their keys ("Task Type", "Input Dims", ...), so every analysis reads them the
// same way; readers describe a record through args() and pass what end() gives to slice/instant.
class SyntheticTrace
{
public:
    SyntheticTrace();

    quint32 intern(std::string_view text) { return m_strings.intern(text); }
    quint32 intern(const char *text) { return m_strings.intern(std::string_view(text)); }
    quint32 intern(const QString &text);
    quint32 number(qint64 value); // the decimal text of value, interned (pids, tids)
    std::string_view view(quint32 id) const { return m_strings.view(id); }

    void processName(quint32 pid, const QString &name, qint64 sortIndex, const QString &label = {});
    void threadName(quint32 pid, quint32 tid, const QString &name, qint64 sortIndex);

    // The args records of this trace: addLayout once, then begin/fields/end per event.
    TraceArgsRecords &args() { return m_records; }
    // A complete slice; args is a JSON object's text (or empty), or a record of args().
    void slice(quint32 pid,
               quint32 tid,
               qint64 ts,
               qint64 dur,
               quint32 name,
               quint32 category,
               const QByteArray &args = {});
    void slice(quint32 pid,
               quint32 tid,
               qint64 ts,
               qint64 dur,
               quint32 name,
               quint32 category,
               std::pair<qint64, quint32> args);
    void instant(quint32 pid,
                 quint32 tid,
                 qint64 ts,
                 quint32 name,
                 quint32 category,
                 const QByteArray &args = {});
    void instant(quint32 pid,
                 quint32 tid,
                 qint64 ts,
                 quint32 name,
                 quint32 category,
                 std::pair<qint64, quint32> args);
    void counter(quint32 pid, quint32 name, quint32 series, qint64 ts, double value);
    // A flow from the slice enclosing fromTs on (fromPid, fromTid) to the one enclosing toTs on
    // (toPid, toTid).
    void flow(quint32 name,
              quint32 category,
              quint32 fromPid,
              quint32 fromTid,
              qint64 fromTs,
              quint32 toPid,
              quint32 toTid,
              qint64 toTs);

    // Builds the dataset; the path, producer and rank are the file's.
    Result<TraceDataset> finish(const QString &path,
                                const QString &producer,
                                int rank,
                                Diagnostics diagnostics,
                                const CancelToken &cancel);

private:
    // The staging of the thread (pid, tid), made when its first kept event comes; the index is
    // the order the builder gives the thread tracks.
    quint32 thread(quint32 pid, quint32 tid);
    std::pair<qint64, quint32> rawArgs(const QByteArray &args);
    void
    meta(quint32 pid, quint32 tid, const char *kind, quint32 text, qint64 number, bool hasNumber);

    TraceStringTable m_strings;
    // Events go straight to their thread's staging (no RawEvent list): see TrackedBuildInput.
    TrackedBuildInput m_input;
    std::unordered_map<quint64, quint32> m_threads;
    quint64 m_lastThreadKey = ~quint64(0);
    quint32 m_lastThread = 0;
    // The index an event would have in a RawEvent list: orders equal-start slices as the text
    // trace of the same events would.
    quint32 m_events = 0;
    qint64 m_slices = 0, m_instants = 0, m_flows = 0, m_counters = 0;
    TraceArgsRecords m_records;
};

// Writes one JSON object's members: {"key": value, ...}.
class ArgsWriter
{
public:
    ArgsWriter &str(std::string_view key, std::string_view value);
    ArgsWriter &str(std::string_view key, const QString &value);
    ArgsWriter &num(std::string_view key, qint64 value);
    ArgsWriter &num(std::string_view key, double value); // non-finite values are written null
    QByteArray done();

private:
    void key(std::string_view key);
    QByteArray m_text;
};

} // namespace Twinscope::Core
