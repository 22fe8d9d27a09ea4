#include "app/clicommands.h"

#include "app/clitable.h"
#include "core/client/awaitresult.h"
#include "core/client/websocketstream.h"
#include "core/gif/gifdecoder.h"
#include "core/gif/pngencoder.h"
#include "core/sync/livesync.h"
#include "core/verify/objectverifier.h"
#include "core/verify/ownershipcertificate.h"
#include "core/verify/walletaudit.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QRegularExpression>
#include <cstdio>

using namespace gifscan;

void printJson(const QJsonValue &value)
{
    const QByteArray text = value.isObject()
                                ? QJsonDocument(value.toObject()).toJson(QJsonDocument::Compact)
                                : QJsonDocument(value.toArray()).toJson(QJsonDocument::Compact);
    std::fprintf(stdout, "%s\n", text.constData());
    std::fflush(stdout);
}

void printError(const QString &message)
{
    std::fprintf(stderr, "gifscan-cli: %s\n", message.toLocal8Bit().constData());
}

void printLine(const QString &line)
{
    std::fprintf(stdout, "%s\n", line.toLocal8Bit().constData());
}

// A height as a display key's id is written: digits, no sign, no leading
// zero ("01" was taken here while "#01" was refused).
static std::optional<std::uint64_t> heightFrom(const QString &text)
{
    static const QRegularExpression digits(QStringLiteral("^(0|[1-9][0-9]*)$"));
    bool ok = false;
    const std::uint64_t h = text.toULongLong(&ok);
    if (!ok || !digits.match(text).hasMatch())
        return std::nullopt;
    return h;
}

CliCommands::CliCommands(const QCommandLineParser &parser, QObject *parent)
    : QObject(parent), m_parser(parser)
{
    auto pick = [&](const char *option, const char *env) {
        const QString v = parser.value(QLatin1String(option));
        return QUrl(v.isEmpty() ? qEnvironmentVariable(env) : v);
    };
    m_rest = pick("rest", "GIFSCAN_REST");
    m_rpc = pick("rpc", "GIFSCAN_RPC");
    m_ws = pick("ws", "GIFSCAN_WS");
    m_nodeSource = parser.isSet(QStringLiteral("rest")) ? QStringLiteral("options")
                   : m_rest.isEmpty()                   ? QString()
                                                        : QStringLiteral("environment");
    if (m_rest.isEmpty() && m_rpc.isEmpty())
        findLocalDevnet();
    m_http = std::make_unique<HttpClient>();
    m_restClient = std::make_unique<RestClient>(m_rest, m_http.get());
    m_rpcClient = std::make_unique<RpcClient>(m_rpc, m_http.get());
    connect(m_http.get(), &HttpClient::rateLimited, this, [](int seconds) {
        printError(QStringLiteral("the node is rate limiting: waiting %1 s").arg(seconds));
    });
}

bool CliCommands::needNode(bool ws)
{
    // A URL that names no node is said as such, not as a node that cannot
    // be reached at "" with Qt's words for a missing scheme.
    const std::pair<const char *, const QUrl *> urls[] = {
        {"rest", &m_rest}, {"rpc", &m_rpc}, {"ws", &m_ws}};
    for (const auto &[name, url] : urls) {
        if (url == &m_ws && !ws)
            continue; // a command that opens no websocket does not judge its URL
        const QStringList schemes =
            QLatin1String(name) == QLatin1String("ws")
                ? QStringList{QStringLiteral("ws"), QStringLiteral("wss")}
                : QStringList{QStringLiteral("http"), QStringLiteral("https")};
        if (!url->isEmpty() &&
            (!url->isValid() || !schemes.contains(url->scheme()) || url->host().isEmpty())) {
            printError(QStringLiteral("--%1 takes a URL (%2:// or %3://, with a host), not \"%4\"")
                           .arg(QLatin1String(name), schemes[0], schemes[1],
                                url->toString(QUrl::RemoveUserInfo)));
            return false;
        }
    }
    const bool hasRest = m_rest.isValid() && !m_rest.isEmpty();
    const bool hasRpc = m_rpc.isValid() && !m_rpc.isEmpty();
    if (hasRest && hasRpc && (!ws || !m_ws.isEmpty()))
        return true;
    // One of them named: the other is what is missing (the local devnet is
    // looked for only when no node is named at all).
    QStringList missing;
    if (!hasRest)
        missing << QStringLiteral("--rest URL (or GIFSCAN_REST)");
    if (!hasRpc)
        missing << QStringLiteral("--rpc URL (or GIFSCAN_RPC)");
    if (ws && m_ws.isEmpty())
        missing << QStringLiteral("--ws URL (or GIFSCAN_WS)");
    if (hasRest || hasRpc || !m_ws.isEmpty())
        printError(QStringLiteral("%1 missing: the node needs %2")
                       .arg(missing.size() == 1 ? QStringLiteral("one URL is")
                                                : QStringLiteral("URLs are"),
                            missing.join(QStringLiteral(" and "))));
    else
        printError(QStringLiteral("say which node: %1; with none named, the explorer's local "
                                  "devnet is used when it runs, and %2")
                       .arg(missing.join(QStringLiteral(", ")), m_localDevnetProblem));
    return false;
}

