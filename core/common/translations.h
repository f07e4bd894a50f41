#pragma once

#include <QString>
#include <QStringList>

class QCoreApplication;

namespace Twinscope::Core {

// The languages Twinscope ships, as settings values: "system", "en", "zh_CN".
QStringList supportedLanguages();

// "system" follows QLocale::system().uiLanguages(); returns "en" or "zh_CN".
QString resolveLanguage(const QString &setting);

// Installs Twinscope's catalogue (embedded at :/i18n) and Qt's own qtbase translation for the
// resolved language. Call before any widget exists. Returns the language actually installed.
QString installTranslators(QCoreApplication *app, const QString &setting);

QString versionString(); // "0.1.0 (git abcdef123456)"

} // namespace Twinscope::Core
