#include "chain/engine/chain.h"

#include "chain/engine/executor.h"
#include "chain/engine/genesis.h"
#include "chain/store/sqlstatement.h"
#include "core/base/outcome.h"
#include "core/crypto/privatekey.h"
#include "core/verify/headerverifier.h"

#include <QDateTime>
#include <QLoggingCategory>

namespace gifscan::chain {

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
    : ServedChain(parent), m_options(std::move(options)), m_validators(validatorsOf(m_options)),
      m_mempool(m_options.mempool), m_intervalRng(m_options.seed ^ 0x9e3779b97f4a7c15ULL)
{
    // A forging node holds keys of its own and none of the set's.
    for (std::size_t i = 0; i < m_validators.size(); ++i)
        m_signers.push_back(m_options.forgeHeaders
                                ? PrivateKey::derived(QByteArrayLiteral("gif-devnet-forger"),
                                                      static_cast<std::uint32_t>(i))
                                : PrivateKey::devValidator(static_cast<std::uint32_t>(i)));
    if (m_options.traffic)
        m_traffic = std::make_unique<Traffic>(m_options.seed);
    if (m_options.trieCacheNodes > 0)
        m_state.setTrieCacheNodes(m_options.trieCacheNodes);
    m_timer.setSingleShot(true);
    connect(&m_timer, &QTimer::timeout, this, [this] {
        if (produceBlock())
            scheduleNext();
    });
    // Signatures are deterministic (RFC 6979): a stored commit is ours only
    // if signing the header again gives the same bytes.
    m_store.setCommitCheck([this](const BlockHeader &stored) {
        BlockHeader again = stored;
        signHeader(again);
        return again.commit == stored.commit;
    });
    // Another node's headers: checked against the validators trusted.
    if (m_options.trusted)
        m_store.setCommitCheck(
            [verifier = HeaderVerifier(TrustAnchor{kChainId, std::nullopt, *m_options.trusted})](
                const BlockHeader &stored) { return verifier.verify(stored).verified(); });
    connect(
        &m_check, &IntegrityCheck::finished, this,
        [this](const QString &problem, const QString &unchecked) {
            if (!unchecked.isEmpty())
                qCWarning(lcChain).noquote() << unchecked;
            Q_EMIT integrityChecked(problem);
            if (problem.isEmpty())
                return;
            stop();
            Q_EMIT failed(
                problem +
                QStringLiteral(
                    "; the node stopped, nothing was changed: move %1 aside to start a new chain")
                    .arg(m_store.path()));
        });
}

Chain::~Chain() = default;

ValidatorSet Chain::validatorsOf(const ChainOptions &options)
{
    return ValidatorSet::devnet(static_cast<std::size_t>(std::clamp(options.validators, 1, 100)));
}

void Chain::start()
{
    if (m_options.follows)
        return; // its blocks are another node's
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

// What the transaction itself says wrong, whoever checks it (a read server
// before it forwards, too): too much content, another chain, no valid
// signature (else its signer in `from`), too little gas for its kind.
std::optional<Submission> Chain::refusedAsSigned(const Transaction &tx, Address *from)
{
    if (static_cast<std::size_t>(tx.content.size()) > kMaxContentBytes)
        return reject(
            "too-large",
            QStringLiteral("the content is %1 bytes, over 512 KiB").arg(tx.content.size()));
    if (tx.chainId != kChainId)
        return reject(
            "wrong-chain",
            QStringLiteral("chain id %1, this chain is %2").arg(tx.chainId).arg(kChainId));
    switch (recoverSigner(tx.signingHash(), tx.signature, from)) {
    case SignatureCheck::Unsigned:
        return reject("unsigned", QStringLiteral("the transaction is not signed"));
    case SignatureCheck::Bad:
        return reject("bad-signature",
                      QStringLiteral("the signature is invalid or not in low-s form"));
    case SignatureCheck::Ok:
        break;
    }
    // Less gas than the kind needs could only ever fail, and would be mined
    // for almost nothing: refused before it takes a place in the pool.
    if (tx.gasLimit < tx.intrinsicGas())
        return reject("intrinsic-gas", QStringLiteral("gas limit %1 is below the %2 a %3 needs")
                                           .arg(tx.gasLimit)
                                           .arg(tx.intrinsicGas())
                                           .arg(txKindName(tx.kind)));
    return std::nullopt;
}

std::optional<Submission> Chain::refusedAtTheEdge(std::span<const std::uint8_t> raw)
{
    if (raw.size() > kMaxTransactionBytes)
        return reject("too-large",
                      QStringLiteral("the transaction is %1 bytes, over 1 MiB").arg(raw.size()));
    QString why;
    const auto tx = decodeTransaction(raw, &why);
    if (!tx)
        return reject("malformed",
                      QStringLiteral("the transaction cannot be decoded: %1").arg(why));
    Address from{};
    return refusedAsSigned(*tx, &from);
}

// The node's own price besides: too low a gas price.
std::optional<Submission> Chain::refusedAsSent(const Transaction &tx, Address *from) const
{
    if (auto refused = refusedAsSigned(tx, from))
        return refused;
    if (tx.gasPrice < m_options.minGasPrice)
        return reject("underpriced",
                      QStringLiteral("gas price %1 is below the minimum %2")
                          .arg(amountToString(tx.gasPrice), amountToString(m_options.minGasPrice)));
    return std::nullopt;
}

// What the sender's account cannot take: a nonce used or too far ahead, or
// more than it holds.
std::optional<Submission> Chain::refusedForAccount(const Transaction &tx, const Address &from) const
{
    const AccountState account = m_state.latestAccount(from);
    if (tx.nonce < account.nonce)
        return reject(
            "nonce-too-low",
            QStringLiteral("nonce %1, the account is at %2").arg(tx.nonce).arg(account.nonce));
    // A nonce far ahead could wait for ever: held only within a sender's share.
    if (tx.nonce - account.nonce >= m_options.mempool.perSender)
        return reject(
            "nonce-too-high",
            QStringLiteral("nonce %1 is %2 ahead of the account's %3; at most %4 may wait")
                .arg(tx.nonce)
                .arg(tx.nonce - account.nonce)
                .arg(account.nonce)
                .arg(m_options.mempool.perSender));
    // The most the sender may have to pay. Anyone chooses these numbers, so
    // the sum is checked: one past 2^256 - 1 is refused, never thrown.
    std::optional<Amount> needed = checkedMul(tx.gasPrice, Amount(tx.gasLimit));
    if (needed && tx.kind == TxKind::Transfer)
        needed = checkedAdd(*needed, tx.amount);
    if (needed && tx.kind == TxKind::Buy)
        needed = checkedAdd(*needed, tx.maxPrice);
    if (!needed)
        return reject("malformed",
                      QStringLiteral("its fee and value add up to more than 2^256 - 1 units"));
    if (account.balance < *needed)
        return reject("insufficient-funds",
                      QStringLiteral("the account holds %1, the transaction may need %2")
                          .arg(amountToString(account.balance), amountToString(*needed)));
    return std::nullopt;
}

Submission Chain::submit(std::span<const std::uint8_t> raw)
{
    if (raw.size() > kMaxTransactionBytes)
        return reject("too-large",
                      QStringLiteral("the transaction is %1 bytes, over 1 MiB").arg(raw.size()));
    QString why;
    auto tx = decodeTransaction(raw, &why);
    if (!tx)
        return reject("malformed",
                      QStringLiteral("the transaction cannot be decoded: %1").arg(why));
    Address from{};
    if (auto refused = refusedAsSent(*tx, &from))
        return *refused;
    if (auto refused = refusedForAccount(*tx, from))
        return *refused;
    Submission ok;
    ok.hash = tx->hash();
    switch (m_mempool.add({std::move(*tx), from, ok.hash, 0})) {
    case Mempool::AddResult::ReplacementUnderpriced:
        return reject(
            "underpriced",
            QStringLiteral(
                "a transaction with this nonce and a higher or equal gas price is pending"));
    case Mempool::AddResult::Full:
        return reject("pool-full",
                      QStringLiteral("the mempool is full (at most %1 transactions, %2 per "
                                     "sender); a higher gas price would take a place")
                          .arg(m_options.mempool.transactions)
                          .arg(m_options.mempool.perSender));
    default:
        break;
    }
    return ok;
}

bool Chain::produceBlock()
{
    const std::uint64_t height = m_state.head() + 1;
    std::uint64_t previous = 0;
    // Traffic and the edge read the store: a read that fails (damage, an I/O
    // error) stops the node with the file named, as a block that fails does,
    // rather than leaving the timer's slot as an exception.
    try {
        if (m_traffic) {
            for (const Bytes &raw : m_traffic->transactionsFor(height, m_state, m_mempool)) {
                const Submission s = submit(raw);
                if (!s.accepted())
                    qCDebug(lcChain) << "traffic transaction dropped:" << s.reason;
            }
        }
        previous = m_state.header(height - 1)->timestamp;
    } catch (const std::exception &e) {
        const QString error =
            QStringLiteral("block %1: %2").arg(height).arg(QString::fromUtf8(e.what()));
        qCCritical(lcChain).noquote() << error;
        stop();
        Q_EMIT failed(error);
        return false;
    }
    const auto now = static_cast<std::uint64_t>(QDateTime::currentSecsSinceEpoch());
    if (const Outcome<> sealed = seal(height, std::max(previous, now), {}, nullptr, Source::New);
        !sealed) {
        qCCritical(lcChain).noquote() << sealed.error().message;
        Q_EMIT failed(sealed.error().message);
        return false;
    }
    return true;
}

Outcome<> Chain::seal(std::uint64_t height, std::uint64_t timestamp, std::vector<Bytes> txs,
                      const BlockHeader *expected, Source source)
{
    // The tries read sealed nodes from the store as blocks change them; a
    // damaged or unreadable node stops the block with the file named.
    try {
        return sealBlock(height, timestamp, std::move(txs), expected, source);
    } catch (const std::exception &e) {
        return failureOf(
            e, QStringLiteral("block %1: %2").arg(height).arg(QString::fromUtf8(e.what())));
    }
}

Outcome<> Chain::storeBlock(const BlockHeader &h, const std::vector<Bytes> &included, Source source)
{
    const TrieBatch tries = m_state.sealTries(h.height);
    if (source != Source::Stored)
        return m_store.appendBlock(h, included, tries, m_state.stateBatch());
    // Rebuilt from an older file: its tries were written with the block,
    // unless the file is older than stored tries, in which case they are
    // added now; its state is added now.
    const auto stored = m_store.trieRoots(h.height);
    if (!stored)
        return stored.error();
    if (!stored.value()) {
        if (auto added = m_store.appendTries(h.height, tries); !added)
            return added;
    } else if (stored.value()->first != tries.objects || stored.value()->second != tries.holdings) {
        return Failure::storage(
            QStringLiteral("%1 is damaged: the tries stored for block %2 are not the block's")
                .arg(m_store.path())
                .arg(h.height));
    }
    return m_store.appendState(h.height, m_state.stateBatch());
}

BlockContext Chain::contextOf(std::uint64_t height, std::uint64_t timestamp,
                              const BlockHeader *followed) const
{
    // A followed block's proposer and validator set are its header's, whose
    // commit the follower checked against the validators it trusts.
    if (followed)
        return {height, timestamp, followed->proposer, followed->validatorsHash};
    return {height, timestamp, m_validators.members()[m_validators.proposerIndex(height)],
            std::nullopt};
}

Outcome<> Chain::sealBlock(std::uint64_t height, std::uint64_t timestamp, std::vector<Bytes> txs,
                           const BlockHeader *expected, Source source)
{
    const bool followed = source == Source::Followed;
    const BlockContext ctx = contextOf(height, timestamp, followed ? expected : nullptr);
    if (height == 0)
        Genesis::allocate(m_state); // the genesis accounts' funds are block 0's first change
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

    if (expected || height == 0) {
        // Genesis and replay: the transactions are given and must all go in.
        // A new genesis is the first start's long wait: it says how it goes
        // (a replayed one is part of an import's own progress).
        const bool building = height == 0 && source == Source::New;
        // Started: the making's last report said this half-way point already.
        QElapsedTimer since;
        since.start();
        for (const Bytes &raw : txs) {
            if (building)
                report(QStringLiteral("genesis"), txs.size() + block.txHashes.size(),
                       2 * txs.size(), since, false);
            QString why;
            auto tx = decodeTransaction(raw, &why);
            Address from{};
            if (!tx ||
                recoverSigner(tx->signingHash(), tx->signature, &from) != SignatureCheck::Ok ||
                !include(*tx, from, tx->hash()))
                return Failure::invalid(QStringLiteral("block %1: transaction %2 does not apply %3")
                                            .arg(height)
                                            .arg(block.txHashes.size())
                                            .arg(why));
        }
        if (building)
            report(QStringLiteral("genesis"), 2 * txs.size(), 2 * txs.size(), since, true);
    } else {
        m_mempool.select([this](const Address &a) { return m_state.latestAccount(a).nonce; },
                         [&](const PendingTx &p) { return include(p.tx, p.from, p.hash); },
                         kMaxBlockTransactions);
    }

    BlockHeader &h = block.header;
    fillHeader(h, ctx, block.txHashes);
    if (followed) {
        if (auto matches = matchesFollowed(h, *expected); !matches)
            return matches;
    }
    if (expected && !followed && expected->hash != h.hash)
        return Failure::invalid(
            QStringLiteral("block %1 recomputes to %2, %3 says %4 (was it written with other "
                           "--seed, --objects or --validators?)")
                .arg(height)
                .arg(toHexString(h.hash),
                     source == Source::Stored ? m_store.path() : QStringLiteral("the block log"),
                     toHexString(expected->hash)));
    // A stored block's commit was checked as it was read (see the
    // constructor); a followed block keeps the validators' own.
    if (followed)
        h.commit = expected->commit;
    else
        signHeader(h);
    if (auto stored = storeBlock(h, included, source); !stored)
        return stored;
    m_state.commitBlock(std::move(block));
    m_mempool.prune([this](const Address &a) { return m_state.latestAccount(a).nonce; });
    if (source == Source::New || followed)
        Q_EMIT blockAnnounced(height);
    return success();
}

// The header over what the block changed: its roots settled now.
void Chain::fillHeader(BlockHeader &h, const BlockContext &ctx, const std::vector<Hash32> &txHashes)
{
    h.height = ctx.height;
    h.parentHash = ctx.height == 0 ? kZeroHash : m_state.header(ctx.height - 1)->hash;
    h.timestamp = ctx.timestamp;
    h.proposer = ctx.proposer;
    h.objectRoot = m_state.workingTree().root();
    h.txRoot = transactionRoot(txHashes);
    h.txCount = txHashes.size();
    h.validatorsHash = ctx.validatorsHash ? *ctx.validatorsHash : m_validators.hash();
    h.holdingsRoot = m_state.settleHoldings();
    if (ctx.height == m_options.wrongRootsAt && ctx.height > 0) {
        h.objectRoot[0] ^= 0x01;
        h.holdingsRoot[0] ^= 0x01;
    }
    h.hash = h.computeHash();
}

void Chain::signHeader(BlockHeader &header) const
{
    // Every validator the devnet holds vouches for every header (§8).
    const Hash32 message = commitMessage(kChainId, header.hash);
    header.commit.clear();
    for (std::size_t i = 0; i < m_signers.size(); ++i)
        header.commit.push_back({static_cast<std::uint32_t>(i), m_signers[i].sign(message)});
}

} // namespace gifscan::chain
