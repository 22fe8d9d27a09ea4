#include "devnet/chain.h"

#include "core/privatekey.h"
#include "devnet/blocklog.h"
#include "devnet/executor.h"
#include "devnet/genesis.h"

#include <QDateTime>
#include <QDir>
#include <QElapsedTimer>
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
      m_validators(
          ValidatorSet::devnet(static_cast<std::size_t>(std::clamp(m_options.validators, 1, 100)))),
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

bool Chain::open(QString *error)
{
    QString storePath;
    QString logPath;
    if (!m_options.ephemeral) {
        if (!QDir().mkpath(m_options.dataDir)) {
            *error = QStringLiteral("cannot create %1").arg(m_options.dataDir);
            return false;
        }
        const QDir dir(m_options.dataDir);
        // Two nodes on one chain would write it from two places: the second
        // is refused. A lock left by a node that died is taken over.
        m_lock = std::make_unique<QLockFile>(dir.filePath(QStringLiteral("node.lock")));
        m_lock->setStaleLockTime(0);
        if (!m_lock->tryLock(0)) {
            qint64 pid = 0;
            QString host;
            QString app;
            m_lock->getLockInfo(&pid, &host, &app);
            *error = QStringLiteral("the data folder %1 is in use by another node (process %2%3); "
                                    "stop it first, or choose another folder")
                         .arg(m_options.dataDir)
                         .arg(pid)
                         .arg(app.isEmpty() ? QString() : QStringLiteral(", ") + app);
            return false;
        }
        logPath = dir.filePath(QStringLiteral("blocks.log"));
        storePath = dir.filePath(QStringLiteral("chain.db"));
        // A version 1 chain's headers carry no signatures: no version 2
        // client can verify them, so it is kept aside, never rewritten.
        if (BlockLog::isVersion1(logPath)) {
            const QString aside = dir.filePath(QStringLiteral("blocks.v1.log"));
            if (QFile::exists(aside) || !QFile::rename(logPath, aside)) {
                *error = QStringLiteral("%1 is a version 1 block log and cannot be moved to %2; "
                                        "move it away to start a new chain")
                             .arg(logPath, aside);
                return false;
            }
            qCWarning(lcChain).noquote()
                << QStringLiteral("moved the version 1 block log to %1 (its headers are unsigned); "
                                  "starting a new chain")
                       .arg(aside);
        }
    }
    const QString wayOut =
        QStringLiteral("; nothing was changed: move %1 aside to start a new chain").arg(storePath);
    if (!m_store.open(storePath, m_options.durable && !m_options.ephemeral, error)) {
        if (!storePath.isEmpty())
            *error += wayOut;
        return false;
    }
    // Reading the whole file takes minutes on a long chain: the node starts
    // meanwhile, and what it reads is checked as it is read (see ChainStore).
    m_check.start(storePath);
    m_state.setStore(&m_store);
    if (m_store.blockCount() > 0) {
        // Everything is stored at every height: taking the chain up is a
        // few reads, whatever its length. A file from before the state
        // tables is brought up to date once.
        const bool ok = m_store.stateComplete() ? m_state.resume(error) : rebuild(error);
        if (!ok) {
            *error += wayOut;
            return false;
        }
    }
    if (!logPath.isEmpty() && QFile::exists(logPath) && !importLog(logPath, error))
        return false;
    if (m_state.hasBlocks())
        return true;
    qCInfo(lcChain) << "building genesis with" << m_options.objects << "objects, seed"
                    << m_options.seed;
    return seal(0, kGenesisTimestamp, Genesis::transactions(m_options.seed, m_options.objects),
                nullptr, Source::New, error);
}

bool Chain::rebuild(QString *error)
{
    qCInfo(lcChain).noquote()
        << QStringLiteral(
               "%1 was written by an older gifscan-devnet: re-executing its %2 blocks once "
               "to build its state tables")
               .arg(m_store.path())
               .arg(m_store.blockCount());
    QElapsedTimer sinceReport;
    const QString task = QStringLiteral("rebuild");
    const std::uint64_t total = m_store.blockCount();
    report(task, 0, total, sinceReport, true);
    for (std::uint64_t height = 0; height < total; ++height) {
        auto stored = m_store.block(height, error);
        if (!stored)
            return false;
        if (!seal(height, stored->header.timestamp, std::move(stored->transactions),
                  &stored->header, Source::Stored, error))
            return false;
        report(task, height + 1, total, sinceReport, height + 1 == total);
    }
    if (!m_store.markStateComplete(error))
        return false;
    qCInfo(lcChain) << "rebuilt the state of" << m_store.blockCount() << "blocks, head"
                    << m_state.head();
    return true;
}

