#include "models/giflink.h"

#include "core/protocol/transaction.h"
#include "models/location.h"
#include "models/searchquery.h"

#include <QCoreApplication>

gifscan::Outcome<QString> GifLink::target(const QString &link)
{
    const QUrl url(link);
    if (!url.isValid() || url.scheme() != QLatin1String("gif")) {
        return gifscan::Failure::invalid(
            QCoreApplication::translate("GifLink", "\"%1\" is not a gif:// link.").arg(link));
    }
    // QUrl reads the chain id as a host (a number becomes an IPv4 address):
    // take it from the text instead.
    const QString rest = link.mid(link.indexOf(QLatin1String("//")) + 2);
    const QString chain = rest.section(u'/', 0, 0);
    if (chain != QString::number(gifscan::kChainId)) {
        return gifscan::Failure::invalid(
            QCoreApplication::translate("GifLink",
                                        "The link is for chain %1; gifscan follows chain %2.")
                .arg(chain)
                .arg(gifscan::kChainId));
    }
    QString target = QUrl::fromPercentEncoding(rest.section(u'/', 1).toUtf8());
    const SearchQuery q = SearchQuery::parse(target);
    if (q.kind == SearchQuery::Kind::Invalid)
        return gifscan::Failure::invalid(q.problem);
    return Location::canonicalText(q);
}

gifscan::Outcome<QString> GifLink::target(const QUrl &url)
{
    if (url.scheme() != QLatin1String("gif") || url.host() != QUrl(make({})).host()) {
        return gifscan::Failure::invalid(
            QCoreApplication::translate("GifLink", "\"%1\" is not a gif:// link of chain %2.")
                .arg(url.toString())
                .arg(gifscan::kChainId));
    }
    QString text = url.path(QUrl::FullyDecoded).mid(1);
    if (url.hasFragment())
        text += u'#' + url.fragment(QUrl::FullyDecoded);
    // A collection's filter: what make() left of it, its own encoding kept.
    if (url.hasQuery())
        text += u'?' + url.query(QUrl::FullyDecoded);
    return target(make(text));
}

QString GifLink::make(const QString &target)
{
    return QStringLiteral("gif://%1/").arg(gifscan::kChainId) +
           QString::fromLatin1(QUrl::toPercentEncoding(target, "#@?=&:"));
}
