#pragma once

#include <QFrame>

class QLabel;

// One figure as dashboards show it: the value large, what it is small
// beneath, on a panel that follows the palette. Lives on the GUI thread.
class FigureTile : public QFrame
{
    Q_OBJECT
public:
    FigureTile(const QString &caption, QWidget *parent = nullptr);
    void setValue(const QString &value, const QString &toolTip = {});
    QString value() const;

private:
    QLabel *m_value;
};
