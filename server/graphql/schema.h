#pragma once

#include "server/graphql/ast.h"

#include <QJsonObject>
#include <QJsonValue>
#include <any>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <stdexcept>
#include <vector>

// A GraphQL type system as tables (October 2021, §3): types, their fields
// with arguments and resolvers, enums, input objects, scalars with their
// coercion, and the directives. The executor reads it; the chain's schema
// (server/api/graphqlschema.cpp) fills it. Built once, then read-only: any
// thread may read it.
namespace gifscan::server::graphql {

// What a resolver gives back: null, a leaf's JSON value, an object to
// resolve the next selections against, or a list of these.
class Resolved
{
public:
    Resolved() = default; // null
    static Resolved leaf(QJsonValue value);
    static Resolved object(std::any value);
    static Resolved list(std::vector<Resolved> items);

    bool isNull() const { return m_kind == Kind::Null; }
    bool isLeaf() const { return m_kind == Kind::Leaf; }
    bool isObject() const { return m_kind == Kind::Object; }
    bool isList() const { return m_kind == Kind::List; }
    const QJsonValue &leafValue() const { return m_leaf; }
    const std::any &objectValue() const { return m_object; }
    const std::vector<Resolved> &items() const { return *m_items; }

private:
    enum class Kind { Null, Leaf, Object, List };
    Kind m_kind = Kind::Null;
    QJsonValue m_leaf;
    std::any m_object;
    std::shared_ptr<const std::vector<Resolved>> m_items;
};

// Thrown by a resolver: the field is null and the response says why, at
// the field's path (§6.4.4). The message is for the client.
class FieldError : public std::runtime_error
{
public:
    explicit FieldError(const QString &message)
        : std::runtime_error(message.toStdString()), m_message(message)
    {
    }
    const QString &message() const { return m_message; }

private:
    QString m_message;
};

// A field's arguments after coercion (§5.6, §6.4.1): JSON values, enums as
// their names, input objects as objects; absent optional ones absent.
using Arguments = QJsonObject;
using Resolver = std::function<Resolved(const std::any &parent, const Arguments &args)>;
// The nodes one resolution of a field reads when that is more than itself
// (a scan): given the operation's root value and the field's arguments as
// written (variables substituted, defaults applied), before anything runs.
// Must be cheap: the cost check calls it for every occurrence.
using Weigher = std::function<double(const std::any &root, const Arguments &args)>;

struct InputValue
{
    QString name;
    QString description;
    TypeRef type;
    std::optional<Value> defaultValue; // a constant literal
};

struct Field
{
    QString name;
    QString description;
    TypeRef type;
    std::vector<InputValue> args;
    Resolver resolve;
    Weigher weigh; // empty: one node
    std::optional<QString> deprecationReason;
    const InputValue *arg(QStringView argName) const;
};

struct EnumValue
{
    QString name;
    QString description;
    std::optional<QString> deprecationReason;
};

struct Type
{
    enum class Kind { Scalar, Object, Enum, InputObject };
    Kind kind = Kind::Object;
    QString name;
    QString description;
    std::vector<Field> fields;           // Object
    std::vector<InputValue> inputFields; // InputObject
    std::vector<EnumValue> enumValues;   // Enum
    // Scalar: a variable's JSON value or a literal to the scalar's value;
    // nullopt when it is not one (§3.5).
    std::function<std::optional<QJsonValue>(const QJsonValue &)> parseValue;
    std::function<std::optional<QJsonValue>(const Value &)> parseLiteral;
    // Where the scalar is defined, for specifiedByURL (custom scalars).
    QString specifiedBy;

    const Field *field(QStringView fieldName) const;
    bool isInput() const { return kind != Kind::Object; }
    bool isLeaf() const { return kind == Kind::Scalar || kind == Kind::Enum; }
};

struct DirectiveDefinition
{
    QString name;
    QString description;
    QStringList locations; // QUERY, FIELD, FRAGMENT_SPREAD, …
    std::vector<InputValue> args;
};

class Schema
{
public:
    // With the built-in scalars (Int, Float, String, Boolean, ID), the
    // directives @skip, @include, @deprecated and @specifiedBy, and the
    // introspection types (§4.5).
    Schema();

    Type &add(Type type);
    // A custom scalar that holds strings accepted by `valid`.
    Type &addStringScalar(const QString &name, const QString &description,
                          std::function<bool(const QString &)> valid);
    const Type *type(QStringView name) const;
    Type *mutableType(QStringView name);
    const std::map<QString, Type> &types() const { return m_types; }
    void setQueryType(const QString &name) { m_queryType = name; }
    const Type *queryType() const { return type(m_queryType); }
    const std::vector<DirectiveDefinition> &directives() const { return m_directives; }
    const DirectiveDefinition *directive(QStringView name) const;

    // The named type under any list and non-null wrappers.
    const Type *namedType(const TypeRef &ref) const;

private:
    void addBuiltInScalars();
    void addIntrospectionTypes();

    std::map<QString, Type> m_types;
    std::vector<DirectiveDefinition> m_directives;
    QString m_queryType;
};

// A field of an object type, as the tables hold it.
Field field(const QString &name, TypeRef type, Resolver resolve, std::vector<InputValue> args = {},
            const QString &description = {}, Weigher weigh = {});

// Type references written as GraphQL writes them ("[Object!]!").
TypeRef named(const QString &name);
TypeRef nonNull(TypeRef of);
TypeRef listOf(TypeRef of);

// The types every schema has to describe itself (__Schema, __Type, …):
// the schema adds them as it is built; defined with the rest of
// introspection (introspection.cpp), which reads schemas.
std::vector<Type> introspectionTypes();

} // namespace gifscan::server::graphql
