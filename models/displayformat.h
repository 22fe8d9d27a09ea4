#pragma once

#include "core/base/bytes.h"
#include "core/protocol/amount.h"

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

// GIF as a number for a chart's axis (inexact past 15 digits: a tooltip
// or a label says the exact amount).
inline double gifNumber(const gifscan::Amount &a)
{
    const gifscan::Amount whole = a / gifscan::oneGif();
    const gifscan::Amount frac = a % gifscan::oneGif();
    return whole.toDouble() + frac.toDouble() / 1e18;
}

inline QString shortHex(std::span<const std::uint8_t> bytes)
{
    const QString full = gifscan::toHexString(bytes);
    return full.left(8) + QChar(0x2026) + full.right(6);
}

// A hash whole, for text a person must read to the end (what a profile
// trusts): its hex digits in groups of eight, so that a narrow line wraps
// between groups instead of cutting the value. Copy the unspaced hex from
// elsewhere; this is for reading and comparing.
inline QString groupedHex(std::span<const std::uint8_t> bytes)
{
    const QString full = gifscan::toHexString(bytes);
    QString out = full.left(2);
    for (qsizetype i = 2; i < full.size(); i += 8)
        out += (i > 2 ? QStringLiteral(" ") : QString()) + full.mid(i, 8);
    return out;
}

inline QString timestamp(std::uint64_t seconds, QLocale::FormatType format = QLocale::ShortFormat)
{
    return QLocale().toString(QDateTime::fromSecsSinceEpoch(static_cast<qint64>(seconds)), format);
}

// How long before `nowMs` (Unix milliseconds) the Unix time `seconds` was,
// as a list's age column says it: "12 s ago", "4 min ago", "3 h ago",
// "2 d ago". A time ahead of the clock (a proposer's clock a little fast)
// reads "just now", as does the first second.
QString age(std::uint64_t seconds, qint64 nowMs);
// The exact local time: a four-digit year, seconds and the zone, for
// tooltips and detail pages.
QString exactTime(std::uint64_t seconds);
// A length of time as a person says it, its two largest units: "42 s",
// "3 min 5 s", "7 d 6 h".
QString duration(std::uint64_t seconds);
// A block's time and depth as a detail page's line says them:
// "2026-11-24 01:02:03 CET (12 s ago), 5 confirmations"; without a head
// yet (0 confirmations), the time alone.
QString when(std::uint64_t seconds, qint64 nowMs, std::uint64_t confirmations);

// A block height as it is typed and searched: digits, never grouped. In
// German "99.999" read as a decimal beside heights elsewhere without a
// separator; explorers write block numbers as they are.
inline QString height(std::uint64_t value)
{
    return QString::number(value);
}

inline QString amount(const gifscan::Amount &value)
{
    return gifscan::formatGif(value, QLocale());
}

// A gas price as wallets say it, in gwei (10^9 base units): "3 gwei",
// "2.5 gwei"; exact, in GIF, from 10^6 gwei on. Any 256-bit value is said.
QString gasPrice(const gifscan::Amount &value);

} // namespace DisplayFormat
