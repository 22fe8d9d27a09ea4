#pragma once

#include <QByteArray>
#include <QString>

namespace gifscan::server {

// Standard Webhooks 1.0 signing: a secret is "whsec_" and the base64 of its
// key; a delivery's signature is "v1," and the base64 of
// HMAC-SHA256(key, "<id>.<timestamp>.<body>"). Stateless; any thread.
class WebhookSigner
{
public:
    // A fresh secret of 32 random bytes from the operating system's source.
    static QString newSecret();
    // The key a secret stands for; empty when it is not one (the prefix is
    // optional, as the specification's libraries take it).
    static QByteArray keyOf(const QString &secret);
    // The webhook-signature header's value: "v1,<base64>".
    static QByteArray sign(const QByteArray &key, const QByteArray &id, qint64 timestamp,
                           const QByteArray &body);
    // Compares in time that does not depend on where two secrets differ, so
    // that guessing one a byte at a time learns nothing.
    static bool sameSecret(const QString &a, const QString &b);
};

} // namespace gifscan::server
