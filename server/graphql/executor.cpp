#include "server/graphql/executor.h"

#include "core/support/clock.h"
#include "server/graphql/coercion.h"
#include "server/graphql/introspection.h"
#include "server/graphql/parser.h"
#include "server/graphql/validator.h"

#include <QHash>
#include <QJsonDocument>
#include <cmath>

namespace gifscan::server::graphql {

namespace {

QJsonObject errorJson(const QString &message, const std::vector<SourceLocation> &at,
                      const QJsonArray &path = {})
{
    QJsonObject e{{QStringLiteral("message"), message}};
    if (!at.empty()) {
        QJsonArray locations;
        for (const SourceLocation &l : at)
            locations.append(QJsonObject{{QStringLiteral("line"), l.line},
                                         {QStringLiteral("column"), l.column}});
        e.insert(QStringLiteral("locations"), locations);
    }
    if (!path.isEmpty())
        e.insert(QStringLiteral("path"), path);
    return e;
}

// Thrown when the response grows past Limits::maxOutputValues.
struct OutputTooLarge
{
};

// Thrown when a resolver is due past Limits::timeBudgetMs.
struct TimeBudgetSpent
{
};

// Thrown when introspection resolves past Limits::maxIntrospectionFields.
struct IntrospectionTooLarge
{
};

// One operation's execution: its fragments, coerced variables, and the
// errors met on the way.
class Execution
{
public:
    Execution(const Schema &schema, const Document &doc, const QJsonObject &variables,
              const Limits &limits)
        : m_schema(schema), m_variables(variables), m_outputLeft(limits.maxOutputValues),
          m_introspectionLeft(limits.maxIntrospectionFields),
          m_clock(limits.clock ? *limits.clock : Clock::steady()),
          m_deadlineMs(m_clock.nowMs() + limits.timeBudgetMs), m_pastDeadline(limits.pastDeadline)
    {
        for (const Fragment &f : doc.fragments)
            m_fragments.insert(f.name, &f);
    }

    QJsonArray errors;
    int introspectionFields = 0;

    std::optional<Output> selectionSet(const SelectionSet &set, const Type &type,
                                       const std::any &value, const QJsonArray &path);

private:
    using Grouped = std::vector<std::pair<QString, std::vector<const Selection *>>>;
    bool included(const std::vector<Directive> &directives) const;
    void collect(const Type &type, const SelectionSet &set, Grouped *out,
                 QHash<QString, std::size_t> *index, std::set<QString> *visited) const;
    std::optional<Output> field(const Type &parentType, const std::any &parent,
                                const std::vector<const Selection *> &fields,
                                const QJsonArray &path);
    std::optional<Output> complete(const TypeRef &type,
                                   const std::vector<const Selection *> &fields,
                                   const Resolved &value, const QJsonArray &path);
    void fail(const QString &message, const std::vector<const Selection *> &fields,
              const QJsonArray &path)
    {
        std::vector<SourceLocation> at;
        for (const Selection *s : fields)
            at.push_back(s->at);
        errors.append(errorJson(message, {at.front()}, path));
    }

