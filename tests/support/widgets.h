#pragma once

#include <QPushButton>
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

} // namespace gifscan::test
