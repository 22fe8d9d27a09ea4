#include "translations/translations.h"

#include <QCoreApplication>
#include <QLibraryInfo>
#include <QLocale>

// The catalogues are compiled into the application (app/CMakeLists.txt) as
// an object library every executable links whole: nothing to initialise here.
Translations::Translations() : m_localeBefore(QLocale()) {}

// Everything apply() changed goes with it, the formats too: what comes
// after (another window's tests in one process) writes numbers as before.
Translations::~Translations()
{
    QCoreApplication::removeTranslator(&m_own);
    QCoreApplication::removeTranslator(&m_qt);
    if (!m_current.isEmpty())
        QLocale::setDefault(m_localeBefore);
}

QStringList Translations::available()
{
    return {QStringLiteral("en"), QStringLiteral("de"), QStringLiteral("es")};
}

QString Translations::resolve(const QString &choice)
{
    if (available().contains(choice))
        return choice;
    // The system's order of preference, first match wins ("de-AT" is German).
    for (const QString &name : QLocale::system().uiLanguages()) {
        const QString language = name.section(u'-', 0, 0).section(u'_', 0, 0).toLower();
        if (available().contains(language))
            return language;
    }
    return QStringLiteral("en");
}

QString Translations::nativeName(const QString &code)
{
    // Qt names Spanish "español de España"; the language is meant, not Spain's.
    if (code == QLatin1String("en"))
        return QStringLiteral("English");
    if (code == QLatin1String("de"))
        return QStringLiteral("Deutsch");
    if (code == QLatin1String("es"))
        return QStringLiteral("Español");
    return QLocale(code).nativeLanguageName();
}

void Translations::apply(const QString &choice)
{
    const QString language = resolve(choice);
    if (language == m_current)
        return; // installed already: main() speaks it for --help, the app after it
    QCoreApplication::removeTranslator(&m_own);
    QCoreApplication::removeTranslator(&m_qt);
    // English keeps the system's formats (an English interface in Austria
    // still writes 1.234,5); another language brings its country's.
    const QLocale locale = language == QLatin1String("en")
                               ? (QLocale::system().language() == QLocale::English
                                      ? QLocale::system()
                                      : QLocale(QLocale::English, QLocale::UnitedStates))
                               : QLocale(language);
    QLocale::setDefault(locale);
    // English has a file too: it carries the plural forms ("1 row").
    if (m_own.load(QStringLiteral(":/i18n/gifscan_%1.qm").arg(language)))
        QCoreApplication::installTranslator(&m_own);
    if (m_qt.load(locale, QStringLiteral("qtbase"), QStringLiteral("_"),
                  QLibraryInfo::path(QLibraryInfo::TranslationsPath)))
        QCoreApplication::installTranslator(&m_qt);
    m_current = language;
}
