#include "server/graphql/coercion.h"

#include "server/graphql/introspection.h"
#include "server/graphql/output.h"

#include <QJsonArray>
#include <algorithm>
#include <cmath>

namespace gifscan::server::graphql {

namespace {
// Why a value is not of a built-in scalar, in graphql-js's words (clients
// and their tests know them); `shown` is the value as written.
QString scalarRefusal(const Type &t, const QString &shown, bool isIntegerOutOfRange)
{
    if (t.name == QLatin1String("Int"))
        return isIntegerOutOfRange
                   ? QStringLiteral("Int cannot represent non 32-bit signed integer value: %1")
                         .arg(shown)
                   : QStringLiteral("Int cannot represent non-integer value: %1").arg(shown);
    if (t.name == QLatin1String("Float"))
        return QStringLiteral("Float cannot represent non numeric value: %1").arg(shown);
    if (t.name == QLatin1String("String"))
        return QStringLiteral("String cannot represent a non string value: %1").arg(shown);
    if (t.name == QLatin1String("Boolean"))
        return QStringLiteral("Boolean cannot represent a non boolean value: %1").arg(shown);
    if (t.name == QLatin1String("ID"))
        return QStringLiteral("ID cannot represent a non-string and non-integer value: %1")
            .arg(shown);
    return QStringLiteral("Expected value of type \"%1\", found %2.").arg(t.name, shown);
}
} // namespace

namespace {

// A variable where a literal may be: its value, absent (nullopt, no reason),
// or refused.
std::optional<QJsonValue> variableValue(const Value &literal, const TypeRef &type,
                                        const QJsonObject *variables, QString *why)
{
    if (!variables || !variables->contains(literal.text)) {
        if (type.kind == TypeRef::Kind::NonNull) {
            *why = QStringLiteral("Variable \"$%1\" of required type \"%2\" was not provided.")
                       .arg(literal.text, type.toString());
            return std::nullopt;
        }
        why->clear();
        return std::nullopt; // absent
    }
    const QJsonValue v = variables->value(literal.text);
    if (v.isNull() && type.kind == TypeRef::Kind::NonNull) {
        *why = QStringLiteral("Expected value of type \"%1\", found null.").arg(type.toString());
        return std::nullopt;
    }
    return v;
}

std::optional<QJsonValue> listLiteral(const Schema &schema, const Value &literal,
                                      const TypeRef &type, const QJsonObject *variables,
                                      QString *why)
{
    QJsonArray out;
    // §3.11: a single value where a list is expected is a list of one.
    const std::vector<Value> single{literal};
    const std::vector<Value> &items = literal.kind == Value::Kind::List ? literal.list : single;
    for (const Value &item : items) {
        auto v = coerceLiteral(schema, item, *type.of, variables, why);
        if (!v) {
            if (!why->isEmpty())
                return std::nullopt;
            v = QJsonValue(QJsonValue::Null); // an absent variable in a list is null
        }
        out.append(*v);
    }
    return out;
}

bool definesField(const Type &t, const QString &name)
{
    return std::any_of(t.inputFields.begin(), t.inputFields.end(),
                       [&](const InputValue &f) { return f.name == name; });
}

std::optional<QJsonValue> inputObjectLiteral(const Schema &schema, const Type &t,
                                             const Value &literal, const QJsonObject *variables,
                                             QString *why)
{
    if (literal.kind != Value::Kind::Object) {
        *why = QStringLiteral("Expected value of type \"%1\", found %2.")
                   .arg(t.name, printValue(literal));
        return std::nullopt;
    }
    for (const auto &[name, v] : literal.fields) {
        if (!definesField(t, name)) {
            *why = QStringLiteral("Field \"%1\" is not defined by type \"%2\".").arg(name, t.name);
            return std::nullopt;
        }
    }
    QJsonObject out;
    for (const InputValue &f : t.inputFields) {
        const Value *given = nullptr;
        for (const auto &[name, v] : literal.fields) {
            if (name == f.name)
                given = &v;
        }
        std::optional<QJsonValue> v;
        if (given) {
            v = coerceLiteral(schema, *given, f.type, variables, why);
            if (!v && !why->isEmpty())
                return std::nullopt;
        }
        if (!v && f.defaultValue)
            v = coerceLiteral(schema, *f.defaultValue, f.type, nullptr, why);
        if (!v && f.type.kind == TypeRef::Kind::NonNull) {
            *why = QStringLiteral("Field \"%1.%2\" of required type \"%3\" was not provided.")
                       .arg(t.name, f.name, f.type.toString());
            return std::nullopt;
        }
        if (v)
            out.insert(f.name, *v);
    }
    return out;
}

// A literal of a named type: a scalar, an enum value or an input object.
std::optional<QJsonValue> namedLiteral(const Schema &schema, const Type &t, const Value &literal,
                                       const QJsonObject *variables, QString *why)
{
    switch (t.kind) {
    case Type::Kind::Scalar:
        if (auto v = t.parseLiteral(literal))
            return v;
        *why = scalarRefusal(t, printValue(literal), literal.kind == Value::Kind::Int);
        return std::nullopt;
    case Type::Kind::Enum:
        if (literal.kind == Value::Kind::Enum) {
            for (const EnumValue &e : t.enumValues) {
                if (e.name == literal.text)
                    return QJsonValue(e.name);
            }
        }
        *why = QStringLiteral("Value \"%1\" does not exist in \"%2\" enum.")
                   .arg(printValue(literal), t.name);
        return std::nullopt;
    case Type::Kind::InputObject:
        return inputObjectLiteral(schema, t, literal, variables, why);
    case Type::Kind::Object:
        break;
    }
    *why = QStringLiteral("\"%1\" is not an input type.").arg(t.name);
    return std::nullopt;
}

} // namespace

std::optional<QJsonValue> coerceLiteral(const Schema &schema, const Value &literal,
                                        const TypeRef &type, const QJsonObject *variables,
                                        QString *why)
{
    if (literal.kind == Value::Kind::Variable)
        return variableValue(literal, type, variables, why);
    if (type.kind == TypeRef::Kind::NonNull) {
        if (literal.kind == Value::Kind::Null) {
            *why =
                QStringLiteral("Expected value of type \"%1\", found null.").arg(type.toString());
            return std::nullopt;
        }
        auto v = coerceLiteral(schema, literal, *type.of, variables, why);
        if (!v && why->isEmpty())
            *why = QStringLiteral("Expected value of type \"%1\", found nothing.")
                       .arg(type.toString());
        return v;
    }
    if (literal.kind == Value::Kind::Null)
        return QJsonValue(QJsonValue::Null);
    if (type.kind == TypeRef::Kind::List)
        return listLiteral(schema, literal, type, variables, why);
    const Type *t = schema.type(type.name);
    if (!t) {
        *why = QStringLiteral("Unknown type \"%1\".").arg(type.name);
        return std::nullopt;
    }
    return namedLiteral(schema, *t, literal, variables, why);
}

namespace {

std::optional<QJsonValue> inputObjectJson(const Schema &schema, const Type &t,
                                          const QJsonValue &value, QString *why)
{
    if (!value.isObject()) {
        *why = QStringLiteral("Expected type \"%1\" to be an object.").arg(t.name);
        return std::nullopt;
    }
    const QJsonObject given = value.toObject();
    for (auto it = given.begin(); it != given.end(); ++it) {
        if (!definesField(t, it.key())) {
            *why =
                QStringLiteral("Field \"%1\" is not defined by type \"%2\".").arg(it.key(), t.name);
            return std::nullopt;
        }
    }
    QJsonObject out;
    for (const InputValue &f : t.inputFields) {
        std::optional<QJsonValue> v;
        if (given.contains(f.name)) {
            v = coerceJson(schema, given.value(f.name), f.type, why);
            if (!v)
                return std::nullopt;
        } else if (f.defaultValue) {
            v = coerceLiteral(schema, *f.defaultValue, f.type, nullptr, why);
        } else if (f.type.kind == TypeRef::Kind::NonNull) {
            *why = QStringLiteral("Field \"%1\" of required type \"%2\" was not provided.")
                       .arg(f.name, f.type.toString());
            return std::nullopt;
        }
        if (v)
            out.insert(f.name, *v);
    }
    return out;
}

// A variable's JSON value of a named type.
std::optional<QJsonValue> namedJson(const Schema &schema, const Type &t, const QJsonValue &value,
                                    QString *why)
{
    switch (t.kind) {
    case Type::Kind::Scalar:
        if (auto v = t.parseValue(value))
            return v;
        *why = scalarRefusal(t, jsonText(value),
                             value.isDouble() && value.toDouble() == std::floor(value.toDouble()));
        return std::nullopt;
    case Type::Kind::Enum:
        for (const EnumValue &e : t.enumValues) {
            if (value.isString() && value.toString() == e.name)
                return value;
        }
        *why =
            QStringLiteral("Value %1 does not exist in \"%2\" enum.").arg(jsonText(value), t.name);
        return std::nullopt;
    case Type::Kind::InputObject:
        return inputObjectJson(schema, t, value, why);
    case Type::Kind::Object:
        break;
    }
    *why = QStringLiteral("\"%1\" is not an input type.").arg(t.name);
    return std::nullopt;
}

} // namespace

std::optional<QJsonValue> coerceJson(const Schema &schema, const QJsonValue &value,
                                     const TypeRef &type, QString *why)
{
    if (type.kind == TypeRef::Kind::NonNull) {
        if (value.isNull() || value.isUndefined()) {
            *why = QStringLiteral("Expected non-nullable type \"%1\" not to be null.")
                       .arg(type.toString());
            return std::nullopt;
        }
        return coerceJson(schema, value, *type.of, why);
    }
    if (value.isNull() || value.isUndefined())
        return QJsonValue(QJsonValue::Null);
    if (type.kind == TypeRef::Kind::List) {
        QJsonArray out;
        const QJsonArray items = value.isArray() ? value.toArray() : QJsonArray{value};
        for (const QJsonValue &item : items) {
            auto v = coerceJson(schema, item, *type.of, why);
            if (!v)
                return std::nullopt;
            out.append(*v);
        }
        return out;
    }
    const Type *t = schema.type(type.name);
    if (!t) {
        *why = QStringLiteral("Unknown type \"%1\".").arg(type.name);
        return std::nullopt;
    }
    return namedJson(schema, *t, value, why);
}

} // namespace gifscan::server::graphql
