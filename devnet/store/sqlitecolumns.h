#pragma once

#include <QByteArray>
#include <QString>
#include <SQLiteCpp/Column.h>
#include <SQLiteCpp/Statement.h>
#include <array>
#include <cstdint>
#include <cstring>

namespace gifscan::devnet {

// Fixed-size values (hashes, addresses) as SQLite blobs, for the chain
// database's tables (ChainStore, TrieTables, StateWriter, StateReader).
// One copy of each: in a unity unit, file-scope twins merge.

template <std::size_t N>
void bindArray(SQLite::Statement &q, int index, const std::array<std::uint8_t, N> &a)
{
    q.bind(index, a.data(), static_cast<int>(N));
}

// False, and `out` untouched, when the blob is not exactly N bytes: damage.
template <std::size_t N> bool readArray(const SQLite::Column &c, std::array<std::uint8_t, N> *out)
{
    if (c.getBytes() != static_cast<int>(N))
        return false;
    std::memcpy(out->data(), c.getBlob(), N);
    return true;
}

// Text and bytes, for the same tables and the webhook store.
inline void bindText(SQLite::Statement &q, int index, const QString &s)
{
    q.bind(index, s.toStdString());
}

inline QString columnText(const SQLite::Column &c)
{
    return QString::fromUtf8(c.getText(), c.getBytes());
}

inline QByteArray columnBlob(const SQLite::Column &c)
{
    return QByteArray(static_cast<const char *>(c.getBlob()), c.getBytes());
}

} // namespace gifscan::devnet
