#pragma once

#include "core/base/bytes.h"

#include <QCoreApplication>
#include <QString>
#include <optional>

// What a line typed into the search box names. A 32-byte hash may be a block
// or a transaction: the caller asks the node which. Pure: any thread.
struct SearchQuery
{
    Q_DECLARE_TR_FUNCTIONS(SearchQuery)

public:
    enum class Kind { Invalid, Height, Hash, Address, Collection, Object };

    Kind kind = Kind::Invalid;
    std::uint64_t height = 0; // Height; Object with @height
    bool atHeight = false;    // Object: slug#id@height
    gifscan::Hash32 hash{};
    gifscan::Address address{};
    QString slug;
    std::uint64_t tokenId = 0;
    QString filter;  // Collection: its grid's filter (slug?trait=…), canonical
    QString problem; // Invalid: why, for the in-place error

    static SearchQuery parse(const QString &text);
};
