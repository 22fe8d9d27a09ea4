#pragma once

#include <QLabel>
#include <QWidget>

class NetworkStatusModel;
class QPushButton;

// The status bar's summary: network, connection state with a coloured mark,
// head height, and time since the last block, refreshed each second. A node
// that cannot be reached is said with the wait before the next attempt, and
// the local devnet is offered in its place. Lives on the GUI thread.
class StatusBarWidget : public QWidget
{
    Q_OBJECT
public:
    explicit StatusBarWidget(NetworkStatusModel *status, QWidget *parent = nullptr);
    QString stateText() const { return m_state->text(); }
    QPushButton *localDevnetButton() const { return m_useLocal; }

Q_SIGNALS:
    void localDevnetRequested();

private:
    void refresh();

    NetworkStatusModel *m_status;
    QLabel *m_network;
    QLabel *m_state;
    QLabel *m_head;
    QLabel *m_age;
    QPushButton *m_useLocal;
};
