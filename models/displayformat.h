#pragma once

#include "core/amount.h"
#include "core/bytes.h"

#include <QDateTime>
#include <QLocale>
#include <QString>

// How values look to people: shortened hashes with the full value in
// tooltips, local times, exact amounts.
namespace DisplayFormat {

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
