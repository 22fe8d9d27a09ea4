#pragma once

#include <QPointer>
#include <QStyledItemDelegate>

class AddressBook;

// A table's cells as the model gives them, except that a cell showing an
// address (whole or shortened, and leading to it) shows the reader's name
// tag for it instead, in italics so a tag is never read as chain data; the
// tooltip keeps the address. The tags are the window's (LinkActions), so a
// table outside a window shows addresses bare. Lives on the GUI thread.
class AddressLabelDelegate : public QStyledItemDelegate
{
    Q_OBJECT
public:
    using QStyledItemDelegate::QStyledItemDelegate;

    // The tag `index` shows in place of its text; empty when it shows its text.
    static QString labelOf(const QModelIndex &index, const QWidget *view);

protected:
    void initStyleOption(QStyleOptionViewItem *option, const QModelIndex &index) const override;

private:
    // The tag `book` has for the address `index` shows, if it shows one.
    static QString labelIn(const AddressBook *book, const QModelIndex &index);
    // The book of the window the view is in, looked up once per window
    // rather than for every cell of every repaint (live lists repaint each
    // second).
    const AddressBook *bookFor(const QWidget *view) const;
    mutable QPointer<const QWidget> m_window;
    mutable QPointer<const AddressBook> m_book;
};
