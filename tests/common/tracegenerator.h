#pragma once

// A generated chrome trace of any size (issue #28: a preview must appear before a load ends): a
// kineto-like object with process and thread names, then `steps` ProfilerStep#N spans on the host
// thread, each over `opsPerStep` host ops (with args) and as many kernels on a GPU stream, in time
// order as profilers write them. About 330 bytes per op; 20 000 ops make 6.6 MB.

#include <QByteArray>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QString>

namespace TraceGen {

inline bool writeTrace(const QString &path, int steps, int opsPerStep)
{
    QDir().mkpath(QFileInfo(path).absolutePath());
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly))
        return false;
    QByteArray out;
    out += "{\"schemaVersion\":1,\"traceEvents\":[\n"
           "{\"ph\":\"M\",\"name\":\"process_name\",\"pid\":1,\"tid\":0,\"args\":{\"name\":"
           "\"python\"}},\n"
           "{\"ph\":\"M\",\"name\":\"thread_name\",\"pid\":1,\"tid\":1,\"args\":{\"name\":"
           "\"main\"}},\n"
           "{\"ph\":\"M\",\"name\":\"process_name\",\"pid\":0,\"tid\":0,\"args\":{\"name\":"
           "\"GPU 0\"}}";
    bool ok = true;
    qint64 us = 1000;
    for (int s = 0; s < steps && ok; ++s) {
        const qint64 stepStart = us;
        const qint64 stepDur = qint64(opsPerStep) * 10 + 5;
        out += ",\n{\"ph\":\"X\",\"cat\":\"user_annotation\",\"name\":\"ProfilerStep#" +
               QByteArray::number(s) +
               "\",\"pid\":1,\"tid\":1,\"ts\":" + QByteArray::number(stepStart) +
               ",\"dur\":" + QByteArray::number(stepDur) + "}";
        for (int k = 0; k < opsPerStep; ++k) {
            const qint64 ts = stepStart + 1 + qint64(k) * 10;
            const QByteArray name = "aten::op_" + QByteArray::number(k % 37);
            out += ",\n{\"ph\":\"X\",\"cat\":\"cpu_op\",\"name\":\"" + name +
                   "\",\"pid\":1,\"tid\":1,\"ts\":" + QByteArray::number(ts) +
                   ",\"dur\":6,\"args\":{\"External id\":" + QByteArray::number(k) +
                   ",\"Sequence number\":" + QByteArray::number(s) + "}}";
            out += ",\n{\"ph\":\"X\",\"cat\":\"kernel\",\"name\":\"kernel_" +
                   QByteArray::number(k % 23) +
                   "\",\"pid\":0,\"tid\":7,\"ts\":" + QByteArray::number(ts + 3) +
                   ",\"dur\":5,\"args\":{\"stream\":7}}";
            if (out.size() > (4 << 20)) {
                ok = f.write(out) == out.size();
                out.clear();
            }
        }
        us = stepStart + stepDur + 5;
    }
    out += "\n]}\n";
    return ok && f.write(out) == out.size();
}

} // namespace TraceGen
