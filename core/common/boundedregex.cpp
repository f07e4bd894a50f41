#include "boundedregex.h"

#include "tr.h"

#include <vector>

using namespace Qt::StringLiterals;

namespace Twinscope::Core {

namespace {

// One open group while the pattern is scanned.
struct Group
{
    qsizetype start = 0;             // index of '(' in the pattern
    bool atomic = false;             // (?>...) never backtracks into itself
    bool repeats = false;            // holds an atom repeated without bound (*, +, {n,})
    bool alternatives = false;       // holds '|' at its own level
    bool alternativeUnknown = false; // an alternative starts with a class, group or escape
    bool alternativeEmpty = false;   // an alternative is empty ("(a|)*")
    bool atAlternativeStart = true;
    QList<QChar> firsts; // the literal first character of each alternative
};

// Reads a quantifier at pattern[i]; returns its length (0: none) and whether it repeats without
// an upper bound of one ("?" and "{0,1}" do not repeat), and whether it is possessive.
qsizetype quantifierAt(const QString &p, qsizetype i, bool *unbounded, bool *possessive)
{
    *unbounded = false;
    *possessive = false;
    if (i >= p.size())
        return 0;
    qsizetype n = 0;
    const QChar c = p[i];
    if (c == u'*' || c == u'+') {
        *unbounded = true;
        n = 1;
    } else if (c == u'?') {
        n = 1;
    } else if (c == u'{') {
        // {n}, {n,}, {n,m}; anything else is a literal brace in PCRE2.
        qsizetype j = i + 1;
        qsizetype lowDigits = 0;
        qint64 low = 0;
        while (j < p.size() && p[j].isDigit() && lowDigits < 9) {
            low = low * 10 + p[j].digitValue();
            ++j;
            ++lowDigits;
        }
        if (lowDigits == 0)
            return 0;
        qint64 high = low;
        if (j < p.size() && p[j] == u',') {
            ++j;
            qsizetype highDigits = 0;
            high = 0;
            while (j < p.size() && p[j].isDigit() && highDigits < 9) {
                high = high * 10 + p[j].digitValue();
                ++j;
                ++highDigits;
            }
            if (highDigits == 0)
                high = -1; // {n,}
        }
        if (j >= p.size() || p[j] != u'}')
            return 0;
        n = j + 1 - i;
        *unbounded = high < 0 || high > 1;
    } else {
        return 0;
    }
    if (i + n < p.size() && p[i + n] == u'+') {
        *possessive = true;
        ++n;
    } else if (i + n < p.size() && p[i + n] == u'?') {
        ++n; // lazy: backtracks the same way
    }
    return n;
}

// Skips a character class starting at p[i] == '['; returns the index after its ']'.
qsizetype skipClass(const QString &p, qsizetype i)
{
    qsizetype j = i + 1;
    if (j < p.size() && p[j] == u'^')
        ++j;
    if (j < p.size() && p[j] == u']')
        ++j; // a leading ']' is literal
    while (j < p.size() && p[j] != u']') {
        if (p[j] == u'\\')
            ++j;
        else if (p[j] == u'[' && j + 1 < p.size() && p[j + 1] == u':') {
            const qsizetype end = p.indexOf(u":]"_s, j + 2);
            if (end >= 0)
                j = end + 1;
        }
        ++j;
    }
    return std::min(j + 1, p.size());
}

} // namespace

std::optional<QString> riskyPatternReason(const QString &p)
{
    std::vector<Group> stack;
    stack.push_back(Group{}); // the whole pattern
    auto noteAtom = [&](std::optional<QChar> literal) {
        Group &g = stack.back();
        if (g.atAlternativeStart) {
            if (literal)
                g.firsts.append(*literal);
            else
                g.alternativeUnknown = true;
            g.atAlternativeStart = false;
        }
    };
    auto applyQuantifier =
        [&](qsizetype at, bool isGroup, const Group *closed) -> std::optional<QString> {
        bool unbounded = false, possessive = false;
        const qsizetype n = quantifierAt(p, at, &unbounded, &possessive);
        if (n == 0 || !unbounded)
            return std::nullopt;
        if (isGroup && closed && !closed->atomic && !possessive) {
            const QString part = p.mid(closed->start, at + n - closed->start);
            if (closed->repeats)
                return Tr::tr("the pattern repeats a group that itself holds a repetition (%1), "
                              "which can take exponential time on a line that almost matches; "
                              "write the repetition once, e.g. \"(\\d+\\.)+\" as \"[\\d.]+\"")
                    .arg(part);
            if (closed->alternatives) {
                bool overlap = closed->alternativeUnknown || closed->alternativeEmpty;
                for (qsizetype a = 0; !overlap && a < closed->firsts.size(); ++a)
                    for (qsizetype b = a + 1; !overlap && b < closed->firsts.size(); ++b)
                        overlap =
                            closed->firsts[a].toCaseFolded() == closed->firsts[b].toCaseFolded();
                if (overlap)
                    return Tr::tr("the pattern repeats alternatives that can match the same text "
                                  "(%1), which can take exponential time on a line that almost "
                                  "matches; make the alternatives start with different "
                                  "characters or use a character class")
                        .arg(part);
            }
        }
        stack.back().repeats = true;
        return std::nullopt;
    };

    qsizetype i = 0;
    while (i < p.size()) {
        const QChar c = p[i];
        if (c == u'\\') {
            if (i + 1 < p.size() && p[i + 1] == u'Q') { // \Q...\E: literal text
                const qsizetype end = p.indexOf(u"\\E"_s, i + 2);
                const qsizetype stop = end < 0 ? p.size() : end + 2;
                if (stop > i + 2)
                    noteAtom(p[i + 2]);
                i = stop;
                continue;
            }
            const bool literal = i + 1 < p.size() && !p[i + 1].isLetterOrNumber();
            noteAtom(literal ? std::optional<QChar>(p[i + 1]) : std::nullopt);
            i = std::min(i + 2, p.size());
            if (auto r = applyQuantifier(i, false, nullptr))
                return r;
            bool u = false, poss = false;
            i += quantifierAt(p, i, &u, &poss);
            continue;
        }
        if (c == u'[') {
            noteAtom(std::nullopt);
            i = skipClass(p, i);
        } else if (c == u'(') {
            if (p.mid(i, 3) == u"(?#"_s) { // comment
                const qsizetype end = p.indexOf(u')', i);
                i = end < 0 ? p.size() : end + 1;
                continue;
            }
            if (p.mid(i, 2) == u"(*"_s) { // (*VERB) or (*LIMIT_...): no atom
                const qsizetype end = p.indexOf(u')', i);
                i = end < 0 ? p.size() : end + 1;
                continue;
            }
            noteAtom(std::nullopt);
            Group g;
            g.start = i;
            g.atomic = p.mid(i, 3) == u"(?>"_s;
            stack.push_back(g);
            ++i;
            continue;
        } else if (c == u')') {
            if (stack.size() == 1) {
                ++i; // unbalanced: PCRE2 reports it when compiling
                continue;
            }
            Group closed = stack.back();
            if (closed.atAlternativeStart && closed.alternatives)
                closed.alternativeEmpty = true;
            stack.pop_back();
            ++i;
            if (auto r = applyQuantifier(i, true, &closed))
                return r;
            // A repetition inside makes the enclosing group repeat too.
            if (closed.repeats && !closed.atomic)
                stack.back().repeats = true;
            bool u = false, poss = false;
            i += quantifierAt(p, i, &u, &poss);
            continue;
        } else if (c == u'|') {
            Group &g = stack.back();
            if (g.atAlternativeStart)
                g.alternativeEmpty = true;
            g.alternatives = true;
            g.atAlternativeStart = true;
            ++i;
            continue;
        } else if (c == u'^' || c == u'$') {
            ++i;
            continue;
        } else {
            noteAtom(c == u'.' ? std::nullopt : std::optional<QChar>(c));
            ++i;
        }
        if (auto r = applyQuantifier(i, false, nullptr))
            return r;
        bool u = false, poss = false;
        i += quantifierAt(p, i, &u, &poss);
    }
    return std::nullopt;
}

namespace {

QString budgetPrefix()
{
    return u"(*LIMIT_MATCH=%1)"_s.arg(PatternMatchLimit);
}

} // namespace

QString userPatternText(const QRegularExpression &re)
{
    const QString prefix = budgetPrefix();
    const QString p = re.pattern();
    return p.startsWith(prefix) ? p.mid(prefix.size()) : p;
}

QRegularExpression compileUserPattern(const QString &pattern,
                                      QRegularExpression::PatternOptions options,
                                      QString *error)
{
    // PCRE2 takes start-of-pattern settings only at the very start, before the user's own.
    const QString prefix = budgetPrefix();
    QRegularExpression re(prefix + pattern, options);
    if (!re.isValid()) {
        *error = Tr::tr("%1 (at character %2)")
                     .arg(re.errorString())
                     .arg(std::max<qsizetype>(0, re.patternErrorOffset() - prefix.size()) + 1);
        return QRegularExpression(u"("_s); // invalid, whatever the caller does with it
    }
    if (const std::optional<QString> risk = riskyPatternReason(pattern)) {
        *error = *risk;
        return QRegularExpression(u"("_s);
    }
    return re;
}

} // namespace Twinscope::Core