// A node's error in a person's words: where it failed and what the node
// said, never the wire's codes ("RPC error -32001", "HTTP 404 not_found").
QString describeError(const ClientError &error)
{
    const QString node = error.url.isEmpty()
                             ? QStringLiteral("the node")
                             : QStringLiteral("the node at %1")
                                   .arg(error.url
                                            .adjusted(QUrl::RemoveUserInfo | QUrl::RemovePath |
                                                      QUrl::RemoveQuery | QUrl::RemoveFragment)
                                            .toString());
    switch (error.kind) {
    case ClientError::Kind::Network:
        return QStringLiteral("cannot reach %1: %2").arg(node, error.message);
    case ClientError::Kind::Timeout:
        return QStringLiteral("%1 did not answer in time: %2").arg(node, error.message);
    case ClientError::Kind::Http:
    case ClientError::Kind::Rpc:
        if (error.isNotFound())
            return QStringLiteral("not found: %1").arg(error.message);
        return QStringLiteral("%1 refused: %2").arg(node, error.message);
    default:
        return error.toString();
    }
}

int CliCommands::fromError(const ClientError &error)
{
    printError(describeError(error));
    if (error.isNotFound())
        return NotFound;
    // No answer: not reached, too slow, what it declined for its own
    // reasons (rate limit, a 5xx), or no answer at all (not the protocol's).
    if (error.isUnanswered() || error.kind == ClientError::Kind::Decode ||
        error.kind == ClientError::Kind::TooLarge)
        return Unreachable;
    // An answer that refuses what was asked: a 4xx, a JSON-RPC error.
    return Refused;
}

std::optional<std::uint64_t> CliCommands::heightOption(bool *ok)
{
    *ok = true;
    m_heightProblem.clear();
    if (!m_parser.isSet(QStringLiteral("height")))
        return std::nullopt;
    const QString text = m_parser.value(QStringLiteral("height"));
    const auto parsed = heightFrom(text);
    *ok = parsed.has_value();
    const std::uint64_t h = parsed.value_or(0);
    if (!*ok)
        m_heightProblem =
            QStringLiteral("--height takes a block height (0 or more), not \"%1\"").arg(text);
    return h;
}

int CliCommands::usage(const QString &command, const QString &problem)
{
    const CliCommandEntry *entry = findCliCommand(command);
    const QString line = QStringLiteral("usage: gifscan-cli %1 %2")
                             .arg(command, entry ? QString::fromUtf8(entry->arguments) : QString())
                             .trimmed();
    // One line: what was wrong, then how it is said.
    printError(problem.isEmpty() ? line : problem + QStringLiteral("; ") + line);
    return Usage;
}

