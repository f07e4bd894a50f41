#include "kernelnames.h"

#include <QHash>
#include <QSet>

using namespace Qt::StringLiterals;

namespace Twinscope::Core {

namespace {

// The top-level template arguments of a name's first top-level "<…>", split at top-level commas;
// empty when it has none.
QStringList templateArguments(const QString &name)
{
    QStringList out;
    QString current;
    int depth = 0;
    bool inside = false;
    for (int i = 0; i < name.size(); ++i) {
        const QChar c = name[i];
        if (c == u'-' && i + 1 < name.size() && name[i + 1] == u'>') { // "->" is no bracket
            current += u"->"_s;
            ++i;
            continue;
        }
        const bool opening = c == u'<' || c == u'(';
        const bool closing = c == u'>' || c == u')';
        if (opening && depth == 0 && c == u'<' && !inside) {
            inside = true;
            depth = 1;
            current.clear();
            continue;
        }
        if (!inside) {
            depth += opening ? 1 : closing ? -1 : 0;
            if (depth < 0)
                return {};
            continue;
        }
        if (closing && depth == 1) {
            out << current.trimmed();
            return out;
        }
        if (c == u',' && depth == 1) {
            out << current.trimmed();
            current.clear();
            continue;
        }
        depth += opening ? 1 : closing ? -1 : 0;
        current += c;
    }
    return {}; // unbalanced: no reliable arguments
}

} // namespace

QString shortKernelName(const QString &name)
{
    if (!name.contains(u'<') && !name.contains(u'(') && !name.contains(u' '))
        return name;
    // As HTA's shorten_name: drop "->", then everything inside <…> and (…), keep the last word.
    QString s = name;
    s.replace(u"->"_s, QString());
    QString stack;
    stack.reserve(s.size());
    for (const QChar c : std::as_const(s)) {
        if (c == u'>') {
            while (!stack.isEmpty() && stack.back() != u'<')
                stack.chop(1);
            if (!stack.isEmpty())
                stack.chop(1);
        } else if (c == u')') {
            while (!stack.isEmpty() && stack.back() != u'(')
                stack.chop(1);
            if (!stack.isEmpty())
                stack.chop(1);
        } else {
            stack += c;
        }
    }
    QString last = stack.trimmed().section(u' ', -1);
    // Namespaces say little next to the kernel's own name ("at::native::").
    if (last.contains(u"::"_s) && !last.endsWith(u"::"_s))
        last = last.section(u"::"_s, -1);
    return last.isEmpty() ? name : last;
}

QStringList distinctShortNames(const QStringList &names)
{
    QStringList out;
    out.reserve(names.size());
    QHash<QString, QList<int>> byShort;
    for (int i = 0; i < names.size(); ++i) {
        out << shortKernelName(names[i]);
        byShort[out.back()] << i;
    }
    for (auto it = byShort.cbegin(); it != byShort.cend(); ++it) {
        const QList<int> &group = it.value();
        QSet<QString> fulls;
        for (const int i : group)
            fulls.insert(names[i]);
        if (fulls.size() < 2)
            continue;
        // The argument positions where the group's template arguments differ.
        QList<QStringList> args;
        int count = -1;
        bool sameArity = true;
        for (const int i : group) {
            args.append(templateArguments(names[i]));
            if (count < 0)
                count = int(args.back().size());
            sameArity = sameArity && args.back().size() == count;
        }
        QList<int> differing;
        if (sameArity && count > 0) {
            for (int a = 0; a < count; ++a) {
                for (const QStringList &x : std::as_const(args)) {
                    if (x[a] != args.front()[a]) {
                        differing << a;
                        break;
                    }
                }
            }
        }
        for (int g = 0; g < group.size(); ++g) {
            const int i = group[g];
            if (differing.isEmpty()) {
                out[i] = names[i]; // only the parameters differ: nothing shorter is distinct
                continue;
            }
            QStringList shown;
            int previous = -1;
            for (const int a : std::as_const(differing)) {
                if (a > previous + 1)
                    shown << QString(QChar(0x2026));
                shown << args[g][a];
                previous = a;
            }
            if (previous < count - 1)
                shown << QString(QChar(0x2026));
            out[i] = it.key() + u'<' + shown.join(u", "_s) + u'>';
        }
    }
    return out;
}

} // namespace Twinscope::Core
