#pragma once

#include "core/common/progress.h"
#include "core/common/result.h"
#include "opinfodataset.h"

#include <QList>
#include <QPair>
#include <QString>
#include <QStringList>

namespace Twinscope::Core {

// Where "after the first step" starts (docs/FORMATS.md §4.4): a time the user gives (--after, or a
// step boundary read from a trace), else the first compile followed by a recompile marker, else
// (inputs with steps) the end of step 1.
enum class CutoffSource { None, User, Markers, Steps };
QString cutoffSourceId(CutoffSource source); // "none", "user", "markers", "steps"

struct OpInfoAnalysisOptions
{
    qint64 cutoffNs = -1; // compiles with a later time count as "after the cut-off"; -1: none given
};

// One field that differs between the signatures of one op type, with how many compiles saw each
// value (first-seen order).
struct VaryingDim
{
    QString where; // "InputDesc[0].Shape[0]", "OutputDesc[1].DataType", "inputs", "Attr"
    QList<QPair<QString, qint64>> values;
};

struct OpTypeStats
{
    QString type;
    qint64 compiles = 0;
    qint64 signatures = 0; // distinct complete signatures
    qint64 truncated = 0;  // compiles whose record was cut
    qint64 dynamic = 0;    // compiles followed by a recompile marker
    qint64 afterCutoff = 0;
    qint64 newAfterCutoff = 0; // signatures first compiled after the cut-off: the recompiles
    qint64 firstNs = -1;
    qint64 lastNs = -1;
    QStringList shapes;  // distinct input shape lists, "[32, 1024] [1024, 4096]"
    QStringList dtypes;  // names, first-seen order
    QStringList formats; // names incl. storage formats
    bool privateFormat = false;
    QList<quint32> signatureIds; // complete ones first, in first-seen order
};

struct ConversionSignature
{
    QString type; // "TransData" or "Cast"
    quint32 signature = 0;
    qint64 count = 0;
    QString description;        // "float16 ND [32, 1024] -> float16 FRACTAL_NZ [32, 1024]"
    QStringList privateFormats; // "NZ", "5HD", "FZ"
};

struct ConversionStats
{
    qint64 transData = 0;
    qint64 cast = 0;
    double transDataShare = 0; // of all compile events
    double castShare = 0;
    QList<ConversionSignature> signatures; // most compiled first
};

struct RecompileInfo
{
    QString type;
    qint64 signatures = 0;
    qint64 compiles = 0;
    qint64 afterCutoff = 0;
    qint64 newAfterCutoff = 0;
    qint64 dynamic = 0;
    QList<VaryingDim> varying;
    QString remedy; // translated advice from the porting guide: fixed shapes, padding/bucketing
};

struct OpInfoReport
{
    qint64 compileEvents = 0;
    qint64 truncatedRecords = 0;
    qint64 afterCutoff = 0;
    qint64 cutoffNs = -1;
    CutoffSource cutoffSource = CutoffSource::None;
    QList<OpTypeStats> opTypes; // most compiled first
    ConversionStats conversions;
    QList<RecompileInfo> recompiled; // most new signatures after the cut-off first
    // Per signature id (index into OpInfoDataset::signatures).
    QList<qint64> signatureCompiles;
    QList<qint64> signatureFirstNs;
};

// Op-type table, TransData/Cast overhead and recompilation in one pass over the events; polls
// cancel every PollRecords events.
Result<OpInfoReport> analyzeOpInfo(const OpInfoDataset &dataset,
                                   const OpInfoAnalysisOptions &options,
                                   ProgressSink &progress,
                                   const CancelToken &cancel);
// The same, for callers with nothing to cancel (tests).
OpInfoReport analyzeOpInfo(const OpInfoDataset &dataset, const OpInfoAnalysisOptions &options = {});

// "float16 ND [32, 1024]" plus " (storage FRACTAL_NZ [64, 2, 16, 16])" when the storage differs.
QString describeTensor(const TensorDesc &desc);
// Inputs " , " joined, " -> ", outputs.
QString describeSignature(const OpSignature &signature);

} // namespace Twinscope::Core
