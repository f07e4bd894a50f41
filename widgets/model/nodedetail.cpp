#include "nodedetail.h"

#include "widgets/model/moduletreemodel.h"

#include <QCoreApplication>
#include <QRegularExpression>

using namespace Qt::StringLiterals;
using namespace Twinscope::Core;

namespace Twinscope::Widgets {

namespace {

struct DetailTr
{
    Q_DECLARE_TR_FUNCTIONS(ModelDetail)
};

QString esc(const QString &s)
{
    return s.toHtmlEscaped();
}

QString argCells(const ModuleArg *a)
{
    if (!a)
        return u"<td colspan=2>—</td>"_s;
    auto n = [](double v) {
        return QString::number(v, 'g', 6);
    };
    if (!a->isTensor) {
        return u"<td>%1</td><td>%2</td>"_s.arg(esc(a->type), esc(a->value));
    }
    QStringList shape;
    for (qint64 d : a->shape)
        shape << QString::number(d);
    QString stats = u"max %1<br>min %2<br>mean %3<br>norm %4"_s.arg(
        n(a->stats.max), n(a->stats.min), n(a->stats.mean), n(a->stats.norm));
    if (!a->md5.isEmpty())
        stats += u"<br>md5 "_s + esc(a->md5);
    return u"<td>%1<br>[%2]</td><td>%3</td>"_s.arg(esc(a->dtype), shape.join(u", "_s), stats);
}

const QStringList *stackOf(const ModuleTree &t, const QString &id)
{
    if (auto it = t.callStacks.constFind(id); it != t.callStacks.constEnd())
        return &it.value();
    // msprobe gives a backward node its forward's stack (call 0 for modules).
    static const QRegularExpression moduleBackward(u"\\.backward\\.\\d+$"_s);
    QString forward = id;
    if (moduleBackward.match(id).hasMatch())
        forward.replace(moduleBackward, u".forward.0"_s);
    else if (id.endsWith(u".backward"_s))
        forward = id.left(id.size() - 8) + u"forward"_s;
    if (auto it = t.callStacks.constFind(forward); it != t.callStacks.constEnd())
        return &it.value();
    return nullptr;
}

} // namespace

QString nodeDetailHtml(const ModuleComparison &c, int node)
{
    if (node < 0 || node >= c.nodes.size())
        return {};
    const ModuleNode &n = c.npu->nodes[node];
    const NodeComparison &nc = c.nodes[node];
    const ModuleNode *b = nc.bench >= 0 ? &c.bench->nodes[nc.bench] : nullptr;
    QString html = u"<h3>%1</h3><p><code>%2</code></p>"_s.arg(esc(ModuleTreeModel::shortName(n.id)),
                                                              esc(n.id));
    html += u"<p>"_s + DetailTr::tr("Band <b>%1</b>, precision index %2 (%3 mode)")
                           .arg(precisionBandId(nc.band),
                                std::isnan(nc.precisionIndex)
                                    ? u"—"_s
                                    : QString::number(nc.precisionIndex, 'g', 4),
                                moduleCompareModeId(c.mode));
    if (nc.overflow != OverflowLevel::None)
        html += u"; "_s + DetailTr::tr("overflow %1").arg(overflowLevelId(nc.overflow));
    if (b) {
        html += u"<br>"_s + DetailTr::tr("Input error %1, output error %2: %3")
                                .arg(QString::number(nc.inputError, 'g', 4),
                                     QString::number(nc.outputError, 'g', 4),
                                     nc.diverges && nc.inputsAgree
                                         ? DetailTr::tr("inputs agree, outputs diverge")
                                     : nc.diverges ? DetailTr::tr("inputs and outputs diverge")
                                                   : DetailTr::tr("outputs agree"));
        if (b->id != n.id)
            html += u"<br>"_s + DetailTr::tr("Matched with %1").arg(esc(b->id));
    } else {
        html += u"<br>"_s + DetailTr::tr("Not matched with any benchmark node");
    }
    html += u"</p><table border=1 cellspacing=0 cellpadding=3><tr><th>%1</th><th colspan=2>%2</th>"
            u"<th colspan=2>%3</th></tr>"_s.arg(
                DetailTr::tr("Argument"), DetailTr::tr("NPU"), DetailTr::tr("Benchmark"));
    for (const ModuleArg &a : n.args) {
        const ModuleArg *o = nullptr;
        if (b)
            for (const ModuleArg &x : b->args)
                if (x.slot == a.slot) {
                    o = &x;
                    break;
                }
        html += u"<tr><td>%1</td>%2%3</tr>"_s.arg(esc(a.slot), argCells(&a), argCells(o));
    }
    html += u"</table>"_s;
    if (const QStringList *stack = stackOf(*c.npu, n.id)) {
        html += u"<h4>%1</h4><pre>"_s.arg(DetailTr::tr("Call stack (NPU)"));
        for (const QString &frame : *stack)
            html += esc(frame) + u'\n';
        html += u"</pre>"_s;
    }
    return html;
}

} // namespace Twinscope::Widgets
