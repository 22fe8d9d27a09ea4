#pragma once

#include <QString>
#include <functional>

class QSettings;
class QWidget;

// The explorer's file dialogs: each opens in the folder the last one was
// left in — kept in the app's settings once the app gives them, across
// runs — or in the user's documents the first time, never the process's
// working folder. Lives on the GUI thread.
class FileDialogs
{
public:
    static QString saveFile(QWidget *parent, const QString &caption, const QString &fileName,
                            const QString &filter);
    static QString openFile(QWidget *parent, const QString &caption, const QString &filter);
    static QString folder(QWidget *parent, const QString &caption);

    // Where the next dialog opens.
    static QString startFolder();
    // The app's settings, where the last folder is kept (app/ gives them).
    static void useSettings(QSettings *settings);
    // Tests: answer in place of the dialog, given the path it would open at.
    using Answer = std::function<QString(const QString &openAt)>;
    static void answerWith(Answer answer);

private:
    static QString remember(const QString &chosen, bool isFolder);
};
