#include "opinfoanalysis.h"

#include "ascendenums.h"
#include "core/common/constants.h"
#include "core/common/tr.h"

#include <QHash>
#include <QSet>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace Twinscope::Core {

namespace {

QString shapeText(const QList<qint64> &shape)
{
    QString s = u"["_s;
    for (qsizetype i = 0; i < shape.size(); ++i) {
        if (i)
            s += u", "_s;
        s += QString::number(shape[i]);
    }
    return s + u']';
}

// Lists in first-seen order with a hash beside them: an op type compiled for 10^5 signatures
// made QStringList::contains quadratic (41 s, issue #16); this stays linear.
void addUnique(QStringList *list, QSet<QString> *seen, const QString &value)
{
    if (!seen->contains(value)) {
        seen->insert(value);
        list->append(value);
    }
}

// Short lists (a signature's private formats): a scan is cheaper than a hash.
void addUnique(QStringList *list, const QString &value)
{
    if (!list->contains(value))
        list->append(value);
}

// What one op type's lists already hold.
struct SeenValues
{
    QSet<QString> shapes, dtypes, formats;
};

// Counts of each value of one field across the compiles of one op type, in first-seen order.
struct FieldValues
{
    QList<QPair<QString, qint64>> values;
    QHash<QString, qsizetype> index;
    void add(const QString &v, qint64 n)
    {
        const auto it = index.constFind(v);
        if (it != index.cend()) {
            values[*it].second += n;
            return;
        }
        index.insert(v, values.size());
        values.append({v, n});
    }
};

// Field name -> values, in first-seen order of field names.
struct Fields
{
    QStringList order;
    QHash<QString, FieldValues> map;
    void add(const QString &field, const QString &value, qint64 n)
    {
        if (!map.contains(field))
            order.append(field);
        map[field].add(value, n);
    }
};

void addDescFields(Fields *f, const QString &side, const QList<TensorDesc> &descs, qint64 n)
{
    for (qsizetype i = 0; i < descs.size(); ++i) {
        const TensorDesc &d = descs[i];
        const QString base = side + u'[' + QString::number(i) + u']';
        f->add(base + u".DataType"_s, tensorDataTypeName(d), n);
        f->add(base + u".Format"_s, tensorFormatName(d), n);
        f->add(base + u".StorageFormat"_s, tensorStorageFormatName(d), n);
        f->add(base + u".rank"_s, QString::number(d.shape.size()), n);
        for (qsizetype k = 0; k < d.shape.size(); ++k)
            f->add(base + u".Shape["_s + QString::number(k) + u']', QString::number(d.shape[k]), n);
    }
}

QString remedyFor(const QString &type, qint64 signatures, const QList<VaryingDim> &varying)
{
    bool shape = false;
    bool dtype = false;
    bool format = false;
    bool attr = false;
    QStringList where;
    for (const VaryingDim &v : varying) {
        if (v.where.contains(u".Shape["_s) || v.where.endsWith(u".rank"_s) ||
            v.where == u"inputs"_s || v.where == u"outputs"_s)
            shape = true;
        else if (v.where.endsWith(u".DataType"_s))
            dtype = true;
        else if (v.where.endsWith(u"Format"_s))
            format = true;
        else if (v.where == u"Attr"_s)
            attr = true;
        if (where.size() < 3)
            where.append(v.where);
    }
    QStringList parts;
    parts.append(
        Tr::tr("%1 was compiled for %n different signature(s); %2 changed.", "", int(signatures))
            .arg(type, where.join(u", "_s)));
    if (shape)
        parts.append(
            Tr::tr("Keep these shapes fixed, or pad or bucket them to a few sizes (for example "
                   "pad sequence lengths to a multiple of 64 and drop the last partial batch) so "
                   "each size is compiled once in the first step."));
    if (dtype)
        parts.append(
            Tr::tr("Keep the input data types stable: cast once where data enters the model."));
    if (format)
        parts.append(
            Tr::tr("The input formats change, which usually comes with extra TransData: keep "
                   "tensors in one format."));
    if (attr)
        parts.append(Tr::tr("The attributes change between calls: pass constant attributes."));
    return parts.join(u' ');
}

// What the pass over the compile events gathers beside the report, for the phases after it.
struct CompileTally
{
    bool stepCutoff = false; // "after" means after step 1 rather than after cutoffNs
    QList<bool> signatureFirstAfter;
    QSet<QString> recompileEvidence; // op types seen over time or steps, not only in a graph table
    QHash<QString, qsizetype> typeIndex;
    QList<QHash<quint32, qint64>> perTypeSignatureCounts;
    QList<SeenValues> perTypeSeen;
    QHash<quint32, qint64> conversionCounts;
    QList<quint32> conversionOrder;
};

// Sets the report's cut-off: the user's, else the first dynamic compile; true when neither is
// there and the inputs have steps (MindSpore dynamic_shape_info), which cut after step 1.
bool chooseCutoff(const OpInfoDataset &ds, const OpInfoAnalysisOptions &options, OpInfoReport &r)
{
    if (options.cutoffNs >= 0) {
        r.cutoffNs = options.cutoffNs;
        r.cutoffSource = CutoffSource::User;
    } else {
        for (const CompileEvent &e : ds.events) {
            if ((e.flags & CompileEvent::Dynamic) && e.timeNs >= 0) {
                // The first dynamically compiled op is itself after the cut-off.
                r.cutoffNs = e.timeNs - 1;
                r.cutoffSource = CutoffSource::Markers;
                break;
            }
        }
    }
    if (r.cutoffSource != CutoffSource::None)
        return false;
    for (const CompileEvent &e : ds.events) {
        if (e.step >= 1) {
            r.cutoffSource = CutoffSource::Steps;
            return true;
        }
    }
    return false;
}

// The index of an op type's stats in r.opTypes, added on first sight.
qsizetype opTypeIndex(const QString &type, OpInfoReport &r, CompileTally &tally)
{
    auto it = tally.typeIndex.find(type);
    if (it == tally.typeIndex.end()) {
        it = tally.typeIndex.insert(type, r.opTypes.size());
        OpTypeStats t;
        t.type = type;
        r.opTypes.append(t);
        tally.perTypeSignatureCounts.append(QHash<quint32, qint64>());
        tally.perTypeSeen.append(SeenValues());
    }
    return *it;
}

// Counts one compile into its op type's and the report's totals.
void countCompile(const CompileEvent &e,
                  const OpSignature &sig,
                  OpTypeStats &t,
                  OpInfoReport &r,
                  CompileTally &tally)
{
    ++t.compiles;
    if (e.flags & CompileEvent::Truncated) {
        ++t.truncated;
        ++r.truncatedRecords;
    }
    if (e.flags & CompileEvent::Dynamic)
        ++t.dynamic;
    const bool after = tally.stepCutoff ? e.step > 1 : (r.cutoffNs >= 0 && e.timeNs > r.cutoffNs);
    if (r.signatureCompiles[e.signature] == 1)
        tally.signatureFirstAfter[e.signature] = after;
    // A framework_raw row is one kernel of a static graph: two Conv2D layers with different
    // shapes are two kernels, not a recompile.
    if (!(e.flags & CompileEvent::FromProfiler) || e.step >= 0)
        tally.recompileEvidence.insert(sig.opType);
    if (after) {
        ++t.afterCutoff;
        ++r.afterCutoff;
    }
    if (e.timeNs >= 0) {
        if (t.firstNs < 0 || e.timeNs < t.firstNs)
            t.firstNs = e.timeNs;
        t.lastNs = std::max(t.lastNs, e.timeNs);
    }
}

// A complete signature seen for the first time in its op type: its shapes, dtypes and formats.
void addSignature(OpTypeStats &t, quint32 id, const OpSignature &sig, SeenValues &known)
{
    t.signatureIds.append(id);
    ++t.signatures;
    QStringList shapes;
    for (const TensorDesc &d : sig.inputs)
        shapes.append(shapeText(d.shape));
    addUnique(&t.shapes, &known.shapes, shapes.join(u' '));
    for (const QList<TensorDesc> *list : {&sig.inputs, &sig.outputs}) {
        for (const TensorDesc &d : *list) {
            addUnique(&t.dtypes, &known.dtypes, tensorDataTypeName(d));
            addUnique(&t.formats, &known.formats, tensorFormatName(d));
            addUnique(&t.formats, &known.formats, tensorStorageFormatName(d));
            t.privateFormat =
                t.privateFormat || isPrivateFormat(d.format) || isPrivateFormat(d.storageFormat);
        }
    }
}

// The pass over the compile events, in time order; false when canceled.
bool tallyCompiles(const OpInfoDataset &ds,
                   OpInfoReport &r,
                   CompileTally &tally,
                   ProgressSink &progress,
                   const CancelToken &cancel,
                   const QString &stage)
{
    tally.signatureFirstAfter.fill(false, ds.signatures.size());
    r.signatureCompiles.fill(0, ds.signatures.size());
    r.signatureFirstNs.fill(-1, ds.signatures.size());
    qint64 seen = 0;
    for (const CompileEvent &e : ds.events) {
        if (++seen % PollRecords == 0) {
            if (cancel.isCanceled())
                return false;
            progress.reportRange(seen, ds.events.size(), 0, 900, stage);
        }
        const OpSignature &sig = ds.signatures[e.signature];
        ++r.signatureCompiles[e.signature];
        if (e.timeNs >= 0 && r.signatureFirstNs[e.signature] < 0)
            r.signatureFirstNs[e.signature] = e.timeNs; // events are sorted by time
        const qsizetype type = opTypeIndex(sig.opType, r, tally);
        OpTypeStats &t = r.opTypes[type];
        countCompile(e, sig, t, r, tally);
        QHash<quint32, qint64> &counts = tally.perTypeSignatureCounts[type];
        if (!counts.contains(e.signature) && !(e.flags & CompileEvent::Truncated))
            addSignature(t, e.signature, sig, tally.perTypeSeen[type]);
        ++counts[e.signature];
        if (sig.opType == u"TransData"_s || sig.opType == u"Cast"_s) {
            (sig.opType == u"Cast"_s ? r.conversions.cast : r.conversions.transData) += 1;
            if (!tally.conversionCounts.contains(e.signature))
                tally.conversionOrder.append(e.signature);
            ++tally.conversionCounts[e.signature];
        }
    }
    return true;
}

// Counts each type's signatures new after the cut-off, and appends its truncated signatures: they
// go last in the list, shown but never counted.
void finishSignatureLists(const OpInfoDataset &ds, OpInfoReport &r, const CompileTally &tally)
{
    for (qsizetype i = 0; i < r.opTypes.size(); ++i) {
        for (quint32 id : std::as_const(r.opTypes[i].signatureIds))
            r.opTypes[i].newAfterCutoff += tally.signatureFirstAfter[id] ? 1 : 0;
        const QHash<quint32, qint64> &counts = tally.perTypeSignatureCounts[i];
        for (auto it = counts.cbegin(); it != counts.cend(); ++it) {
            if (ds.signatures[it.key()].truncated)
                r.opTypes[i].signatureIds.append(it.key());
        }
    }
}

// TransData and Cast: their shares of all compiles and their signatures, most compiled first.
void summarizeConversions(const OpInfoDataset &ds, OpInfoReport &r, const CompileTally &tally)
{
    if (r.compileEvents > 0) {
        r.conversions.transDataShare = double(r.conversions.transData) / double(r.compileEvents);
        r.conversions.castShare = double(r.conversions.cast) / double(r.compileEvents);
    }
    for (quint32 id : tally.conversionOrder) {
        const OpSignature &sig = ds.signatures[id];
        ConversionSignature c;
        c.type = sig.opType;
        c.signature = id;
        c.count = tally.conversionCounts.value(id);
        c.description = describeSignature(sig);
        for (const QList<TensorDesc> *list : {&sig.inputs, &sig.outputs}) {
            for (const TensorDesc &d : *list) {
                for (int code : {d.format, d.storageFormat}) {
                    if (isPrivateFormat(code))
                        addUnique(&c.privateFormats, privateFormatShortName(code));
                }
            }
        }
        r.conversions.signatures.append(c);
    }
    std::stable_sort(r.conversions.signatures.begin(),
                     r.conversions.signatures.end(),
                     [](const ConversionSignature &a, const ConversionSignature &b) {
                         return a.count > b.count;
                     });
}

// One recompiled op type: which fields of its signatures vary, and the remedy for them.
RecompileInfo recompileInfoFor(const OpInfoDataset &ds,
                               const OpTypeStats &t,
                               const QHash<quint32, qint64> &signatureCounts)
{
    RecompileInfo info;
    info.type = t.type;
    info.signatures = t.signatures;
    info.compiles = t.compiles;
    info.afterCutoff = t.afterCutoff;
    info.newAfterCutoff = t.newAfterCutoff;
    info.dynamic = t.dynamic;
    Fields fields;
    for (quint32 id : t.signatureIds) {
        const OpSignature &sig = ds.signatures[id];
        if (sig.truncated)
            continue;
        const qint64 n = signatureCounts.value(id);
        fields.add(u"inputs"_s, QString::number(sig.inputs.size()), n);
        fields.add(u"outputs"_s, QString::number(sig.outputs.size()), n);
        addDescFields(&fields, u"InputDesc"_s, sig.inputs, n);
        addDescFields(&fields, u"OutputDesc"_s, sig.outputs, n);
        fields.add(u"Attr"_s, sig.attr, n);
    }
    for (const QString &name : std::as_const(fields.order)) {
        const FieldValues &v = fields.map[name];
        if (v.values.size() > 1)
            info.varying.append(VaryingDim{name, v.values});
    }
    info.remedy = remedyFor(t.type, t.signatures, info.varying);
    return info;
}

// Op types with two or more signatures seen over time or steps; most new after the cut-off first.
void explainRecompiles(const OpInfoDataset &ds, OpInfoReport &r, const CompileTally &tally)
{
    for (qsizetype i = 0; i < r.opTypes.size(); ++i) {
        const OpTypeStats &t = r.opTypes[i];
        if (t.signatures < 2 || !tally.recompileEvidence.contains(t.type))
            continue;
        r.recompiled.append(recompileInfoFor(ds, t, tally.perTypeSignatureCounts[i]));
    }
    std::stable_sort(r.recompiled.begin(),
                     r.recompiled.end(),
                     [](const RecompileInfo &a, const RecompileInfo &b) {
                         if (a.newAfterCutoff != b.newAfterCutoff)
                             return a.newAfterCutoff > b.newAfterCutoff;
                         if (a.afterCutoff != b.afterCutoff)
                             return a.afterCutoff > b.afterCutoff;
                         return a.signatures > b.signatures;
                     });
}

} // namespace

