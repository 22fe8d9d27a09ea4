#include "views/addresslabeldelegate.h"

#include "models/addressbook.h"
#include "views/linkactions.h"

QString AddressLabelDelegate::labelOf(const QModelIndex &index, const QWidget *view)
{
    const LinkActions *links = LinkActions::of(view);
    return labelIn(links ? links->addressBook() : nullptr, index);
}

QString AddressLabelDelegate::labelIn(const AddressBook *book, const QModelIndex &index)
{
    if (!book || book->isEmpty())
        return {};
    const QString address = AddressBook::shownAddress(index);
    return address.isEmpty() ? QString() : book->label(address);
}

const AddressBook *AddressLabelDelegate::bookFor(const QWidget *view) const
{
    const QWidget *window = view ? view->window() : nullptr;
    // The first paint, the view moved to another window, or a window that
    // had no book yet: looked up (again).
    if (window != m_window || !m_book) {
        m_window = window;
        const LinkActions *links = LinkActions::of(view);
        m_book = links ? links->addressBook() : nullptr;
    }
    return m_book;
}

void AddressLabelDelegate::initStyleOption(QStyleOptionViewItem *option,
                                           const QModelIndex &index) const
{
    QStyledItemDelegate::initStyleOption(option, index);
    if (const QString label = labelIn(bookFor(option->widget), index); !label.isEmpty()) {
        option->text = label;
        option->font.setItalic(true);
    }
}
