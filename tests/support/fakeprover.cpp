#include "tests/support/fakeprover.h"

namespace gifscan::test {

void FakeProver::batch(const QList<Call> &calls, QObject *context,
                       std::function<void(const QList<Result<QJsonValue>> &)> done)
{
    // Answered as a whole: every call unknown, as a node without them would.
    Result<QList<Result<QJsonValue>>> all;
    all.value.emplace();
    for (const Call &call : calls) {
        Result<QJsonValue> one;
        one.error.kind = ClientError::Kind::Decode;
        one.error.message = QStringLiteral("%1 is not in this fake").arg(call.method);
        all.value->append(one);
    }
    m_index.answer<QList<Result<QJsonValue>>>(
        QStringLiteral("batch"), context,
        [done = std::move(done)](const Result<QList<Result<QJsonValue>>> &r) { done(*r.value); },
        std::move(all));
}

void FakeProver::chainId(QObject *context, Done<std::uint64_t> done)
{
    Result<std::uint64_t> r;
    r.value = chainIdAnswer;
    m_index.answer(QStringLiteral("chainId"), context, std::move(done), std::move(r));
}

void FakeProver::blockNumber(QObject *context, Done<std::uint64_t> done)
{
    Result<std::uint64_t> r;
    if (m_index.headers().empty())
        r.error = {ClientError::Kind::Decode, 0, {}, 0, {}, QStringLiteral("no blocks"), 0, {}};
    else
        r.value = m_index.headers().back().height;
    m_index.answer(QStringLiteral("blockNumber"), context, std::move(done), std::move(r));
}

void FakeProver::block(std::uint64_t height, bool, QObject *context, Done<Block> done)
{
    m_index.block(height == 0 && genesisInstead ? *genesisInstead : height, context,
                  std::move(done));
}

void FakeProver::object(const QString &, std::uint64_t, std::optional<std::uint64_t>,
                        QObject *context, Done<ObjectRecord> done)
{
    m_index.unknown(QStringLiteral("gif_getObject"), context, std::move(done));
}

void FakeProver::objectBytes(const QString &, std::uint64_t, std::optional<std::uint64_t>,
                             QObject *context, Done<QByteArray> done)
{
    m_index.unknown(QStringLiteral("gif_getObjectBytes"), context, std::move(done));
}

void FakeProver::proof(const QString &, std::uint64_t, std::optional<std::uint64_t>,
                       QObject *context, Done<ObjectProof> done)
{
    m_index.unknown(QStringLiteral("gif_getProof"), context, std::move(done));
}

void FakeProver::holdingsProof(const Address &, std::optional<std::uint64_t>, QObject *context,
                               Done<HoldingsProof> done)
{
    m_index.unknown(QStringLiteral("gif_getHoldingsProof"), context, std::move(done));
}

void FakeProver::validators(QObject *context, Done<ValidatorSet> done)
{
    Result<ValidatorSet> r;
    r.value = validatorsAnswer;
    m_index.answer(QStringLiteral("validators"), context, std::move(done), std::move(r));
}

void FakeProver::sendRawTransaction(const Bytes &, QObject *context, Done<Hash32> done)
{
    m_index.unknown(QStringLiteral("gif_sendRawTransaction"), context, std::move(done));
}

} // namespace gifscan::test
