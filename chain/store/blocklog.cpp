#include "chain/store/blocklog.h"

#include "core/crypto/sha256.h"

#include <QFile>
#include <cstring>

namespace gifscan::chain {

namespace {
// Version 2: the blocks of a chain whose headers are signed (PROTOCOL §11).
const QByteArray kMagic = QByteArrayLiteral("GIFSCAN-BLOCKLOG-2\n");
const QByteArray kMagicVersion1 = QByteArrayLiteral("GIFSCAN-BLOCKLOG-1\n");
constexpr qint64 kFixedPayload = 8 + 8 + 20 + 32 + 4;

std::uint64_t readUint(const std::uint8_t *p, int width)
{
    std::uint64_t v = 0;
    for (int i = 0; i < width; ++i)
        v = v << 8 | p[i];
    return v;
}

bool parsePayload(const std::uint8_t *p, qint64 left, BlockLog::Record *r)
{
    if (left < kFixedPayload)
        return false;
    r->height = readUint(p, 8);
    r->timestamp = readUint(p + 8, 8);
    std::copy(p + 16, p + 36, r->proposer.begin());
    std::copy(p + 36, p + 68, r->hash.begin());
    const auto count = readUint(p + 68, 4);
    p += 72;
    left -= 72;
    for (std::uint64_t i = 0; i < count; ++i) {
        if (left < 4)
            return false;
        const auto len = static_cast<qint64>(readUint(p, 4));
        if (left < 4 + len)
            return false;
        r->transactions.emplace_back(p + 4, p + 4 + len);
        p += 4 + len;
        left -= 4 + len;
    }
    return left == 0;
}

// A whole record at `pos`: its length fits and its check bytes match.
bool wholeRecordAt(const std::uint8_t *data, qint64 size, qint64 pos, qint64 *end)
{
    if (pos < 0 || size - pos < 4)
        return false;
    const auto len = static_cast<qint64>(readUint(data + pos, 4));
    if (len < kFixedPayload || size - pos - 4 < len + 4)
        return false;
    const Hash32 check =
        sha256(std::span<const std::uint8_t>(data + pos + 4, static_cast<std::size_t>(len)));
    if (std::memcmp(check.data(), data + pos + 4 + len, 4) != 0)
        return false;
    *end = pos + 4 + len + 4;
    return true;
}

// Whether any whole record of a height near `height` starts after `from`:
// then the failure at `from` is damage inside the log, not its torn end.
// Only offsets where such a height is written are tried, so the scan is
// linear in the file's size.
std::optional<qint64> wholeRecordAfter(const std::uint8_t *data, qint64 size, qint64 from,
                                       std::uint64_t height)
{
    for (std::uint64_t h = height; h < height + 4; ++h) {
        std::uint8_t needle[8];
        for (int i = 0; i < 8; ++i)
            needle[i] = static_cast<std::uint8_t>(h >> (56 - 8 * i));
        const std::uint8_t *p = data + from + 1;
        const std::uint8_t *last = data + size;
        while (p < last) {
            const void *hit = memmem(p, static_cast<std::size_t>(last - p), needle, sizeof needle);
            if (!hit)
                break;
            const qint64 at = static_cast<const std::uint8_t *>(hit) - data;
            qint64 end = 0;
            if (at - 4 > from && wholeRecordAt(data, size, at - 4, &end))
                return at - 4;
            p = static_cast<const std::uint8_t *>(hit) + 1;
        }
    }
    return std::nullopt;
}
} // namespace

QByteArray BlockLog::magic()
{
    return kMagic;
}

bool BlockLog::isVersion1(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) && f.read(kMagicVersion1.size()) == kMagicVersion1;
}

Bytes BlockLog::encode(const Record &record)
{
    Bytes payload;
    appendU64(payload, record.height);
    appendU64(payload, record.timestamp);
    appendBytes(payload, record.proposer);
    appendBytes(payload, record.hash);
    appendU32(payload, static_cast<std::uint32_t>(record.transactions.size()));
    for (const auto &tx : record.transactions) {
        appendU32(payload, static_cast<std::uint32_t>(tx.size()));
        appendBytes(payload, tx);
    }
    Bytes out;
    appendU32(out, static_cast<std::uint32_t>(payload.size()));
    appendBytes(out, payload);
    const Hash32 check = sha256(payload);
    out.insert(out.end(), check.begin(), check.begin() + 4);
    return out;
}

BlockLog::Outcome BlockLog::read(const QString &path,
                                 const std::function<bool(const Record &, double)> &take)
{
    Outcome out;
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) {
        out.error = QStringLiteral("cannot open %1: %2").arg(path, f.errorString());
        return out;
    }
    const qint64 size = f.size();
    // A crash while the very first bytes were written leaves part of the magic.
    if (size < kMagic.size() && kMagic.startsWith(f.readAll())) {
        out.ok = true;
        out.tailAt = 0;
        out.tailBytes = size;
        return out;
    }
    const uchar *data = size > 0 ? f.map(0, size) : nullptr;
    if (size > 0 && !data) { // a log perhaps, that cannot be read this way: not foreign
        out.error = QStringLiteral("cannot map %1: %2").arg(path, f.errorString());
        return out;
    }
    if (size < kMagic.size() ||
        std::memcmp(data, kMagic.constData(), static_cast<std::size_t>(kMagic.size())) != 0) {
        out.error = QStringLiteral("%1 is not a gifscan block log").arg(path);
        out.foreign = true;
        return out;
    }
    qint64 pos = kMagic.size();
    while (pos < size) {
        qint64 end = 0;
        Record r;
        if (!wholeRecordAt(data, size, pos, &end)) {
            if (const auto next = wholeRecordAfter(data, size, pos, out.records)) {
                out.error = QStringLiteral("%1 is damaged at byte %2 (block %3), with whole blocks "
                                           "after it from byte %4")
                                .arg(path)
                                .arg(pos)
                                .arg(out.records)
                                .arg(*next);
                return out;
            }
            out.tailAt = pos;
            out.tailBytes = size - pos;
            break;
        }
        if (!parsePayload(data + pos + 4, end - pos - 8, &r) || r.height != out.records) {
            out.error =
                QStringLiteral("%1 is damaged at byte %2: its record does not hold block %3")
                    .arg(path)
                    .arg(pos)
                    .arg(out.records);
            return out;
        }
        ++out.records;
        pos = end;
        if (!take(r, static_cast<double>(pos) / static_cast<double>(size)))
            break;
    }
    out.ok = true;
    return out;
}

} // namespace gifscan::chain
