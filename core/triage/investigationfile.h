#pragma once

#include "checklist.h"
#include "core/common/diagnostics.h"
#include "core/common/error.h"
#include "core/common/result.h"

#include <QJsonObject>
#include <QList>
#include <QString>

#include <optional>

namespace Twinscope::Core {

// The investigation a `.twinscope` file holds (issue #15): every input with its role, the
// thresholds, mapping files, each view's state, notes and the precision checklist. Findings are
// not stored: they are drawn from the inputs again when the file opens.
enum class InputRole : quint8 { Benchmark, Target, Log, Other };
QString inputRoleId(InputRole role); // "benchmark", "target", "log", "other"
std::optional<InputRole> inputRoleFromId(const QString &id);
QString inputRoleName(InputRole role); // translated

struct InvestigationInput
{
    QString path; // absolute in memory; written relative to the workspace file
    QString kind; // fileKindId() of what it was opened as ("loss", "dump", ...), or "log"
    InputRole role = InputRole::Other;
    int rank = -1; // -1: not given
    qint64 step = -1;
    QString label;
    bool operator==(const InvestigationInput &) const = default;
};

// What a user set that changes a conclusion. Defaults are those of the CLI commands.
struct TriageSettings
{
    double lossRtol = 1e-2;
    double lossAtol = 0.0;
    int lossK = 3;
    QString lossMetric; // empty: the benchmark's main metric
    double dumpCosine = 0.99;
    double dumpMaxAbsErr = 0.001;
    qint64 opinfoCutoffNs = -1;
    bool operator==(const TriageSettings &) const = default;
};

struct MappingFile
{
    QString path;
    QString kind; // "dump_names" (regex -> replacement), "op_names", "knowledge", "op_families"
    bool operator==(const MappingFile &) const = default;
};

struct InvestigationFile
{
    static constexpr int SchemaVersion = 1;
    QString title;
    QList<InvestigationInput> inputs;
    TriageSettings settings;
    QList<MappingFile> mappings;
    QJsonObject view; // {"current": kind id, "<kind>": that view's own state}
    QString notes;
    Checklist checklist = Checklist::blank();

    QStringList mappingPaths(const QString &kind) const;
    bool operator==(const InvestigationFile &) const = default;
};

// The JSON document with paths made relative to baseDir (the workspace file's folder).
QJsonObject investigationJson(const InvestigationFile &workspace, const QString &baseDir);
// Reads it back, paths made absolute against baseDir; entries that cannot be read are warnings.
InvestigationFile
investigationFromJson(const QJsonObject &object, const QString &baseDir, Diagnostics *diagnostics);

// The file's bytes: the JSON document, indented, with "twinscopeWorkspace" as its first key.
QByteArray investigationBytes(const InvestigationFile &workspace, const QString &baseDir);

// True when the file's first bytes are a Twinscope workspace (a JSON object whose first key is
// "twinscopeWorkspace", as investigationBytes() writes it): how `triage` and File > Open tell a
// workspace from an input.
bool isInvestigationFile(const QString &path);

// Reads a workspace file (read-only). Fails on unreadable files, invalid JSON (with the offset),
// a JSON document that is not a workspace, or a newer schema version.
Result<InvestigationFile> readInvestigationFile(const QString &path);

// Writes through a temporary file renamed over the target (QSaveFile), so a crash leaves the old
// file or the new one, never half of one. Refuses to write over one of the workspace's inputs or
// over an existing file that is not a Twinscope workspace.
std::optional<Error> writeInvestigationFile(const InvestigationFile &workspace,
                                            const QString &path);

// Inputs whose path no longer exists (reported when the file opens; the others still open).
QList<InvestigationInput> missingInputs(const InvestigationFile &workspace);

} // namespace Twinscope::Core
