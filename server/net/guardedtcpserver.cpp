#include "server/net/guardedtcpserver.h"

#include "server/net/arrivaltap.h"
#include "server/net/browserpolicy.h"
#include "server/net/clientkey.h"
#include "server/net/logsummary.h"
#include "server/net/requeststream.h"

#include <QDeadlineTimer>
#include <QLoggingCategory>
#include <QPointer>
#include <QTcpSocket>
#include <QTimer>
#include <functional>
#include <memory>

namespace gifscan::server {

Q_LOGGING_CATEGORY(lcGuard, "gifscan.devnet.connections")

namespace {
// Closes a refused connection once its client has stopped sending for
// `limits.lingerMs`: a client still sending its body may not read the
// answer if the connection is reset under it (closing on bytes that
// arrive later resets it). A body under way is waited for: a client on a
// slow link sending a little past the limit took more than the linger and
// got a reset, not its 413. Up to lingerReadBytes dropped and lingerMostMs
// in all: a huge body is not read to its end. (A connection refused for a
// cap, turnAway, keeps its own shorter limit on the descriptor.)
void closeAfterLinger(QTcpSocket *socket, const GuardedTcpServer::Limits &limits,
                      std::shared_ptr<const qint64> dropped)
{
    auto *linger = new QTimer(socket);
    linger->setSingleShot(true);
    linger->setInterval(limits.lingerMs);
    QObject::connect(linger, &QTimer::timeout, socket, [socket] { socket->disconnectFromHost(); });
    // Connected after the discarding slot, so `dropped` counts this arrival.
    QObject::connect(socket, &QTcpSocket::readyRead, linger,
                     [linger, dropped = std::move(dropped), most = limits.lingerReadBytes,
                      until = QDeadlineTimer(limits.lingerMostMs)] {
                         if (*dropped <= most && !until.hasExpired())
                             linger->start();
                     });
    linger->start();
}

// Runs `release` when its parent, a socket, is destroyed, whoever deletes
// it. A connection to the socket's destroyed signal would not do: Qt's
// websocket disconnects every connection of a socket it lets go, and the
// per-address count it gave back was lost (an address then never got in
// again).
class ReleasedWithSocket : public QObject
{
public:
    ReleasedWithSocket(QTcpSocket *socket, std::function<void()> release)
        : QObject(socket), m_release(std::move(release))
    {
    }
    ~ReleasedWithSocket() override { m_release(); }

private:
    std::function<void()> m_release;
};
} // namespace

GuardedTcpServer::GuardedTcpServer(Limits limits, QObject *parent)
    : QTcpServer(parent), m_limits(limits), m_log(new LogSummary(lcGuard(), QtInfoMsg, 1000, this))
{
    m_resume.setSingleShot(true);
    connect(&m_resume, &QTimer::timeout, this, [this] { resumeAccepting(); });
    // Out of descriptors (or any accept failure): stop asking the kernel for
    // a second, while idle connections time out, rather than spin or stop.
    connect(this, &QTcpServer::acceptError, this, [this](QAbstractSocket::SocketError error) {
        qCWarning(lcGuard) << "accepting failed:" << error << "- trying again in 1 s";
        pauseAccepting();
        m_resume.start(1000);
    });
}

quint16 GuardedTcpServer::listenFor(QAbstractHttpServer &server, const QHostAddress &address,
                                    quint16 port, const Limits &limits)
{
    GuardedTcpServer *tcp = listening(limits, address, port, &server);
    if (!tcp)
        return 0;
    server.bind(tcp);
    tcp->followReaders();
    return tcp->serverPort();
}

GuardedTcpServer *GuardedTcpServer::listening(const Limits &limits, const QHostAddress &address,
                                              quint16 port, QObject *parent)
{
    auto *tcp = new GuardedTcpServer(limits, parent);
    if (!tcp->listen(address, port)) {
        delete tcp;
        return nullptr;
    }
    return tcp;
}

void GuardedTcpServer::incomingConnection(qintptr descriptor)
{
    auto *socket = new QTcpSocket(this);
    if (!socket->setSocketDescriptor(descriptor)) {
        delete socket;
        return;
    }
    // An answer goes out in more than one write (status and headers, then
    // the body): with Nagle's algorithm each later write waits for the
    // client's delayed ACK of the first, some 20 ms on every request.
    socket->setSocketOption(QAbstractSocket::LowDelayOption, 1);
    // One share per client, not per address: every loopback address is this
    // machine, and an IPv6 host has a /64 to pick from.
    const QString address = clientKey(socket->peerAddress(), m_limits.loopbackApart);
    if (m_open >= m_limits.total) {
        turnAway(socket, QStringLiteral("too many connections: retry in 1 s"));
        return;
    }
    if (m_perAddress.value(address) >= m_limits.perAddress) {
        turnAway(socket, QStringLiteral("too many connections from %1: retry in 1 s").arg(address));
        return;
    }
    ++m_open;
    ++m_perAddress[address];
    // The server may go first (its sockets are its children, deleted after
    // its members): then there is nothing to give back.
    new ReleasedWithSocket(socket, [server = QPointer<GuardedTcpServer>(this), address] {
        if (!server)
            return;
        --server->m_open;
        if (--server->m_perAddress[address] <= 0)
            server->m_perAddress.remove(address);
    });
    // Idle in both directions: nothing read, nothing written.
    auto *idle = new QTimer(socket);
    idle->setSingleShot(true);
    idle->setInterval(m_limits.idleMs);
    connect(idle, &QTimer::timeout, socket, [socket] { socket->abort(); });
    connect(socket, &QTcpSocket::readyRead, idle, qOverload<>(&QTimer::start));
    connect(socket, &QTcpSocket::bytesWritten, idle, qOverload<>(&QTimer::start));
    if (m_limits.requestMs > 0) {
        // Started by the first byte after an answer, stopped once the next answer is written.
        auto *request = new QTimer(socket);
        request->setSingleShot(true);
        request->setInterval(m_limits.requestMs);
        connect(request, &QTimer::timeout, socket, [socket] { socket->abort(); });
        connect(socket, &QTcpSocket::readyRead, request, [request] {
            if (!request->isActive())
                request->start();
        });
        // bytesWritten comes with every part of an answer: only a whole one counts.
        connect(socket, &QTcpSocket::bytesWritten, request, [socket, request] {
            if (socket->bytesToWrite() == 0)
                request->stop();
        });
    }
    connect(socket, &QTcpSocket::disconnected, socket, &QObject::deleteLater);
    idle->start();
    if (m_limits.upgrade) {
        awaitHandshake(socket);
        return;
    }
    guardRequests(socket);
    addPendingConnection(socket);
}

void GuardedTcpServer::awaitHandshake(QTcpSocket *socket)
{
    // Qt's websocket server gets the connection once its handshake is whole
    // and allowed: it reads nothing of a stranger's page, and holds no
    // half-sent handshake. Nobody reads the socket meanwhile, so what is
    // buffered only grows; each arrival is fed once.
    // A handshake is a few hundred bytes: what waits for one is peeked again
    // on every arrival, so it is kept small.
    auto stream = std::make_shared<RequestStream>(
        RequestStream::Limits{0, kMaxHandshakeBytes, m_limits.browsers, true});
    auto fed = std::make_shared<qint64>(0);
    auto waiting = std::make_shared<QMetaObject::Connection>();
    auto *deadline = new QTimer(socket);
    deadline->setSingleShot(true);
    connect(deadline, &QTimer::timeout, socket, [socket] { socket->abort(); });
    deadline->start(kHandshakeMs);
    *waiting = connect(socket, &QTcpSocket::readyRead, this,
                       [this, socket, stream, fed, waiting, deadline] {
                           const qint64 available = socket->bytesAvailable();
                           if (available <= *fed)
                               return;
                           const QByteArray buffered = socket->peek(available);
                           const auto refusal = stream->feed(QByteArrayView(buffered).sliced(*fed));
                           *fed = available;
                           if (refusal) {
                               disconnect(*waiting);
                               refuse(socket, refusal->status, refusal->why, refusal->origin);
                               return;
                           }
                           if (stream->requests() == 0)
                               return;
                           disconnect(*waiting);
                           deadline->stop();
                           addPendingConnection(socket);
                           Q_EMIT newConnection();
                       });
}

void GuardedTcpServer::turnAway(QTcpSocket *socket, const QString &why)
{
    // An answer, not a reset: a client past a cap learns when to come back.
    // The answer holds a descriptor for the linger at most, and only
    // `refusing` of them at once: past that, closing is the answer.
    if (m_refusing >= m_limits.refusing) {
        ++m_refused;
        socket->abort();
        socket->deleteLater();
        return;
    }
    ++m_refusing;
    new ReleasedWithSocket(socket, [server = QPointer<GuardedTcpServer>(this)] {
        if (server)
            --server->m_refusing;
    });
    connect(socket, &QTcpSocket::disconnected, socket, &QObject::deleteLater);
    // A peer that reads nothing cannot hold it past the linger.
    QTimer::singleShot(m_limits.lingerMs + 1000, socket, [socket] {
        socket->abort();
        socket->deleteLater();
    });
    if (!m_limits.browsers) {
        refuse(socket, 429, why);
        return;
    }
    // The answer waits a moment for the request's head: a page allowed to
    // ask may then read when to come back (the CORS grant needs its Origin).
    // A page not allowed gets the 429 without it, as any refusal.
    auto answered = std::make_shared<bool>(false);
    auto answer = [this, socket, why, answered](const QByteArray &origin) {
        if (std::exchange(*answered, true))
            return;
        refuse(socket, 429, why, origin);
    };
    connect(socket, &QTcpSocket::readyRead, socket, [socket, answer] {
        const RequestHead head = RequestHead::scan(socket->peek(kMaxHandshakeBytes));
        if (head.state != RequestHead::State::Incomplete)
            answer(head.origin.value_or(QByteArray()));
    });
    QTimer::singleShot(m_limits.lingerMs / 2, socket, [answer] { answer({}); });
}

void GuardedTcpServer::guardRequests(QTcpSocket *socket)
{
    if (m_limits.maxBodyBytes <= 0 && !m_limits.upgrade)
        return;
    // Each arrival is followed before Qt's server reads any of it.
    RequestStream stream(
        {m_limits.maxBodyBytes, RequestHead::kMaxHeadBytes, m_limits.browsers, m_limits.upgrade});
    m_fresh.append(new ArrivalTap(socket, [this, socket, stream](QByteArrayView fresh) mutable {
        if (const auto refusal = stream.feed(fresh))
            refuse(socket, refusal->status, refusal->why, refusal->origin);
    }));
}

void GuardedTcpServer::followReaders()
{
    // Runs on newConnection after the HTTP server has taken its sockets and
    // connected its reader: what the taps connect now runs after that reader.
    connect(this, &QTcpServer::newConnection, this, [this] {
        for (const QPointer<ArrivalTap> &tap : std::as_const(m_fresh))
            if (tap)
                tap->start();
        m_fresh.clear();
    });
}

namespace {
// A socket whose HTTP reader let go of it (GuardedTcpServer::hold), and
// why it waits. A child of the socket.
// Found by its name: without Q_OBJECT, findChild<HeldReader *> would take
// any child (the socket's engine) for one.
class HeldReader : public QObject
{
public:
    explicit HeldReader(QTcpSocket *socket) : QObject(socket) { setObjectName(name()); }
    static QString name() { return QStringLiteral("gifscan-held-reader"); }
    int answersAwaited = 0; // answers given later (a forwarded transaction's)
    bool drainWatched = false;
    // A refusal of a later request, written once the answers owed before it are.
    std::function<void()> refusal;
};

HeldReader *heldReaderOf(QTcpSocket *socket)
{
    return static_cast<HeldReader *>(
        socket->findChild<QObject *>(HeldReader::name(), Qt::FindDirectChildrenOnly));
}
} // namespace

void GuardedTcpServer::hold(QTcpSocket *socket, QAbstractHttpServer *server)
{
    if (heldReaderOf(socket))
        return;
    // Qt's reader is connected to readyRead with its server as the
    // context: disconnected, the requests after this one stay unread.
    disconnect(socket, &QTcpSocket::readyRead, server, nullptr);
    socket->setReadBufferSize(kHeldReadBuffer);
    new HeldReader(socket);
}

void GuardedTcpServer::awaitAnswer(QTcpSocket *socket, QAbstractHttpServer *server)
{
    hold(socket, server);
    ++heldReaderOf(socket)->answersAwaited;
}

void GuardedTcpServer::answered(QTcpSocket *socket)
{
    HeldReader *held = heldReaderOf(socket);
    if (!held || --held->answersAwaited > 0)
        return;
    if (held->refusal) {
        // What came after the answer was refused: said now, in its order,
        // and the connection closed as any refusal closes it.
        const std::function<void()> refuseNow = std::move(held->refusal);
        held->setParent(nullptr);
        held->deleteLater();
        refuseNow();
        return;
    }
    releaseWhenRead(socket);
}

namespace {
// A socket's count of releases (releaseWhenRead), which closesWhenAnswered
// reads ahead of it.
constexpr const char *kReleases = "gifscanReleases";
} // namespace

bool GuardedTcpServer::closesWhenAnswered(const QTcpSocket *socket)
{
    return socket && socket->property(kReleases).toInt() + 1 > kMostReleases;
}

void GuardedTcpServer::holdWhileUnread(QTcpSocket *socket, QAbstractHttpServer *server)
{
    if (m_limits.maxUnsentBytes <= 0 || socket->bytesToWrite() <= m_limits.maxUnsentBytes)
        return;
    hold(socket, server);
    releaseWhenRead(socket);
}

void GuardedTcpServer::releaseWhenRead(QTcpSocket *socket)
{
    HeldReader *held = heldReaderOf(socket);
    if (!held || held->answersAwaited > 0)
        return;
    const qint64 enough = m_limits.maxUnsentBytes > 0 ? m_limits.maxUnsentBytes / 2 : 0;
    if (socket->bytesToWrite() > enough) {
        if (!std::exchange(held->drainWatched, true))
            connect(socket, &QTcpSocket::bytesWritten, held,
                    [this, socket] { releaseWhenRead(socket); });
        return;
    }
    // Not deleted here: this may run in its own bytesWritten handler.
    held->setParent(nullptr);
    held->deleteLater();
    socket->setReadBufferSize(0);
    // Each release leaves Qt's request object of the connection until it
    // closes: a connection held and released this often is closed instead
    // (its client connects again), not left to grow.
    const int releases = socket->property(kReleases).toInt() + 1;
    socket->setProperty(kReleases, releases);
    if (releases > kMostReleases) {
        socket->disconnectFromHost();
        return;
    }
    // The server takes it as a connection anew (a new reader, where the
    // next request begins); the request guard's second handler is
    // connected after that reader again.
    addPendingConnection(socket);
    Q_EMIT newConnection();
    if (auto *tap = socket->findChild<ArrivalTap *>(QString(), Qt::FindDirectChildrenOnly))
        tap->readerReconnected();
    // What waits in the buffer is read now, not at the next arrival.
    QMetaObject::invokeMethod(socket, &QTcpSocket::readyRead, Qt::QueuedConnection);
}

void GuardedTcpServer::refuse(QTcpSocket *socket, int status, const QString &why,
                              const QByteArray &origin)
{
    // An answer given later is still owed on this connection: the refusal
    // follows it (answered()), or it would be read as that answer.
    if (HeldReader *held = heldReaderOf(socket); held && held->answersAwaited > 0) {
        if (!held->refusal)
            held->refusal = [this, socket, status, why, origin] {
                refuse(socket, status, why, origin);
            };
        return;
    }
    // Nobody reads this connection again: not Qt's server (which would
    // buffer a body to refuse it), not the guard.
    disconnect(socket, &QTcpSocket::readyRead, nullptr, nullptr);
    disconnect(socket, &QTcpSocket::bytesWritten, nullptr, nullptr);
    // Qt's reader may hold a read transaction open over a part line; bytes
    // skipped inside one would be kept.
    if (socket->isTransactionStarted())
        socket->commitTransaction();
    auto dropped = std::make_shared<qint64>(0);
    auto discard = [socket, dropped] {
        *dropped += std::max<qint64>(0, socket->skip(socket->bytesAvailable()));
    };
    connect(socket, &QTcpSocket::readyRead, socket, discard);
    discard();
    ++m_refused;
    // A stranger repeating a refused request gets one line a second, not one each.
    m_log->note(QStringLiteral("requests refused with %1 on port %2").arg(status).arg(serverPort()),
                QStringLiteral("refused a request from %1 with %2: %3")
                    .arg(socket->peerAddress().toString())
                    .arg(status)
                    .arg(why));
    Limits::Answer answer = m_limits.refusal ? m_limits.refusal(status, why)
                                             : Limits::Answer{why.toUtf8() + '\n',
                                                              {{QByteArrayLiteral("Content-Type"),
                                                                QByteArrayLiteral("text/plain")}}};
    if (m_limits.browsers)
        answer.headers += m_limits.browsers->answerHeaders(origin);
    static const QHash<int, QByteArray> reasons{
        {400, "Bad Request"},       {403, "Forbidden"},
        {411, "Length Required"},   {413, "Payload Too Large"},
        {429, "Too Many Requests"}, {431, "Request Header Fields Too Large"}};
    if (status == 429)
        answer.headers.append({QByteArrayLiteral("Retry-After"), QByteArrayLiteral("1")});
    QByteArray response =
        "HTTP/1.1 " + QByteArray::number(status) + ' ' + reasons.value(status, "Error") + "\r\n";
    for (const auto &[name, value] : answer.headers)
        response += name + ": " + value + "\r\n";
    response += "Content-Length: " + QByteArray::number(answer.body.size()) +
                "\r\nConnection: close\r\n\r\n" + answer.body;
    socket->write(response);
    // A page the policy refused is nobody to wait for: the connection goes
    // as soon as the answer is out, its place free for the user's own.
    if (status == 403) {
        socket->disconnectFromHost();
        return;
    }
    closeAfterLinger(socket, m_limits, std::move(dropped));
}

} // namespace gifscan::server
