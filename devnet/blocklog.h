#pragma once

#include "core/blockheader.h"

#include <QFile>

namespace gifscan::devnet {

// The devnet's append-only block log. Each record is written, flushed and
// fdatasync'ed before its block is announced, so a block anyone has seen
// survives kill -9. A record is: u32 length, payload, 4 check bytes
// (SHA-256 prefix of the payload). Lives on the node thread.
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

    // Reads every complete record. A torn last record (a crash mid-write) is
    // cut off and reported in `warning`; damage before the tail is an error.
    bool open(const QString &path, std::vector<Record> *records, QString *error, QString *warning);
    bool append(const Record &record, QString *error);
    bool isOpen() const { return m_file.isOpen(); }
    // A log written by a node of protocol version 1 (unsigned headers).
    static bool isVersion1(const QString &path);

private:
    QFile m_file;
};

} // namespace gifscan::devnet
