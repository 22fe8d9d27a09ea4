#include "views/statusbarwidget.h"

#include "models/displayformat.h"
#include "models/networkstatusmodel.h"
#include "views/theme.h"

#include <QHBoxLayout>
#include <QHash>
#include <QPushButton>

StatusBarWidget::StatusBarWidget(NetworkStatusModel *status, QWidget *parent)
    : QWidget(parent), m_status(status), m_network(new QLabel(this)), m_state(new QLabel(this)),
      m_head(new QLabel(this)), m_age(new QLabel(this)),
      m_useLocal(new QPushButton(tr("Use the local devnet"), this))
{
    m_useLocal->setObjectName(QStringLiteral("useLocalDevnet"));
    m_useLocal->setToolTip(tr("Follow a node gifscan runs on this computer instead"));
    m_useLocal->hide();
    connect(m_useLocal, &QPushButton::clicked, this, &StatusBarWidget::localDevnetRequested);
    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(4, 0, 4, 0);
    layout->setSpacing(16);
    for (QLabel *l : {m_network, m_state})
        layout->addWidget(l);
    layout->addWidget(m_useLocal);
    for (QLabel *l : {m_head, m_age})
        layout->addWidget(l);
    m_state->setTextFormat(Qt::RichText);
    connect(status, &NetworkStatusModel::changed, this, &StatusBarWidget::refresh);
    refresh();
}

void StatusBarWidget::refresh()
{
    m_network->setText(m_status->networkName().isEmpty() ? tr("No network")
                                                         : m_status->networkName());
    static const QHash<NetworkStatusModel::Tone, Theme::Tone> tones{
        {NetworkStatusModel::Tone::Good, Theme::Tone::Good},
        {NetworkStatusModel::Tone::Waiting, Theme::Tone::Waiting},
        {NetworkStatusModel::Tone::Late, Theme::Tone::Late},
        {NetworkStatusModel::Tone::Bad, Theme::Tone::Bad}};
    const QString colour = Theme::colour(tones.value(m_status->tone()));
    QString text = m_status->stateText();
    if (!m_status->trustText().isEmpty())
        text = tr("%1, %2").arg(text, m_status->trustText());
    m_state->setText(QStringLiteral("<span style=\"color:%1\">&#9679;</span> %2")
                         .arg(colour, text.toHtmlEscaped()));
    m_state->setToolTip(m_status->problem());
    m_useLocal->setVisible(m_status->offersLocalDevnet());
    m_head->setText(m_status->hasHead()
                        ? tr("Head %1").arg(DisplayFormat::height(m_status->headHeight()))
                        : tr("No head yet"));
    const qint64 age = m_status->secondsSinceHead();
    m_age->setText(age < 0 ? QString()
                           : tr("%Ln s since the last block", nullptr, static_cast<int>(age)));
}
