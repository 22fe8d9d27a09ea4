#include "server/graphql/validator.h"

#include "server/graphql/coercion.h"
#include "server/graphql/introspection.h"

namespace gifscan::server::graphql {

namespace {
using Usage =
    std::tuple<QString, TypeRef, bool, SourceLocation>; // name, type, location default, at

const TypeRef &unwrapNonNull(const TypeRef &t)
{
    return t.kind == TypeRef::Kind::NonNull ? *t.of : t;
}

// §5.8.5 AreTypesCompatible.
bool compatible(const TypeRef &variable, const TypeRef &location)
{
    if (location.kind == TypeRef::Kind::NonNull)
        return variable.kind == TypeRef::Kind::NonNull && compatible(*variable.of, *location.of);
    if (variable.kind == TypeRef::Kind::NonNull)
        return compatible(*variable.of, location);
    if (location.kind == TypeRef::Kind::List)
        return variable.kind == TypeRef::Kind::List && compatible(*variable.of, *location.of);
    if (variable.kind == TypeRef::Kind::List)
        return false;
    return variable.name == location.name;
}

QString innerName(const TypeRef &t)
{
    return t.kind == TypeRef::Kind::Named ? t.name : innerName(*t.of);
}

} // namespace

const Field *Validator::introspectionField(const Type &parent, const QString &name) const
{
    return &parent == m_schema.queryType() ? introspectionRootField(name) : nullptr;
}

void Validator::error(const QString &message, std::vector<SourceLocation> at)
{
    m_errors.push_back({message, std::move(at)});
}

std::vector<ValidationError> Validator::validate(const Document &doc)
{
    m_errors.clear();
    m_fragments.clear();
    m_spread.clear();
    m_visits = 0;
    m_exhausted = false;
    // §5.2: operation names unique, an anonymous operation alone.
    QHash<QString, SourceLocation> names;
    for (const Operation &op : doc.operations) {
        if (op.name.isEmpty() && doc.operations.size() > 1)
            error(QStringLiteral("This anonymous operation must be the only defined operation."),
                  {op.at});
        if (!op.name.isEmpty() && names.contains(op.name))
            error(QStringLiteral("There can be only one operation named \"%1\".").arg(op.name),
                  {names.value(op.name), op.at});
        names.insert(op.name, op.at);
    }
    // §5.5.1.1: fragment names unique.
    for (const Fragment &f : doc.fragments) {
        if (m_fragments.contains(f.name))
            error(QStringLiteral("There can be only one fragment named \"%1\".").arg(f.name),
                  {m_fragments.value(f.name)->at, f.at});
        else
            m_fragments.insert(f.name, &f);
    }
    // §5.5.2.2: no cycles.
    std::set<QString> done;
    for (const Fragment &f : doc.fragments) {
        std::vector<QString> path;
        if (!done.count(f.name))
            cycles(f, &path, &done);
    }
    // Every rule below expands spreads: a cycle would make them recurse
    // without end, so it is the only error reported then.
    if (!m_errors.empty())
        return std::move(m_errors);
    for (const Fragment &f : doc.fragments)
        fragment(f);
    for (const Operation &op : doc.operations)
        operation(op);
    // §5.5.1.4: every fragment is used.
    for (const Fragment &f : doc.fragments) {
        if (!m_spread.count(f.name))
            error(QStringLiteral("Fragment \"%1\" is never used.").arg(f.name), {f.at});
    }
    return std::move(m_errors);
}

bool Validator::cycles(const Fragment &f, std::vector<QString> *path, std::set<QString> *done)
{
    if (const auto at = std::find(path->begin(), path->end(), f.name); at != path->end()) {
        // graphql-js names the fragments the cycle goes through.
        QStringList via;
        for (auto it = at + 1; it != path->end(); ++it)
            via.append(QStringLiteral("\"%1\"").arg(*it));
        error(via.isEmpty()
                  ? QStringLiteral("Cannot spread fragment \"%1\" within itself.").arg(f.name)
                  : QStringLiteral("Cannot spread fragment \"%1\" within itself via %2.")
                        .arg(f.name, via.join(QStringLiteral(", "))),
              {f.at});
        return true;
    }
    if (done->count(f.name))
        return false;
    path->push_back(f.name);
    std::function<bool(const SelectionSet &)> walk = [&](const SelectionSet &set) {
        for (const Selection &s : set) {
            if (s.kind == Selection::Kind::FragmentSpread) {
                const Fragment *next = m_fragments.value(s.name);
                if (next && cycles(*next, path, done))
                    return true;
            } else if (walk(s.selections)) {
                return true;
            }
        }
        return false;
    };
    const bool found = walk(f.selections);
    path->pop_back();
    done->insert(f.name);
    return found;
}

void Validator::fragment(const Fragment &f)
{
    const Type *on = m_schema.type(f.typeCondition);
    if (!on) {
        error(QStringLiteral("Unknown type \"%1\".").arg(f.typeCondition), {f.at});
        return;
    }
    if (on->kind != Type::Kind::Object) {
        error(QStringLiteral("Fragment \"%1\" cannot condition on non composite type \"%2\".")
                  .arg(f.name, f.typeCondition),
              {f.at});
        return;
    }
    directives(f.directives, QStringLiteral("FRAGMENT_DEFINITION"));
    selections(f.selections, *on, {});
    overlapping(f.selections, *on);
}

void Validator::operation(const Operation &op)
{
    directives(op.directives, op.type == Operation::Type::Query ? QStringLiteral("QUERY")
                              : op.type == Operation::Type::Mutation
                                  ? QStringLiteral("MUTATION")
                                  : QStringLiteral("SUBSCRIPTION"));
    if (op.type != Operation::Type::Query) {
        error(QStringLiteral("Schema is not configured for %1s.")
                  .arg(op.type == Operation::Type::Mutation ? QStringLiteral("mutation")
                                                            : QStringLiteral("subscription")),
              {op.at});
        return;
    }
    // §5.8.1, §5.8.2: variables unique, of input types.
    QHash<QString, const VariableDefinition *> defined;
    for (const VariableDefinition &v : op.variables) {
        if (defined.contains(v.name))
            error(QStringLiteral("There can be only one variable named \"$%1\".").arg(v.name),
                  {defined.value(v.name)->at, v.at});
        defined.insert(v.name, &v);
        const Type *t = m_schema.namedType(v.type);
        if (!t)
            error(QStringLiteral("Unknown type \"%1\".").arg(innerName(v.type)), {v.at});
        else if (!t->isInput())
            error(QStringLiteral("Variable \"$%1\" cannot be non-input type \"%2\".")
                      .arg(v.name, v.type.toString()),
                  {v.at});
        else if (v.defaultValue) {
            QString why;
            if (!coerceLiteral(m_schema, *v.defaultValue, v.type, nullptr, &why) && !why.isEmpty())
                error(why, {v.defaultValue->at});
        }
        directives(v.directives, QStringLiteral("VARIABLE_DEFINITION"));
    }
    const Type *root = m_schema.queryType();
    selections(op.selections, *root, {});
    overlapping(op.selections, *root);
    // §5.8.3–5.8.5: every variable used is defined, in a position its type
    // allows; every one defined is used.
    std::vector<Usage> usages;
    std::set<QString> visited;
    variableUsages(op.selections, *root, &usages, &visited);
    std::set<QString> used;
    for (const auto &[name, type, locationDefault, at] : usages) {
        used.insert(name);
        const VariableDefinition *v = defined.value(name);
        if (!v) {
            error(op.name.isEmpty()
                      ? QStringLiteral("Variable \"$%1\" is not defined.").arg(name)
                      : QStringLiteral("Variable \"$%1\" is not defined by operation \"%2\".")
                            .arg(name, op.name),
                  {at, op.at});
            continue;
        }
        if (!m_schema.namedType(v->type))
            continue;
        bool allowed;
        if (type.kind == TypeRef::Kind::NonNull && v->type.kind != TypeRef::Kind::NonNull) {
            const bool nonNullDefault =
                v->defaultValue && v->defaultValue->kind != Value::Kind::Null;
            allowed = (nonNullDefault || locationDefault) && compatible(v->type, *type.of);
        } else {
            allowed = compatible(v->type, type);
        }
        if (!allowed)
            error(QStringLiteral("Variable \"$%1\" of type \"%2\" used in position expecting type "
                                 "\"%3\".")
                      .arg(name, v->type.toString(), type.toString()),
                  {v->at, at});
    }
    for (const VariableDefinition &v : op.variables) {
        if (!used.count(v.name))
            error(op.name.isEmpty()
                      ? QStringLiteral("Variable \"$%1\" is never used.").arg(v.name)
                      : QStringLiteral("Variable \"$%1\" is never used in operation \"%2\".")
                            .arg(v.name, op.name),
                  {v.at});
    }
}

void Validator::selections(const SelectionSet &set, const Type &parent, const QString &)
{
    for (const Selection &s : set) {
        switch (s.kind) {
        case Selection::Kind::Field:
            directives(s.directives, QStringLiteral("FIELD"));
            fieldSelection(s, parent);
            break;
        case Selection::Kind::FragmentSpread: {
            directives(s.directives, QStringLiteral("FRAGMENT_SPREAD"));
            m_spread.insert(s.name);
            const Fragment *f = m_fragments.value(s.name);
            if (!f) {
                error(QStringLiteral("Unknown fragment \"%1\".").arg(s.name), {s.at});
                break;
            }
            const Type *on = m_schema.type(f->typeCondition);
            if (on && on->kind == Type::Kind::Object && on != &parent)
                error(QStringLiteral("Fragment \"%1\" cannot be spread here as objects of type "
                                     "\"%2\" can never be of type \"%3\".")
                          .arg(s.name, parent.name, on->name),
                      {s.at});
            break;
        }
        case Selection::Kind::InlineFragment: {
            directives(s.directives, QStringLiteral("INLINE_FRAGMENT"));
            const Type *on = &parent;
            if (!s.typeCondition.isEmpty()) {
                on = m_schema.type(s.typeCondition);
                if (!on) {
                    error(QStringLiteral("Unknown type \"%1\".").arg(s.typeCondition), {s.at});
                    break;
                }
                if (on->kind != Type::Kind::Object) {
                    error(QStringLiteral("Fragment cannot condition on non composite type \"%1\".")
                              .arg(s.typeCondition),
                          {s.at});
                    break;
                }
                if (on != &parent) {
                    error(QStringLiteral("Fragment cannot be spread here as objects of type "
                                         "\"%1\" can never be of type \"%2\".")
                              .arg(parent.name, on->name),
                          {s.at});
                    break;
                }
            }
            selections(s.selections, *on, {});
            break;
        }
        }
    }
}

void Validator::fieldSelection(const Selection &s, const Type &parent)
{
    if (s.name == QLatin1String("__typename")) {
        for (const Argument &a : s.arguments)
            error(QStringLiteral("Unknown argument \"%1\" on field \"%2.__typename\".")
                      .arg(a.name, parent.name),
                  {a.at});
        if (!s.selections.empty())
            error(QStringLiteral("Field \"__typename\" must not have a selection since type "
                                 "\"String!\" has no subfields."),
                  {s.at});
        return;
    }
    const Field *def = parent.field(s.name);
    if (!def)
        def = introspectionField(parent, s.name);
    if (!def) {
        error(QStringLiteral("Cannot query field \"%1\" on type \"%2\".").arg(s.name, parent.name),
              {s.at});
        return;
    }
    arguments(s.arguments, def->args, QStringLiteral("%1.%2").arg(parent.name, s.name), s.at,
              false);
    const Type *type = m_schema.namedType(def->type);
    if (!type)
        return;
    if (type->isLeaf() && !s.selections.empty())
        error(QStringLiteral("Field \"%1\" must not have a selection since type \"%2\" has no "
                             "subfields.")
                  .arg(s.name, def->type.toString()),
              {s.selections.front().at});
    if (!type->isLeaf() && s.selections.empty())
        error(QStringLiteral("Field \"%1\" of type \"%2\" must have a selection of subfields. Did "
                             "you mean \"%1 { ... }\"?")
                  .arg(s.name, def->type.toString()),
              {s.at});
    if (!type->isLeaf())
        selections(s.selections, *type, {});
}

void Validator::arguments(const std::vector<Argument> &given,
                          const std::vector<InputValue> &defined, const QString &owner,
                          SourceLocation at, bool isDirective)
{
    std::set<QString> seen;
    for (const Argument &a : given) {
        if (!seen.insert(a.name).second)
            error(QStringLiteral("There can be only one argument named \"%1\".").arg(a.name),
                  {a.at});
        const InputValue *def = nullptr;
        for (const InputValue &d : defined) {
            if (d.name == a.name)
                def = &d;
        }
        if (!def) {
            error(
                isDirective
                    ? QStringLiteral("Unknown argument \"%1\" on directive \"@%2\".")
                          .arg(a.name, owner)
                    : QStringLiteral("Unknown argument \"%1\" on field \"%2\".").arg(a.name, owner),
                {a.at});
            continue;
        }
        // §5.6.1: literals are of their type (variables are §5.8.5's).
        QString why;
        if (a.value.kind != Value::Kind::Variable &&
            !coerceLiteral(m_schema, a.value, def->type, nullptr, &why) && !why.isEmpty() &&
            !why.startsWith(QStringLiteral("Variable")))
            error(why, {a.value.at});
    }
    for (const InputValue &d : defined) {
        if (d.type.kind == TypeRef::Kind::NonNull && !d.defaultValue && !seen.count(d.name))
            error(isDirective
                      ? QStringLiteral("Directive \"@%1\" argument \"%2\" of type \"%3\" is "
                                       "required, but it was not provided.")
                            .arg(owner, d.name, d.type.toString())
                      : QStringLiteral("Field \"%1\" argument \"%2\" of type \"%3\" is required, "
                                       "but it was not provided.")
                            .arg(owner.section(u'.', 1), d.name, d.type.toString()),
                  {at});
    }
}

void Validator::directives(const std::vector<Directive> &given, const QString &location)
{
    std::set<QString> seen;
    for (const Directive &d : given) {
        const DirectiveDefinition *def = m_schema.directive(d.name);
        if (!def) {
            error(QStringLiteral("Unknown directive \"@%1\".").arg(d.name), {d.at});
            continue;
        }
        if (!def->locations.contains(location))
            error(QStringLiteral("Directive \"@%1\" may not be used on %2.").arg(d.name, location),
                  {d.at});
        if (!seen.insert(d.name).second)
            error(QStringLiteral("The directive \"@%1\" can only be used once at this location.")
                      .arg(d.name),
                  {d.at});
        arguments(d.arguments, def->args, d.name, d.at, true);
    }
}

void Validator::variableUsages(const SelectionSet &set, const Type &parent, std::vector<Usage> *out,
                               std::set<QString> *visited)
{
    for (const Selection &s : set) {
        for (const Directive &d : s.directives) {
            const DirectiveDefinition *def = m_schema.directive(d.name);
            for (const Argument &a : d.arguments) {
                for (const InputValue &iv : def ? def->args : std::vector<InputValue>{}) {
                    if (iv.name == a.name)
                        valueUsages(a.value, iv.type, iv.defaultValue.has_value(), out);
                }
            }
        }
        if (s.kind == Selection::Kind::Field) {
            const Field *def = parent.field(s.name);
            if (!def)
                def = introspectionField(parent, s.name);
            if (!def)
                continue;
            for (const Argument &a : s.arguments) {
                if (const InputValue *iv = def->arg(a.name))
                    valueUsages(a.value, iv->type, iv->defaultValue.has_value(), out);
            }
            const Type *child = m_schema.namedType(def->type);
            if (child && !child->isLeaf())
                variableUsages(s.selections, *child, out, visited);
        } else if (s.kind == Selection::Kind::InlineFragment) {
            variableUsages(s.selections, parent, out, visited);
        } else if (visited->insert(s.name).second) {
            const Fragment *f = m_fragments.value(s.name);
            const Type *on = f ? m_schema.type(f->typeCondition) : nullptr;
            if (on && on->kind == Type::Kind::Object)
                variableUsages(f->selections, *on, out, visited);
        }
    }
}

void Validator::valueUsages(const Value &v, const TypeRef &type, bool hasDefault,
                            std::vector<Usage> *out)
{
    if (v.kind == Value::Kind::Variable) {
        out->emplace_back(v.text, type, hasDefault, v.at);
        return;
    }
    const TypeRef &t = unwrapNonNull(type);
    if (v.kind == Value::Kind::List && t.kind == TypeRef::Kind::List) {
        for (const Value &item : v.list)
            valueUsages(item, *t.of, false, out);
    } else if (v.kind == Value::Kind::Object && t.kind == TypeRef::Kind::Named) {
        const Type *input = m_schema.type(t.name);
        for (const auto &[name, field] : v.fields) {
            for (const InputValue &iv : input ? input->inputFields : std::vector<InputValue>{}) {
                if (iv.name == name)
                    valueUsages(field, iv.type, iv.defaultValue.has_value(), out);
            }
        }
    }
}

} // namespace gifscan::server::graphql
