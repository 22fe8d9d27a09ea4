#pragma once

#include <QJsonValue>
#include <QString>
#include <QUrl>

namespace gifscan {

// Why a request to a node did not give a usable answer.
struct ClientError
{
    enum class Kind {
        None,
        Network,     // refused, reset, DNS: the node is not reachable
        Timeout,     // no complete answer in time
        Http,        // an error status with the protocol's error body
        RateLimited, // 429 even after waiting as told
        Decode,      // the answer is not what the protocol says
        TooLarge,    // the answer passed the size any honest answer has
        Rpc,         // a JSON-RPC error object
    };
    Kind kind = Kind::None;
    int httpStatus = 0;
    QString code;    // REST error code ("not_found") or RPC data.reason
    int rpcCode = 0; // -32001 …
    QJsonValue rpcData;
    QString message;
    int retryAfter = 0;
    QUrl url; // the request's, where the answer failed on the way (Network, Timeout, Http)

    bool ok() const { return kind == Kind::None; }
    // No answer came about what was asked: the node was unreachable or too
    // slow, or it declined for its own reasons (isRefusal). Nothing is known
    // of what was asked, which is no verdict either way.
    bool isUnanswered() const
    {
        return kind == Kind::Network || kind == Kind::Timeout || isRefusal();
    }
    // The node declined for its own reasons, not for what was asked: its
    // rate limit (429, -32005), its answer limit (-32600 answer-limit), a
    // read server behind (-32006), an internal error (-32603) or a 5xx. An
    // honest node says these too: they are asked again, never a verdict.
    bool isRefusal() const;
    bool isNotFound() const { return httpStatus == 404 || rpcCode == -32001; }
    QString toString() const;
};

template <typename T> struct Result
{
    std::optional<T> value;
    ClientError error;
    std::uint64_t height = 0; // X-Block-Height, or the envelope's height
    QJsonValue raw;           // the record as the node sent it, once it decoded
    bool ok() const { return error.ok() && value.has_value(); }
};

} // namespace gifscan