bool Chain::importLog(const QString &path, QString *error)
{
    // Checked whole before anything is taken from it: a log damaged in the
    // middle is refused as it is, not imported up to the damage.
    const BlockLog::Outcome checked =
        BlockLog::read(path, [](const BlockLog::Record &, double) { return true; });
    if (!checked.ok) {
        *error = checked.error +
                 QStringLiteral("; nothing was imported: move it aside to start a new chain");
        return false;
    }
    qCInfo(lcChain).noquote() << QStringLiteral("importing %1 blocks from %2 into %3")
                                     .arg(checked.records)
                                     .arg(path, m_store.path());
    // The log stays until the import is whole, so a crash here only means
    // importing the rest next time: each block need not reach the disk.
    m_store.setDurable(false);
    QElapsedTimer sinceReport;
    const QString task = QStringLiteral("import");
    const auto total = static_cast<std::uint64_t>(checked.records);
    report(task, 0, total, sinceReport, true);
    bool failed = false;
    BlockLog::read(path, [&](const BlockLog::Record &r, double) {
        if (r.height < m_store.blockCount()) { // imported before a crash
            if (m_state.block(r.height)->header.hash == r.hash)
                return true;
            *error = QStringLiteral("%1 and %2 disagree at block %3; move one of them aside")
                         .arg(path, m_store.path())
                         .arg(r.height);
        } else {
            BlockHeader expected;
            expected.hash = r.hash;
            if (seal(r.height, r.timestamp, r.transactions, &expected, Source::Imported, error)) {
                report(task, r.height + 1, total, sinceReport, r.height + 1 == total);
                return true;
            }
        }
        failed = true;
        return false;
    });
    m_store.setDurable(m_options.durable);
    if (failed)
        return false;
    QString aside = path + QStringLiteral(".imported");
    for (int n = 2; QFile::exists(aside); ++n)
        aside = path + QStringLiteral(".imported.%1").arg(n);
    if (!QFile::rename(path, aside)) {
        *error = QStringLiteral("imported %1 but cannot move it to %2").arg(path, aside);
        return false;
    }
    if (checked.tailAt >= 0)
        qCWarning(lcChain).noquote()
            << QStringLiteral("the last %1 bytes of %2 (from byte %3) held no whole block: a write "
                              "cut short by a crash; the file is kept whole as %4")
                   .arg(checked.tailBytes)
                   .arg(path)
                   .arg(checked.tailAt)
                   .arg(aside);
    qCInfo(lcChain).noquote() << QStringLiteral("imported %1 blocks; the old log is kept as %2")
                                     .arg(checked.records)
                                     .arg(aside);
    return true;
}

void Chain::report(const QString &task, std::uint64_t done, std::uint64_t total,
                   QElapsedTimer &since, bool force)
{
    if (!force && since.isValid() && since.elapsed() < 500)
        return;
    since.start();
    if (m_options.progress)
        m_options.progress(task, done, total);
    qCInfo(lcChain).noquote()
        << QStringLiteral("%1 %2: block %3 of %4").arg(task, m_store.path()).arg(done).arg(total);
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
        return reject("too-large",
                      QStringLiteral("the transaction is %1 bytes, over 1 MiB").arg(raw.size()));
    QString why;
    auto tx = decodeTransaction(raw, &why);
    if (!tx)
        return reject("malformed",
                      QStringLiteral("the transaction cannot be decoded: %1").arg(why));
    if (static_cast<std::size_t>(tx->content.size()) > kMaxContentBytes)
        return reject(
            "too-large",
            QStringLiteral("the content is %1 bytes, over 512 KiB").arg(tx->content.size()));
    if (tx->chainId != kChainId)
        return reject(
            "wrong-chain",
            QStringLiteral("chain id %1, this chain is %2").arg(tx->chainId).arg(kChainId));
    Address from{};
    switch (recoverSigner(tx->signingHash(), tx->signature, &from)) {
    case SignatureCheck::Unsigned:
        return reject("unsigned", QStringLiteral("the transaction is not signed"));
    case SignatureCheck::Bad:
        return reject("bad-signature",
                      QStringLiteral("the signature is invalid or not in low-s form"));
    case SignatureCheck::Ok:
        break;
    }
    if (tx->gasPrice < m_options.minGasPrice)
        return reject("underpriced", QStringLiteral("gas price %1 is below the minimum %2")
                                         .arg(amountToString(tx->gasPrice),
                                              amountToString(m_options.minGasPrice)));
    // Less gas than the kind needs could only ever fail, and would be mined
    // for almost nothing: refused before it takes a place in the pool.
    if (tx->gasLimit < tx->intrinsicGas())
        return reject("intrinsic-gas", QStringLiteral("gas limit %1 is below the %2 a %3 needs")
                                           .arg(tx->gasLimit)
                                           .arg(tx->intrinsicGas())
                                           .arg(txKindName(tx->kind)));
    const AccountState account = m_state.latestAccount(from);
    if (tx->nonce < account.nonce)
        return reject(
            "nonce-too-low",
            QStringLiteral("nonce %1, the account is at %2").arg(tx->nonce).arg(account.nonce));
    // A nonce far ahead could wait for ever: held only within a sender's share.
    if (tx->nonce - account.nonce >= m_options.mempool.perSender)
        return reject(
            "nonce-too-high",
            QStringLiteral("nonce %1 is %2 ahead of the account's %3; at most %4 may wait")
                .arg(tx->nonce)
                .arg(tx->nonce - account.nonce)
                .arg(account.nonce)
                .arg(m_options.mempool.perSender));
    // The most the sender may have to pay. Anyone chooses these numbers, so
    // the sum is checked: one past 2^256 - 1 is refused, never thrown.
    std::optional<Amount> needed = checkedMul(tx->gasPrice, Amount(tx->gasLimit));
    if (needed && tx->kind == TxKind::Transfer)
        needed = checkedAdd(*needed, tx->amount);
    if (needed && tx->kind == TxKind::Buy)
        needed = checkedAdd(*needed, tx->maxPrice);
    if (!needed)
        return reject("malformed",
                      QStringLiteral("its fee and value add up to more than 2^256 - 1 units"));
    if (account.balance < *needed)
        return reject("insufficient-funds",
                      QStringLiteral("the account holds %1, the transaction may need %2")
                          .arg(amountToString(account.balance), amountToString(*needed)));
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
    QString error;
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
        previous = m_state.block(height - 1)->header.timestamp;
    } catch (const std::exception &e) {
        error = QStringLiteral("block %1: %2").arg(height).arg(QString::fromUtf8(e.what()));
        qCCritical(lcChain).noquote() << error;
        stop();
        Q_EMIT failed(error);
        return false;
    }
    const auto now = static_cast<std::uint64_t>(QDateTime::currentSecsSinceEpoch());
    if (!seal(height, std::max(previous, now), {}, nullptr, Source::New, &error)) {
        qCCritical(lcChain).noquote() << error;
        Q_EMIT failed(error);
        return false;
    }
    return true;
}

