#include "views/filedialogs.h"

#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QSettings>
#include <QStandardPaths>

namespace {
QSettings *g_settings = nullptr;
QString g_lastFolder; // when no settings were given (tests, the first moments)
FileDialogs::Answer g_answer;
const QString kKey = QStringLiteral("dialogs/lastFolder");
} // namespace

QString FileDialogs::startFolder()
{
    const QString last = g_settings ? g_settings->value(kKey).toString() : g_lastFolder;
    if (!last.isEmpty() && QFileInfo(last).isDir())
        return last;
    const QString documents = QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation);
    return QFileInfo(documents).isDir() ? documents : QDir::homePath();
}

void FileDialogs::useSettings(QSettings *settings)
{
    g_settings = settings;
}

void FileDialogs::answerWith(Answer answer)
{
    g_answer = std::move(answer);
}

QString FileDialogs::remember(const QString &chosen, bool isFolder)
{
    if (chosen.isEmpty())
        return chosen;
    const QString folder = isFolder ? chosen : QFileInfo(chosen).absolutePath();
    if (g_settings)
        g_settings->setValue(kKey, folder);
    else
        g_lastFolder = folder;
    return chosen;
}

QString FileDialogs::saveFile(QWidget *parent, const QString &caption, const QString &fileName,
                              const QString &filter)
{
    const QString at = QDir(startFolder()).filePath(fileName);
    return remember(
        g_answer ? g_answer(at) : QFileDialog::getSaveFileName(parent, caption, at, filter), false);
}

QString FileDialogs::openFile(QWidget *parent, const QString &caption, const QString &filter)
{
    const QString at = startFolder();
    return remember(
        g_answer ? g_answer(at) : QFileDialog::getOpenFileName(parent, caption, at, filter), false);
}

QString FileDialogs::folder(QWidget *parent, const QString &caption)
{
    const QString at = startFolder();
    return remember(
        g_answer ? g_answer(at) : QFileDialog::getExistingDirectory(parent, caption, at), true);
}
