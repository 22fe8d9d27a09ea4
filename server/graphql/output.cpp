#include "server/graphql/output.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace gifscan::server::graphql {

namespace {
QByteArray jsonBytes(const QJsonValue &v)
{
    // Qt's writer, through a one-element array.
    const QByteArray array = QJsonDocument(QJsonArray{v}).toJson(QJsonDocument::Compact);
    return array.mid(1, array.size() - 2);
}
} // namespace

QString jsonText(const QJsonValue &value)
{
    return QString::fromUtf8(jsonBytes(value));
}

Output Output::value(QJsonValue v)
{
    Output o;
    o.leaf = std::move(v);
    return o;
}

QJsonValue Output::toJson() const
{
    switch (kind) {
    case Kind::Leaf:
        return leaf;
    case Kind::Object: {
        QJsonObject o;
        for (const OutputMember &m : members)
            o.insert(m.key, m.value.toJson());
        return o;
    }
    case Kind::List: {
        QJsonArray a;
        for (const Output &i : items)
            a.append(i.toJson());
        return a;
    }
    }
    return {};
}

void Output::write(QByteArray &out) const
{
    switch (kind) {
    case Kind::Leaf:
        out += jsonBytes(leaf);
        return;
    case Kind::Object:
        out += '{';
        for (std::size_t i = 0; i < members.size(); ++i) {
            if (i > 0)
                out += ',';
            out += jsonBytes(members[i].key);
            out += ':';
            members[i].value.write(out);
        }
        out += '}';
        return;
    case Kind::List:
        out += '[';
        for (std::size_t i = 0; i < items.size(); ++i) {
            if (i > 0)
                out += ',';
            items[i].write(out);
        }
        out += ']';
        return;
    }
}

} // namespace gifscan::server::graphql
