#pragma once

#include <QLabel>
#include <QWidget>

class NetworkStatusModel;

// The status bar's summary: network, connection state with a coloured mark,
// head height, and time since the last block, refreshed each second.
// Lives on the GUI thread.
class StatusBarWidget : public QWidget
{
    Q_OBJECT
public:
    explicit StatusBarWidget(NetworkStatusModel *status, QWidget *parent = nullptr);

private:
    void refresh();

    NetworkStatusModel *m_status;
    QLabel *m_network;
    QLabel *m_state;
    QLabel *m_head;
    QLabel *m_age;
};
