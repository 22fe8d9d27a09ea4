#pragma once

#include "views/routedpage.h"

class BlockPageModel;
class DetailBrowser;
class QLabel;

// One block: every header field, the "header verified" badge with what was
// checked, and its transactions; everything named is a link. Lives on the GUI thread.
class BlockPage : public RoutedPage
{
    Q_OBJECT
public:
    explicit BlockPage(BlockPageModel *model, QWidget *parent = nullptr);
    void open(const Location &where) override;
    void restyle() override;
    QString badgeText() const;
    QString whenText() const;
    DetailBrowser *body() const { return m_body; }

private:
    void show();

    BlockPageModel *m_model;
    QLabel *m_title;
    QLabel *m_when; // its time and confirmations, as the head moves
    QLabel *m_badge;
    DetailBrowser *m_body;
};