    const Schema &m_schema;
    const QJsonObject &m_variables;
    QHash<QString, const Fragment *> m_fragments;
    int m_outputLeft;
    int m_introspectionLeft;
    const Clock &m_clock;
    qint64 m_deadlineMs;
    std::function<bool()> m_pastDeadline;
    bool spent() const
    {
        return m_clock.nowMs() > m_deadlineMs || (m_pastDeadline && m_pastDeadline());
    }
};

bool Execution::included(const std::vector<Directive> &directives) const
{
    for (const Directive &d : directives) {
        const bool skip = d.name == QLatin1String("skip");
        if (!skip && d.name != QLatin1String("include"))
            continue;
        for (const Argument &a : d.arguments) {
            if (a.name != QLatin1String("if"))
                continue;
            QString why;
            const auto v = coerceLiteral(
                m_schema, a.value, nonNull(named(QStringLiteral("Boolean"))), &m_variables, &why);
            const bool condition = v && v->toBool();
            if (skip == condition)
                return false;
        }
    }
    return true;
}

// §6.3.2 CollectFields: in the order the selections first name a key.
void Execution::collect(const Type &type, const SelectionSet &set, Grouped *out,
                        QHash<QString, std::size_t> *index, std::set<QString> *visited) const
{
    for (const Selection &s : set) {
        if (!included(s.directives))
            continue;
        switch (s.kind) {
        case Selection::Kind::Field: {
            // By key through an index: thousands of aliases stay linear.
            const auto at = index->constFind(s.responseKey());
            if (at == index->constEnd()) {
                index->insert(s.responseKey(), out->size());
                out->push_back({s.responseKey(), {&s}});
            } else {
                (*out)[*at].second.push_back(&s);
            }
            break;
        }
        case Selection::Kind::FragmentSpread: {
            if (!visited->insert(s.name).second)
                break;
            const Fragment *f = m_fragments.value(s.name);
            if (f && f->typeCondition == type.name)
                collect(type, f->selections, out, index, visited);
            break;
        }
        case Selection::Kind::InlineFragment:
            if (s.typeCondition.isEmpty() || s.typeCondition == type.name)
                collect(type, s.selections, out, index, visited);
            break;
        }
    }
}

std::optional<Output> Execution::selectionSet(const SelectionSet &set, const Type &type,
                                              const std::any &value, const QJsonArray &path)
{
    Grouped grouped;
    QHash<QString, std::size_t> index;
    std::set<QString> visited;
    collect(type, set, &grouped, &index, &visited);
    Output out;
    out.kind = Output::Kind::Object;
    for (const auto &[key, fields] : grouped) {
        QJsonArray fieldPath = path;
        fieldPath.append(key);
        auto v = field(type, value, fields, fieldPath);
        if (!v)
            return std::nullopt; // a non-null field is null: so is this object
        out.members.push_back({key, std::move(*v)});
    }
    return out;
}

std::optional<Output> Execution::field(const Type &parentType, const std::any &parent,
                                       const std::vector<const Selection *> &fields,
                                       const QJsonArray &path)
{
    const Selection &s = *fields.front();
    if (s.name == QLatin1String("__typename"))
        return Output::value(parentType.name);
    const Field *introspection =
        &parentType == m_schema.queryType() ? introspectionRootField(s.name) : nullptr;
    const Field *def = introspection ? introspection : parentType.field(s.name);
    if (!def) { // validation refuses this; a schema changed under a query would not
        fail(QStringLiteral("Cannot query field \"%1\" on type \"%2\".")
                 .arg(s.name, parentType.name),
             fields, path);
        return Output();
    }
    // A field that failed is null, or makes its parent null where it may not be.
    auto failed = [&](const QString &why) {
        fail(why, fields, path);
        return def->type.kind == TypeRef::Kind::NonNull ? std::nullopt
                                                        : std::optional<Output>(Output());
    };
    // §6.4.1 CoerceArgumentValues.
    Arguments args;
    for (const InputValue &a : def->args) {
        const Argument *given = nullptr;
        for (const Argument &g : s.arguments) {
            if (g.name == a.name)
                given = &g;
        }
        QString why;
        std::optional<QJsonValue> v;
        if (given)
            v = coerceLiteral(m_schema, given->value, a.type, &m_variables, &why);
        if (!v && why.isEmpty() && a.defaultValue)
            v = coerceLiteral(m_schema, *a.defaultValue, a.type, nullptr, &why);
        if (!v && why.isEmpty() && a.type.kind == TypeRef::Kind::NonNull)
            why = QStringLiteral("Argument \"%1\" of required type \"%2\" was not provided.")
                      .arg(a.name, a.type.toString());
        if (!why.isEmpty())
            return failed(why);
        if (v)
            args.insert(a.name, *v);
    }
    // Checked before each resolver of the schema, where the time goes; what
    // one resolver takes is bounded by the cost. Introspection is not: its
    // work is the schema's own, fixed and bounded by the output cap (a slow
    // machine must not refuse the standard introspection query).
    const bool introspecting = introspection || parentType.name.startsWith(QLatin1String("__"));
    if (!introspecting && spent())
        throw TimeBudgetSpent{};
    if (introspecting) {
        ++introspectionFields;
        if (--m_introspectionLeft < 0)
            throw IntrospectionTooLarge{};
    }
    Resolved resolved;
    if (introspection == nullptr) {
        try {
            resolved = def->resolve(parent, args);
        } catch (const FieldError &e) {
            return failed(e.message());
        } catch (const std::exception &) {
            // The store cut a read at the deadline: the request ran too long.
            if (spent())
                throw TimeBudgetSpent{};
            // A resolver's bug or a store that failed: this field, not the node.
            return failed(QStringLiteral("internal error"));
        }
    } else if (s.name == QLatin1String("__schema")) {
        resolved = introspectSchema(m_schema);
    } else {
        resolved = introspectType(m_schema, args.value(QStringLiteral("name")).toString());
    }
    return complete(def->type, fields, resolved, path);
}

// §6.4.3 CompleteValue; nullopt: null where the type forbids it, which
// the caller propagates (§6.4.4).
std::optional<Output> Execution::complete(const TypeRef &type,
                                          const std::vector<const Selection *> &fields,
                                          const Resolved &value, const QJsonArray &path)
{
    if (--m_outputLeft < 0)
        throw OutputTooLarge{};
    if (type.kind == TypeRef::Kind::NonNull) {
        const auto v = complete(*type.of, fields, value, path);
        if (v && v->kind == Output::Kind::Leaf && v->leaf.isNull()) {
            if (value.isNull()) // an error already said why, if a child failed
                fail(QStringLiteral("Cannot return null for non-nullable field %1.")
                         .arg(path.last().isString() ? path.last().toString()
                                                     : QString::number(path.last().toInteger())),
                     fields, path);
            return std::nullopt;
        }
        return v;
    }
    if (value.isNull())
        return Output();
    if (type.kind == TypeRef::Kind::List) {
        if (!value.isList()) {
            fail(QStringLiteral("Expected a list."), fields, path);
            return Output();
        }
        Output out;
        out.kind = Output::Kind::List;
        int i = 0;
        for (const Resolved &item : value.items()) {
            QJsonArray itemPath = path;
            itemPath.append(i++);
            auto v = complete(*type.of, fields, item, itemPath);
            if (!v)
                return Output(); // a non-null item is null: so is the list
            out.items.push_back(std::move(*v));
        }
        return out;
    }
    const Type *t = m_schema.type(type.name);
    if (!t)
        return Output();
    if (t->isLeaf()) {
        if (!value.isLeaf()) {
            fail(QStringLiteral("Expected a value of type \"%1\".").arg(t->name), fields, path);
            return Output();
        }
        const QJsonValue &v = value.leafValue();
        if (t->kind == Type::Kind::Enum) {
            for (const EnumValue &e : t->enumValues) {
                if (v.toString() == e.name)
                    return Output::value(v);
            }
            fail(
                QStringLiteral("Enum \"%1\" cannot represent value: %2").arg(t->name, v.toString()),
                fields, path);
            return Output();
        }
        if (t->name == QLatin1String("Int") &&
            (!v.isDouble() || std::abs(v.toDouble()) > 2147483647.0))
            fail(QStringLiteral("Int cannot represent non 32-bit signed integer value: %1")
                     .arg(v.toVariant().toString()),
                 fields, path);
        return Output::value(v);
    }
    if (!value.isObject()) {
        fail(QStringLiteral("Expected an object of type \"%1\".").arg(t->name), fields, path);
        return Output();
    }
    // §6.4.3 MergeSelectionSets: the sub-selections of every field of the key.
    SelectionSet merged;
    for (const Selection *s : fields)
        merged.insert(merged.end(), s->selections.begin(), s->selections.end());
    auto object = selectionSet(merged, *t, value.objectValue(), path);
    return object ? std::move(*object) : Output();
}

} // namespace

namespace {

// §6.1.1 GetOperation: the one operation, or the one named; null and why.
const Operation *getOperation(const Document &doc, const QString &name, QString *why)
{
    if (name.isEmpty()) {
        if (doc.operations.size() == 1)
            return &doc.operations.front();
        *why = QStringLiteral("Must provide operation name if query contains multiple "
                              "operations.");
        return nullptr;
    }
    const Operation *op = nullptr;
    for (const Operation &o : doc.operations) {
        if (o.name == name)
            op = &o;
    }
    if (!op)
        *why = QStringLiteral("Unknown operation named \"%1\".").arg(name);
    return op;
}

// Why a request's variables were refused, and where.
struct VariableRefusal
{
    QString message;
    SourceLocation at;
};

// §6.1.2 CoerceVariableValues: into `out`, or why not.
std::optional<VariableRefusal> coerceVariableValues(const Schema &schema, const Operation &op,
                                                    const QJsonObject &given, QJsonObject *out)
{
    for (const VariableDefinition &v : op.variables) {
        QString why;
        if (given.contains(v.name)) {
            const auto value = coerceJson(schema, given.value(v.name), v.type, &why);
            if (!value)
                return VariableRefusal{QStringLiteral("Variable \"$%1\" got invalid value %2; %3")
                                           .arg(v.name, jsonText(given.value(v.name)), why),
                                       v.at};
            out->insert(v.name, *value);
        } else if (v.defaultValue) {
            const auto value = coerceLiteral(schema, *v.defaultValue, v.type, nullptr, &why);
            if (value)
                out->insert(v.name, *value);
        } else if (v.type.kind == TypeRef::Kind::NonNull) {
            return VariableRefusal{
                QStringLiteral("Variable \"$%1\" of required type \"%2\" was not provided.")
                    .arg(v.name, v.type.toString()),
                v.at};
        }
    }
    return std::nullopt;
}

} // namespace

Response Executor::execute(const Request &request, const std::any &root,
                           const Admission &admit) const
{
    Response response;
    auto refuse = [&](const QString &message, const std::vector<SourceLocation> &at = {}) {
        response.errors.append(errorJson(message, at));
        return response;
    };
    if (request.query.toUtf8().size() > m_limits.maxQueryBytes)
        return refuse(QStringLiteral("The query is %1 bytes, over the size limit of %2 bytes.")
                          .arg(request.query.toUtf8().size())
                          .arg(m_limits.maxQueryBytes));
    Parser parser(request.query);
    const std::optional<Document> doc = parser.parseDocument();
    if (!doc)
        return refuse(parser.error(), {parser.errorAt()});

    Validator validator(m_schema);
    const std::vector<ValidationError> invalid = validator.validate(*doc);
    if (!invalid.empty()) {
        for (const ValidationError &e : invalid)
            response.errors.append(errorJson(e.message, e.at));
        return response;
    }

    // §6.1.1 GetOperation.
    QString why;
    const Operation *op = getOperation(*doc, request.operationName, &why);
    if (!op)
        return refuse(why);
    if (op->type != Operation::Type::Query)
        return refuse(QStringLiteral("Only queries are served here: the chain changes by signed "
                                     "transactions (JSON-RPC gif_sendRawTransaction)."),
                      {op->at});

    // §6.1.2 CoerceVariableValues.
    QJsonObject variables;
    if (auto refusal = coerceVariableValues(m_schema, *op, request.variables, &variables))
        return refuse(refusal->message, {refusal->at});

    const LimitCheck limits = checkLimits(m_schema, *doc, *op, variables, m_limits, root);
    if (!limits.error.isEmpty())
        return refuse(limits.error, limits.at);
    response.cost = limits.cost;
    response.introspectionOnly = limits.introspectionOnly;
    if (admit) {
        if (const QString no = admit(limits.cost); !no.isEmpty())
            return refuse(no, {op->at});
    }

    Execution execution(m_schema, *doc, variables, m_limits);
    std::optional<Output> data;
    try {
        data = execution.selectionSet(op->selections, *m_schema.queryType(), root, {});
    } catch (const OutputTooLarge &) {
        return refuse(QStringLiteral("The response would hold more than %1 values, over the cost "
                                     "limit.")
                          .arg(m_limits.maxOutputValues),
                      {op->at});
    } catch (const TimeBudgetSpent &) {
        return refuse(QStringLiteral("The query ran past the time limit of %1 ms; ask for less "
                                     "in each request.")
                          .arg(m_limits.timeBudgetMs),
                      {op->at});
    } catch (const IntrospectionTooLarge &) {
        response.introspectionFields = execution.introspectionFields;
        return refuse(QStringLiteral("The introspection would resolve more than %1 fields, over "
                                     "the cost limit for it.")
                          .arg(m_limits.maxIntrospectionFields),
                      {op->at});
    }
    response.introspectionFields = execution.introspectionFields;
    response.data = data ? std::move(*data) : Output();
    response.errors = execution.errors;
    return response;
}

} // namespace gifscan::server::graphql
