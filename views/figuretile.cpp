#include "views/figuretile.h"

#include <QLabel>
#include <QVBoxLayout>

FigureTile::FigureTile(const QString &caption, QWidget *parent)
    : QFrame(parent), m_value(new QLabel(this))
{
    setFrameShape(QFrame::StyledPanel);
    setBackgroundRole(QPalette::AlternateBase);
    setAutoFillBackground(true);
    QFont big = m_value->font();
    big.setPointSizeF(big.pointSizeF() * 1.6);
    big.setBold(true);
    m_value->setFont(big);
    m_value->setTextInteractionFlags(Qt::TextSelectableByMouse);
    auto *label = new QLabel(caption, this);
    label->setWordWrap(true);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(12, 8, 12, 8);
    layout->setSpacing(2);
    layout->addWidget(m_value);
    layout->addWidget(label);
    // The caption says what the number is; its accessible name says both.
    setAccessibleName(caption);
}

void FigureTile::setValue(const QString &value, const QString &toolTip)
{
    m_value->setText(value);
    setToolTip(toolTip);
    setAccessibleDescription(value);
}

QString FigureTile::value() const
{
    return m_value->text();
}
