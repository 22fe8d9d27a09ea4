#pragma once

#include <QFrame>

class NetworkStatusModel;
class QLabel;
class QPushButton;

// Across the top of every page while the node is refused (another network,
// or validators not trusted yet), as bitcoin-qt's out-of-sync banner: what
// is wrong in words, and the two ways on, Trust… (the prompt again, with
// the node's fingerprint, size and genesis) and Settings…. Hidden while the
// node is the network trusted. Lives on the GUI thread.
class NetworkBanner : public QFrame
{
    Q_OBJECT
public:
    NetworkBanner(NetworkStatusModel *status, QWidget *parent = nullptr);
    QString text() const;
    // While the node is refused, `content` (the pages) is hidden and the
    // widget returned, a line saying nothing is shown, takes its place: the
    // caller lays it out beside `content`.
    QWidget *withholding(QWidget *content);

Q_SIGNALS:
    void trustRequested();
    void settingsRequested();

protected:
    void changeEvent(QEvent *event) override;

private:
    void refresh();
    void retranslate();

    NetworkStatusModel *m_status;
    QLabel *m_text;
    QWidget *m_content = nullptr;
    QLabel *m_withheld = nullptr;
    QPushButton *m_trust;
    QPushButton *m_settings;
};
