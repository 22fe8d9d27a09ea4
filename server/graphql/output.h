#pragma once

#include <QByteArray>
#include <QJsonValue>
#include <QString>
#include <vector>

namespace gifscan::server::graphql {

struct OutputMember;

// One JSON value as text (Qt writes only arrays and objects): values in
// error messages, string literals printed back, a response's leaves.
QString jsonText(const QJsonValue &value);

// A response's data as execution builds it: objects keep their keys in the
// order the query asked for them (§7.2.2), which QJsonObject, a sorted
// map, cannot. Written to JSON text in that order; toJson() gives Qt's
// (unordered) form for callers that only read values. Any thread.
struct Output
{
    enum class Kind { Leaf, Object, List };
    Kind kind = Kind::Leaf;
    QJsonValue leaf = QJsonValue(QJsonValue::Null); // Leaf, null included
    std::vector<OutputMember> members;              // Object, in query order
    std::vector<Output> items;                      // List

    static Output value(QJsonValue v);
    QJsonValue toJson() const;
    void write(QByteArray &out) const;
};

struct OutputMember
{
    QString key;
    Output value;
};

} // namespace gifscan::server::graphql
