#pragma once

#include "core/client/httpclient.h"
#include "core/client/restclient.h"
#include "core/client/rpcclient.h"
#include "core/client/websocketstream.h"
#include "core/sync/livesync.h"
#include "tests/support/syncrecorder.h"

namespace gifscan::test {

// A LiveSync on real clients of a node's three URLs, with times short
// enough for tests, and what it delivered (SyncRecorder). Lives on the
// test's thread.
inline LiveSync::Options fastOptions()
{
    LiveSync::Options o;
    o.pollIntervalMs = 300;
    o.staleAfterMs = 1500;
    o.backoffInitialMs = 100;
    o.backoffMaxMs = 800;
    return o;
}

inline WebSocketStream::Options fastStream()
{
    WebSocketStream::Options o;
    o.pingIntervalMs = 300;
    o.handshakeTimeoutMs = 1000;
    return o;
}

struct SyncRig
{
    explicit SyncRig(const QString &base, const QString &rpcUrl, const QString &ws,
                     const LiveSync::Options &options = fastOptions(),
                     std::optional<TrustAnchor> anchor = TrustAnchor::devnet(),
                     const HttpClient::Options &httpOptions = SyncRig::httpOptions(),
                     const WebSocketStream::Options &streamOptions = fastStream())
        : http(httpOptions), rest(QUrl(base), &http), rpc(QUrl(rpcUrl), &http),
          stream(QUrl(ws), streamOptions),
          sync(NetworkProfile{QStringLiteral("devnet"), QUrl(base), QUrl(rpcUrl), QUrl(ws),
                              kChainId, anchor},
               &rest, &rpc, &stream, options)
    {
        recorder.attach(sync);
    }
    static HttpClient::Options httpOptions()
    {
        HttpClient::Options o;
        o.timeoutMs = 1500;
        o.maxRetries = 1;
        o.backoffMs = 50;
        return o;
    }
    HttpClient http;
    RestClient rest;
    RpcClient rpc;
    WebSocketStream stream;
    LiveSync sync;
    SyncRecorder recorder;
};

} // namespace gifscan::test
