#include "server/webhooks/webhooksigner.h"

#include <QMessageAuthenticationCode>
#include <QRandomGenerator>
#include <openssl/crypto.h>

namespace gifscan::server {

namespace {
const QString kPrefix = QStringLiteral("whsec_");
}

QString WebhookSigner::newSecret()
{
    QByteArray key(32, Qt::Uninitialized);
    QRandomGenerator::system()->fillRange(reinterpret_cast<quint32 *>(key.data()), key.size() / 4);
    return kPrefix + QString::fromLatin1(key.toBase64());
}

QByteArray WebhookSigner::keyOf(const QString &secret)
{
    const QString text = secret.startsWith(kPrefix) ? secret.mid(kPrefix.size()) : secret;
    const auto decoded =
        QByteArray::fromBase64Encoding(text.toLatin1(), QByteArray::AbortOnBase64DecodingErrors);
    return decoded ? *decoded : QByteArray();
}

QByteArray WebhookSigner::sign(const QByteArray &key, const QByteArray &id, qint64 timestamp,
                               const QByteArray &body)
{
    QMessageAuthenticationCode mac(QCryptographicHash::Sha256, key);
    mac.addData(id);
    mac.addData(".");
    mac.addData(QByteArray::number(timestamp));
    mac.addData(".");
    mac.addData(body);
    return "v1," + mac.result().toBase64();
}

bool WebhookSigner::sameSecret(const QString &a, const QString &b)
{
    const QByteArray x = a.toUtf8();
    const QByteArray y = b.toUtf8();
    return x.size() == y.size() && CRYPTO_memcmp(x.constData(), y.constData(), x.size()) == 0;
}

} // namespace gifscan::server
