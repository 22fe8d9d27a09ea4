#pragma once

#include "chain/content/gifgenerator.h"
#include "core/crypto/privatekey.h"
#include "core/protocol/transaction.h"

#include <map>

namespace gifscan::test {

// Signs transactions for tests with the dev accounts of PROTOCOL §8, keeping
// each account's next nonce.
class TxFactory
{
public:
    static Address dev(std::uint32_t i) { return PrivateKey::devAccount(i).address(); }

    Transaction base(TxKind kind, std::uint32_t signer)
    {
        Transaction tx;
        tx.kind = kind;
        tx.nonce = m_nonces[signer]++;
        tx.gasPrice = 1000000000;
        tx.gasLimit = 2000000;
        return tx;
    }

    static Bytes sign(Transaction tx, std::uint32_t signer)
    {
        tx.signature = PrivateKey::devAccount(signer).sign(tx.signingHash());
        return tx.encode();
    }

    Bytes transfer(std::uint32_t signer, const Address &to, const Amount &amount)
    {
        Transaction tx = base(TxKind::Transfer, signer);
        tx.to = to;
        tx.amount = amount;
        return sign(tx, signer);
    }
    Bytes createCollection(std::uint32_t signer, const QString &slug,
                           const QString &category = QStringLiteral("art"),
                           const QString &name = {})
    {
        Transaction tx = base(TxKind::CreateCollection, signer);
        tx.slug = slug;
        tx.name = name.isEmpty() ? slug.toUpper() : name;
        tx.category = category;
        return sign(tx, signer);
    }
    Bytes mint(std::uint32_t signer, const QString &slug, std::uint64_t id, const Address &to,
               const QByteArray &content, QList<Trait> traits = {})
    {
        Transaction tx = base(TxKind::Mint, signer);
        tx.slug = slug;
        tx.tokenId = id;
        tx.to = to;
        tx.content = content;
        tx.traits = std::move(traits);
        // A large GIF costs more gas than the default limit (16 a byte).
        tx.gasLimit = std::max(tx.gasLimit, tx.intrinsicGas());
        return sign(tx, signer);
    }
    Bytes objectTx(TxKind kind, std::uint32_t signer, const QString &slug, std::uint64_t id,
                   const Address &to = {}, const Amount &price = 0)
    {
        Transaction tx = base(kind, signer);
        tx.slug = slug;
        tx.tokenId = id;
        tx.to = to;
        tx.price = price;
        tx.maxPrice = price;
        return sign(tx, signer);
    }
    // A small animated GIF for a test's own objects: cheap to mint and decode.
    static QByteArray smallGif(int frames = 1)
    {
        chain::ArtSpec spec;
        spec.width = spec.height = 16;
        spec.frames = frames;
        return chain::GifGenerator::render(spec);
    }
    void rewind(std::uint32_t signer) { --m_nonces[signer]; }

private:
    std::map<std::uint32_t, std::uint64_t> m_nonces;
};

} // namespace gifscan::test
