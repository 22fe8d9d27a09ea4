#pragma once

#include "core/protocol/blockheader.h"

#include <QString>
#include <functional>

namespace gifscan::chain {

// The append-only block log that nodes kept before the chain database
// (`blocks.log`): read once, to import it, and never written or shortened.
// A record is: u32 length, payload, 4 check bytes (SHA-256 prefix of the
// payload). Used on the node thread.
class BlockLog
{
public:
    struct Record
    {
        std::uint64_t height = 0;
        std::uint64_t timestamp = 0;
        Address proposer{};
        Hash32 hash{};
        std::vector<Bytes> transactions; // raw, as broadcast
    };

    struct Outcome
    {
        bool ok = false;
        QString error;        // when not ok: where the log is damaged
        bool foreign = false; // not ok because the file is no block log at all
        std::uint64_t records = 0;
        qint64 tailAt = -1; // a torn or zero-filled tail starts here (not read)
        qint64 tailBytes = 0;
    };

    // Hands every whole record, in order, to `take` (with the share of the
    // file read so far), until `take` says stop. A record that fails its
    // check is a torn tail only when no whole record follows it anywhere in
    // the file (a crash mid-append, or a zero-filled end after power loss);
    // anything else is damage, and reading stops with an error that says
    // where.
    static Outcome read(const QString &path,
                        const std::function<bool(const Record &, double progress)> &take);
    // A log written by a node of protocol version 1 (unsigned headers).
    static bool isVersion1(const QString &path);
    // The magic of the version 2 log, for tests that write one.
    static QByteArray magic();
    static Bytes encode(const Record &record);
};

} // namespace gifscan::chain
