#include "core/protocol/transaction.h"

#include "core/crypto/keccak.h"

namespace gifscan {

QString txKindName(TxKind kind)
{
    switch (kind) {
    case TxKind::Transfer:
        return QStringLiteral("transfer");
    case TxKind::CreateCollection:
        return QStringLiteral("createCollection");
    case TxKind::Mint:
        return QStringLiteral("mint");
    case TxKind::TransferObject:
        return QStringLiteral("transferObject");
    case TxKind::List:
        return QStringLiteral("list");
    case TxKind::Delist:
        return QStringLiteral("delist");
    case TxKind::Buy:
        return QStringLiteral("buy");
    }
    return {};
}

std::optional<TxKind> txKindFromName(const QString &name)
{
    for (int k = 1; k <= 7; ++k) {
        if (txKindName(static_cast<TxKind>(k)) == name)
            return static_cast<TxKind>(k);
    }
    return std::nullopt;
}

namespace {

void appendString8(Bytes &out, const QString &s)
{
    const QByteArray utf8 = s.toUtf8();
    out.push_back(static_cast<std::uint8_t>(utf8.size()));
    appendBytes(out, asBytes(utf8));
}

void appendString16(Bytes &out, const QString &s)
{
    const QByteArray utf8 = s.toUtf8();
    appendU16(out, static_cast<std::uint16_t>(utf8.size()));
    appendBytes(out, asBytes(utf8));
}

class Reader
{
public:
    explicit Reader(std::span<const std::uint8_t> data) : m_data(data) {}

    bool failed() const { return m_error.has_value(); }
    const std::optional<TxDecodeError> &error() const { return m_error; }
    bool atEnd() const { return m_pos == m_data.size(); }
    std::size_t remaining() const { return m_data.size() - m_pos; }

    void fail(TxDecodeError::Kind kind, const char *field = "", std::uint64_t value = 0)
    {
        if (!m_error)
            m_error = TxDecodeError{kind, QLatin1String(field), value};
    }

    std::span<const std::uint8_t> take(std::size_t n, const char *what)
    {
        if (failed() || remaining() < n) {
            fail(TxDecodeError::Kind::Truncated, what);
            return {};
        }
        auto out = m_data.subspan(m_pos, n);
        m_pos += n;
        return out;
    }

    std::uint64_t uint(std::size_t width, const char *what)
    {
        std::uint64_t v = 0;
        for (auto b : take(width, what))
            v = v << 8 | b;
        return v;
    }

    Amount u256(const char *what)
    {
        auto bytes = take(32, what);
        if (bytes.size() != 32)
            return 0;
        return amountFromBigEndian(std::span<const std::uint8_t, 32>(bytes.data(), 32));
    }

    template <std::size_t N> std::array<std::uint8_t, N> fixed(const char *what)
    {
        std::array<std::uint8_t, N> out{};
        auto bytes = take(N, what);
        if (bytes.size() == N)
            std::copy(bytes.begin(), bytes.end(), out.begin());
        return out;
    }

