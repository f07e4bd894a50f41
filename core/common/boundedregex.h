#pragma once

#include <QRegularExpression>
#include <QString>

#include <optional>

namespace Twinscope::Core {

// Regular expressions the user writes (loss --pattern, the --map files of tracediff, dumps and
// ckpt) run in PCRE2, a backtracking engine: "(a+)+$" against 30 a's and one b takes 2^30 steps,
// and Qt 6.4's QRegularExpression has no timeout or match-limit API (issue #30). Three bounds keep
// every match short:
//   1. patterns whose shape backtracks exponentially are refused when they are read
//      (riskyPatternReason: a repeated group that holds another repetition, or repeated
//      alternatives that can start with the same character);
//   2. every compiled pattern carries PCRE2's own step budget, "(*LIMIT_MATCH=n)" prepended (an
//      in-pattern setting PCRE2 honours with and without JIT; a match past it fails with an
//      error, which Qt reports as an invalid match, not as "no match");
//   3. callers match at most MaxPatternSubjectChars characters of a line or name, so even the
//      polynomial shapes left ("x*x*x*x*\d") stay within the budget.

// Characters of one line or name given to a user pattern; loss lines and tensor, parameter and op
// names are far shorter.
constexpr qsizetype MaxPatternSubjectChars = 4096;

// PCRE2 match steps per match: a real pattern on a real line needs a few hundred to a few
// thousand; 100 000 is about 10 ms (a match past it fails with an error, "x*x*x*x*\d" on 4 096
// x's would take 4 s under PCRE2's default limit of 10^7).
constexpr int PatternMatchLimit = 100000;

// Why pattern may backtrack catastrophically, translated and naming the part at fault; nullopt
// when its shape is safe. Conservative: "(\d+\.)+" is refused too, with a hint to write it without
// the outer repetition.
std::optional<QString> riskyPatternReason(const QString &pattern);

// A user pattern compiled with the step budget. When the pattern does not compile or is risky,
// returns an invalid expression and sets *error to a translated message (with the character
// position for syntax errors, counted in the user's pattern).
QRegularExpression compileUserPattern(const QString &pattern,
                                      QRegularExpression::PatternOptions options,
                                      QString *error);

// The pattern as the user wrote it, without the budget compileUserPattern prepended.
QString userPatternText(const QRegularExpression &re);

// The part of subject a user pattern is matched against (the first MaxPatternSubjectChars).
inline QStringView patternSubject(const QString &subject)
{
    return QStringView(subject).left(MaxPatternSubjectChars);
}

// True when match m ended because the step budget ran out (PCRE2_ERROR_MATCHLIMIT and the
// depth/heap limits): Qt marks such a match invalid, while "no match" stays valid.
inline bool patternBudgetExceeded(const QRegularExpressionMatch &m)
{
    return !m.isValid();
}

} // namespace Twinscope::Core
