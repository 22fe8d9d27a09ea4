#pragma once

#include "views/routedpage.h"

class DetailBrowser;
class QLabel;
class TransactionPageModel;

// One transaction: its fields, its receipt and events (or "pending"); every
// hash, address and key a link. Lives on the GUI thread.
class TransactionPage : public RoutedPage
{
    Q_OBJECT
public:
    explicit TransactionPage(TransactionPageModel *model, QWidget *parent = nullptr);
    void open(const Location &where) override;
    void restyle() override;
    DetailBrowser *body() const { return m_body; }
    QString whenText() const;

private:
    void show();

    TransactionPageModel *m_model;
    QLabel *m_title;
    QLabel *m_when; // its block's time and confirmations, as the head moves
    DetailBrowser *m_body;
};
