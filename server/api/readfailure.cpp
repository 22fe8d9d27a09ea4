#include "server/api/readfailure.h"

#include "chain/store/sqlstatement.h"
#include "server/api/readiness.h"

namespace gifscan::server {

Q_LOGGING_CATEGORY(lcRest, "gifscan.devnet.rest")

namespace readfailure {

using namespace rest;

RestReply unavailable(const QString &why, std::uint64_t head)
{
    RestReply away = error(Status::ServiceUnavailable, "unavailable", why, head);
    away.headers.append(
        {QByteArrayLiteral("Retry-After"), QByteArray::number(Readiness::kRetryAfterSeconds)});
    return away;
}

RestReply of(const std::exception &e, bool timedOut, qint64 budgetMs, std::uint64_t head,
             const QUrl &url)
{
    if (timedOut)
        return error(Status::ServiceUnavailable, "timeout",
                     QStringLiteral("this request ran past the node's time limit of %1 ms: "
                                    "ask for less (one collection, no sort, a filter)")
                         .arg(budgetMs),
                     head);
    // The database went away mid-request: asking again later may work.
    if (chain::failureOf(e, {}).kind == Failure::Kind::Unavailable)
        return unavailable(QStringLiteral("this server cannot read its database now (%1)")
                               .arg(QString::fromUtf8(e.what())),
                           head);
    // As for JSON-RPC: a bug answers its one request with a 500.
    qCCritical(lcRest).noquote() << "internal error on" << url.path() << ":" << e.what();
    return error(Status::InternalServerError, "internal", QStringLiteral("internal error"), head);
}

} // namespace readfailure

} // namespace gifscan::server
