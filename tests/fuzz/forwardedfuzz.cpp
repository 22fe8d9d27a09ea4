// Whose a request is, from a stranger's X-Forwarded-For and Forwarded
// headers (server/net/trustedproxies.h): the first line of the input is
// one, the rest the other. Through a trusted proxy any bytes name an
// address (the peer's when they name none); from anyone else the headers
// count for nothing; the option's own text is refused in words or taken.
#include "server/net/trustedproxies.h"
#include "tests/fuzz/fuzztarget.h"

using gifscan::server::TrustedProxies;

GIFSCAN_FUZZ_TARGET(forwarded_for)
{
    const QByteArray bytes(reinterpret_cast<const char *>(input.data()),
                           static_cast<qsizetype>(input.size()));
    const qsizetype split = bytes.indexOf('\n');
    const QByteArray forwardedFor = split < 0 ? bytes : bytes.left(split);
    const QByteArray forwarded = split < 0 ? QByteArray() : bytes.mid(split + 1);
    static const TrustedProxies proxies = [] {
        TrustedProxies p;
        p.parse(QStringLiteral("127.0.0.1,10.0.0.0/8,::1"));
        return p;
    }();
    const QHostAddress local(QHostAddress::LocalHost);
    const QHostAddress client = proxies.clientOf(local, forwardedFor, forwarded);
    FUZZ_ASSERT(!client.isNull());
    const QHostAddress stranger(QStringLiteral("198.51.100.9"));
    FUZZ_ASSERT(proxies.clientOf(stranger, forwardedFor, forwarded) == stranger);
    TrustedProxies option;
    const QString refused = option.parse(QString::fromUtf8(bytes));
    FUZZ_ASSERT(refused.isEmpty() != option.isEmpty());
}
