#pragma once

#include "chain/store/sqlstatement.h"

#include <QByteArray>
#include <QString>
#include <algorithm>
#include <array>
#include <cstdint>
#include <cstring>
#include <limits>

namespace gifscan::chain {

// Fixed-size values (hashes, addresses) as blobs, for the chain database's
// tables (ChainStore, TrieTables, StateWriter, StateReader) in either
// engine. One copy of each: in a unity unit, file-scope twins merge.

template <std::size_t N>
void bindArray(SqlStatement &q, int index, const std::array<std::uint8_t, N> &a)
{
    q.bind(index, a.data(), static_cast<int>(N));
}

// False, and `out` untouched, when the blob is not exactly N bytes: damage.
template <std::size_t N> bool readArray(const SqlColumn &c, std::array<std::uint8_t, N> *out)
{
    const auto blob = c.blob();
    if (blob.size() != N)
        return false;
    std::memcpy(out->data(), blob.data(), N);
    return true;
}

// A count or height bound as the engines' signed 64-bit integer: past its
// range, its greatest (a limit of "all").
inline std::int64_t clampedInt64(std::uint64_t n)
{
    return static_cast<std::int64_t>(
        std::min<std::uint64_t>(n, std::numeric_limits<std::int64_t>::max()));
}

inline void bindText(SqlStatement &q, int index, const QString &s)
{
    q.bind(index, s);
}

inline void bindBlob(SqlStatement &q, int index, const QByteArray &value)
{
    q.bind(index, value.constData(), static_cast<int>(value.size()));
}

inline QString columnText(const SqlColumn &c)
{
    const std::string_view text = c.text();
    return QString::fromUtf8(text.data(), static_cast<qsizetype>(text.size()));
}

inline QByteArray columnBlob(const SqlColumn &c)
{
    const auto blob = c.blob();
    return QByteArray(reinterpret_cast<const char *>(blob.data()),
                      static_cast<qsizetype>(blob.size()));
}

} // namespace gifscan::chain
