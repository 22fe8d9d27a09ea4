#include "server/graphql/introspection.h"

#include "server/graphql/output.h"

namespace gifscan::server::graphql {

namespace {

struct SchemaView
{
    const Schema *schema;
};
struct TypeView
{
    const Schema *schema;
    TypeRef ref;
};
struct FieldView
{
    const Schema *schema;
    const Field *field;
};
struct InputValueView
{
    const Schema *schema;
    const InputValue *value;
};
struct DirectiveView
{
    const Schema *schema;
    const DirectiveDefinition *directive;
};

template <typename T> const T &as(const std::any &parent)
{
    return std::any_cast<const T &>(parent);
}

Resolved textOrNull(const QString &s)
{
    return s.isNull() ? Resolved() : Resolved::leaf(s);
}

Resolved typeOf(const Schema *schema, const TypeRef &ref)
{
    return Resolved::object(TypeView{schema, ref});
}

Resolved inputValues(const Schema *schema, const std::vector<InputValue> &values)
{
    std::vector<Resolved> out;
    for (const InputValue &v : values)
        out.push_back(Resolved::object(InputValueView{schema, &v}));
    return Resolved::list(std::move(out));
}

InputValue includeDeprecated()
{
    Value no;
    no.kind = Value::Kind::Boolean;
    no.boolean = false;
    return InputValue{
        QStringLiteral("includeDeprecated"), {}, named(QStringLiteral("Boolean")), no};
}

const TypeRef kString = named(QStringLiteral("String"));
const TypeRef kBoolean = nonNull(named(QStringLiteral("Boolean")));
const TypeRef kName = nonNull(named(QStringLiteral("String")));

Type schemaType()
{
    Type t;
    t.name = QStringLiteral("__Schema");
    t.description =
        QStringLiteral("A GraphQL Schema defines the capabilities of a GraphQL server.");
    t.fields = {
        field(QStringLiteral("description"), kString,
              [](const std::any &, const Arguments &) { return Resolved(); }),
        field(QStringLiteral("types"), nonNull(listOf(nonNull(named(QStringLiteral("__Type"))))),
              [](const std::any &p, const Arguments &) {
                  const Schema *s = as<SchemaView>(p).schema;
                  std::vector<Resolved> out;
                  for (const auto &[name, type] : s->types())
                      out.push_back(typeOf(s, named(name)));
                  return Resolved::list(std::move(out));
              }),
        field(QStringLiteral("queryType"), nonNull(named(QStringLiteral("__Type"))),
              [](const std::any &p, const Arguments &) {
                  const Schema *s = as<SchemaView>(p).schema;
                  return typeOf(s, named(s->queryType()->name));
              }),
        field(QStringLiteral("mutationType"), named(QStringLiteral("__Type")),
              [](const std::any &, const Arguments &) { return Resolved(); }),
        field(QStringLiteral("subscriptionType"), named(QStringLiteral("__Type")),
              [](const std::any &, const Arguments &) { return Resolved(); }),
        field(QStringLiteral("directives"),
              nonNull(listOf(nonNull(named(QStringLiteral("__Directive"))))),
              [](const std::any &p, const Arguments &) {
                  const Schema *s = as<SchemaView>(p).schema;
                  std::vector<Resolved> out;
                  for (const DirectiveDefinition &d : s->directives())
                      out.push_back(Resolved::object(DirectiveView{s, &d}));
                  return Resolved::list(std::move(out));
              }),
    };
    return t;
}

// The named type a __Type shows, or null for a list or non-null wrapper.
const Type *viewedType(const std::any &p)
{
    const TypeView &v = as<TypeView>(p);
    return v.ref.kind == TypeRef::Kind::Named ? v.schema->type(v.ref.name) : nullptr;
}

bool includesDeprecated(const Arguments &args)
{
    return args.value(QStringLiteral("includeDeprecated")).toBool(false);
}

Resolved typeKind(const std::any &p, const Arguments &)
{
    const TypeView &v = as<TypeView>(p);
    if (v.ref.kind == TypeRef::Kind::List)
        return Resolved::leaf(QStringLiteral("LIST"));
    if (v.ref.kind == TypeRef::Kind::NonNull)
        return Resolved::leaf(QStringLiteral("NON_NULL"));
    switch (viewedType(p)->kind) {
    case Type::Kind::Scalar:
        return Resolved::leaf(QStringLiteral("SCALAR"));
    case Type::Kind::Object:
        return Resolved::leaf(QStringLiteral("OBJECT"));
    case Type::Kind::Enum:
        return Resolved::leaf(QStringLiteral("ENUM"));
    case Type::Kind::InputObject:
        return Resolved::leaf(QStringLiteral("INPUT_OBJECT"));
    }
    return Resolved();
}

Resolved typeFields(const std::any &p, const Arguments &args)
{
    const Type *type = viewedType(p);
    if (!type || type->kind != Type::Kind::Object)
        return Resolved();
    std::vector<Resolved> out;
    for (const Field &f : type->fields) {
        if (!f.deprecationReason || includesDeprecated(args))
            out.push_back(Resolved::object(FieldView{as<TypeView>(p).schema, &f}));
    }
    return Resolved::list(std::move(out));
}

Resolved typeEnumValues(const std::any &p, const Arguments &args)
{
    const Type *type = viewedType(p);
    if (!type || type->kind != Type::Kind::Enum)
        return Resolved();
    std::vector<Resolved> out;
    for (const EnumValue &e : type->enumValues) {
        if (!e.deprecationReason || includesDeprecated(args))
            out.push_back(Resolved::object(&e));
    }
    return Resolved::list(std::move(out));
}

Type typeType()
{
    Type t;
    t.name = QStringLiteral("__Type");
    t.description = QStringLiteral("The fundamental unit of any GraphQL Schema is the type.");
    t.fields = {
        field(QStringLiteral("kind"), nonNull(named(QStringLiteral("__TypeKind"))), typeKind),
        field(QStringLiteral("name"), kString,
              [](const std::any &p, const Arguments &) {
                  const Type *type = viewedType(p);
                  return type ? Resolved::leaf(type->name) : Resolved();
              }),
        field(QStringLiteral("description"), kString,
              [](const std::any &p, const Arguments &) {
                  const Type *type = viewedType(p);
                  return type && !type->description.isEmpty() ? Resolved::leaf(type->description)
                                                              : Resolved();
              }),
        field(QStringLiteral("specifiedByURL"), kString,
              [](const std::any &p, const Arguments &) {
                  const Type *type = viewedType(p);
                  return type && !type->specifiedBy.isEmpty() ? Resolved::leaf(type->specifiedBy)
                                                              : Resolved();
              }),
        field(QStringLiteral("fields"), listOf(nonNull(named(QStringLiteral("__Field")))),
              typeFields, {includeDeprecated()}),
        field(QStringLiteral("interfaces"), listOf(nonNull(named(QStringLiteral("__Type")))),
              [](const std::any &p, const Arguments &) {
                  const Type *type = viewedType(p);
                  return type && type->kind == Type::Kind::Object ? Resolved::list({}) : Resolved();
              }),
        field(QStringLiteral("possibleTypes"), listOf(nonNull(named(QStringLiteral("__Type")))),
              [](const std::any &, const Arguments &) { return Resolved(); }),
        field(QStringLiteral("enumValues"), listOf(nonNull(named(QStringLiteral("__EnumValue")))),
              typeEnumValues, {includeDeprecated()}),
        field(QStringLiteral("inputFields"), listOf(nonNull(named(QStringLiteral("__InputValue")))),
              [](const std::any &p, const Arguments &) {
                  const Type *type = viewedType(p);
                  if (!type || type->kind != Type::Kind::InputObject)
                      return Resolved();
                  return inputValues(as<TypeView>(p).schema, type->inputFields);
              }),
        field(QStringLiteral("ofType"), named(QStringLiteral("__Type")),
              [](const std::any &p, const Arguments &) {
                  const TypeView &v = as<TypeView>(p);
                  return v.ref.of ? typeOf(v.schema, *v.ref.of) : Resolved();
              }),
    };
    return t;
}

Type fieldType()
{
    Type t;
    t.name = QStringLiteral("__Field");
    t.description = QStringLiteral("Object and Interface types are described by a list of "
                                   "Fields, each of which has a name, potentially a list of "
                                   "arguments, and a return type.");
    t.fields = {
        field(QStringLiteral("name"), kName,
              [](const std::any &p, const Arguments &) {
                  return Resolved::leaf(as<FieldView>(p).field->name);
              }),
        field(QStringLiteral("description"), kString,
              [](const std::any &p, const Arguments &) {
                  const QString &d = as<FieldView>(p).field->description;
                  return d.isEmpty() ? Resolved() : Resolved::leaf(d);
              }),
        field(QStringLiteral("args"),
              nonNull(listOf(nonNull(named(QStringLiteral("__InputValue"))))),
              [](const std::any &p, const Arguments &) {
                  const FieldView &v = as<FieldView>(p);
                  return inputValues(v.schema, v.field->args);
              }),
        field(QStringLiteral("type"), nonNull(named(QStringLiteral("__Type"))),
              [](const std::any &p, const Arguments &) {
                  const FieldView &v = as<FieldView>(p);
                  return typeOf(v.schema, v.field->type);
              }),
        field(QStringLiteral("isDeprecated"), kBoolean,
              [](const std::any &p, const Arguments &) {
                  return Resolved::leaf(as<FieldView>(p).field->deprecationReason.has_value());
              }),
        field(QStringLiteral("deprecationReason"), kString,
              [](const std::any &p, const Arguments &) {
                  const auto &r = as<FieldView>(p).field->deprecationReason;
                  return r ? Resolved::leaf(*r) : Resolved();
              }),
    };
    return t;
}

Type inputValueType()
{
    Type t;
    t.name = QStringLiteral("__InputValue");
    t.description = QStringLiteral("Arguments provided to Fields or Directives and the input "
                                   "fields of an InputObject are represented as Input Values "
                                   "which describe their type and optionally a default value.");
    t.fields = {
        field(QStringLiteral("name"), kName,
              [](const std::any &p, const Arguments &) {
                  return Resolved::leaf(as<InputValueView>(p).value->name);
              }),
        field(QStringLiteral("description"), kString,
              [](const std::any &p, const Arguments &) {
                  const QString &d = as<InputValueView>(p).value->description;
                  return d.isEmpty() ? Resolved() : Resolved::leaf(d);
              }),
        field(QStringLiteral("type"), nonNull(named(QStringLiteral("__Type"))),
              [](const std::any &p, const Arguments &) {
                  const InputValueView &v = as<InputValueView>(p);
                  return typeOf(v.schema, v.value->type);
              }),
        field(QStringLiteral("defaultValue"), kString,
              [](const std::any &p, const Arguments &) {
                  const auto &d = as<InputValueView>(p).value->defaultValue;
                  return d ? Resolved::leaf(printValue(*d)) : Resolved();
              }),
        field(QStringLiteral("isDeprecated"), kBoolean,
              [](const std::any &, const Arguments &) { return Resolved::leaf(false); }),
        field(QStringLiteral("deprecationReason"), kString,
              [](const std::any &, const Arguments &) { return Resolved(); }),
    };
    return t;
}

Type enumValueType()
{
    Type t;
    t.name = QStringLiteral("__EnumValue");
    t.description = QStringLiteral("One possible value for a given Enum.");
    auto value = [](const std::any &p) { return std::any_cast<const EnumValue *>(p); };
    t.fields = {
        field(QStringLiteral("name"), kName,
              [value](const std::any &p, const Arguments &) {
                  return Resolved::leaf(value(p)->name);
              }),
        field(QStringLiteral("description"), kString,
              [value](const std::any &p, const Arguments &) {
                  return value(p)->description.isEmpty() ? Resolved()
                                                         : Resolved::leaf(value(p)->description);
              }),
        field(QStringLiteral("isDeprecated"), kBoolean,
              [value](const std::any &p, const Arguments &) {
                  return Resolved::leaf(value(p)->deprecationReason.has_value());
              }),
        field(QStringLiteral("deprecationReason"), kString,
              [value](const std::any &p, const Arguments &) {
                  return value(p)->deprecationReason ? Resolved::leaf(*value(p)->deprecationReason)
                                                     : Resolved();
              }),
    };
    return t;
}

Type directiveType()
{
    Type t;
    t.name = QStringLiteral("__Directive");
    t.description = QStringLiteral("A Directive provides a way to describe alternate runtime "
                                   "execution and type validation behavior in a GraphQL "
                                   "document.");
    t.fields = {
        field(QStringLiteral("name"), kName,
              [](const std::any &p, const Arguments &) {
                  return Resolved::leaf(as<DirectiveView>(p).directive->name);
              }),
        field(QStringLiteral("description"), kString,
              [](const std::any &p, const Arguments &) {
                  return textOrNull(as<DirectiveView>(p).directive->description);
              }),
        field(QStringLiteral("isRepeatable"), kBoolean,
              [](const std::any &, const Arguments &) { return Resolved::leaf(false); }),
        field(QStringLiteral("locations"),
              nonNull(listOf(nonNull(named(QStringLiteral("__DirectiveLocation"))))),
              [](const std::any &p, const Arguments &) {
                  std::vector<Resolved> out;
                  for (const QString &l : as<DirectiveView>(p).directive->locations)
                      out.push_back(Resolved::leaf(l));
                  return Resolved::list(std::move(out));
              }),
        field(QStringLiteral("args"),
              nonNull(listOf(nonNull(named(QStringLiteral("__InputValue"))))),
              [](const std::any &p, const Arguments &) {
                  const DirectiveView &v = as<DirectiveView>(p);
                  return inputValues(v.schema, v.directive->args);
              }),
    };
    return t;
}

Type enumType(const QString &name, const QString &description, const QStringList &values)
{
    Type t;
    t.kind = Type::Kind::Enum;
    t.name = name;
    t.description = description;
    for (const QString &v : values)
        t.enumValues.push_back({v, {}, std::nullopt});
    return t;
}

} // namespace

std::vector<Type> introspectionTypes()
{
    std::vector<Type> out{schemaType(),     typeType(),      fieldType(),
                          inputValueType(), enumValueType(), directiveType()};
    out.push_back(
        enumType(QStringLiteral("__TypeKind"),
                 QStringLiteral("An enum describing what kind of type a given `__Type` is."),
                 {QStringLiteral("SCALAR"), QStringLiteral("OBJECT"), QStringLiteral("INTERFACE"),
                  QStringLiteral("UNION"), QStringLiteral("ENUM"), QStringLiteral("INPUT_OBJECT"),
                  QStringLiteral("LIST"), QStringLiteral("NON_NULL")}));
    out.push_back(enumType(
        QStringLiteral("__DirectiveLocation"),
        QStringLiteral("A Directive can be adjacent to many parts of the GraphQL language, a "
                       "__DirectiveLocation describes one such possible adjacencies."),
        {QStringLiteral("QUERY"), QStringLiteral("MUTATION"), QStringLiteral("SUBSCRIPTION"),
         QStringLiteral("FIELD"), QStringLiteral("FRAGMENT_DEFINITION"),
         QStringLiteral("FRAGMENT_SPREAD"), QStringLiteral("INLINE_FRAGMENT"),
         QStringLiteral("VARIABLE_DEFINITION"), QStringLiteral("SCHEMA"), QStringLiteral("SCALAR"),
         QStringLiteral("OBJECT"), QStringLiteral("FIELD_DEFINITION"),
         QStringLiteral("ARGUMENT_DEFINITION"), QStringLiteral("INTERFACE"),
         QStringLiteral("UNION"), QStringLiteral("ENUM"), QStringLiteral("ENUM_VALUE"),
         QStringLiteral("INPUT_OBJECT"), QStringLiteral("INPUT_FIELD_DEFINITION")}));
    return out;
}

const Field *introspectionRootField(QStringView name)
{
    static const Field schemaField =
        field(QStringLiteral("__schema"), nonNull(named(QStringLiteral("__Schema"))), {});
    static const Field typeField = field(
        QStringLiteral("__type"), named(QStringLiteral("__Type")), {},
        {InputValue{QStringLiteral("name"), {}, nonNull(named(QStringLiteral("String"))), {}}});
    if (name == QLatin1String("__schema"))
        return &schemaField;
    if (name == QLatin1String("__type"))
        return &typeField;
    return nullptr;
}

Resolved introspectSchema(const Schema &schema)
{
    return Resolved::object(SchemaView{&schema});
}

Resolved introspectType(const Schema &schema, const QString &name)
{
    return schema.type(name) ? typeOf(&schema, named(name)) : Resolved();
}

QString printValue(const Value &value)
{
    switch (value.kind) {
    case Value::Kind::Variable:
        return QLatin1Char('$') + value.text;
    case Value::Kind::Int:
    case Value::Kind::Float:
    case Value::Kind::Enum:
        return value.text;
    case Value::Kind::String:
        return jsonText(value.text); // JSON's string escapes are GraphQL's
    case Value::Kind::Boolean:
        return value.boolean ? QStringLiteral("true") : QStringLiteral("false");
    case Value::Kind::Null:
        return QStringLiteral("null");
    case Value::Kind::List: {
        QStringList items;
        for (const Value &v : value.list)
            items.append(printValue(v));
        return QLatin1Char('[') + items.join(QStringLiteral(", ")) + QLatin1Char(']');
    }
    case Value::Kind::Object: {
        QStringList fields;
        for (const auto &[name, v] : value.fields)
            fields.append(name + QStringLiteral(": ") + printValue(v));
        return QLatin1Char('{') + fields.join(QStringLiteral(", ")) + QLatin1Char('}');
    }
    }
    return {};
}

const char *standardIntrospectionQuery()
{
    return R"(
    query IntrospectionQuery {
      __schema {
        queryType { name }
        mutationType { name }
        subscriptionType { name }
        types { ...FullType }
        directives { name description locations args { ...InputValue } }
      }
    }
    fragment FullType on __Type {
      kind name description
      fields(includeDeprecated: true) {
        name description args { ...InputValue } type { ...TypeRef }
        isDeprecated deprecationReason
      }
      inputFields { ...InputValue }
      interfaces { ...TypeRef }
      enumValues(includeDeprecated: true) { name description isDeprecated deprecationReason }
      possibleTypes { ...TypeRef }
    }
    fragment InputValue on __InputValue { name description type { ...TypeRef } defaultValue }
    fragment TypeRef on __Type {
      kind name
      ofType { kind name ofType { kind name ofType { kind name ofType { kind name
        ofType { kind name ofType { kind name ofType { kind name ofType { kind name } } } } } } } }
    })";
}

} // namespace gifscan::server::graphql
