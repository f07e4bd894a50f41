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
    // Inputs with steps (MindSpore dynamic_shape_info) cut after step 1 when nothing else says.
    bool stepCutoff = false;
    if (r.cutoffSource == CutoffSource::None) {
        for (const CompileEvent &e : ds.events) {
            if (e.step >= 1) {
                stepCutoff = true;
                r.cutoffSource = CutoffSource::Steps;
                break;
            }
        }
    }
    QList<bool> signatureFirstAfter(ds.signatures.size(), false);
    QSet<QString> recompileEvidence; // op types seen over time or steps, not only in a graph table

    r.signatureCompiles.fill(0, ds.signatures.size());
    r.signatureFirstNs.fill(-1, ds.signatures.size());
    QHash<QString, qsizetype> typeIndex;
    QList<QHash<quint32, qint64>> perTypeSignatureCounts;
    QList<SeenValues> perTypeSeen;
    QHash<quint32, qint64> conversionCounts;
    QList<quint32> conversionOrder;
    qint64 seen = 0;
    for (const CompileEvent &e : ds.events) {
        if (++seen % PollRecords == 0) {
            if (cancel.isCanceled())
                return Result<OpInfoReport>::canceled();
            progress.reportRange(seen, ds.events.size(), 0, 900, stage);
        }
        const OpSignature &sig = ds.signatures[e.signature];
        ++r.signatureCompiles[e.signature];
        if (e.timeNs >= 0 && r.signatureFirstNs[e.signature] < 0)
            r.signatureFirstNs[e.signature] = e.timeNs; // events are sorted by time
        auto it = typeIndex.find(sig.opType);
        if (it == typeIndex.end()) {
            it = typeIndex.insert(sig.opType, r.opTypes.size());
            OpTypeStats t;
            t.type = sig.opType;
            r.opTypes.append(t);
            perTypeSignatureCounts.append(QHash<quint32, qint64>());
            perTypeSeen.append(SeenValues());
        }
        OpTypeStats &t = r.opTypes[*it];
        ++t.compiles;
        const bool truncated = e.flags & CompileEvent::Truncated;
        if (truncated) {
            ++t.truncated;
            ++r.truncatedRecords;
        }
        if (e.flags & CompileEvent::Dynamic)
            ++t.dynamic;
        const bool after = stepCutoff ? e.step > 1 : (r.cutoffNs >= 0 && e.timeNs > r.cutoffNs);
        if (r.signatureCompiles[e.signature] == 1)
            signatureFirstAfter[e.signature] = after;
        // A framework_raw row is one kernel of a static graph: two Conv2D layers with different
        // shapes are two kernels, not a recompile.
        if (!(e.flags & CompileEvent::FromProfiler) || e.step >= 0)
            recompileEvidence.insert(sig.opType);
        if (after) {
            ++t.afterCutoff;
            ++r.afterCutoff;
        }
        if (e.timeNs >= 0) {
            if (t.firstNs < 0 || e.timeNs < t.firstNs)
                t.firstNs = e.timeNs;
            t.lastNs = std::max(t.lastNs, e.timeNs);
        }
        QHash<quint32, qint64> &counts = perTypeSignatureCounts[*it];
        if (!counts.contains(e.signature) && !truncated) {
            t.signatureIds.append(e.signature);
            ++t.signatures;
            QStringList shapes;
            for (const TensorDesc &d : sig.inputs)
                shapes.append(shapeText(d.shape));
            SeenValues &known = perTypeSeen[*it];
            addUnique(&t.shapes, &known.shapes, shapes.join(u' '));
            for (const QList<TensorDesc> *list : {&sig.inputs, &sig.outputs}) {
                for (const TensorDesc &d : *list) {
                    addUnique(&t.dtypes, &known.dtypes, tensorDataTypeName(d));
                    addUnique(&t.formats, &known.formats, tensorFormatName(d));
                    addUnique(&t.formats, &known.formats, tensorStorageFormatName(d));
                    t.privateFormat = t.privateFormat || isPrivateFormat(d.format) ||
                                      isPrivateFormat(d.storageFormat);
                }
            }
        }
        ++counts[e.signature];
        if (sig.opType == u"TransData"_s || sig.opType == u"Cast"_s) {
            (sig.opType == u"Cast"_s ? r.conversions.cast : r.conversions.transData) += 1;
            if (!conversionCounts.contains(e.signature))
                conversionOrder.append(e.signature);
            ++conversionCounts[e.signature];
        }
    }
    // Truncated signatures go last in each type's list: they are shown, never counted.
    for (qsizetype i = 0; i < r.opTypes.size(); ++i) {
        for (quint32 id : std::as_const(r.opTypes[i].signatureIds))
            r.opTypes[i].newAfterCutoff += signatureFirstAfter[id] ? 1 : 0;
        for (auto it = perTypeSignatureCounts[i].cbegin(); it != perTypeSignatureCounts[i].cend();
             ++it) {
            if (ds.signatures[it.key()].truncated)
                r.opTypes[i].signatureIds.append(it.key());
        }
    }
    if (r.compileEvents > 0) {
        r.conversions.transDataShare = double(r.conversions.transData) / double(r.compileEvents);
        r.conversions.castShare = double(r.conversions.cast) / double(r.compileEvents);
    }
    for (quint32 id : conversionOrder) {
        const OpSignature &sig = ds.signatures[id];
        ConversionSignature c;
        c.type = sig.opType;
        c.signature = id;
        c.count = conversionCounts.value(id);
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

    for (qsizetype i = 0; i < r.opTypes.size(); ++i) {
        const OpTypeStats &t = r.opTypes[i];
        if (t.signatures < 2 || !recompileEvidence.contains(t.type))
            continue;
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
            const qint64 n = perTypeSignatureCounts[i].value(id);
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
        r.recompiled.append(info);
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
