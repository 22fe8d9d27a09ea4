#include "models/broadcastmodel.h"

#include "core/client/nodeindex.h"
#include "core/client/nodeprover.h"
#include "models/chainwords.h"
#include "models/displayformat.h"

BroadcastModel::BroadcastModel(gifscan::NodeIndex *nodeIndex, gifscan::NodeProver *prover,
                               QObject *parent)
    : QObject(parent), m_index(nodeIndex), m_prover(prover)
{
    // Blocks come every ~5 s; asking each second finds the receipt soon after.
    m_follow.setInterval(1000);
    connect(&m_follow, &QTimer::timeout, this, &BroadcastModel::poll);
}

void BroadcastModel::setState(State s)
{
    m_state = s;
    Q_EMIT stateChanged();
}

void BroadcastModel::setRaw(const QString &hex)
{
    m_scope.renew(); // what was sent before is no longer followed
    m_follow.stop();
    m_preview.reset();
    m_result.reset();
    m_problem.clear();
    const QString text = hex.simplified().remove(u' ');
    if (text.isEmpty()) {
        setState(State::Empty);
        return;
    }
    const auto raw = gifscan::parseHex(text);
    if (!raw) {
        m_problem = tr("This is not hex: a signed transaction is 0x followed by an even number of "
                       "hex digits.");
        setState(State::Invalid);
        return;
    }
    gifscan::TxDecodeError why;
    const auto tx = gifscan::decodeTransaction(*raw, &why);
    if (!tx) {
        m_problem =
            tr("This is not a GIF chain transaction: %1").arg(ChainWords::txDecodeError(why));
        setState(State::Invalid);
        return;
    }
    m_raw = *raw;
    Preview p;
    p.tx = *tx;
    p.hash = tx->hash();
    p.signature = gifscan::recoverSigner(tx->signingHash(), tx->signature, &p.sender);
    p.maxFee = gifscan::checkedMul(tx->gasPrice, gifscan::Amount(tx->gasLimit));
    const QString kind = gifscan::txKindName(tx->kind);
    switch (tx->kind) {
    case gifscan::TxKind::Transfer:
        p.summary = tr("Pays %1 to %2.")
                        .arg(DisplayFormat::amount(tx->amount), gifscan::toHexString(tx->to));
        break;
    case gifscan::TxKind::CreateCollection:
        p.summary =
            tr("Creates the collection %1 (\"%2\", %3).").arg(tx->slug, tx->name, tx->category);
        break;
    case gifscan::TxKind::Mint:
        p.summary =
            tr("Mints %1 to %2: %Ln byte(s) of GIF.", nullptr, static_cast<int>(tx->content.size()))
                .arg(tx->objectDisplayKey(), gifscan::toHexString(tx->to));
        break;
    case gifscan::TxKind::TransferObject:
        p.summary = tr("Gives %1 to %2.").arg(tx->objectDisplayKey(), gifscan::toHexString(tx->to));
        break;
    case gifscan::TxKind::List:
        p.summary =
            tr("Lists %1 for %2.").arg(tx->objectDisplayKey(), DisplayFormat::amount(tx->price));
        break;
    case gifscan::TxKind::Delist:
        p.summary = tr("Takes %1 off the market.").arg(tx->objectDisplayKey());
        break;
    case gifscan::TxKind::Buy:
        p.summary = tr("Buys %1 for at most %2.")
                        .arg(tx->objectDisplayKey(), DisplayFormat::amount(tx->maxPrice));
        break;
    }
    if (p.summary.isEmpty())
        p.summary = kind;
    // Shown, so the reader sees what it would do, but never sent: the node
    // refuses what no key signed.
    if (p.signature == gifscan::SignatureCheck::Unsigned)
        m_problem = tr("It is not signed: the node would refuse it, so it cannot be sent.");
    else if (p.signature == gifscan::SignatureCheck::Bad)
        m_problem = tr("Its signature does not verify: the node would refuse it, so it cannot be "
                       "sent.");
    m_preview = p;
    setState(State::Decoded);
}

bool BroadcastModel::canSend() const
{
    return m_state == State::Decoded && m_preview &&
           m_preview->signature == gifscan::SignatureCheck::Ok;
}

QString BroadcastModel::explainRejection(const QString &reason, const QString &message)
{
    static const QHash<QString, const char *> words{
        {QStringLiteral("malformed"), QT_TR_NOOP("The node could not read it (malformed).")},
        {QStringLiteral("unsigned"), QT_TR_NOOP("It is not signed.")},
        {QStringLiteral("bad-signature"), QT_TR_NOOP("Its signature does not verify.")},
        {QStringLiteral("wrong-chain"), QT_TR_NOOP("It was signed for another chain.")},
        {QStringLiteral("underpriced"),
         QT_TR_NOOP("Its gas price is below the node's minimum (underpriced).")},
        {QStringLiteral("nonce-too-low"),
         QT_TR_NOOP("Its nonce was already used by the sender (nonce too low).")},
        {QStringLiteral("insufficient-funds"),
         QT_TR_NOOP("The sender cannot pay for it (insufficient funds).")},
        {QStringLiteral("too-large"), QT_TR_NOOP("It is too large for the node.")},
        {QStringLiteral("intrinsic-gas"),
         QT_TR_NOOP("Its gas limit is below what this kind of transaction needs.")},
        {QStringLiteral("nonce-too-high"),
         QT_TR_NOOP("Its nonce is too far ahead of the sender's.")},
        {QStringLiteral("pool-full"), QT_TR_NOOP("The node holds as many waiting transactions as "
                                                 "it takes; a higher gas price would get in.")},
    };
    const auto it = words.constFind(reason);
    const QString sentence =
        it == words.constEnd() ? tr("The node refused it (%1).").arg(reason) : tr(*it);
    return message.isEmpty() ? sentence : tr("%1 The node says: %2").arg(sentence, message);
}

void BroadcastModel::send()
{
    if (!canSend())
        return;
    setState(State::Sending);
    m_prover->sendRawTransaction(
        m_raw, m_scope.context(), [this](const gifscan::Result<gifscan::Hash32> &r) {
            if (!r.ok()) {
                m_problem = r.error.rpcCode == -32003
                                ? explainRejection(r.error.code, r.error.message)
                                : ChainWords::clientError(r.error);
                setState(State::Rejected);
                return;
            }
            setState(State::Pending);
            poll();
            m_follow.start();
        });
}

void BroadcastModel::poll()
{
    if (!m_preview)
        return;
    m_index->transaction(m_preview->hash, m_scope.context(),
                         [this](const gifscan::Result<gifscan::TransactionWithReceipt> &r) {
                             if (!r.ok())
                                 return; // not known yet, or a hiccup: the next poll asks again
                             m_result = *r.value;
                             if (m_result->receipt) {
                                 m_follow.stop();
                                 setState(State::Included);
                             } else {
                                 Q_EMIT stateChanged();
                             }
                         });
}
