#include "opinfofindings.h"

#include "core/common/tr.h"
#include "core/opinfo/opinfoanalysis.h"

#include <QJsonArray>
#include <QLocale>

using namespace Qt::StringLiterals;

namespace Twinscope::Core {

namespace {

QString portingGuide()
{
    return Tr::tr("PyTorch Network Model Porting and Training Guide: performance tuning");
}

QString firstFile(const OpInfoDataset &dataset)
{
    return dataset.files.value(0);
}

// "32 (2), 48 (1)": each value of a varying dimension with how many compiles saw it.
QString valuesText(const VaryingDim &v)
{
    QStringList parts;
    for (const auto &[value, count] : v.values)
        parts << u"%1 (%2)"_s.arg(value).arg(count);
    return parts.join(u", "_s);
}

} // namespace

FindingList opInfoFindings(const OpInfoDataset &dataset, const OpInfoReport &report)
{
    const QLocale locale;
    FindingList out;
    for (const RecompileInfo &rc : report.recompiled) {
        if (rc.newAfterCutoff <= 0)
            continue;
        Finding f;
        f.code = u"opinfo.recompile"_s;
        f.severity = FindingSeverity::Warning;
        f.weight = double(rc.newAfterCutoff);
        f.guide = portingGuide();
        QJsonArray varying;
        for (const VaryingDim &v : rc.varying)
            varying.append(QJsonObject{{u"where"_s, v.where}, {u"values"_s, valuesText(v)}});
        f.evidence = QJsonObject{{u"file"_s, firstFile(dataset)},
                                 {u"op_type"_s, rc.type},
                                 {u"signatures"_s, double(rc.signatures)},
                                 {u"compiles"_s, double(rc.compiles)},
                                 {u"new_after_cutoff"_s, double(rc.newAfterCutoff)},
                                 {u"cutoff"_s, cutoffSourceId(report.cutoffSource)},
                                 {u"varying"_s, varying}};
        const QString dim = rc.varying.isEmpty() ? Tr::tr("the signature")
                                                 : u"%1 = %2"_s.arg(rc.varying.first().where,
                                                                    valuesText(rc.varying.first()));
        f.text = Tr::tr("%1 was compiled again after the first step: %2 new signature(s), %3 "
                        "varies.")
                     .arg(rc.type, locale.toString(rc.newAfterCutoff), dim);
        f.nextAction = rc.remedy;
        f.link.view = FindingLink::View::OpInfoType;
        f.link.file = firstFile(dataset);
        f.link.name = rc.type;
        out.push_back(std::move(f));
    }
    for (const AiCpuFallback &a : dataset.aicpuFallbacks) {
        Finding f;
        f.code = u"opinfo.aicpu_fallback"_s;
        f.severity = FindingSeverity::Warning;
        f.weight = double(a.count);
        f.guide = portingGuide();
        const QString file = dataset.files.value(qsizetype(a.firstFile));
        f.evidence = QJsonObject{{u"file"_s, file},
                                 {u"op"_s, a.op},
                                 {u"count"_s, double(a.count)},
                                 {u"line"_s, double(a.firstLine)},
                                 {u"message"_s, a.first}};
        f.text = Tr::tr("%1 runs on the AI CPU instead of the AI Core (%2 time(s)).")
                     .arg(a.op, locale.toString(a.count));
        f.nextAction = Tr::tr("Change the input dtype or shape to one the AI Core kernel of %1 "
                              "supports, or replace the call with an equivalent supported op.")
                           .arg(a.op);
        f.link.view = FindingLink::View::LogLine;
        f.link.file = file;
        f.link.line = a.firstLine;
        out.push_back(std::move(f));
    }
    const ConversionStats &cv = report.conversions;
    const double share = cv.transDataShare + cv.castShare;
    if (report.compileEvents > 0 && share > ConversionShareFinding) {
        Finding f;
        f.code = u"opinfo.conversions"_s;
        f.severity = FindingSeverity::Info;
        f.weight = share;
        f.guide = portingGuide();
        f.evidence = QJsonObject{
            {u"file"_s, firstFile(dataset)},
            {u"transdata"_s, double(cv.transData)},
            {u"cast"_s, double(cv.cast)},
            {u"share"_s, share},
            {u"top"_s, cv.signatures.isEmpty() ? QString() : cv.signatures.first().description}};
        f.text = Tr::tr("TransData and Cast make up %1% of the compiled ops.")
                     .arg(locale.toString(100.0 * share, 'f', 0));
        f.nextAction = Tr::tr("Look at the most frequent conversion; keep tensors in one format "
                              "and dtype across neighbouring ops (e.g. avoid float32 islands in "
                              "float16 code).");
        f.link.view = FindingLink::View::OpInfoType;
        f.link.file = firstFile(dataset);
        f.link.name = cv.transData >= cv.cast ? u"TransData"_s : u"Cast"_s;
        out.push_back(std::move(f));
    }
    return out;
}

} // namespace Twinscope::Core