QString idProblem(const QStringList &args)
{
    if (args.size() != 1)
        return QStringLiteral("give one object id, as pixel-cats#1");
    QString slug;
    std::uint64_t id = 0;
    const QString &text = args[0];
    if (parseDisplayKey(text, &slug, &id))
        return {};
    const qsizetype hash = text.indexOf(QLatin1Char('#'));
    if (hash < 0)
        return QStringLiteral("\"%1\" is not an object id: a collection, # and a token number, "
                              "as pixel-cats#1")
            .arg(text);
    if (text.indexOf(QLatin1Char('@'), hash) > 0)
        return QStringLiteral("\"%1\": the height goes in --height H, not after @").arg(text);
    if (!isValidSlug(QStringView(text).left(hash)))
        return QStringLiteral("\"%1\" is not a collection: lowercase letters, digits and -")
            .arg(text.left(hash));
    return QStringLiteral("\"%1\" is not a token number: digits, 0 or more")
        .arg(text.mid(hash + 1));
}

QString addressProblem(const QStringList &args)
{
    if (args.size() != 1)
        return QStringLiteral("give one address, 0x and 40 hex digits");
    if (!parseAddress(args[0]))
        return QStringLiteral("\"%1\" is not an address: 0x and 40 hex digits").arg(args[0]);
    return {};
}

int CliCommands::run(const QString &command, const QStringList &args)
{
    if (const CliCommandEntry *entry = findCliCommand(command))
        return (this->*entry->run)(args);
    printError(QStringLiteral("unknown command \"%1\"; see --help").arg(command));
    return Usage;
}

int CliCommands::head(const QStringList &args)
{
    const bool follow = m_parser.isSet(QStringLiteral("follow"));
    if (!args.isEmpty()) {
        return usage(QStringLiteral("head"));
    }
    if (!needNode(follow))
        return Usage;
    const auto number = awaitResult<Result<std::uint64_t>>(
        [&](QObject *c, auto done) { m_rpcClient->blockNumber(c, done); });
    if (!number.ok())
        return fromError(number.error);
    const auto verifier = nodeVerifier();
    if (!verifier)
        return m_verifierExit;
    if (!follow) {
        const auto block = awaitResult<Result<Block>>(
            [&](QObject *c, auto done) { m_rpcClient->block(*number.value, false, c, done); });
        if (!block.ok())
            return fromError(block.error);
        std::optional<Result<Block>> parent;
        if (*number.value > 0)
            parent = awaitResult<Result<Block>>([&](QObject *c, auto done) {
                m_rpcClient->block(*number.value - 1, false, c, done);
            });
        const HeaderVerdict verdict = verifier->verify(
            block.value->header, parent && parent->ok() ? &parent->value->header : nullptr);
        printJson(
            QJsonObject{{QStringLiteral("height"), static_cast<qint64>(block.value->header.height)},
                        {QStringLiteral("hash"), toHexString(block.value->header.hash)},
                        {QStringLiteral("verified"), verdict.verified()},
                        {QStringLiteral("check"), headerCheckName(verdict.check)},
                        {QStringLiteral("detail"), verdict.detail}});
        return Ok;
    }
    WebSocketStream stream(m_ws);
    LiveSync sync(
        NetworkProfile{QStringLiteral("node"), m_rest, m_rpc, m_ws, kChainId, verifier->anchor()},
        m_restClient.get(), m_rpcClient.get(), &stream);
    connect(&sync, &LiveSync::headDelivered, this, [](const BlockHeader &h, bool verified) {
        printJson(QJsonObject{{QStringLiteral("height"), static_cast<qint64>(h.height)},
                              {QStringLiteral("hash"), toHexString(h.hash)},
                              {QStringLiteral("verified"), verified}});
    });
    connect(&sync, &LiveSync::stateChanged, this, [](LiveSync::State s) {
        printError(QStringLiteral("state: %1").arg(LiveSync::stateName(s)));
    });
    connect(&sync, &LiveSync::trustChanged, this, [](LiveSync::Trust, const QString &problem) {
        if (!problem.isEmpty())
            printError(problem);
    });
    int status = Ok;
    connect(&sync, &LiveSync::wrongNetwork, this, [&status](const QString &why) {
        printError(why);
        status = Failed;
        QCoreApplication::quit();
    });
    sync.start(*number.value > 0 ? std::optional<std::uint64_t>(*number.value - 1) : std::nullopt);
    QCoreApplication::exec(); // until SIGINT or SIGTERM
    sync.stop();
    return status;
}

