#pragma once

#include "server/graphql/schema.h"

// Input coercion (October 2021, §3.5, §3.9–3.12, §5.6, §6.1.2): literals
// and variables' JSON values to the values resolvers get, under an input
// type, or a reason they are not of it. Any thread.
namespace gifscan::server::graphql {

// `variables` (already coerced) stand in for variable references; one
// absent leaves the value absent (std::nullopt with `why` empty) where the
// type allows it.
std::optional<QJsonValue> coerceLiteral(const Schema &schema, const Value &literal,
                                        const TypeRef &type, const QJsonObject *variables,
                                        QString *why);
// A variable's value as the request's JSON gave it.
std::optional<QJsonValue> coerceJson(const Schema &schema, const QJsonValue &value,
                                     const TypeRef &type, QString *why);

} // namespace gifscan::server::graphql
