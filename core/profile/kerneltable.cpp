#include "kerneltable.h"

#include "kerneltypelabel.h"

#include <algorithm>
#include <cmath>
#include <tuple>

using namespace Qt::StringLiterals;

namespace Twinscope::Core {

namespace {

QString fromView(std::string_view v)
{
    return QString::fromUtf8(v.data(), qsizetype(v.size()));
}

bool isCubeCore(const QString &core)
{
    // AI_CORE is the cube+vector core of older chips and the cube core of 910B; MIX_AIC kernels run
    // on the cube with vector help. AI_VECTOR_CORE and MIX_AIV have no cube.
    const QString c = core.toUpper();
    return c == u"AI_CORE"_s || c == u"MIX_AIC"_s || c == u"AI_CUBE_CORE"_s;
}

} // namespace

double KernelGroup::pmuMean(int column) const
{
    if (column < 0 || size_t(column) >= pmuSum.size() || pmuCount[size_t(column)] == 0)
        return std::numeric_limits<double>::quiet_NaN();
    return pmuSum[size_t(column)] / double(pmuCount[size_t(column)]);
}

bool KernelGroup::isAiCpu() const
{
    return isAiCpuCore(core);
}

bool isAiCpuCore(const QString &core)
{
    const QString c = core.toUpper();
    return c.contains(u"AI_CPU"_s) || c.contains(u"AICPU"_s);
}

bool hasUnaligned16Shape(const QString &shapes)
{
    // The two matrix operands come first; a bias or scale after them does not decide the tiling.
    const QStringList tensors = shapes.split(u';');
    for (const QString &tensor : tensors.mid(0, 2)) {
        QString t = tensor.trimmed();
        t.remove(u'"');
        t.remove(u'[');
        t.remove(u']');
        const QStringList dims = t.split(u',', Qt::SkipEmptyParts);
        if (dims.size() < 2)
            continue;
        for (qsizetype i = dims.size() - 2; i < dims.size(); ++i) {
            bool ok = false;
            const qint64 d = dims[i].trimmed().toLongLong(&ok);
            if (ok && d > 0 && d % 16 != 0)
                return true;
        }
    }
    return false;
}

int KernelTable::group(std::string_view type,
                       std::string_view core,
                       std::string_view shapes,
                       std::string_view dtypes,
                       std::string_view formats)
{
    // One reused key buffer: a lookup of a known signature allocates nothing.
    m_key.clear();
    for (std::string_view part : {type, core, shapes, dtypes, formats}) {
        m_key.append(part);
        m_key.push_back('\x1f');
    }
    const auto it = m_index.find(m_key);
    if (it != m_index.end())
        return it->second;
    KernelGroup g;
    g.type = fromView(type);
    g.core = fromView(core);
    g.inputShapes = fromView(shapes);
    g.inputTypes = fromView(dtypes);
    g.inputFormats = fromView(formats);
    g.unaligned16 = isCubeCore(g.core) && g.type.contains(u"matmul"_s, Qt::CaseInsensitive) &&
                    hasUnaligned16Shape(g.inputShapes);
    if (g.unaligned16)
        g.unalignedShapes = g.inputShapes;
    groups.push_back(std::move(g));
    const int index = int(groups.size() - 1);
    m_index.emplace(m_key, index);
    return index;
}

int KernelTable::groupFor(const QString &type,
                          const QString &core,
                          const QString &shapes,
                          const QString &dtypes,
                          const QString &formats)
{
    const QByteArray t = type.toUtf8(), c = core.toUtf8(), s = shapes.toUtf8(), d = dtypes.toUtf8(),
                     f = formats.toUtf8();
    return group(std::string_view(t.constData(), size_t(t.size())),
                 std::string_view(c.constData(), size_t(c.size())),
                 std::string_view(s.constData(), size_t(s.size())),
                 std::string_view(d.constData(), size_t(d.size())),
                 std::string_view(f.constData(), size_t(f.size())));
}

int KernelTable::pmuColumn(const QString &name)
{
    const qsizetype i = pmuColumns.indexOf(name);
    if (i >= 0)
        return int(i);
    pmuColumns.append(name);
    return int(pmuColumns.size() - 1);
}

void KernelTable::add(int group, double durationUs, double waitUs)
{
    KernelGroup &g = groups[size_t(group)];
    ++g.count;
    g.totalUs += durationUs;
    g.minUs = std::min(g.minUs, durationUs);
    g.maxUs = std::max(g.maxUs, durationUs);
    if (std::isfinite(waitUs))
        g.waitUs += waitUs;
    totalUs += durationUs;
    ++kernels;
}

void KernelTable::addAggregate(int group, qint64 count, double total, double minUs, double maxUs)
{
    KernelGroup &g = groups[size_t(group)];
    g.count += count;
    g.totalUs += total;
    if (std::isfinite(minUs))
        g.minUs = std::min(g.minUs, minUs);
    if (std::isfinite(maxUs))
        g.maxUs = std::max(g.maxUs, maxUs);
    totalUs += total;
    kernels += count;
}

void KernelTable::addPmu(int group, int column, double value)
{
    KernelGroup &g = groups[size_t(group)];
    if (g.pmuSum.size() <= size_t(column)) {
        g.pmuSum.resize(size_t(column) + 1, 0.0);
        g.pmuCount.resize(size_t(column) + 1, 0);
    }
    g.pmuSum[size_t(column)] += value;
    ++g.pmuCount[size_t(column)];
}

void KernelTable::merge(const KernelTable &other)
{
    std::vector<int> columns;
    for (const QString &name : other.pmuColumns)
        columns.push_back(pmuColumn(name));
    for (const KernelGroup &o : other.groups) {
        const int gi = groupFor(o.type, o.core, o.inputShapes, o.inputTypes, o.inputFormats);
        KernelGroup &g = groups[size_t(gi)];
        g.count += o.count;
        g.totalUs += o.totalUs;
        g.minUs = std::min(g.minUs, o.minUs);
        g.maxUs = std::max(g.maxUs, o.maxUs);
        g.waitUs += o.waitUs;
        if (o.unaligned16 && !g.unaligned16) {
            g.unaligned16 = true;
            g.unalignedShapes = o.unalignedShapes;
        }
        for (size_t c = 0; c < o.pmuSum.size(); ++c) {
            const size_t mine = size_t(columns[c]);
            if (g.pmuSum.size() <= mine) {
                g.pmuSum.resize(mine + 1, 0.0);
                g.pmuCount.resize(mine + 1, 0);
            }
            g.pmuSum[mine] += o.pmuSum[c];
            g.pmuCount[mine] += o.pmuCount[c];
        }
    }
    totalUs += other.totalUs;
    kernels += other.kernels;
}

KernelTable KernelTable::regrouped(KernelGrouping by) const
{
    if (by == KernelGrouping::Signature)
        return *this;
    KernelTable out;
    out.pmuColumns = pmuColumns;
    for (const KernelGroup &o : groups) {
        KernelTable one;
        one.pmuColumns = pmuColumns;
        KernelGroup g = o;
        if (by == KernelGrouping::Core)
            g.type.clear();
        g.inputShapes.clear();
        g.inputTypes.clear();
        g.inputFormats.clear();
        one.groups.push_back(std::move(g));
        out.merge(one);
    }
    out.totalUs = totalUs;
    out.kernels = kernels;
    return out;
}

std::vector<const KernelGroup *> KernelTable::byTotal() const
{
    std::vector<const KernelGroup *> out;
    out.reserve(groups.size());
    for (const KernelGroup &g : groups)
        out.push_back(&g);
    std::stable_sort(out.begin(), out.end(), [](const KernelGroup *a, const KernelGroup *b) {
        if (a->totalUs != b->totalUs)
            return a->totalUs > b->totalUs;
        return std::tie(a->type, a->core) < std::tie(b->type, b->core);
    });
    return out;
}

QString kernelTypeLabel(const QString &type)
{
    if (!type.startsWith(u"hcom_"_s, Qt::CaseInsensitive))
        return type;
    qsizetype end = type.size();
    while (end > 5 && type[end - 1] == u'_')
        --end;
    return type.left(end);
}

} // namespace Twinscope::Core
