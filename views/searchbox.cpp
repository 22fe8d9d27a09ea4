#include "views/searchbox.h"

#include "models/addressbook.h"
#include "models/collectionlistmodel.h"
#include "models/searchsuggestions.h"
#include "views/theme.h"

#include <QAbstractItemView>
#include <QAction>
#include <QCompleter>
#include <QShortcut>
#include <QStandardItemModel>
#include <QToolTip>

SearchBox::SearchBox(CollectionListModel *collections, QWidget *window)
    : QLineEdit(window), m_collections(collections), m_completer(new QCompleter(this)),
      m_suggestions(new QStandardItemModel(this)),
      m_icon(addAction(QIcon(), QLineEdit::LeadingPosition))
{
    setPlaceholderText(
        tr("Height, hash, address, collection, slug#id or slug#id@height  (Ctrl+L or /)"));
    setClearButtonEnabled(true);
    connect(this, &QLineEdit::returnPressed, this, [this] { Q_EMIT submitted(text()); });
    connect(this, &QLineEdit::textEdited, this, [this](const QString &typed) {
        clearComplaint();
        suggest(typed);
    });
    // Suggestions are computed here, not filtered by the completer.
    m_completer->setModel(m_suggestions);
    m_completer->setCompletionMode(QCompleter::UnfilteredPopupCompletion);
    m_completer->setCompletionRole(Qt::UserRole); // the text; the popup shows the label
    m_completer->setWidget(this);
    connect(m_completer, qOverload<const QModelIndex &>(&QCompleter::activated), this,
            [this](const QModelIndex &index) {
                const QString chosen = index.data(Qt::UserRole).toString();
                setText(chosen);
                Q_EMIT submitted(chosen);
            });
    for (const QKeySequence &keys : {QKeySequence(tr("Ctrl+L")), QKeySequence(Qt::Key_Slash)}) {
        auto *shortcut = new QShortcut(keys, window);
        shortcut->setWhatsThis(tr("Search"));
        connect(shortcut, &QShortcut::activated, this, [this] {
            setFocus();
            selectAll();
        });
    }
}

void SearchBox::setIcon(const QIcon &icon)
{
    m_icon->setIcon(icon);
}

void SearchBox::suggest(const QString &typed)
{
    m_suggestions->clear();
    if (m_book) {
        const auto tagged = m_book->matching(typed);
        for (qsizetype i = 0; i < std::min<qsizetype>(tagged.size(), 4); ++i) {
            const auto &[label, address] = tagged[i];
            auto *item = new QStandardItem(
                tr("%1 — your name for %2").arg(label, address.left(10) + QStringLiteral("…")));
            item->setData(address, Qt::UserRole);
            m_suggestions->appendRow(item);
        }
    }
    for (const auto &s : SearchSuggestions::suggest(typed, m_collections->slugs(), m_recent, 8,
                                                    m_collections->namesBySlug())) {
        auto *item = new QStandardItem(s.label);
        item->setData(s.text, Qt::UserRole);
        m_suggestions->appendRow(item);
    }
    if (m_suggestions->rowCount() > 0)
        m_completer->complete();
    else if (m_completer->popup())
        m_completer->popup()->hide();
}

void SearchBox::remember(const QString &canonical)
{
    m_recent.removeAll(canonical);
    m_recent.prepend(canonical);
    if (m_recent.size() > 20)
        m_recent.removeLast();
}

void SearchBox::follow(const QString &place)
{
    clearComplaint();
    // The box says where the window is, as an address bar does; only words
    // the reader is typing (changed since the box last named a place) stay.
    if (!hasFocus() || text().isEmpty() || !isModified())
        setText(place);
}

void SearchBox::clearComplaint()
{
    setStyleSheet(QString());
    setToolTip(QString());
}

void SearchBox::complain(const QString &why)
{
    // In place: the box turns red and says why, nothing else moves.
    setStyleSheet(
        QStringLiteral("QLineEdit { border: 1px solid %1; }").arg(Theme::colour(Theme::Tone::Bad)));
    setToolTip(why);
    QToolTip::showText(mapToGlobal(QPoint(0, height())), why, this);
}
