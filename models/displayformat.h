#pragma once

#include "core/amount.h"
#include "core/bytes.h"

#include <QDateTime>
#include <QLocale>
#include <QString>

// How values look to people: shortened hashes with the full value in
// tooltips, local times, exact amounts.
namespace DisplayFormat {

// The exact value of a cell, for exports: full hashes and addresses, plain
// numbers, amounts as exact decimal GIF, times in ISO 8601 UTC.
constexpr int ExportRole = Qt::UserRole + 100;

inline QString exactAmount(const gifscan::Amount &value)
{
    return gifscan::formatGif(value, QLocale::c());
}

inline QString isoTime(std::uint64_t seconds)
{
    return QDateTime::fromSecsSinceEpoch(static_cast<qint64>(seconds), Qt::UTC)
        .toString(Qt::ISODate);
}

inline QString shortHex(std::span<const std::uint8_t> bytes)
{
    const QString full = gifscan::toHexString(bytes);
    return full.left(8) + QChar(0x2026) + full.right(6);
}

inline QString timestamp(std::uint64_t seconds, QLocale::FormatType format = QLocale::ShortFormat)
{
    return QLocale().toString(QDateTime::fromSecsSinceEpoch(static_cast<qint64>(seconds)), format);
}

inline QString amount(const gifscan::Amount &value)
{
    return gifscan::formatGif(value, QLocale());
}

} // namespace DisplayFormat