int CliCommands::object(const QStringList &args)
{
    QString slug;
    std::uint64_t id = 0;
    bool ok = false;
    const auto height = heightOption(&ok);
    const QString problem = ok ? idProblem(args) : m_heightProblem;
    if (!problem.isEmpty() || !parseDisplayKey(args.value(0), &slug, &id))
        return usage(QStringLiteral("object"), problem);
    if (!needNode())
        return Usage;
    const auto r = awaitResult<Result<ObjectRecord>>(
        [&](QObject *c, auto done) { m_rpcClient->object(slug, id, height, c, done); });
    if (!r.ok())
        return fromError(r.error);
    printJson(r.raw);
    return Ok;
}

int CliCommands::block(const QStringList &args)
{
    const auto height = heightFrom(args.value(0));
    const bool ok = height.has_value();
    const std::uint64_t h = height.value_or(0);
    if (args.size() != 1 || !ok)
        return usage(QStringLiteral("block"),
                     args.size() != 1
                         ? QStringLiteral("give one block height")
                         : QStringLiteral("\"%1\" is not a block height (0 or more, no "
                                          "leading zero)")
                               .arg(args[0]));
    if (!needNode())
        return Usage;
    const auto r =
        awaitResult<Result<Block>>([&](QObject *c, auto done) { m_restClient->block(h, c, done); });
    if (!r.ok())
        return fromError(r.error);
    printJson(r.raw);
    return Ok;
}

int CliCommands::tx(const QStringList &args)
{
    const auto hash = parseHash(args.value(0));
    if (args.size() != 1 || !hash)
        return usage(QStringLiteral("tx"),
                     args.size() != 1
                         ? QStringLiteral("give one transaction hash")
                         : QStringLiteral("\"%1\" is not a transaction hash: 0x and 64 hex digits")
                               .arg(args[0]));
    if (!needNode())
        return Usage;
    const auto r = awaitResult<Result<TransactionWithReceipt>>(
        [&](QObject *c, auto done) { m_restClient->transaction(*hash, c, done); });
    if (!r.ok())
        return fromError(r.error);
    printJson(r.raw);
    return Ok;
}

int CliCommands::wallet(const QStringList &args)
{
    const auto address = parseAddress(args.value(0));
    if (const QString problem = addressProblem(args); !problem.isEmpty())
        return usage(QStringLiteral("wallet"), problem);
    if (!needNode())
        return Usage;
    const auto r = awaitResult<Result<Wallet>>(
        [&](QObject *c, auto done) { m_restClient->wallet(*address, std::nullopt, c, done); });
    if (!r.ok())
        return fromError(r.error);
    printJson(r.raw);
    return Ok;
}

int CliCommands::send(const QStringList &args)
{
    if (args.size() != 1) {
        return usage(QStringLiteral("send"));
    }
    const auto raw = parseHex(args.value(0));
    if (!raw)
        return usage(
            QStringLiteral("send"),
            QStringLiteral("\"%1\" is not a transaction: 0x and an even number of hex digits")
                .arg(args[0]));
    if (!needNode())
        return Usage;
    const auto r = awaitResult<Result<Hash32>>(
        [&](QObject *c, auto done) { m_rpcClient->sendRawTransaction(*raw, c, done); });
    if (!r.ok()) {
        if (r.error.rpcCode == -32003) {
            // The node's message starts with its reason already.
            QString words = r.error.message;
            if (words.startsWith(r.error.code + QStringLiteral(": ")))
                words.remove(0, r.error.code.size() + 2);
            printError(QStringLiteral("rejected (%1): %2").arg(r.error.code, words));
            return Refused;
        }
        return fromError(r.error);
    }
    printLine(toHexString(*r.value));
    return Ok;
}

