#pragma once

#include "server/graphql/schema.h"

// The schema describing itself (October 2021, §4): the __Schema, __Type,
// __Field, __InputValue, __EnumValue and __Directive types with resolvers
// that read a Schema's tables, and the roots the executor answers __schema
// and __type with. Any thread (the schema is read-only once built).
namespace gifscan::server::graphql {

// __schema and __type as the query type's fields (§4.2): what validation
// checks them against and execution coerces their arguments with. Their
// values come from introspectSchema and introspectType. Null for other names.
const Field *introspectionRootField(QStringView name);
Resolved introspectSchema(const Schema &schema);
// Null for a name the schema does not have.
Resolved introspectType(const Schema &schema, const QString &name);
// A constant value in GraphQL's own syntax (an argument's defaultValue).
QString printValue(const Value &value);
// graphql-js's getIntrospectionQuery(), as GraphiQL and most tools send it:
// what a node measures its introspection's price by (Limits::schemaCost).
const char *standardIntrospectionQuery();

} // namespace gifscan::server::graphql
