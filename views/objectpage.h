#pragma once

#include <QTimer>
#include <QWidget>

class ObjectPageModel;
class QFormLayout;
class QLabel;
class QPushButton;
class QTreeWidget;

// One object: its animation, what the chain says about it, and Verify, which
// proves the owner against a header and shows every step. Lives on the GUI thread.
class ObjectPage : public QWidget
{
    Q_OBJECT
public:
    explicit ObjectPage(ObjectPageModel *model, QWidget *parent = nullptr);

    QString badgeText() const;

private:
    void showRecord();
    void showFrame();
    void showVerification();

    ObjectPageModel *m_model;
    QLabel *m_title;
    QLabel *m_player;
    QPushButton *m_play;
    QLabel *m_details;
    QPushButton *m_verify;
    QLabel *m_badge;
    QTreeWidget *m_inspector;
    QTimer m_clock;
    int m_frame = 0;
};
