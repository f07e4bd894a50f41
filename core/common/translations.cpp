#include "translations.h"

#include "buildinfo.h"

#include <QCoreApplication>
#include <QLibraryInfo>
#include <QLocale>
#include <QTranslator>

using namespace Qt::StringLiterals;

namespace Twinscope::Core {

QStringList supportedLanguages()
{
    return {u"system"_s, u"en"_s, u"zh_CN"_s};
}

QString resolveLanguage(const QString &setting)
{
    if (setting == u"en"_s || setting == u"zh_CN"_s)
        return setting;
    // Also honour LANG/LC_ALL, which QLocale::system() reads on Linux.
    for (const QString &ui : QLocale::system().uiLanguages()) {
        if (ui.startsWith(u"zh"_s, Qt::CaseInsensitive))
            return u"zh_CN"_s;
        if (ui.startsWith(u"en"_s, Qt::CaseInsensitive))
            return u"en"_s;
    }
    return u"en"_s;
}

QString installTranslators(QCoreApplication *app, const QString &setting)
{
    const QString language = resolveLanguage(setting);
    // Parented to the application: they live as long as it does. English has a catalogue too, for
    // its plural forms.
    auto *ours = new QTranslator(app);
    if (ours->load(u":/i18n/twinscope_%1.qm"_s.arg(language)))
        QCoreApplication::installTranslator(ours);
    if (language == u"en"_s)
        return language;
    auto *qt = new QTranslator(app);
    if (qt->load(u"qtbase_%1"_s.arg(language), QLibraryInfo::path(QLibraryInfo::TranslationsPath)))
        QCoreApplication::installTranslator(qt);
    QLocale::setDefault(QLocale(language));
    return language;
}

QString versionString()
{
    return u"%1 (git %2)"_s.arg(QString::fromLatin1(buildVersion()),
                                QString::fromLatin1(buildGitHash()));
}

} // namespace Twinscope::Core
