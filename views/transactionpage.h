#pragma once

#include <QWidget>

class DetailBrowser;
class QLabel;
class TransactionPageModel;

// One transaction: its fields, its receipt and events (or "pending"); every
// hash, address and key a link. Lives on the GUI thread.
class TransactionPage : public QWidget
{
    Q_OBJECT
public:
    explicit TransactionPage(TransactionPageModel *model, QWidget *parent = nullptr);
    DetailBrowser *body() const { return m_body; }

Q_SIGNALS:
    void followed(const QString &target);

private:
    void show();

    TransactionPageModel *m_model;
    QLabel *m_title;
    DetailBrowser *m_body;
};
