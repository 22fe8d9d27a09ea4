#include "session/nodeclients.h"

NodeClients::NodeClients(const gifscan::NetworkProfile &profile)
    : m_rest(profile.restUrl, &m_http), m_rpc(profile.rpcUrl, &m_http), m_stream(profile.wsUrl)
{
}

NodeSeams NodeClients::seams()
{
    return {&m_rest, &m_rpc, &m_stream, &m_http};
}
