#include "views/copybutton.h"

#include "views/linkactions.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QMenu>

CopyButton::CopyButton(QWidget *parent) : QToolButton(parent)
{
    setObjectName(QStringLiteral("copy"));
    setText(QStringLiteral("\u2750"));
    setAutoRaise(true);
    setPopupMode(QToolButton::MenuButtonPopup);
    auto *menu = new QMenu(this);
    QAction *copyValue = menu->addAction(tr("Copy"));
    QAction *copyLink = menu->addAction(tr("Copy as gif:// link"));
    setMenu(menu);
    auto copy = [this] { LinkActions::copyFrom(this, m_value); };
    connect(this, &QToolButton::clicked, this, copy);
    connect(copyValue, &QAction::triggered, this, copy);
    connect(copyLink, &QAction::triggered, this, [this] {
        if (!m_to)
            return;
        if (LinkActions *links = LinkActions::of(this))
            links->copyLink(*m_to);
    });
    connect(menu, &QMenu::aboutToShow, this,
            [this, copyLink] { copyLink->setVisible(m_to.has_value() && LinkActions::of(this)); });
    hide();
}

void CopyButton::setValue(const QString &value, const std::optional<Location> &to)
{
    m_value = value;
    m_to = to;
    setToolTip(tr("Copy %1").arg(value));
    setAccessibleName(tr("Copy %1").arg(value));
    setVisible(!value.isEmpty());
}

void CopyButton::clear()
{
    setValue({});
}

QHBoxLayout *CopyButton::beside(QLabel *title, CopyButton *button, const QList<QWidget *> &after)
{
    auto *row = new QHBoxLayout;
    row->addWidget(title);
    row->addWidget(button);
    for (QWidget *w : after)
        row->addWidget(w);
    row->addStretch(1);
    return row;
}
