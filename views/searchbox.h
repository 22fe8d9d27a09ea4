#pragma once

#include <QLineEdit>

class AddressBook;
class CollectionListModel;
class QAction;
class QCompleter;
class QStandardItemModel;

// The one search box: typed suggestions while one types (what the line can
// become, collections, recent searches), Ctrl+L and "/" to reach it, and an
// in-place complaint (a red border and the reason) for what it cannot open.
// Lives on the GUI thread.
class SearchBox : public QLineEdit
{
    Q_OBJECT
public:
    SearchBox(CollectionListModel *collections, QWidget *window);

    QCompleter *completer() const { return m_completer; }
    void complain(const QString &why);
    // The place shown, as the box would name it (empty for a list page):
    // the box follows the page unless the reader is typing in it, and a
    // complaint goes with the search it was about.
    void follow(const QString &place);
    // The suggestions for `typed`, opened under the box.
    void suggest(const QString &typed);
    void remember(const QString &canonical);
    void setIcon(const QIcon &icon);
    // The reader's name tags: a tag that contains what is typed is offered
    // first, leading to its address.
    void setAddressBook(const AddressBook *book) { m_book = book; }

Q_SIGNALS:
    void submitted(const QString &text);

private:
    void clearComplaint();

    CollectionListModel *m_collections;
    QCompleter *m_completer;
    QStandardItemModel *m_suggestions;
    QAction *m_icon;
    QStringList m_recent;
    const AddressBook *m_book = nullptr;
};
