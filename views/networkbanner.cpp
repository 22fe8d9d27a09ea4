#include "views/networkbanner.h"

#include "models/networkstatusmodel.h"
#include "views/theme.h"

#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>

NetworkBanner::NetworkBanner(NetworkStatusModel *status, QWidget *parent)
    : QFrame(parent), m_status(status), m_text(new QLabel(this)), m_trust(new QPushButton(this)),
      m_settings(new QPushButton(this))
{
    setObjectName(QStringLiteral("networkBanner"));
    setFrameShape(QFrame::StyledPanel);
    auto *layout = new QHBoxLayout(this);
    m_text->setWordWrap(true);
    m_text->setTextInteractionFlags(Qt::TextSelectableByMouse);
    // The words take the width; the buttons keep theirs at any size.
    m_text->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Preferred);
    layout->addWidget(m_text, 1);
    layout->addWidget(m_trust);
    layout->addWidget(m_settings);
    connect(m_trust, &QPushButton::clicked, this, &NetworkBanner::trustRequested);
    connect(m_settings, &QPushButton::clicked, this, &NetworkBanner::settingsRequested);
    connect(status, &NetworkStatusModel::changed, this, &NetworkBanner::refresh);
    retranslate();
}

QString NetworkBanner::text() const
{
    return isVisibleTo(parentWidget()) ? m_text->text() : QString();
}

QWidget *NetworkBanner::withholding(QWidget *content)
{
    m_content = content;
    m_withheld = new QLabel(parentWidget());
    m_withheld->setObjectName(QStringLiteral("withheld"));
    m_withheld->setAlignment(Qt::AlignCenter);
    m_withheld->setWordWrap(true);
    retranslate();
    return m_withheld;
}

void NetworkBanner::refresh()
{
    const bool refused = m_status->refused();
    setVisible(refused);
    m_trust->setVisible(m_status->trustOffered());
    if (m_content) {
        m_content->setVisible(!refused);
        m_withheld->setVisible(refused);
    }
    m_text->setText(m_status->refusalText());
    // The failing tone, on any palette: the words stay readable on it.
    const QString sheet =
        QStringLiteral("#networkBanner { border: 2px solid %1; border-radius: 4px; }")
            .arg(Theme::colour(Theme::Tone::Bad));
    if (styleSheet() != sheet) // a sheet set anew is a change of its own
        setStyleSheet(sheet);
}

void NetworkBanner::retranslate()
{
    m_trust->setText(tr("Trust…"));
    m_trust->setToolTip(tr("See the node's validators again and choose whether to trust them"));
    m_settings->setText(tr("Settings…"));
    if (m_withheld)
        m_withheld->setText(tr("Nothing this node serves is shown until its validators are "
                               "trusted."));
    refresh();
}

void NetworkBanner::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    else if (event->type() == QEvent::PaletteChange)
        refresh();
    QFrame::changeEvent(event);
}
