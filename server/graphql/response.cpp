// Response (executor.h) written out: apart from Output (output.cpp), which
// the executor builds on, so that neither includes the other.
#include "server/graphql/executor.h"

#include <QJsonDocument>

namespace gifscan::server::graphql {

// A response is output too: its bytes keep the order the query asked for.
QJsonObject Response::toJson() const
{
    QJsonObject out;
    if (!errors.isEmpty())
        out.insert(QStringLiteral("errors"), errors);
    if (data)
        out.insert(QStringLiteral("data"), data->toJson());
    if (!extensions.isEmpty())
        out.insert(QStringLiteral("extensions"), extensions);
    return out;
}

QByteArray Response::toBytes() const
{
    // Errors first when there are any (§7.1), data in the order asked for.
    QByteArray out = "{";
    auto member = [&out](const char *key) {
        if (out.size() > 1)
            out += ',';
        out += '"';
        out += key;
        out += "\":";
    };
    if (!errors.isEmpty()) {
        member("errors");
        out += QJsonDocument(errors).toJson(QJsonDocument::Compact);
    }
    if (data) {
        member("data");
        data->write(out);
    }
    if (!extensions.isEmpty()) {
        member("extensions");
        out += QJsonDocument(extensions).toJson(QJsonDocument::Compact);
    }
    out += '}';
    return out;
}

} // namespace gifscan::server::graphql
