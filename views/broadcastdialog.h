#pragma once

#include "models/broadcastmodel.h"

#include <QDialog>

class QLabel;
class QPlainTextEdit;
class QPushButton;

// Paste a signed raw transaction, see what it does before it is sent, send
// it and follow it to its receipt; the node's refusal in words.
// Lives on the GUI thread.
class BroadcastDialog : public QDialog
{
    Q_OBJECT
public:
    BroadcastDialog(BroadcastModel *model, QWidget *parent = nullptr);

    QPlainTextEdit *input() const { return m_input; }
    QPushButton *sendButton() const { return m_send; }
    QString previewText() const;
    QString statusText() const;

Q_SIGNALS:
    void transactionOpened(const QString &hash);

private:
    void refresh();
    void showStatus(BroadcastModel::State s);

    BroadcastModel *m_model;
    QPlainTextEdit *m_input;
    QLabel *m_preview;
    QLabel *m_status;
    QPushButton *m_send;
    QPushButton *m_open;
};
