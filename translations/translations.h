#pragma once

#include <QLocale>
#include <QString>
#include <QStringList>
#include <QTranslator>

// The interface language: gifscan's own strings, Qt's (dialog buttons,
// context menus), and the locale numbers and dates follow. Lives on the GUI
// thread: it installs translators into the running application.
class Translations
{
public:
    Translations();
    ~Translations();
    Translations(const Translations &) = delete;
    Translations &operator=(const Translations &) = delete;

    // The languages gifscan speaks, as ISO 639 codes; English first.
    static QStringList available();
    // A choice from settings ("" for the system's) made a language gifscan
    // speaks: the system's when it has it, else English.
    static QString resolve(const QString &choice);
    // A language's name in that language ("Deutsch"), so that it can be found
    // by someone who cannot read the current one.
    static QString nativeName(const QString &code);

    // Installs `choice` (resolved), replacing the language installed before;
    // widgets made afterwards speak it. The language installed already is
    // left as it is.
    void apply(const QString &choice);
    QString current() const { return m_current; }

private:
    QTranslator m_own;
    QTranslator m_qt;
    QString m_current;
    QLocale m_localeBefore; // the default locale before the first apply()
};
