#include "views/broadcastdialog.h"

#include "models/broadcastmodel.h"
#include "models/chainwords.h"
#include "models/displayformat.h"
#include "views/theme.h"

#include <QDialogButtonBox>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QVBoxLayout>

BroadcastDialog::BroadcastDialog(BroadcastModel *model, QWidget *parent)
    : QDialog(parent), m_model(model), m_input(new QPlainTextEdit(this)),
      m_preview(new QLabel(this)), m_status(new QLabel(this)),
      m_send(new QPushButton(tr("Send"), this)),
      m_open(new QPushButton(tr("Open transaction"), this))
{
    setWindowTitle(tr("Broadcast a transaction"));
    m_input->setPlaceholderText(tr("Paste a signed raw transaction: 0x…"));
    m_input->setTabChangesFocus(true);
    m_preview->setTextFormat(Qt::RichText);
    m_preview->setWordWrap(true);
    m_preview->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_status->setWordWrap(true);
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    buttons->addButton(m_send, QDialogButtonBox::ActionRole);
    buttons->addButton(m_open, QDialogButtonBox::ActionRole);
    Theme::plainButtons(buttons);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_input, 1);
    layout->addWidget(m_preview);
    layout->addWidget(m_status);
    layout->addWidget(buttons);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_input, &QPlainTextEdit::textChanged, this,
            [this] { m_model->setRaw(m_input->toPlainText()); });
    connect(m_send, &QPushButton::clicked, m_model, &BroadcastModel::send);
    connect(m_open, &QPushButton::clicked, this, [this] {
        if (m_model->preview())
            Q_EMIT transactionOpened(gifscan::toHexString(m_model->preview()->hash));
    });
    connect(model, &BroadcastModel::stateChanged, this, &BroadcastDialog::refresh);
    model->setRaw({});
    refresh();
    resize(640, 420);
}

QString BroadcastDialog::previewText() const
{
    return m_preview->text();
}

QString BroadcastDialog::statusText() const
{
    return m_status->text();
}

void BroadcastDialog::refresh()
{
    using State = BroadcastModel::State;
    const State s = m_model->state();
    m_send->setEnabled(m_model->canSend());
    m_open->setEnabled(s == State::Pending || s == State::Included);
    m_input->setReadOnly(s == State::Sending || s == State::Pending);
    if (const auto &p = m_model->preview()) {
        QString signer;
        switch (p->signature) {
        case gifscan::SignatureCheck::Ok:
            signer = gifscan::toHexString(p->sender);
            break;
        case gifscan::SignatureCheck::Unsigned:
            signer = tr("nobody: it is not signed");
            break;
        case gifscan::SignatureCheck::Bad:
            signer = tr("unknown: the signature does not verify");
            break;
        }
        m_preview->setText(
            tr("<table cellspacing=3>"
               "<tr><td>Kind</td><td><b>%1</b></td></tr>"
               "<tr><td>What it does</td><td>%2</td></tr>"
               "<tr><td>Sender</td><td><code>%3</code></td></tr>"
               "<tr><td>Nonce</td><td>%4</td></tr>"
               "<tr><td>Fee, at most</td><td>%5 (gas price %6 × gas limit %7)</td></tr>"
               "<tr><td>Chain</td><td>%8</td></tr>"
               "<tr><td>Hash</td><td><code>%9</code></td></tr></table>")
                .arg(ChainWords::txKind(gifscan::txKindName(p->tx.kind)),
                     p->summary.toHtmlEscaped(), signer.toHtmlEscaped())
                .arg(p->tx.nonce)
                .arg(p->maxFee ? DisplayFormat::amount(*p->maxFee)
                               : tr("more than any balance can hold"),
                     DisplayFormat::gasPrice(p->tx.gasPrice))
                .arg(p->tx.gasLimit)
                .arg(p->tx.chainId)
                .arg(gifscan::toHexString(p->hash)));
    } else {
        m_preview->clear();
    }
    showStatus(s);
}

// Where the transaction is, in words and a colour.
void BroadcastDialog::showStatus(BroadcastModel::State s)
{
    using State = BroadcastModel::State;
    QString status;
    QString colour = QStringLiteral("palette(text)");
    switch (s) {
    case State::Empty:
        status = tr("Paste a transaction to see what it does.");
        break;
    case State::Invalid:
        status = m_model->problem();
        colour = Theme::colour(Theme::Tone::Bad);
        break;
    case State::Decoded:
        if (m_model->canSend()) {
            status = tr("Nothing has been sent yet. Check the above, then Send.");
        } else {
            status = m_model->problem();
            colour = Theme::colour(Theme::Tone::Bad);
        }
        break;
    case State::Sending:
        status = tr("Sending…");
        break;
    case State::Rejected:
        status = tr("Refused: %1").arg(m_model->problem());
        colour = Theme::colour(Theme::Tone::Bad);
        break;
    case State::Pending:
        status = tr("Accepted by the node; waiting for a block…");
        break;
    case State::Included: {
        const auto &r = *m_model->result()->receipt;
        status = r.success
                     ? tr("Included in block %1: success, fee %2.")
                           .arg(r.blockHeight)
                           .arg(DisplayFormat::amount(r.fee))
                     : tr("Included in block %1 but failed: %2").arg(r.blockHeight).arg(r.error);
        colour = r.success ? Theme::colour(Theme::Tone::Good) : Theme::colour(Theme::Tone::Bad);
        break;
    }
    }
    m_status->setText(status);
    m_status->setStyleSheet(QStringLiteral("color: %1").arg(colour));
}