    QString string(std::size_t lenWidth, const char *what)
    {
        const auto len = static_cast<std::size_t>(uint(lenWidth, what));
        auto bytes = take(len, what);
        if (failed())
            return {};
        const QByteArray utf8 = toByteArray(bytes);
        QString s = QString::fromUtf8(utf8);
        if (s.toUtf8() != utf8)
            fail(TxDecodeError::Kind::NotUtf8, what);
        return s;
    }

private:
    std::span<const std::uint8_t> m_data;
    std::size_t m_pos = 0;
    std::optional<TxDecodeError> m_error;
};

} // namespace

Bytes Transaction::encodeUnsigned() const
{
    Bytes out;
    out.reserve(128 + static_cast<std::size_t>(content.size()));
    out.push_back(version);
    appendU64(out, chainId);
    appendU64(out, nonce);
    appendBytes(out, amountToBigEndian(gasPrice));
    appendU64(out, gasLimit);
    out.push_back(static_cast<std::uint8_t>(kind));
    auto slugId = [&] {
        appendString8(out, slug);
        appendU64(out, tokenId);
    };
    switch (kind) {
    case TxKind::Transfer:
        appendBytes(out, to);
        appendBytes(out, amountToBigEndian(amount));
        break;
    case TxKind::CreateCollection:
        appendString8(out, slug);
        appendString8(out, name);
        appendString8(out, category);
        break;
    case TxKind::Mint:
        slugId();
        appendBytes(out, to);
        appendU16(out, static_cast<std::uint16_t>(traits.size()));
        for (const auto &t : traits) {
            appendString16(out, t.trait);
            appendString16(out, t.value);
        }
        appendU32(out, static_cast<std::uint32_t>(content.size()));
        appendBytes(out, asBytes(content));
        break;
    case TxKind::TransferObject:
        slugId();
        appendBytes(out, to);
        break;
    case TxKind::List:
        slugId();
        appendBytes(out, amountToBigEndian(price));
        break;
    case TxKind::Delist:
        slugId();
        break;
    case TxKind::Buy:
        slugId();
        appendBytes(out, amountToBigEndian(maxPrice));
        break;
    }
    return out;
}

Bytes Transaction::encode() const
{
    Bytes out = encodeUnsigned();
    appendBytes(out, signature);
    return out;
}

Hash32 Transaction::signingHash() const
{
    return keccak256(encodeUnsigned());
}

Hash32 Transaction::hash() const
{
    return keccak256(encode());
}

std::uint64_t Transaction::intrinsicGas() const
{
    switch (kind) {
    case TxKind::Transfer:
        return 21000;
    case TxKind::CreateCollection:
        return 50000;
    case TxKind::Mint:
        return 50000 + 16 * static_cast<std::uint64_t>(content.size());
    case TxKind::TransferObject:
        return 30000;
    case TxKind::List:
        return 30000;
    case TxKind::Delist:
        return 20000;
    case TxKind::Buy:
        return 40000;
    }
    return 0;
}

QString TxDecodeError::toString() const
{
    switch (kind) {
    case Kind::Truncated:
        return QStringLiteral("truncated at %1").arg(field);
    case Kind::NotUtf8:
        return QStringLiteral("%1 is not valid UTF-8").arg(field);
    case Kind::UnknownVersion:
        return QStringLiteral("unknown version %1").arg(value);
    case Kind::UnknownKind:
        return QStringLiteral("unknown kind %1").arg(value);
    case Kind::TrailingBytes:
        return QStringLiteral("%1 bytes after the signature").arg(value);
    }
    return {};
}

std::optional<Transaction> decodeTransaction(std::span<const std::uint8_t> raw, QString *error)
{
    TxDecodeError why;
    auto tx = decodeTransaction(raw, &why);
    if (!tx && error)
        *error = why.toString();
    return tx;
}

std::optional<Transaction> decodeTransaction(std::span<const std::uint8_t> raw,
                                             TxDecodeError *error)
{
    Reader r(raw);
    Transaction tx;
    tx.version = static_cast<std::uint8_t>(r.uint(1, "version"));
    if (!r.failed() && tx.version != 1)
        r.fail(TxDecodeError::Kind::UnknownVersion, "version", tx.version);
    tx.chainId = r.uint(8, "chainId");
    tx.nonce = r.uint(8, "nonce");
    tx.gasPrice = r.u256("gasPrice");
    tx.gasLimit = r.uint(8, "gasLimit");
    const auto kind = r.uint(1, "kind");
    if (!r.failed() && (kind < 1 || kind > 7))
        r.fail(TxDecodeError::Kind::UnknownKind, "kind", kind);
    tx.kind = static_cast<TxKind>(kind);
    auto slugId = [&] {
        tx.slug = r.string(1, "slug");
        tx.tokenId = r.uint(8, "tokenId");
    };
    if (!r.failed()) {
        switch (tx.kind) {
        case TxKind::Transfer:
            tx.to = r.fixed<20>("to");
            tx.amount = r.u256("amount");
            break;
        case TxKind::CreateCollection:
            tx.slug = r.string(1, "slug");
            tx.name = r.string(1, "name");
            tx.category = r.string(1, "category");
            break;
        case TxKind::Mint: {
            slugId();
            tx.to = r.fixed<20>("to");
            const auto count = r.uint(2, "traitCount");
            for (std::uint64_t i = 0; i < count && !r.failed(); ++i) {
                Trait t;
                t.trait = r.string(2, "trait");
                t.value = r.string(2, "trait value");
                tx.traits.append(t);
            }
            const auto len = static_cast<std::size_t>(r.uint(4, "content length"));
            tx.content = toByteArray(r.take(len, "content"));
            break;
        }
        case TxKind::TransferObject:
            slugId();
            tx.to = r.fixed<20>("to");
            break;
        case TxKind::List:
            slugId();
            tx.price = r.u256("price");
            break;
        case TxKind::Delist:
            slugId();
            break;
        case TxKind::Buy:
            slugId();
            tx.maxPrice = r.u256("maxPrice");
            break;
        }
    }
    tx.signature = r.fixed<65>("signature");
    if (!r.failed() && !r.atEnd())
        r.fail(TxDecodeError::Kind::TrailingBytes, "signature", r.remaining());
    if (r.failed()) {
        if (error)
            *error = *r.error();
        return std::nullopt;
    }
    return tx;
}

} // namespace gifscan
