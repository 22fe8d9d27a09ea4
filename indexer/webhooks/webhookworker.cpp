#include "indexer/webhooks/webhookworker.h"

#include "chain/engine/querystore.h"
#include "chain/store/postgreslistener.h"
#include "server/webhooks/webhookservice.h"

#include <QLoggingCategory>

namespace gifscan::indexer {

Q_LOGGING_CATEGORY(lcWorker, "gifscan.indexer.webhooks")

WebhookWorker::WebhookWorker(Options options, QObject *parent)
    : QObject(parent), m_options(std::move(options))
{
}

// The service first: it reads the chain.
WebhookWorker::~WebhookWorker()
{
    m_poll.stop();
    m_listener.reset();
    m_webhooks.reset();
}

Outcome<> WebhookWorker::start()
{
    // Tried again while the follower has stored nothing yet.
    m_poll.stop();
    m_listener.reset();
    m_webhooks.reset();
    chain::ChainOptions chain;
    chain.database = m_options.database;
    chain.readsOnly = true;
    chain.traffic = false;
    chain.trusted = m_options.trusted ? *m_options.trusted : ValidatorSet::devnet();
    m_chain = std::make_unique<chain::QueryStore>(chain);
    if (auto opened = m_chain->open(); !opened)
        return opened;
    server::WebhookService::Options hooks;
    hooks.role = server::WebhookService::Role::Worker;
    hooks.hosts = m_options.hosts;
    // Not this machine's services unless named: a worker may run elsewhere
    // than the read server that let a page of its machine register one.
    hooks.onLoopback = false;
    hooks.retryScale = m_options.retryScale;
    hooks.timeoutMs = m_options.timeoutMs;
    hooks.maxPending = m_options.maxPending;
    // Kept once its store is open: /metrics asks it between tries.
    auto webhooks = std::make_unique<server::WebhookService>(*m_chain, hooks);
    if (auto opened = webhooks->openServer(m_options.database); !opened)
        return opened.error();
    m_webhooks = std::move(webhooks);
    // Each block the follower stores is announced, and its events queued.
    m_listener = std::make_unique<chain::PostgresListener>(
        m_options.notifyDatabase.isEmpty() ? m_options.database : m_options.notifyDatabase,
        QStringLiteral("gifscan_blocks"));
    connect(m_listener.get(), &chain::PostgresListener::notified, m_chain.get(),
            [chain = m_chain.get()] { chain->announceStored(); });
    if (const auto listening = m_listener->start(); !listening)
        qCWarning(lcWorker).noquote()
            << "new blocks are polled for each second:" << listening.error().message;
    connect(&m_poll, &QTimer::timeout, m_chain.get(),
            [chain = m_chain.get()] { chain->announceStored(); });
    m_poll.start(1000);
    return success();
}

} // namespace gifscan::indexer
