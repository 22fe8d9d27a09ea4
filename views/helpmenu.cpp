#include "views/helpmenu.h"

#include "models/networkstatusmodel.h"

#include <QAction>
#include <QCoreApplication>
#include <QMap>
#include <QMessageBox>
#include <QShortcut>
#include <QtGlobal>

namespace {
// Opened without a nested event loop: the window may be made again (a
// language change, a node restarted elsewhere) while a box is up.
void showBox(QWidget *window, const QString &title, const QString &richText)
{
    auto *box = new QMessageBox(QMessageBox::NoIcon, title, richText, QMessageBox::Close, window);
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->setTextFormat(Qt::RichText);
    box->open();
}
} // namespace

HelpMenu::HelpMenu(QWidget *window, NetworkStatusModel *status) : QMenu(tr("&Help"), window)
{
    QAction *keys = addAction(tr("Keyboard shortcuts"), this, [window] {
        showBox(window, tr("Keyboard shortcuts"), shortcutsText(window));
    });
    keys->setShortcut(QKeySequence::HelpContents);
    addSeparator();
    addAction(tr("About gifscan"), this,
              [window, status] { showBox(window, tr("About gifscan"), aboutText(status)); });
}

QString HelpMenu::shortcutsText(const QWidget *window)
{
    // One line per key, sorted by what it does: the tables, the proof and
    // the pages each have their own Copy, and Ctrl+C is listed once for all.
    // An action's mnemonic '&' is not shown.
    QMap<QString, QStringList> namesOfKey;
    for (const QAction *action : window->findChildren<QAction *>()) {
        if (action->shortcuts().isEmpty() || action->text().isEmpty())
            continue;
        QStringList keys;
        for (const QKeySequence &k : action->shortcuts()) {
            if (!k.isEmpty()) // a standard key this platform leaves unbound
                keys << k.toString(QKeySequence::NativeText);
        }
        if (keys.isEmpty())
            continue;
        QString name = action->text();
        name.remove(u'&');
        for (const QString &key : keys)
            namesOfKey[key] += name;
    }
    // Shortcuts that are no action (the search box's Ctrl+L and /) say what
    // they do in their whatsThis.
    for (const QShortcut *shortcut : window->findChildren<QShortcut *>()) {
        if (shortcut->whatsThis().isEmpty() || shortcut->key().isEmpty())
            continue;
        namesOfKey[shortcut->key().toString(QKeySequence::NativeText)] += shortcut->whatsThis();
    }
    QMap<QString, QStringList> byName;
    for (auto it = namesOfKey.begin(); it != namesOfKey.end(); ++it) {
        it->removeDuplicates();
        byName[it->join(QStringLiteral(" / "))] += it.key();
    }
    QString rows;
    for (auto it = byName.cbegin(); it != byName.cend(); ++it)
        rows += QStringLiteral("<tr><td>%1</td><td><b>%2</b></td></tr>")
                    .arg(it.key().toHtmlEscaped(),
                         it.value().join(QStringLiteral(", ")).toHtmlEscaped());
    return QStringLiteral("<table cellspacing=\"4\">%1</table>").arg(rows);
}

QString HelpMenu::aboutText(const NetworkStatusModel *status)
{
    const QString network =
        status && status->headHeight() > 0
            ? tr("Following %1, head %L2.").arg(status->networkName()).arg(status->headHeight())
            : tr("Following %1, no head yet.").arg(status ? status->networkName() : QString());
    return tr("<h3>gifscan %1</h3><p>A block explorer for the GIF chain that proves every owner "
              "it shows against headers signed by the validators you trust.</p><p>%2</p>"
              "<p>Qt %3</p>")
        .arg(QCoreApplication::applicationVersion().toHtmlEscaped(), network.toHtmlEscaped(),
             QString::fromLatin1(qVersion()));
}
