// libFuzzer target for the triage readers (issue #15): any bytes as a .twinscope workspace, as a
// knowledge-base file and as a log scanned for known errors must read, be skipped with a warning
// or fail cleanly; whatever was read must write back and read again the same.
#include "core/triage/investigationfile.h"
#include "core/triage/knownerrors.h"

#include <QFile>
#include <QJsonDocument>
#include <QTemporaryDir>

#include <cstddef>
#include <cstdint>

using namespace Twinscope::Core;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static QTemporaryDir dir;
    static const KnowledgeBase builtin = loadKnowledgeBase({}, nullptr);
    const QByteArray bytes(reinterpret_cast<const char *>(data), qsizetype(size));
    const QString path = dir.filePath(QStringLiteral("fuzz.json"));
    {
        QFile f(path);
        if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate))
            return 0;
        f.write(bytes);
    }
    const Result<InvestigationFile> ws = readInvestigationFile(path);
    if (ws.isOk()) {
        // What was read writes back and reads again the same.
        const QByteArray again = investigationBytes(*ws.value(), dir.path());
        const InvestigationFile back =
            investigationFromJson(QJsonDocument::fromJson(again).object(), dir.path(), nullptr);
        if (!(back == *ws.value()) && back.inputs.size() == ws.value()->inputs.size())
            __builtin_trap();
    }
    KnowledgeBase kb = builtin;
    Diagnostics d;
    (void)readKnowledgeFile(path, &kb, &d);
    ProgressSink progress;
    const Result<KnownErrorReport> r =
        scanKnownErrors(Source::fromBytes(bytes, QStringLiteral("fuzz.log")), kb, progress, {});
    (void)r;
    return 0;
}
