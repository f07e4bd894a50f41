#include "core/common/translations.h"

#include <QCoreApplication>
#include <QFile>
#include <QTest>
#include <QTranslator>

using namespace Qt::StringLiterals;
using namespace Twinscope::Core;

class tst_Translations : public QObject
{
    Q_OBJECT

private slots:
    void catalogueIsEmbedded()
    {
        QVERIFY(QFile::exists(u":/i18n/twinscope_zh_CN.qm"_s));
        QTranslator t;
        QVERIFY(t.load(u":/i18n/twinscope_zh_CN.qm"_s));
        QCOMPARE(t.translate("Twinscope::App::MainWindow", "&File"), u"文件(&F)"_s);
        QCOMPARE(t.translate("Core", "The file does not exist."), u"文件不存在。"_s);
    }
    void resolve()
    {
        QCOMPARE(resolveLanguage(u"en"_s), u"en"_s);
        QCOMPARE(resolveLanguage(u"zh_CN"_s), u"zh_CN"_s);
        const QString system = resolveLanguage(u"system"_s);
        QVERIFY(system == u"en"_s || system == u"zh_CN"_s);
    }
    void installSwitchesCoreMessages()
    {
        QCOMPARE(installTranslators(QCoreApplication::instance(), u"zh_CN"_s), u"zh_CN"_s);
        QCOMPARE(QCoreApplication::translate("Core", "The file is empty."), u"文件为空。"_s);
    }
};

QTEST_GUILESS_MAIN(tst_Translations)
#include "tst_translations.moc"
