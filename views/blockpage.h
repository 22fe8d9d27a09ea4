#pragma once

#include <QWidget>

class BlockPageModel;
class DetailBrowser;
class QLabel;

// One block: every header field, the "header verified" badge with what was
// checked, and its transactions; everything named is a link. Lives on the GUI thread.
class BlockPage : public QWidget
{
    Q_OBJECT
public:
    explicit BlockPage(BlockPageModel *model, QWidget *parent = nullptr);
    QString badgeText() const;
    DetailBrowser *body() const { return m_body; }

Q_SIGNALS:
    void followed(const QString &target);

private:
    void show();

    BlockPageModel *m_model;
    QLabel *m_title;
    QLabel *m_badge;
    DetailBrowser *m_body;
};
