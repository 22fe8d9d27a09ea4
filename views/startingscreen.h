#pragma once

#include "core/protocol/nodeannouncement.h"

#include <QWidget>

class QLabel;
class QProgressBar;

// What the user sees while the local devnet starts: a line saying so and,
// when the start is long (an old block log imported, an older database
// brought up to date), how far it is. Lives on the GUI thread.
class StartingScreen : public QWidget
{
    Q_OBJECT
public:
    explicit StartingScreen(QWidget *parent = nullptr);

    void reset(); // a new start: no progress yet
    void showProgress(const gifscan::NodeProgress &progress);

private:
    QLabel *m_title;
    QProgressBar *m_bar;
    QLabel *m_detail;
};
