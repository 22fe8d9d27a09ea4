#pragma once

#include "models/location.h"

#include <QToolButton>
#include <optional>

class QHBoxLayout;
class QLabel;

// The ❐ beside a page's title: a click copies the value the title names in
// full (a key, an address, a hash); its menu also copies it as a gif://
// link. Hidden while there is nothing to copy. Lives on the GUI thread.
class CopyButton : public QToolButton
{
    Q_OBJECT
public:
    explicit CopyButton(QWidget *parent = nullptr);

    // `value` copied by a click; `to` the place its link names (none: no link entry).
    void setValue(const QString &value, const std::optional<Location> &to = std::nullopt);
    void clear();
    const QString &value() const { return m_value; }

    // A title with the button right after it (not at the far edge, where
    // the eye would not look for it).
    // `after` follows them, in order.
    static QHBoxLayout *beside(QLabel *title, CopyButton *button,
                               const QList<QWidget *> &after = {});

private:
    QString m_value;
    std::optional<Location> m_to;
};
