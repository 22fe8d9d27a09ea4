#include "server/graphql/schema.h"

#include <QJsonArray>
#include <cmath>
#include <limits>

namespace gifscan::server::graphql {

Resolved Resolved::leaf(QJsonValue value)
{
    Resolved r;
    if (value.isNull() || value.isUndefined())
        return r;
    r.m_kind = Kind::Leaf;
    r.m_leaf = std::move(value);
    return r;
}

Resolved Resolved::object(std::any value)
{
    Resolved r;
    r.m_kind = Kind::Object;
    r.m_object = std::move(value);
    return r;
}

Resolved Resolved::list(std::vector<Resolved> items)
{
    Resolved r;
    r.m_kind = Kind::List;
    r.m_items = std::make_shared<const std::vector<Resolved>>(std::move(items));
    return r;
}

const InputValue *Field::arg(QStringView argName) const
{
    for (const InputValue &a : args) {
        if (a.name == argName)
            return &a;
    }
    return nullptr;
}

const Field *Type::field(QStringView fieldName) const
{
    for (const Field &f : fields) {
        if (f.name == fieldName)
            return &f;
    }
    return nullptr;
}

Field field(const QString &name, TypeRef type, Resolver resolve, std::vector<InputValue> args,
            const QString &description, Weigher weigh)
{
    Field f;
    f.name = name;
    f.description = description;
    f.type = std::move(type);
    f.resolve = std::move(resolve);
    f.args = std::move(args);
    f.weigh = std::move(weigh);
    return f;
}

TypeRef named(const QString &name)
{
    return TypeRef{TypeRef::Kind::Named, name, nullptr};
}

TypeRef nonNull(TypeRef of)
{
    return TypeRef{TypeRef::Kind::NonNull, {}, std::make_shared<const TypeRef>(std::move(of))};
}

TypeRef listOf(TypeRef of)
{
    return TypeRef{TypeRef::Kind::List, {}, std::make_shared<const TypeRef>(std::move(of))};
}

Schema::Schema()
{
    addBuiltInScalars();
    const auto boolArg = [](const QString &name, const QString &description) {
        return InputValue{name, description, nonNull(named(QStringLiteral("Boolean"))), {}};
    };
    m_directives.push_back(
        {QStringLiteral("include"),
         QStringLiteral("Directs the executor to include this field or fragment only when the "
                        "`if` argument is true."),
         {QStringLiteral("FIELD"), QStringLiteral("FRAGMENT_SPREAD"),
          QStringLiteral("INLINE_FRAGMENT")},
         {boolArg(QStringLiteral("if"), QStringLiteral("Included when true."))}});
    m_directives.push_back(
        {QStringLiteral("skip"),
         QStringLiteral("Directs the executor to skip this field or fragment when the `if` "
                        "argument is true."),
         {QStringLiteral("FIELD"), QStringLiteral("FRAGMENT_SPREAD"),
          QStringLiteral("INLINE_FRAGMENT")},
         {boolArg(QStringLiteral("if"), QStringLiteral("Skipped when true."))}});
    Value noLongerSupported;
    noLongerSupported.kind = Value::Kind::String;
    noLongerSupported.text = QStringLiteral("No longer supported");
    m_directives.push_back(
        {QStringLiteral("deprecated"),
         QStringLiteral("Marks an element of a GraphQL schema as no longer supported."),
         {QStringLiteral("FIELD_DEFINITION"), QStringLiteral("ARGUMENT_DEFINITION"),
          QStringLiteral("INPUT_FIELD_DEFINITION"), QStringLiteral("ENUM_VALUE")},
         {InputValue{QStringLiteral("reason"), QStringLiteral("Why, and what to use instead."),
                     named(QStringLiteral("String")), noLongerSupported}}});
    m_directives.push_back(
        {QStringLiteral("specifiedBy"),
         QStringLiteral("Exposes a URL that specifies the behavior of this scalar."),
         {QStringLiteral("SCALAR")},
         {InputValue{QStringLiteral("url"),
                     QStringLiteral("The URL that specifies the behavior."),
                     nonNull(named(QStringLiteral("String"))),
                     {}}}});
    addIntrospectionTypes();
}

Type &Schema::add(Type type)
{
    const QString name = type.name;
    return m_types.insert_or_assign(name, std::move(type)).first->second;
}

Type &Schema::addStringScalar(const QString &name, const QString &description,
                              std::function<bool(const QString &)> valid)
{
    Type t;
    t.kind = Type::Kind::Scalar;
    t.name = name;
    t.description = description;
    t.parseValue = [valid](const QJsonValue &v) -> std::optional<QJsonValue> {
        if (v.isString() && valid(v.toString()))
            return v;
        return std::nullopt;
    };
    t.parseLiteral = [valid](const Value &v) -> std::optional<QJsonValue> {
        if (v.kind == Value::Kind::String && valid(v.text))
            return QJsonValue(v.text);
        return std::nullopt;
    };
    return add(std::move(t));
}

const Type *Schema::type(QStringView name) const
{
    const auto it = m_types.find(name.toString());
    return it == m_types.end() ? nullptr : &it->second;
}

Type *Schema::mutableType(QStringView name)
{
    const auto it = m_types.find(name.toString());
    return it == m_types.end() ? nullptr : &it->second;
}

const DirectiveDefinition *Schema::directive(QStringView name) const
{
    for (const DirectiveDefinition &d : m_directives) {
        if (d.name == name)
            return &d;
    }
    return nullptr;
}

const Type *Schema::namedType(const TypeRef &ref) const
{
    const TypeRef *r = &ref;
    while (r->kind != TypeRef::Kind::Named && r->of)
        r = r->of.get();
    return type(r->name);
}

namespace {

using FromJson = std::optional<QJsonValue> (*)(const QJsonValue &);
using FromLiteral = std::optional<QJsonValue> (*)(const Value &);

std::optional<QJsonValue> int32Of(double d)
{
    if (std::isfinite(d) && d == std::floor(d) && d >= std::numeric_limits<qint32>::min() &&
        d <= std::numeric_limits<qint32>::max())
        return QJsonValue(static_cast<qint64>(d));
    return std::nullopt;
}

std::optional<QJsonValue> intFromJson(const QJsonValue &v)
{
    return v.isDouble() ? int32Of(v.toDouble()) : std::nullopt;
}

std::optional<QJsonValue> intFromLiteral(const Value &v)
{
    bool ok = false;
    const qlonglong n = v.text.toLongLong(&ok);
    if (v.kind != Value::Kind::Int || !ok || n < std::numeric_limits<qint32>::min() ||
        n > std::numeric_limits<qint32>::max())
        return std::nullopt;
    return QJsonValue(static_cast<qint64>(n));
}

std::optional<QJsonValue> floatFromJson(const QJsonValue &v)
{
    if (v.isDouble() && std::isfinite(v.toDouble()))
        return v;
    return std::nullopt;
}

std::optional<QJsonValue> floatFromLiteral(const Value &v)
{
    bool ok = false;
    const double d = v.text.toDouble(&ok);
    if ((v.kind != Value::Kind::Int && v.kind != Value::Kind::Float) || !ok || !std::isfinite(d))
        return std::nullopt;
    return QJsonValue(d);
}

std::optional<QJsonValue> stringFromJson(const QJsonValue &v)
{
    return v.isString() ? std::optional<QJsonValue>(v) : std::nullopt;
}

std::optional<QJsonValue> stringFromLiteral(const Value &v)
{
    return v.kind == Value::Kind::String ? std::optional<QJsonValue>(v.text) : std::nullopt;
}

std::optional<QJsonValue> booleanFromJson(const QJsonValue &v)
{
    return v.isBool() ? std::optional<QJsonValue>(v) : std::nullopt;
}

std::optional<QJsonValue> booleanFromLiteral(const Value &v)
{
    return v.kind == Value::Kind::Boolean ? std::optional<QJsonValue>(v.boolean) : std::nullopt;
}

std::optional<QJsonValue> idFromJson(const QJsonValue &v)
{
    if (v.isString())
        return v;
    if (v.isDouble() && v.toDouble() == std::floor(v.toDouble()))
        return QJsonValue(QString::number(v.toInteger()));
    return std::nullopt;
}

std::optional<QJsonValue> idFromLiteral(const Value &v)
{
    if (v.kind == Value::Kind::String || v.kind == Value::Kind::Int)
        return QJsonValue(v.text);
    return std::nullopt;
}

// The specification's five scalars, described in graphql-js's words.
struct BuiltInScalar
{
    const char *name;
    const char *description;
    FromJson fromJson;
    FromLiteral fromLiteral;
};

const BuiltInScalar kBuiltInScalars[] = {
    {"Int",
     "The `Int` scalar type represents non-fractional signed whole numeric values. Int can "
     "represent values between -(2^31) and 2^31 - 1.",
     intFromJson, intFromLiteral},
    {"Float",
     "The `Float` scalar type represents signed double-precision fractional values as specified "
     "by IEEE 754.",
     floatFromJson, floatFromLiteral},
    {"String",
     "The `String` scalar type represents textual data, represented as UTF-8 character "
     "sequences.",
     stringFromJson, stringFromLiteral},
    {"Boolean", "The `Boolean` scalar type represents `true` or `false`.", booleanFromJson,
     booleanFromLiteral},
    {"ID", "The `ID` scalar type represents a unique identifier.", idFromJson, idFromLiteral},
};

} // namespace

void Schema::addBuiltInScalars()
{
    for (const BuiltInScalar &b : kBuiltInScalars) {
        Type t;
        t.kind = Type::Kind::Scalar;
        t.name = QLatin1String(b.name);
        t.description = QLatin1String(b.description);
        t.parseValue = b.fromJson;
        t.parseLiteral = b.fromLiteral;
        add(std::move(t));
    }
}

void Schema::addIntrospectionTypes()
{
    for (Type &t : introspectionTypes())
        add(std::move(t));
}

} // namespace gifscan::server::graphql
