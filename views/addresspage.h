#pragma once

#include <QWidget>

class AddressPageModel;
class AnimationClock;
class DetailBrowser;
class ObjectGridView;
class QLabel;

// One address: balance (exact), nonce, counters, holdings per collection and
// the objects it owns as an animated grid. Lives on the GUI thread.
class AddressPage : public QWidget
{
    Q_OBJECT
public:
    AddressPage(AddressPageModel *model, AnimationClock *clock, QWidget *parent = nullptr);
    DetailBrowser *body() const { return m_body; }
    ObjectGridView *grid() const { return m_grid; }

Q_SIGNALS:
    void followed(const QString &target);
    void objectActivated(const QString &slug, quint64 tokenId);

private:
    void show();

    AddressPageModel *m_model;
    QLabel *m_title;
    DetailBrowser *m_body;
    ObjectGridView *m_grid;
};
