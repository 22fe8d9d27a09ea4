#pragma once

#include <QAbstractItemView>
#include <QLineEdit>
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

// Clicks the first link to `href` in a text browser where it is drawn, as a
// person does: false when the text has no such link.
inline bool clickLink(QTextBrowser *browser, const QString &href)
{
    for (QTextBlock block = browser->document()->begin(); block.isValid(); block = block.next()) {
        for (auto it = block.begin(); !it.atEnd(); ++it) {
            const QTextFragment fragment = it.fragment();
            if (fragment.charFormat().anchorHref() != href)
                continue;
            QTextCursor cursor(browser->document());
            cursor.setPosition(fragment.position() + fragment.length() / 2);
            browser->setTextCursor(cursor);
            browser->ensureCursorVisible();
            QTest::mouseClick(browser->viewport(), Qt::LeftButton, {},
                              browser->cursorRect(cursor).center());
            return true;
        }
    }
    return false;
}

} // namespace gifscan::test
