// User regular expressions (issue #30): shapes that backtrack exponentially are refused when read,
// the rest run with PCRE2's step budget, and a match that runs out of steps is told apart from
// "no match".
#include "core/common/boundedregex.h"

#include <QElapsedTimer>
#include <QtTest>

using namespace Qt::StringLiterals;
using namespace Twinscope::Core;

class TestBoundedRegex : public QObject
{
    Q_OBJECT

private slots:
    void risky_data()
    {
        QTest::addColumn<QString>("pattern");
        QTest::addColumn<bool>("risky");
        QTest::newRow("(a+)+") << u"^(a+)+$"_s << true;
        QTest::newRow("(a*)*") << u"(a*)*b"_s << true;
        QTest::newRow("(a|a)*") << u"^(a|a)*$"_s << true;
        QTest::newRow("(a|aa)+") << u"(a|aa)+c"_s << true;
        QTest::newRow("(\\w|\\d)+") << u"(\\w|\\d)+x"_s << true;
        QTest::newRow("(a|)*") << u"(a|)*x"_s << true;
        QTest::newRow("nested two levels") << u"((ab)*c)+"_s << true;
        QTest::newRow("(x+x+)+y") << u"(x+x+)+y"_s << true;
        QTest::newRow("{2,} outer") << u"(a+){2,}"_s << true;
        QTest::newRow("named step/loss") << u"step (?<step>\\d+) loss (?<loss>\\S+)"_s << false;
        QTest::newRow("map rule") << u"^module\\.layers\\.(\\d+)\\."_s << false;
        QTest::newRow("distinct alternatives") << u"(conv|matmul|add)*"_s << false;
        QTest::newRow("group without repeat") << u"(a+)b"_s << false;
        QTest::newRow("optional group") << u"(a+)?b"_s << false;
        QTest::newRow("atomic group") << u"(?>a+)+b"_s << false;
        QTest::newRow("possessive outer") << u"(a+)++b"_s << false;
        QTest::newRow("literal brace") << u"(a+){x}"_s << false;
        QTest::newRow("class with paren") << u"[(+]+(a)*"_s << false;
        QTest::newRow("escaped paren") << u"\\(a+\\)+"_s << false;
        QTest::newRow("quoted") << u"\\Q(a+)+\\E"_s << false;
    }
    void risky()
    {
        QFETCH(QString, pattern);
        QFETCH(bool, risky);
        const std::optional<QString> reason = riskyPatternReason(pattern);
        QVERIFY2(reason.has_value() == risky, qPrintable(reason.value_or(u"safe"_s)));
        QString error;
        const QRegularExpression re = compileUserPattern(pattern, {}, &error);
        QCOMPARE(re.isValid(), !risky);
        QCOMPARE(error.isEmpty(), !risky);
    }

    void syntaxErrorsCountInTheUsersPattern()
    {
        QString error;
        const QRegularExpression re = compileUserPattern(u"ab(c"_s, {}, &error);
        QVERIFY(!re.isValid());
        QVERIFY2(error.contains(u"at character 5"_s), qPrintable(error));
    }

    void budgetStopsPolynomialBacktracking()
    {
        // Not exponential, so not refused, but quartic: 4096 x's without the final digit.
        QString error;
        const QRegularExpression re = compileUserPattern(u"x*x*x*x*\\d"_s, {}, &error);
        QVERIFY2(re.isValid(), qPrintable(error));
        QCOMPARE(userPatternText(re), u"x*x*x*x*\\d"_s);
        const QString line(MaxPatternSubjectChars, u'x');
        QElapsedTimer timer;
        timer.start();
        const QRegularExpressionMatch m = re.match(patternSubject(line));
        QVERIFY(timer.elapsed() < 2000);
        QVERIFY(patternBudgetExceeded(m));
        QVERIFY(!m.hasMatch());
        // A line that matches, and one that plainly does not, are ordinary results.
        QVERIFY(re.match(u"xx7"_s).hasMatch());
        QVERIFY(!patternBudgetExceeded(re.match(u"abc"_s)));
    }

    void subjectIsBounded()
    {
        const QString longLine(3 * MaxPatternSubjectChars, u'a');
        QCOMPARE(patternSubject(longLine).size(), MaxPatternSubjectChars);
        QCOMPARE(patternSubject(u"ab"_s).size(), 2);
    }
};

QTEST_GUILESS_MAIN(TestBoundedRegex)
#include "tst_boundedregex.moc"