QString cutoffSourceId(CutoffSource source)
{
    switch (source) {
    case CutoffSource::User:
        return u"user"_s;
    case CutoffSource::Markers:
        return u"markers"_s;
    case CutoffSource::Steps:
        return u"steps"_s;
    case CutoffSource::None:
        break;
    }
    return u"none"_s;
}

QString describeTensor(const TensorDesc &d)
{
    QString s = tensorDataTypeName(d) + u' ' + tensorFormatName(d) + u' ' + shapeText(d.shape);
    if (d.storageFormat != d.format || (d.hasStorageShape && d.storageShape != d.shape))
        s += u" (storage "_s + tensorStorageFormatName(d) + u' ' + shapeText(d.storageShape) + u')';
    if (d.isConst)
        s += u" const"_s;
    return s;
}

QString describeSignature(const OpSignature &sig)
{
    QStringList in;
    for (const TensorDesc &d : sig.inputs)
        in.append(describeTensor(d));
    QStringList out;
    for (const TensorDesc &d : sig.outputs)
        out.append(describeTensor(d));
    QString s = in.join(u", "_s) + u" -> "_s + out.join(u", "_s);
    if (sig.truncated)
        s += u" …"_s;
    return s;
}

Result<OpInfoReport> analyzeOpInfo(const OpInfoDataset &ds,
                                   const OpInfoAnalysisOptions &options,
                                   ProgressSink &progress,
                                   const CancelToken &cancel)
{
    auto report = std::make_shared<OpInfoReport>();
    OpInfoReport &r = *report;
    const QString stage = Tr::tr("Analysing op info");
    progress.report(0, stage);
    r.compileEvents = ds.events.size();
    CompileTally tally;
    tally.stepCutoff = chooseCutoff(ds, options, r);
    if (!tallyCompiles(ds, r, tally, progress, cancel, stage))
        return Result<OpInfoReport>::canceled();
    finishSignatureLists(ds, r, tally);
    summarizeConversions(ds, r, tally);
    explainRecompiles(ds, r, tally);
    std::stable_sort(
        r.opTypes.begin(), r.opTypes.end(), [](const OpTypeStats &a, const OpTypeStats &b) {
            return a.compiles > b.compiles;
        });
    progress.report(1000, stage);
    return Result<OpInfoReport>::ok(std::move(report));
}

OpInfoReport analyzeOpInfo(const OpInfoDataset &dataset, const OpInfoAnalysisOptions &options)
{
    ProgressSink progress;
    return *analyzeOpInfo(dataset, options, progress, CancelToken()).value();
}

} // namespace Twinscope::Core
