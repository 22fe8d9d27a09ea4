#include "devnet/blocklog.h"

#include "core/sha256.h"

#include <unistd.h>

namespace gifscan::devnet {

namespace {
// Version 2: the blocks of a chain whose headers are signed (PROTOCOL §11).
const QByteArray kMagic = QByteArrayLiteral("GIFSCAN-BLOCKLOG-2\n");
const QByteArray kMagicVersion1 = QByteArrayLiteral("GIFSCAN-BLOCKLOG-1\n");

std::uint64_t readUint(const char *p, int width)
{
    std::uint64_t v = 0;
    for (int i = 0; i < width; ++i)
        v = v << 8 | static_cast<std::uint8_t>(p[i]);
    return v;
}

bool parsePayload(const QByteArray &payload, BlockLog::Record *r)
{
    const char *p = payload.constData();
    qsizetype left = payload.size();
    auto need = [&](qsizetype n) { return left >= n; };
    if (!need(8 + 8 + 20 + 32 + 4))
        return false;
    r->height = readUint(p, 8);
    r->timestamp = readUint(p + 8, 8);
    std::copy(p + 16, p + 36, r->proposer.begin());
    std::copy(p + 36, p + 68, r->hash.begin());
    const auto count = readUint(p + 68, 4);
    p += 72;
    left -= 72;
    for (std::uint64_t i = 0; i < count; ++i) {
        if (!need(4))
            return false;
        const auto len = static_cast<qsizetype>(readUint(p, 4));
        if (!need(4 + len))
            return false;
        r->transactions.emplace_back(reinterpret_cast<const std::uint8_t *>(p + 4),
                                     reinterpret_cast<const std::uint8_t *>(p + 4 + len));
        p += 4 + len;
        left -= 4 + len;
    }
    return left == 0;
}
} // namespace

bool BlockLog::isVersion1(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) && f.read(kMagicVersion1.size()) == kMagicVersion1;
}

bool BlockLog::open(const QString &path, std::vector<Record> *records, QString *error, QString *warning)
{
    m_file.setFileName(path);
    if (!m_file.open(QIODevice::ReadWrite)) {
        *error = QStringLiteral("cannot open %1: %2").arg(path, m_file.errorString());
        return false;
    }
    const QByteArray all = m_file.readAll();
    // A crash while the very first bytes were written leaves part of the magic.
    if (all.size() < kMagic.size() && kMagic.startsWith(all)) {
        m_file.resize(0);
        m_file.seek(0);
        if (m_file.write(kMagic) != kMagic.size() || !m_file.flush()) {
            *error = QStringLiteral("cannot write %1: %2").arg(path, m_file.errorString());
            return false;
        }
        return true;
    }
    if (!all.startsWith(kMagic)) {
        *error = QStringLiteral("%1 is not a gifscan block log").arg(path);
        return false;
    }
    qsizetype pos = kMagic.size();
    while (pos < all.size()) {
        const qsizetype start = pos;
        bool torn = all.size() - pos < 4;
        qsizetype len = 0;
        if (!torn) {
            len = static_cast<qsizetype>(readUint(all.constData() + pos, 4));
            torn = all.size() - pos - 4 < len + 4;
        }
        if (torn) {
            *warning = QStringLiteral("cut a torn record of %1 bytes off the end of %2")
                           .arg(all.size() - start).arg(path);
            m_file.resize(start);
            break;
        }
        const QByteArray payload = all.mid(pos + 4, len);
        const Hash32 check = sha256(payload);
        const bool intact = std::equal(check.begin(), check.begin() + 4,
                                       reinterpret_cast<const std::uint8_t *>(all.constData() + pos + 4 + len));
        Record r;
        if (!intact || !parsePayload(payload, &r)) {
            if (pos + 4 + len + 4 == all.size()) { // damage in the last record is a torn write too
                *warning = QStringLiteral("cut a damaged last record off the end of %1").arg(path);
                m_file.resize(start);
                break;
            }
            *error = QStringLiteral("%1 is damaged at byte %2; move it away to start a new chain")
                         .arg(path).arg(start);
            return false;
        }
        records->push_back(std::move(r));
        pos += 4 + len + 4;
    }
    m_file.seek(m_file.size());
    return true;
}

bool BlockLog::append(const Record &record, QString *error)
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
    out.reserve(payload.size() + 8);
    appendU32(out, static_cast<std::uint32_t>(payload.size()));
    appendBytes(out, payload);
    const Hash32 check = sha256(payload);
    out.insert(out.end(), check.begin(), check.begin() + 4);
    if (m_file.write(reinterpret_cast<const char *>(out.data()), static_cast<qint64>(out.size()))
            != static_cast<qint64>(out.size())
        || !m_file.flush() || ::fdatasync(m_file.handle()) != 0) {
        *error = QStringLiteral("cannot append to %1: %2").arg(m_file.fileName(), m_file.errorString());
        return false;
    }
    return true;
}

} // namespace gifscan::devnet
