#pragma once

#include <QAbstractItemView>
#include <QApplication>
#include <QContextMenuEvent>
#include <QLineEdit>
#include <QListWidget>
#include <QMenu>
#include <QPushButton>
#include <QTest>
#include <QTextBlock>
#include <QTextBrowser>
#include <QWidget>

namespace gifscan::test {

// The first button under `root` that reads `text`, as a person finds it;
// nullptr when there is none.
inline QPushButton *buttonNamed(const QWidget *root, const QString &text)
{
    for (QPushButton *b : root->findChildren<QPushButton *>()) {
        if (b->text() == text)
            return b;
    }
    return nullptr;
}

// Clicks the button that reads `text` under `root` with the mouse, as a
// person would: false when there is none, or it is hidden or disabled (a
// click there would do nothing).
inline bool clickButton(const QWidget *root, const QString &text)
{
    QPushButton *b = buttonNamed(root, text);
    if (!b || !b->isVisible() || !b->isEnabled())
        return false;
    QTest::mouseClick(b, Qt::LeftButton);
    return true;
}

// Types `text` into a line edit from empty and presses Return.
inline void typeAndReturn(QLineEdit *box, const QString &text)
{
    box->setFocus();
    box->selectAll();
    QTest::keyClick(box, Qt::Key_Backspace);
    QTest::keyClicks(box, text);
    QTest::keyClick(box, Qt::Key_Return);
}

// Clicks a cell of an item view where it is drawn, once, with `modifiers`.
inline void click(QAbstractItemView *view, const QModelIndex &index,
                  Qt::KeyboardModifiers modifiers = {})
{
    view->scrollTo(index);
    QTest::mouseClick(view->viewport(), Qt::LeftButton, modifiers,
                      view->visualRect(index).center());
}

// Double-clicks a cell of an item view where it is drawn, as a person opens
// what it names.
inline void doubleClick(QAbstractItemView *view, const QModelIndex &index)
{
    view->scrollTo(index);
    const QPoint at = view->visualRect(index).center();
    // A double click is a press and release first: Qt sends both.
    QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, at);
    QTest::mouseDClick(view->viewport(), Qt::LeftButton, {}, at);
}

// The first piece of a text browser's text that is a link `wanted` accepts
// (given its href); an invalid fragment when there is none.
template <typename Wanted> QTextFragment firstAnchor(QTextBrowser *browser, Wanted wanted)
{
    for (QTextBlock block = browser->document()->begin(); block.isValid(); block = block.next()) {
        for (auto it = block.begin(); !it.atEnd(); ++it) {
            const QString href = it.fragment().charFormat().anchorHref();
            if (!href.isEmpty() && wanted(href))
                return it.fragment();
        }
    }
    return {};
}

// Where a text browser draws the middle of `fragment`, scrolled into
// sight: halfway between the caret before it and the caret after it (a
// one-character link has no character in its middle).
inline QPoint fragmentCentre(QTextBrowser *browser, const QTextFragment &fragment)
{
    QTextCursor cursor(browser->document());
    cursor.setPosition(fragment.position());
    browser->setTextCursor(cursor);
    browser->ensureCursorVisible();
    const QRect before = browser->cursorRect(cursor);
    cursor.setPosition(fragment.position() + fragment.length());
    const QRect after = browser->cursorRect(cursor);
    // A fragment wrapped onto the next line: just inside its start, since
    // the middle of the two ends may be another link's.
    if (after.center().y() != before.center().y())
        return {before.center().x() + 2, before.center().y()};
    return {(before.center().x() + after.center().x()) / 2, before.center().y()};
}

// Clicks the first link to `href` in a text browser where it is drawn, as a
// person does: false when the text has no such link.
inline bool clickLink(QTextBrowser *browser, const QString &href)
{
    const QTextFragment fragment =
        firstAnchor(browser, [&](const QString &link) { return link == href; });
    if (!fragment.isValid())
        return false;
    QTest::mouseClick(browser->viewport(), Qt::LeftButton, {}, fragmentCentre(browser, fragment));
    return true;
}

// The row of a filter list whose value (Qt::UserRole) is `value`; -1 when none.
inline int rowOfValue(const QListWidget *list, const QString &value)
{
    for (int r = 0; list && r < list->count(); ++r) {
        if (list->item(r)->data(Qt::UserRole).toString() == value)
            return r;
    }
    return -1;
}

// Ticks or unticks a checkable value of a list from the keyboard (the
// value made current, then Space), as a person does; false when it has
// no such value.
inline bool toggleValue(QListWidget *list, const QString &value)
{
    const int row = rowOfValue(list, value);
    if (row < 0)
        return false;
    list->setFocus();
    list->setCurrentRow(row);
    QTest::keyClick(list->viewport(), Qt::Key_Space);
    return true;
}

// Right-clicks `widget` at `at` (a scroll area's viewport for a view) and
// returns the menu that opens, as a person sees it; nullptr when none does.
inline QMenu *contextMenuAt(QWidget *widget, const QPoint &at)
{
    QContextMenuEvent event(QContextMenuEvent::Mouse, at, widget->mapToGlobal(at));
    QApplication::sendEvent(widget, &event);
    (void)QTest::qWaitFor([] { return qobject_cast<QMenu *>(QApplication::activePopupWidget()); },
                          1000);
    return qobject_cast<QMenu *>(QApplication::activePopupWidget());
}

// The texts of a menu's entries, separators left out.
inline QStringList menuTexts(const QMenu *menu)
{
    QStringList texts;
    for (const QAction *a : menu->actions()) {
        if (!a->isSeparator() && a->isVisible())
            texts.append(a->text());
    }
    return texts;
}

// Clicks the entry of an open menu that reads `text` where it is drawn:
// false when there is none.
inline bool clickMenuEntry(QMenu *menu, const QString &text)
{
    for (QAction *a : menu->actions()) {
        if (a->text() == text) {
            QTest::mouseClick(menu, Qt::LeftButton, {}, menu->actionGeometry(a).center());
            return true;
        }
    }
    return false;
}

} // namespace gifscan::test
