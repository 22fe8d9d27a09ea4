#pragma once

#include "core/client/httpclient.h"
#include "core/client/restclient.h"
#include "core/client/rpcclient.h"
#include "core/client/websocketstream.h"
#include "core/protocol/networkprofile.h"

class QObject;

namespace gifscan {
class NodeIndex;
class NodeProver;
class NodeStream;
} // namespace gifscan

// The three seams a session talks to a node through. Whoever hands them
// over keeps them alive for the session's life.
struct NodeSeams
{
    gifscan::NodeIndex *index = nullptr;
    gifscan::NodeProver *prover = nullptr;
    gifscan::NodeStream *stream = nullptr;
    // Says when the node's rate limit has the clients waiting (none: a
    // test's fakes, which never wait).
    gifscan::HttpClient *http = nullptr;
};

// The real clients of a profile's node: REST, JSON-RPC over one HTTP client,
// and the websocket stream. Lives on the GUI thread.
class NodeClients
{
public:
    explicit NodeClients(const gifscan::NetworkProfile &profile);
    NodeSeams seams();

private:
    gifscan::HttpClient m_http;
    gifscan::RestClient m_rest;
    gifscan::RpcClient m_rpc;
    gifscan::WebSocketStream m_stream;
};