int CliCommands::graphql(const QStringList &args)
{
    if (args.size() != 1) {
        return usage(QStringLiteral("graphql"));
    }
    QJsonObject request{{QStringLiteral("query"), args.first()}};
    if (m_parser.isSet(QStringLiteral("variables"))) {
        const QJsonDocument variables =
            QJsonDocument::fromJson(m_parser.value(QStringLiteral("variables")).toUtf8());
        if (!variables.isObject()) {
            printError(QStringLiteral("--variables is a JSON object, as {\"h\": 12}"));
            return Usage;
        }
        request.insert(QStringLiteral("variables"), variables.object());
    }
    if (!m_rest.isValid() || m_rest.isEmpty()) {
        printError(QStringLiteral("say which node: --rest URL (or GIFSCAN_REST)"));
        return Usage;
    }
    QUrl url = m_rest;
    url.setPath(m_rest.path() + QStringLiteral("/graphql"));
    // A query reads: asking again after a timeout changes nothing.
    const auto r = awaitResult<HttpResponse>([&](QObject *c, auto done) {
        m_http->post(url, QJsonDocument(request).toJson(QJsonDocument::Compact), true, c, done);
    });
    const QJsonDocument answer = QJsonDocument::fromJson(r.body);
    if (!answer.isObject()) {
        if (!r.error.ok())
            return fromError(r.error);
        printError(
            QStringLiteral("the node's /graphql did not answer with JSON (HTTP %1)").arg(r.status));
        return Usage;
    }
    // As the node wrote it: its keys in the order the query asked for.
    std::fprintf(stdout, "%s\n", r.body.trimmed().constData());
    std::fflush(stdout);
    return answer.object().contains(QStringLiteral("errors")) ? Refused : Ok;
}

int CliCommands::decode(const QStringList &args)
{
    const QString out = m_parser.value(QStringLiteral("out"));
    if (args.size() != 1 || out.isEmpty())
        return usage(QStringLiteral("decode"),
                     args.size() != 1 ? QStringLiteral("give one GIF file")
                                      : QStringLiteral("say where the frames go: --out DIR"));
    QFile file(args[0]);
    if (!file.open(QIODevice::ReadOnly)) {
        printError(QStringLiteral("cannot read %1: %2").arg(args[0], file.errorString()));
        return Usage;
    }
    if (!QDir().mkpath(out)) {
        printError(QStringLiteral("cannot create %1").arg(out));
        return Usage;
    }
    GifLimits limits;
    limits.maxInputBytes = std::max<qsizetype>(limits.maxInputBytes, file.size());
    const DecodedGif gif = GifDecoder::decode(file.readAll(), limits);
    QJsonArray frames;
    for (std::size_t i = 0; i < gif.frames.size(); ++i) {
        const QString name = QStringLiteral("frame_%1.png").arg(i, 3, 10, QLatin1Char('0'));
        const std::vector<std::uint8_t> &rgba = gif.frames[i].rgba();
        const std::optional<QByteArray> png =
            encodePng(rgba.data(), rgba.size(), gif.width, gif.height);
        QFile frameFile(QDir(out).filePath(name));
        if (!png || !frameFile.open(QIODevice::WriteOnly) || frameFile.write(*png) != png->size()) {
            printError(QStringLiteral("cannot write %1").arg(QDir(out).filePath(name)));
            return Usage;
        }
        frames.append(QJsonObject{{QStringLiteral("file"), name},
                                  {QStringLiteral("delayMs"), gif.frames[i].delayMs}});
    }
    QJsonObject meta{{QStringLiteral("width"), gif.width},
                     {QStringLiteral("height"), gif.height},
                     {QStringLiteral("loopCount"), gif.loopCount},
                     {QStringLiteral("frames"), frames}};
    if (!gif.ok())
        meta.insert(QStringLiteral("error"), gif.error);
    QFile json(QDir(out).filePath(QStringLiteral("frames.json")));
    if (!json.open(QIODevice::WriteOnly) || json.write(QJsonDocument(meta).toJson()) < 0) {
        printError(QStringLiteral("cannot write %1").arg(json.fileName()));
        return Usage;
    }
    if (!gif.ok()) {
        printError(QStringLiteral("%1: %2 (%3 frames decoded before it)")
                       .arg(args[0], gif.error)
                       .arg(gif.frames.size()));
        return Failed;
    }
    printLine(
        QStringLiteral("%1 frames, %2×%3").arg(gif.frames.size()).arg(gif.width).arg(gif.height));
    return Ok;
}