bool Chain::seal(std::uint64_t height, std::uint64_t timestamp, std::vector<Bytes> txs,
                 const BlockHeader *expected, Source source, QString *error)
{
    // The tries read sealed nodes from the store as blocks change them; a
    // damaged or unreadable node stops the block with the file named.
    try {
        return sealBlock(height, timestamp, std::move(txs), expected, source, error);
    } catch (const std::exception &e) {
        *error = QStringLiteral("block %1: %2").arg(height).arg(QString::fromUtf8(e.what()));
        return false;
    }
}

bool Chain::storeBlock(const BlockHeader &h, const std::vector<Bytes> &included, Source source,
                       QString *error)
{
    const TrieBatch tries = m_state.sealTries(h.height);
    if (source != Source::Stored)
        return m_store.appendBlock(h, included, tries, m_state.stateBatch(), error);
    // Rebuilt from an older file: its tries were written with the block,
    // unless the file is older than stored tries, in which case they are
    // added now; its state is added now.
    QString why;
    const auto stored = m_store.trieRoots(h.height, &why);
    if (!stored) {
        if (!why.isEmpty()) {
            *error = why;
            return false;
        }
        if (!m_store.appendTries(h.height, tries, error))
            return false;
    } else if (stored->first != tries.objects || stored->second != tries.holdings) {
        *error = QStringLiteral("%1 is damaged: the tries stored for block %2 are not the block's")
                     .arg(m_store.path())
                     .arg(h.height);
        return false;
    }
    return m_store.appendState(h.height, m_state.stateBatch(), error);
}

bool Chain::sealBlock(std::uint64_t height, std::uint64_t timestamp, std::vector<Bytes> txs,
                      const BlockHeader *expected, Source source, QString *error)
{
    BlockContext ctx{height, timestamp, m_validators.members()[m_validators.proposerIndex(height)]};
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
        for (const Bytes &raw : txs) {
            QString why;
            auto tx = decodeTransaction(raw, &why);
            Address from{};
            if (!tx ||
                recoverSigner(tx->signingHash(), tx->signature, &from) != SignatureCheck::Ok ||
                !include(*tx, from, tx->hash())) {
                *error = QStringLiteral("block %1: transaction %2 does not apply %3")
                             .arg(height)
                             .arg(block.txHashes.size())
                             .arg(why);
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
    if (expected && expected->hash != h.hash) {
        *error =
            QStringLiteral("block %1 recomputes to %2, %3 says %4 (was it written with other "
                           "--seed, --objects or "
                           "--validators?)")
                .arg(height)
                .arg(toHexString(h.hash),
                     source == Source::Stored ? m_store.path() : QStringLiteral("the block log"),
                     toHexString(expected->hash));
        return false;
    }
    signHeader(h); // a stored block's commit was checked as it was read (see the constructor)
    if (!storeBlock(h, included, source, error))
        return false;
    m_state.commitBlock(std::move(block));
    m_mempool.prune([this](const Address &a) { return m_state.latestAccount(a).nonce; });
    if (source == Source::New)
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
