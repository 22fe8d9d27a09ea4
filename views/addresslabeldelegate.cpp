#include "views/addresslabeldelegate.h"

#include "models/addressbook.h"
#include "views/linkactions.h"

QString AddressLabelDelegate::labelOf(const QModelIndex &index, const QWidget *view)
{
    const LinkActions *links = LinkActions::of(view);
    const AddressBook *book = links ? links->addressBook() : nullptr;
    if (!book || book->isEmpty())
        return {};
    const QString address = AddressBook::shownAddress(index);
    return address.isEmpty() ? QString() : book->label(address);
}

void AddressLabelDelegate::initStyleOption(QStyleOptionViewItem *option,
                                           const QModelIndex &index) const
{
    QStyledItemDelegate::initStyleOption(option, index);
    if (const QString label = labelOf(index, option->widget); !label.isEmpty()) {
        option->text = label;
        option->font.setItalic(true);
    }
}
