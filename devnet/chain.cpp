#include "devnet/chain.h"

#include "core/privatekey.h"
#include "devnet/executor.h"
#include "devnet/genesis.h"

#include <QDateTime>
#include <QDir>
#include <QLoggingCategory>

namespace gifscan::devnet {

Q_LOGGING_CATEGORY(lcChain, "gifscan.devnet.chain")

namespace {
constexpr std::size_t kMaxBlockTransactions = 500;

struct Decoded
{
    Transaction tx;
    Address from{};
    Hash32 hash{};
};

Submission reject(const char *reason, const QString &message)
{
    Submission s;
    s.reason = QLatin1String(reason);
    s.message = message;
    return s;
}
} // namespace

Chain::Chain(ChainOptions options, QObject *parent)
    : QObject(parent), m_options(std::move(options)),
      m_validators(ValidatorSet::devnet(static_cast<std::size_t>(std::clamp(m_options.validators, 1, 100)))),
      m_mempool(m_options.mempool), m_intervalRng(m_options.seed ^ 0x9e3779b97f4a7c15ULL)
{
    // A forging node holds keys of its own and none of the set's.
    for (std::size_t i = 0; i < m_validators.size(); ++i)
        m_signers.push_back(m_options.forgeHeaders
                                ? PrivateKey::derived(QByteArrayLiteral("gif-devnet-forger"), static_cast<std::uint32_t>(i))
                                : PrivateKey::devValidator(static_cast<std::uint32_t>(i)));
    if (m_options.traffic)
        m_traffic = std::make_unique<Traffic>(m_options.seed);
    m_timer.setSingleShot(true);
    connect(&m_timer, &QTimer::timeout, this, [this] {
        if (produceBlock())
            scheduleNext();
    });
}

Chain::~Chain() = default;

bool Chain::open(QString *error)
{
    Genesis::allocate(m_state);
    std::vector<BlockLog::Record> records;
    if (!m_options.ephemeral) {
        if (!QDir().mkpath(m_options.dataDir)) {
            *error = QStringLiteral("cannot create %1").arg(m_options.dataDir);
            return false;
        }
        QString warning;
        const QDir dir(m_options.dataDir);
        const QString path = dir.filePath(QStringLiteral("blocks.log"));
        // A version 1 chain's headers carry no signatures: no version 2
        // client can verify them, so it is kept aside, never rewritten.
        if (BlockLog::isVersion1(path)) {
            const QString aside = dir.filePath(QStringLiteral("blocks.v1.log"));
            if (QFile::exists(aside) || !QFile::rename(path, aside)) {
                *error = QStringLiteral("%1 is a version 1 block log and cannot be moved to %2; move it away to start a new chain")
                             .arg(path, aside);
                return false;
            }
            qCWarning(lcChain).noquote() << QStringLiteral("moved the version 1 block log to %1 (its headers are unsigned); starting a new chain").arg(aside);
        }
        if (!m_log.open(path, &records, error, &warning))
            return false;
        if (!warning.isEmpty())
            qCWarning(lcChain).noquote() << warning;
    }
    if (!records.empty())
        return replay(records, error);
    qCInfo(lcChain) << "building genesis with" << m_options.objects << "objects, seed" << m_options.seed;
    return seal(0, kGenesisTimestamp, Genesis::transactions(m_options.seed, m_options.objects), nullptr, error);
}

bool Chain::replay(const std::vector<BlockLog::Record> &records, QString *error)
{
    for (const auto &r : records) {
        if (r.height != m_state.blocks().size()) {
            *error = QStringLiteral("block log out of order at height %1").arg(r.height);
            return false;
        }
        if (!seal(r.height, r.timestamp, r.transactions, &r.hash, error))
            return false;
    }
    qCInfo(lcChain) << "replayed" << records.size() << "blocks, head" << m_state.head();
    return true;
}

void Chain::start()
{
    scheduleNext();
}

void Chain::stop()
{
    m_timer.stop();
}

void Chain::scheduleNext()
{
    const double seconds = m_options.blockTime > 0
                               ? m_options.blockTime
                               : std::uniform_real_distribution<double>(3.0, 7.0)(m_intervalRng);
    m_timer.start(std::max(1, static_cast<int>(seconds * 1000)));
}

Submission Chain::submit(std::span<const std::uint8_t> raw)
{
    if (raw.size() > kMaxTransactionBytes)
        return reject("too-large", QStringLiteral("the transaction is %1 bytes, over 1 MiB").arg(raw.size()));
    QString why;
    auto tx = decodeTransaction(raw, &why);
    if (!tx)
        return reject("malformed", QStringLiteral("the transaction cannot be decoded: %1").arg(why));
    if (static_cast<std::size_t>(tx->content.size()) > kMaxContentBytes)
        return reject("too-large", QStringLiteral("the content is %1 bytes, over 512 KiB").arg(tx->content.size()));
    if (tx->chainId != kChainId)
        return reject("wrong-chain", QStringLiteral("chain id %1, this chain is %2").arg(tx->chainId).arg(kChainId));
    Address from{};
    switch (recoverSigner(tx->signingHash(), tx->signature, &from)) {
    case SignatureCheck::Unsigned:
        return reject("unsigned", QStringLiteral("the transaction is not signed"));
    case SignatureCheck::Bad:
        return reject("bad-signature", QStringLiteral("the signature is invalid or not in low-s form"));
    case SignatureCheck::Ok:
        break;
    }
    if (tx->gasPrice < m_options.minGasPrice)
        return reject("underpriced", QStringLiteral("gas price %1 is below the minimum %2")
                                         .arg(amountToString(tx->gasPrice), amountToString(m_options.minGasPrice)));
    // Less gas than the kind needs could only ever fail, and would be mined
    // for almost nothing: refused before it takes a place in the pool.
    if (tx->gasLimit < tx->intrinsicGas())
        return reject("intrinsic-gas", QStringLiteral("gas limit %1 is below the %2 a %3 needs")
                                           .arg(tx->gasLimit).arg(tx->intrinsicGas()).arg(txKindName(tx->kind)));
    const AccountState account = m_state.latestAccount(from);
    if (tx->nonce < account.nonce)
        return reject("nonce-too-low", QStringLiteral("nonce %1, the account is at %2").arg(tx->nonce).arg(account.nonce));
    // A nonce far ahead could wait for ever: held only within a sender's share.
    if (tx->nonce - account.nonce >= m_options.mempool.perSender)
        return reject("nonce-too-high", QStringLiteral("nonce %1 is %2 ahead of the account's %3; at most %4 may wait")
                                            .arg(tx->nonce).arg(tx->nonce - account.nonce).arg(account.nonce).arg(m_options.mempool.perSender));
    // The most the sender may have to pay. Anyone chooses these numbers, so
    // the sum is checked: one past 2^256 - 1 is refused, never thrown.
    std::optional<Amount> needed = checkedMul(tx->gasPrice, Amount(tx->gasLimit));
    if (needed && tx->kind == TxKind::Transfer)
        needed = checkedAdd(*needed, tx->amount);
    if (needed && tx->kind == TxKind::Buy)
        needed = checkedAdd(*needed, tx->maxPrice);
    if (!needed)
        return reject("malformed", QStringLiteral("its fee and value add up to more than 2^256 - 1 units"));
    if (account.balance < *needed)
        return reject("insufficient-funds", QStringLiteral("the account holds %1, the transaction may need %2")
                                                .arg(amountToString(account.balance), amountToString(*needed)));
    Submission ok;
    ok.hash = tx->hash();
    switch (m_mempool.add({std::move(*tx), from, ok.hash, 0})) {
    case Mempool::AddResult::ReplacementUnderpriced:
        return reject("underpriced", QStringLiteral("a transaction with this nonce and a higher or equal gas price is pending"));
    case Mempool::AddResult::Full:
        return reject("pool-full", QStringLiteral("the mempool is full (at most %1 transactions, %2 per sender); a higher gas price would take a place")
                                       .arg(m_options.mempool.transactions).arg(m_options.mempool.perSender));
    default:
        break;
    }
    return ok;
}

bool Chain::produceBlock()
{
    const std::uint64_t height = m_state.head() + 1;
    if (m_traffic) {
        for (const Bytes &raw : m_traffic->transactionsFor(height, m_state, m_mempool)) {
            const Submission s = submit(raw);
            if (!s.accepted())
                qCDebug(lcChain) << "traffic transaction dropped:" << s.reason;
        }
    }
    const std::uint64_t previous = m_state.block(height - 1)->header.timestamp;
    const auto now = static_cast<std::uint64_t>(QDateTime::currentSecsSinceEpoch());
    QString error;
    if (!seal(height, std::max(previous, now), {}, nullptr, &error)) {
        qCCritical(lcChain).noquote() << error;
        Q_EMIT failed(error);
        return false;
    }
    return true;
}

bool Chain::seal(std::uint64_t height, std::uint64_t timestamp, std::vector<Bytes> txs,
                 const Hash32 *expectedHash, QString *error)
{
    BlockContext ctx{height, timestamp, m_validators.members()[m_validators.proposerIndex(height)]};
    Executor executor(m_state);
    Block block;
    std::vector<Bytes> included;
    auto include = [&](const Transaction &tx, const Address &from, const Hash32 &hash) {
        const AccountState sender = m_state.latestAccount(from);
        const std::optional<Amount> fee = Executor::maxFee(tx);
        if (tx.nonce != sender.nonce || !fee || sender.balance < *fee)
            return false;
        executor.apply(tx, from, hash, static_cast<std::uint32_t>(block.txHashes.size()), ctx);
        block.txHashes.push_back(hash);
        included.push_back(tx.encode());
        return true;
    };

    if (expectedHash || height == 0) {
        // Genesis and replay: the transactions are given and must all go in.
        for (const Bytes &raw : txs) {
            QString why;
            auto tx = decodeTransaction(raw, &why);
            Address from{};
            if (!tx || recoverSigner(tx->signingHash(), tx->signature, &from) != SignatureCheck::Ok
                || !include(*tx, from, tx->hash())) {
                *error = QStringLiteral("block %1: transaction %2 does not apply %3")
                             .arg(height).arg(block.txHashes.size()).arg(why);
                return false;
            }
        }
    } else {
        m_mempool.select([this](const Address &a) { return m_state.latestAccount(a).nonce; },
                         [&](const PendingTx &p) { return include(p.tx, p.from, p.hash); },
                         kMaxBlockTransactions);
    }

    BlockHeader &h = block.header;
    h.height = height;
    h.parentHash = height == 0 ? kZeroHash : m_state.block(height - 1)->header.hash;
    h.timestamp = timestamp;
    h.proposer = ctx.proposer;
    h.objectRoot = m_state.workingTree().root();
    h.txRoot = transactionRoot(block.txHashes);
    h.txCount = block.txHashes.size();
    h.validatorsHash = m_validators.hash();
    h.holdingsRoot = m_state.settleHoldings();
    h.hash = h.computeHash();
    if (expectedHash && *expectedHash != h.hash) {
        *error = QStringLiteral("block log: block %1 recomputes to %2, the log says %3 (was it written with other "
                                "--seed, --objects or --validators?)")
                     .arg(height).arg(toHexString(h.hash), toHexString(*expectedHash));
        return false;
    }
    signHeader(h);
    if (!expectedHash && m_log.isOpen()) {
        BlockLog::Record r{height, timestamp, ctx.proposer, h.hash, std::move(included)};
        if (!m_log.append(r, error))
            return false;
    }
    m_state.commitBlock(std::move(block));
    m_mempool.prune([this](const Address &a) { return m_state.latestAccount(a).nonce; });
    if (!expectedHash)
        Q_EMIT blockAnnounced(height);
    return true;
}

void Chain::signHeader(BlockHeader &header) const
{
    // Every validator the devnet holds vouches for every header (§8).
    const Hash32 message = commitMessage(kChainId, header.hash);
    header.commit.clear();
    for (std::size_t i = 0; i < m_signers.size(); ++i)
        header.commit.push_back({static_cast<std::uint32_t>(i), m_signers[i].sign(message)});
}

} // namespace gifscan::devnet
