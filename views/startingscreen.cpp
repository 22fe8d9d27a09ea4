#include "views/startingscreen.h"

#include <QLabel>
#include <QLocale>
#include <QProgressBar>
#include <QVBoxLayout>

StartingScreen::StartingScreen(QWidget *parent)
    : QWidget(parent), m_title(new QLabel(this)), m_bar(new QProgressBar(this)),
      m_detail(new QLabel(this))
{
    setWindowTitle(tr("gifscan"));
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(24, 24, 24, 24);
    layout->addWidget(m_title);
    layout->addWidget(m_bar);
    layout->addWidget(m_detail);
    m_detail->setWordWrap(true);
    // Wide enough for the longest line in every language, so that nothing
    // is cut when progress starts.
    setMinimumWidth(460);
    reset();
}

void StartingScreen::reset()
{
    m_title->setText(tr("Starting the local devnet…"));
    m_bar->hide();
    m_detail->hide();
    adjustSize();
}

void StartingScreen::showProgress(const gifscan::NodeProgress &p)
{
    using Task = gifscan::NodeProgress::Task;
    const QString done = QLocale().toString(p.done), total = QLocale().toString(p.total);
    switch (p.task) {
    case Task::Import:
        m_title->setText(tr("Starting the local devnet: importing its chain"));
        m_detail->setText(
            tr("Block %1 of %2, once: the old block log is kept beside the new database.")
                .arg(done, total));
        break;
    case Task::Rebuild:
        m_title->setText(tr("Starting the local devnet: bringing its database up to date"));
        m_detail->setText(tr("Block %1 of %2, once: this database was written by an older gifscan.")
                              .arg(done, total));
        break;
    case Task::Genesis:
        m_title->setText(tr("Starting the local devnet: building its first block"));
        m_detail->setText(tr("Transaction %1 of %2, once: the chain is kept for the next start.")
                              .arg(done, total));
        break;
    }
    // Block counts may pass what a progress bar holds (an int).
    m_bar->setRange(0, 1000);
    m_bar->setValue(p.total ? static_cast<int>(p.done * 1000 / p.total) : 1000);
    m_bar->setFormat(QStringLiteral("%p %"));
    if (m_bar->isHidden()) {
        m_bar->show();
        m_detail->show();
        adjustSize(); // the window grows to what it now shows
    }
}
