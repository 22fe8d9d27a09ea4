#include "core/protocol/commitments.h"

#include "core/crypto/keccak.h"
#include "core/crypto/sha256.h"

#include <algorithm>

namespace gifscan {

bool isValidSlug(QStringView slug)
{
    if (slug.isEmpty() || slug.size() > 64)
        return false;
    for (qsizetype i = 0; i < slug.size(); ++i) {
        const QChar c = slug[i];
        const bool alnum = (c >= u'a' && c <= u'z') || (c >= u'0' && c <= u'9');
        if (!alnum && (i == 0 || c != u'-'))
            return false;
    }
    return true;
}

QString displayKey(const QString &slug, std::uint64_t tokenId)
{
    return slug + u'#' + QString::number(tokenId);
}

bool parseDisplayKey(const QString &key, QString *slug, std::uint64_t *tokenId)
{
    const qsizetype hash = key.indexOf(u'#');
    if (hash <= 0)
        return false;
    const QString s = key.left(hash);
    const QString id = key.mid(hash + 1);
    if (!isValidSlug(s) || id.isEmpty() || id.size() > 16 || (id.size() > 1 && id.front() == u'0'))
        return false;
    if (!std::all_of(id.begin(), id.end(), [](QChar c) { return c >= u'0' && c <= u'9'; }))
        return false;
    const std::uint64_t value = id.toULongLong();
    if (value >= (std::uint64_t{1} << 53))
        return false;
    *slug = s;
    *tokenId = value;
    return true;
}

bool displayKeyLess(const QString &a, const QString &b)
{
    QString slugA, slugB;
    std::uint64_t idA = 0, idB = 0;
    const bool okA = parseDisplayKey(a, &slugA, &idA);
    const bool okB = parseDisplayKey(b, &slugB, &idB);
    if (okA != okB)
        return okA; // display keys first
    if (!okA)
        return a < b;
    if (slugA != slugB)
        return slugA < slugB;
    return idA < idB;
}

Hash32 objectKey(const QString &key)
{
    return sha256(key.toUtf8());
}

Hash32 traitsHash(QList<Trait> traits)
{
    struct Encoded
    {
        QByteArray trait;
        QByteArray value;
    };
    std::vector<Encoded> encoded;
    encoded.reserve(static_cast<std::size_t>(traits.size()));
    for (const auto &t : traits)
        encoded.push_back({t.trait.toUtf8(), t.value.toUtf8()});
    // Bytewise on the UTF-8 form, as PROTOCOL §2.1 says: QString's own
    // ordering is by UTF-16 code units and differs above U+FFFF.
    std::sort(encoded.begin(), encoded.end(), [](const Encoded &a, const Encoded &b) {
        const int c = std::string_view(a.trait.constData(), a.trait.size())
                          .compare(std::string_view(b.trait.constData(), b.trait.size()));
        if (c != 0)
            return c < 0;
        return std::string_view(a.value.constData(), a.value.size()) <
               std::string_view(b.value.constData(), b.value.size());
    });
    Bytes enc;
    for (const auto &e : encoded) {
        appendU16(enc, static_cast<std::uint16_t>(e.trait.size()));
        appendBytes(enc, asBytes(e.trait));
        appendU16(enc, static_cast<std::uint16_t>(e.value.size()));
        appendBytes(enc, asBytes(e.value));
    }
    return sha256(enc);
}

Hash32 valueHash(const Address &owner, const Hash32 &contentHash, const Hash32 &traits)
{
    std::array<std::uint8_t, 84> buf{};
    std::copy(owner.begin(), owner.end(), buf.begin());
    std::copy(contentHash.begin(), contentHash.end(), buf.begin() + 20);
    std::copy(traits.begin(), traits.end(), buf.begin() + 52);
    return sha256(buf);
}

Hash32 leafHash(const Hash32 &key, const Hash32 &value)
{
    std::array<std::uint8_t, 65> buf{};
    buf[0] = 0x00;
    std::copy(key.begin(), key.end(), buf.begin() + 1);
    std::copy(value.begin(), value.end(), buf.begin() + 33);
    return sha256(buf);
}

Hash32 innerHash(const Hash32 &left, const Hash32 &right)
{
    std::array<std::uint8_t, 65> buf{};
    buf[0] = 0x01;
    std::copy(left.begin(), left.end(), buf.begin() + 1);
    std::copy(right.begin(), right.end(), buf.begin() + 33);
    return sha256(buf);
}

Address escrowAddress(const Hash32 &key)
{
    static constexpr std::string_view tag = "gif/escrow";
    std::array<std::uint8_t, tag.size() + 32> buf{};
    std::copy(tag.begin(), tag.end(), buf.begin());
    std::copy(key.begin(), key.end(), buf.begin() + tag.size());
    const Hash32 h = keccak256(buf);
    Address out{};
    std::copy(h.begin() + 12, h.end(), out.begin());
    return out;
}

namespace {
using Leaves = std::vector<std::pair<Hash32, Hash32>>;
Hash32 rootOf(Leaves::const_iterator begin, Leaves::const_iterator end, int depth)
{
    const auto count = end - begin;
    if (count == 0)
        return kZeroHash;
    // A lone leaf sits at the shallowest depth where it is alone; keys are
    // distinct, so no path goes past bit 255.
    if (count == 1 || depth >= 256)
        return leafHash(begin->first, begin->second);
    auto mid = std::partition_point(
        begin, end, [depth](const auto &leaf) { return keyBit(leaf.first, depth) == 0; });
    return innerHash(rootOf(begin, mid, depth + 1), rootOf(mid, end, depth + 1));
}
} // namespace

Hash32 sparseMerkleRoot(std::vector<std::pair<Hash32, Hash32>> leaves)
{
    std::sort(leaves.begin(), leaves.end());
    leaves.erase(std::unique(leaves.begin(), leaves.end(),
                             [](const auto &a, const auto &b) { return a.first == b.first; }),
                 leaves.end());
    return rootOf(leaves.cbegin(), leaves.cend(), 0);
}

Hash32 holdingsKey(const Address &owner)
{
    return sha256(std::span<const std::uint8_t>(owner));
}

Hash32 holdingsSubRoot(const std::vector<Hash32> &objectKeys)
{
    Leaves leaves;
    leaves.reserve(objectKeys.size());
    for (const auto &k : objectKeys)
        leaves.emplace_back(k, kZeroHash);
    return sparseMerkleRoot(std::move(leaves));
}

Hash32 holdingsValueHash(std::uint64_t count, const Hash32 &subRoot)
{
    Bytes buf;
    buf.reserve(40);
    appendU64(buf, count);
    appendBytes(buf, subRoot);
    return sha256(buf);
}

} // namespace gifscan
