#include "views/linkactions.h"

#include "models/addressbook.h"
#include "models/giflink.h"

#include <QClipboard>
#include <QGuiApplication>
#include <QInputDialog>
#include <QLineEdit>
#include <QMenu>
#include <QWidget>

LinkActions::LinkActions(Watchlist *watchlist, AddressBook *addressBook, QObject *parent)
    : QObject(parent), m_watchlist(watchlist), m_addressBook(addressBook)
{
}

LinkActions *LinkActions::of(const QWidget *widget)
{
    const QWidget *window = widget ? widget->window() : nullptr;
    return window ? window->findChild<LinkActions *>(QString(), Qt::FindDirectChildrenOnly)
                  : nullptr;
}

void LinkActions::copy(const QString &value)
{
    QGuiApplication::clipboard()->setText(value);
    Q_EMIT said(tr("Copied %1").arg(value));
}

void LinkActions::copyFrom(const QWidget *widget, const QString &value)
{
    if (LinkActions *links = of(widget))
        links->copy(value);
    else
        QGuiApplication::clipboard()->setText(value);
}

void LinkActions::copyLink(const Location &to)
{
    const QString link = GifLink::make(to.text());
    QGuiApplication::clipboard()->setText(link);
    Q_EMIT said(tr("Copied %1").arg(link));
}

std::optional<std::pair<Watchlist::Kind, QString>> LinkActions::watchable(const Location &to)
{
    switch (to.kind) {
    case Location::Kind::Object:
        return std::pair(Watchlist::Kind::Object, to.key);
    case Location::Kind::Address:
        return std::pair(Watchlist::Kind::Address, to.key);
    case Location::Kind::Collection:
        return std::pair(Watchlist::Kind::Collection, to.key);
    default:
        return std::nullopt;
    }
}

QMenu *LinkActions::menu(const Location &to, const QString &value, QWidget *parent,
                         const std::function<void()> &open)
{
    auto *menu = new QMenu(parent);
    menu->setAttribute(Qt::WA_DeleteOnClose);
    menu->addAction(tr("Copy"), this, [this, value] { copy(value); });
    if (!to.text().isEmpty())
        menu->addAction(tr("Copy as gif:// link"), this, [this, to] { copyLink(to); });
    menu->addSeparator();
    menu->addAction(tr("Open"), menu, open);
    if (const auto what = watchable(to); what && m_watchlist) {
        const bool watched = m_watchlist->contains(what->first, what->second);
        menu->addAction(watched ? tr("Stop watching") : tr("Watch"), this, [this, what, watched] {
            m_watchlist->setWatched(what->first, what->second, !watched);
            Q_EMIT said(watched ? tr("Stopped watching %1.").arg(what->second)
                                : tr("Watching %1.").arg(what->second));
        });
    }
    if (to.kind == Location::Kind::Address && m_addressBook) {
        const bool named = !m_addressBook->label(to.key).isEmpty();
        menu->addAction(named ? tr("Rename…") : tr("Name this address…"), this,
                        [this, address = to.key, parent] { editLabel(address, parent); });
    }
    return menu;
}

// Not modal to the application: the window's live lists go on under it.
void LinkActions::editLabel(const QString &address, QWidget *parent)
{
    if (!m_addressBook)
        return;
    auto *dialog = new QInputDialog(parent ? parent->window() : nullptr);
    dialog->setObjectName(QStringLiteral("nameTag"));
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setWindowTitle(tr("Name tag"));
    dialog->setLabelText(
        tr("A private name for %1, kept on this computer only. Empty removes it.").arg(address));
    dialog->setTextValue(m_addressBook->label(address));
    if (auto *line = dialog->findChild<QLineEdit *>())
        line->setMaxLength(AddressBook::kMaxLength);
    connect(dialog, &QInputDialog::textValueSelected, this, [this, address](const QString &text) {
        m_addressBook->setLabel(address, text);
        const QString label = m_addressBook->label(address);
        Q_EMIT said(label.isEmpty() ? tr("%1 has no name tag.").arg(address)
                                    : tr("%1 is named \"%2\".").arg(address, label));
    });
    dialog->open();
}
