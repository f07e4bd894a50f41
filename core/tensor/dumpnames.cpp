#include "dumpnames.h"

#include <QRegularExpression>
#include <QStringList>
#include <QVarLengthArray>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace Twinscope::Core {

bool naturalLess(const QString &a, const QString &b)
{
    qsizetype i = 0, j = 0;
    while (i < a.size() && j < b.size()) {
        if (a[i].isDigit() && b[j].isDigit()) {
            qsizetype i2 = i, j2 = j;
            while (i2 < a.size() && a[i2] == u'0')
                ++i2;
            while (j2 < b.size() && b[j2] == u'0')
                ++j2;
            qsizetype ie = i2, je = j2;
            while (ie < a.size() && a[ie].isDigit())
                ++ie;
            while (je < b.size() && b[je].isDigit())
                ++je;
            if (ie - i2 != je - j2)
                return ie - i2 < je - j2;
            const int c = QStringView(a).mid(i2, ie - i2).compare(QStringView(b).mid(j2, je - j2));
            if (c != 0)
                return c < 0;
            i = ie;
            j = je;
            continue;
        }
        if (a[i] != b[j])
            return a[i] < b[j];
        ++i;
        ++j;
    }
    return a.size() - i < b.size() - j;
}

namespace {
bool isNumber(const QString &s, qint64 *value = nullptr)
{
    if (s.isEmpty() || s.size() > 18)
        return false;
    for (QChar c : s)
        if (!c.isDigit())
            return false;
    if (value)
        *value = s.toLongLong();
    return true;
}
} // namespace

std::optional<AscendDumpName> parseAscendDumpName(const QString &fileName)
{
    QString base = fileName;
    if (!base.endsWith(u".npy"_s))
        return std::nullopt;
    base.chop(4);
    QStringList parts = base.split(u'.');
    AscendDumpName n;
    // {format} is present in MindSpore names, absent in msaccucmp-converted ones.
    if (!parts.isEmpty() && !isNumber(parts.last())) {
        n.format = parts.takeLast();
    }
    qint64 slot = 0;
    if (parts.size() < 5 || !isNumber(parts.last(), &slot))
        return std::nullopt;
    n.slot = int(slot);
    parts.removeLast();
    const QString io = parts.takeLast();
    if (io != u"input"_s && io != u"output"_s)
        return std::nullopt;
    n.isOutput = io == u"output"_s;
    if (!isNumber(parts.last(), &n.timestamp))
        return std::nullopt;
    parts.removeLast();
    // Trailing task and stream ids (stream optional).
    QList<qint64> ids;
    while (parts.size() > 2 && ids.size() < 2) {
        qint64 v;
        if (!isNumber(parts.last(), &v))
            break;
        ids.prepend(v);
        parts.removeLast();
    }
    if (ids.isEmpty() || parts.size() < 2)
        return std::nullopt;
    n.taskId = ids.value(0);
    n.streamId = ids.size() > 1 ? ids[1] : -1;
    n.opType = parts.takeFirst();
    n.opName = parts.join(u'.');
    return n;
}

std::optional<MsprobeTensorName> parseMsprobeTensorName(const QString &name)
{
    // Walks the dot-separated segments as views: called once per tensor of dumps and compare
    // results with millions of rows, where splitting into a list of strings was a fifth of the
    // load.
    QStringView base = name;
    for (QStringView ext : {u".npy", u".pt"})
        if (base.endsWith(ext))
            base.chop(ext.size());
    QVarLengthArray<qsizetype, 24> starts{0};
    for (qsizetype i = 0; i < base.size(); ++i)
        if (base[i] == u'.')
            starts.append(i + 1);
    const qsizetype count = starts.size();
    auto segment = [&](qsizetype k) {
        const qsizetype end = k + 1 < count ? starts[k + 1] - 1 : base.size();
        return base.mid(starts[k], end - starts[k]);
    };
    auto isDigits = [](QStringView v) {
        return !v.isEmpty() && v.size() <= 18 &&
               std::all_of(v.begin(), v.end(), [](QChar c) { return c.isDigit(); });
    };
    for (qsizetype i = 1; i + 1 < count; ++i) {
        const QStringView direction = segment(i);
        if (direction != u"forward" && direction != u"backward")
            continue;
        // API: ... {call}.{direction}.{io}...; module: ... {direction}.{call}.{io}...
        qsizetype ioAt = i + 1;
        if (isDigits(segment(ioAt)))
            ++ioAt;
        if (ioAt >= count)
            return std::nullopt;
        const QStringView io = segment(ioAt);
        if (io != u"input" && io != u"output" && io != u"parameters")
            continue;
        MsprobeTensorName n;
        n.callKey = base.left(starts[ioAt] - 1).toString();
        n.suffix = base.mid(starts[ioAt]).toString();
        n.isOutput = io == u"output";
        return n;
    }
    return std::nullopt;
}

QStringList shortTensorNames(const QString &name)
{
    QStringList forms{name};
    const std::optional<MsprobeTensorName> n = parseMsprobeTensorName(name);
    if (!n)
        return forms;
    QStringList call = n->callKey.split(u'.');
    const QString &suffix = n->suffix;
    auto add = [&](const QStringList &parts) {
        const QString form = parts.join(u'.') + u'.' + suffix;
        if (form.size() < forms.last().size())
            forms << form;
    };
    if (call.size() < 3)
        return forms;
    call.removeFirst(); // "Functional", "Tensor", "Module", …
    add(call);
    call.removeAll(u"forward"_s);
    add(call);
    // A module's path: drop its leading segments while the class, the call and one segment stay.
    const bool module = name.startsWith(u"Module."_s) || name.startsWith(u"Cell."_s);
    while (module && call.size() > 3) {
        call.removeFirst();
        add(call);
    }
    return forms;
}

QString fuzzyKey(const QString &key)
{
    const QRegularExpression counters(u"(^|[./_-])\\d+(?=$|[./_-])"_s);
    QString out = key;
    out.replace(counters, u"\\1#"_s);
    return out;
}

} // namespace Twinscope::Core
