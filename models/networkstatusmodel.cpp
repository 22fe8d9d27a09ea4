#include "models/networkstatusmodel.h"

#include "models/chainwords.h"

NetworkStatusModel::NetworkStatusModel(QObject *parent) : QObject(parent)
{
    m_tick.setInterval(1000);
    connect(&m_tick, &QTimer::timeout, this, &NetworkStatusModel::changed);
    m_tick.start();
}

void NetworkStatusModel::follow(LiveFeed *feed, const QString &networkName)
{
    m_feed = feed;
    m_network = networkName;
    connect(feed, &LiveFeed::connectionChanged, this, &NetworkStatusModel::changed);
    connect(feed, &LiveFeed::headArrived, this, [this](const gifscan::BlockHeader &h, bool) {
        m_head = h.height;
        m_hasHead = true;
        m_sinceHead.restart();
        Q_EMIT changed();
    });
    // The first page's top is the head before any live one comes.
    connect(feed, &LiveFeed::firstPageArrived, this,
            [this](const gifscan::Page<gifscan::BlockHeader> &page) { headSeen(page.height); });
    connect(feed, &LiveFeed::wrongNetwork, this, [this](const QString &why) {
        m_problem = why;
        Q_EMIT changed();
    });
    connect(feed, &LiveFeed::trustChanged, this, [this](LiveFeed::Trust, const QString &problem) {
        if (!problem.isEmpty())
            m_problem = problem;
        Q_EMIT changed();
    });
    Q_EMIT changed();
}

void NetworkStatusModel::localNodeDied(bool crashed, int exitCode, const QString &detail)
{
    m_nodeDown = NodeDown{crashed, exitCode};
    m_problem = detail;
    Q_EMIT changed();
}

void NetworkStatusModel::localNodeStarted()
{
    m_nodeDown.reset();
    Q_EMIT changed();
}

QString NetworkStatusModel::localNodeText() const
{
    if (!m_nodeDown)
        return {};
    return m_nodeDown->crashed ? tr("the local node crashed; restarting it")
                               : tr("the local node stopped (exit code %1); restarting it")
                                     .arg(m_nodeDown->exitCode);
}

QString NetworkStatusModel::trustText() const
{
    using Trust = LiveFeed::Trust;
    switch (trust()) {
    case Trust::Unknown:
    case Trust::Trusted:
        return {};
    case Trust::AwaitingTrust:
        return tr("validators not trusted yet: nothing is verified");
    case Trust::Untrusted:
        return tr("headers not signed by the trusted validators");
    }
    return {};
}

bool NetworkStatusModel::refused() const
{
    using Trust = LiveFeed::Trust;
    return state() == LiveFeed::Connection::WrongNetwork || trust() == Trust::Untrusted ||
           trust() == Trust::AwaitingTrust;
}

QString NetworkStatusModel::refusalText() const
{
    if (!refused())
        return {};
    if (trust() == LiveFeed::Trust::AwaitingTrust)
        return tr("This node's validators are not trusted yet. Nothing it serves is shown until "
                  "you trust them: compare their fingerprint with the one the network publishes.");
    return tr("This node is not the network gifscan trusts for %1: its headers are not signed "
              "by the trusted validators. Nothing it serves is shown as the chain.")
        .arg(m_network);
}

void NetworkStatusModel::headSeen(std::uint64_t height)
{
    if (m_hasHead && m_head >= height)
        return;
    m_head = height;
    m_hasHead = true;
    Q_EMIT changed();
}

bool NetworkStatusModel::unreachable() const
{
    using State = LiveFeed::Connection;
    return m_feed && !m_hasHead && !m_feed->lastError().ok() &&
           (state() == State::Connecting || state() == State::Offline ||
            state() == State::Reconnecting);
}

QString NetworkStatusModel::retryText() const
{
    const auto in = m_feed ? m_feed->nextAttemptInMs() : std::nullopt;
    if (!in)
        return {};
    // Rounded up: "in 0 s" while a wait is still running reads as a hang.
    return tr("trying again in %Ln s", nullptr, static_cast<int>((*in + 999) / 1000));
}

QString NetworkStatusModel::stateText() const
{
    using State = LiveFeed::Connection;
    if (m_nodeDown)
        return localNodeText();
    const QString retry = retryText();
    if (unreachable()) {
        const QString why = ChainWords::clientError(m_feed->lastError());
        return retry.isEmpty() ? tr("cannot reach the node: %1").arg(why)
                               : tr("cannot reach the node: %1; %2").arg(why, retry);
    }
    if ((state() == State::Reconnecting || state() == State::Offline) && !retry.isEmpty())
        return tr("%1; %2").arg(state() == State::Offline ? tr("offline") : tr("reconnecting"),
                                retry);
    switch (state()) {
    case State::Idle:
        return tr("idle");
    case State::Connecting:
        return tr("connecting");
    case State::Live:
        return tr("live");
    case State::Reconnecting:
        return tr("reconnecting");
    case State::Polling:
        return tr("polling");
    case State::Stale:
        return tr("stale");
    case State::Offline:
        return tr("offline");
    case State::WrongNetwork:
        return tr("wrong network");
    case State::NotAnswering:
        return tr("not answering");
    }
    return {};
}

NetworkStatusModel::Tone NetworkStatusModel::tone() const
{
    // Connected but not verifiable is not good: the trust problem is said.
    if (!trustText().isEmpty())
        return Tone::Bad;
    switch (state()) {
    case LiveFeed::Connection::Live:
        return Tone::Good;
    case LiveFeed::Connection::Polling:
    case LiveFeed::Connection::Connecting:
    case LiveFeed::Connection::Reconnecting:
        return Tone::Waiting;
    case LiveFeed::Connection::Stale:
        return Tone::Late;
    default:
        return Tone::Bad;
    }
}
