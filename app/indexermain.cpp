// gifscan-indexer: a node followed into PostgreSQL, every block proven
// before it is stored. Logs go to stderr; a block that does not match its
// signed header ends it with status 1 and the height and both roots.
#include "core/protocol/validatorset.h"
#include "core/support/quitonsignal.h"
#include "indexer/follower/follower.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QFile>
#include <QJsonDocument>
#include <QLoggingCategory>
#include <cstdio>

namespace {
[[noreturn]] void usage(const QString &message)
{
    std::fprintf(stderr, "gifscan-indexer: %s\n", qPrintable(message));
    std::exit(2);
}

std::optional<gifscan::ValidatorSet> trustedSet(const QString &path)
{
    if (path.isEmpty())
        return std::nullopt;
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        usage(QStringLiteral("--trust: cannot read %1: %2").arg(path, file.errorString()));
    QString why;
    auto set =
        gifscan::ValidatorSet::fromJson(QJsonDocument::fromJson(file.readAll()).array(), &why);
    if (!set)
        usage(QStringLiteral("--trust: %1 is not a JSON list of validator addresses: %2")
                  .arg(path, why));
    return set;
}

QUrl nodeUrl(const QCommandLineParser &parser, const char *option, const char *schemes)
{
    const QUrl url(parser.value(QLatin1String(option)), QUrl::StrictMode);
    if (!url.isValid() || url.host().isEmpty() ||
        !QString::fromLatin1(schemes).split(QLatin1Char(',')).contains(url.scheme()))
        usage(QStringLiteral("--%1: a %2 URL, such as the node's ready line names")
                  .arg(QLatin1String(option), QLatin1String(schemes)));
    return url;
}
} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("gifscan-indexer"));
    QCoreApplication::setApplicationVersion(QStringLiteral(GIFSCAN_VERSION));
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Follows a GIF chain node into PostgreSQL, executing every block and checking it "
        "against the header its validators signed before storing it."));
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addOptions({
        {QStringLiteral("db"),
         QStringLiteral("The PostgreSQL database, as libpq takes it (e.g. "
                        "postgresql://user@/gifscan?host=/run/postgresql)."),
         QStringLiteral("URL")},
        {QStringLiteral("rpc"), QStringLiteral("The node's JSON-RPC URL."), QStringLiteral("URL")},
        {QStringLiteral("ws"), QStringLiteral("The node's websocket URL."), QStringLiteral("URL")},
        {QStringLiteral("trust"),
         QStringLiteral("A JSON list of the validator addresses to trust (default: the devnet's "
                        "set)."),
         QStringLiteral("FILE")},
    });
    parser.process(app);
    if (!parser.positionalArguments().isEmpty())
        usage(QStringLiteral("unexpected %1").arg(parser.positionalArguments().first()));
    if (parser.value(QStringLiteral("db")).isEmpty())
        usage(QStringLiteral("--db: the PostgreSQL database to write"));

    gifscan::indexer::FollowerOptions options;
    options.database = parser.value(QStringLiteral("db"));
    options.rpc = nodeUrl(parser, "rpc", "http,https");
    options.ws = nodeUrl(parser, "ws", "ws,wss");
    options.trusted = trustedSet(parser.value(QStringLiteral("trust")));

    gifscan::indexer::Follower follower(options);
    int status = 0;
    QObject::connect(&follower, &gifscan::indexer::Follower::waitingForLock, &app,
                     [](const QString &db) {
                         std::fprintf(stderr,
                                      "gifscan-indexer: another follower is writing %s; waiting "
                                      "for it to stop\n",
                                      qPrintable(db));
                     });
    QObject::connect(&follower, &gifscan::indexer::Follower::started, &app,
                     [](std::optional<quint64> head) {
                         std::fprintf(stderr, "gifscan-indexer: following from %s\n",
                                      head ? qPrintable(QStringLiteral("block %1").arg(*head + 1))
                                           : "genesis");
                     });
    QObject::connect(&follower, &gifscan::indexer::Follower::failed, &app,
                     [&status](const QString &error) {
                         std::fprintf(stderr, "gifscan-indexer: %s\n", qPrintable(error));
                         status = 1;
                         QCoreApplication::exit(1);
                     });
    const gifscan::QuitOnSignal quitOnSignal;
    follower.start();
    const int code = app.exec();
    return status ? status : code;
}
