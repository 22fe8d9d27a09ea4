#include "server/graphql/limits.h"

#include "server/graphql/coercion.h"
#include "server/graphql/schema.h"

#include <QHash>
#include <QJsonArray>
#include <algorithm>
#include <set>

namespace gifscan::server::graphql {

namespace {
constexpr int kIntrospectionDepth = 32;
} // namespace

namespace {
struct LimitWalk
{
    const Schema &schema;
    const QHash<QString, const Fragment *> &fragments;
    const QJsonObject &variables;
    const Limits &limits;
    const std::any &root;
    LimitCheck result;
    // Fragments within fragments expand exponentially: the walk counts what
    // it visits and gives up past this many, as over the cost limit.
    static constexpr long kMaxVisits = 100000;
    long visits = 0;

    // The root fields' names, through fragments and inline fragments.
    void rootNames(const SelectionSet &set, std::set<QString> &path, QStringList *names)
    {
        for (const Selection &s : set) {
            if (exhausted(s))
                return;
            if (s.kind == Selection::Kind::Field) {
                names->append(s.name);
            } else if (s.kind == Selection::Kind::InlineFragment) {
                rootNames(s.selections, path, names);
            } else if (const Fragment *f = fragments.value(s.name);
                       f && path.insert(s.name).second) {
                rootNames(f->selections, path, names);
                path.erase(s.name);
            }
        }
    }

    bool exhausted(const Selection &s)
    {
        if (++visits <= kMaxVisits)
            return false;
        if (result.error.isEmpty()) {
            result.error =
                QStringLiteral("The query expands to more than %1 fields, over the cost limit.")
                    .arg(kMaxVisits);
            result.at = {s.at};
        }
        return true;
    }

    // Fields below, counting this level; __schema and __type subtrees are exempt.
    // With `introspection`, those subtrees count too (for their own bound).
    int depth(const SelectionSet &set, std::set<QString> &path, bool introspection = false)
    {
        int deepest = 0;
        for (const Selection &s : set) {
            if (exhausted(s))
                return deepest;
            if (s.kind == Selection::Kind::Field) {
                if (!introspection &&
                    (s.name == QLatin1String("__schema") || s.name == QLatin1String("__type")))
                    continue;
                deepest = std::max(deepest, 1 + depth(s.selections, path, introspection));
            } else if (s.kind == Selection::Kind::InlineFragment) {
                deepest = std::max(deepest, depth(s.selections, path, introspection));
            } else if (const Fragment *f = fragments.value(s.name);
                       f && path.insert(s.name).second) {
                deepest = std::max(deepest, depth(f->selections, path, introspection));
                path.erase(s.name);
            }
        }
        return deepest;
    }

    // A field's arguments as the executor will coerce them; one it will
    // refuse is left out (the field fails before it reads anything).
    Arguments arguments(const Selection &s, const Field &def) const
    {
        Arguments args;
        for (const InputValue &a : def.args) {
            QString why;
            std::optional<QJsonValue> v;
            for (const Argument &given : s.arguments) {
                if (given.name == a.name)
                    v = coerceLiteral(schema, given.value, a.type, &variables, &why);
            }
            if (!v && why.isEmpty() && a.defaultValue)
                v = coerceLiteral(schema, *a.defaultValue, a.type, nullptr, &why);
            if (v)
                args.insert(a.name, *v);
        }
        return args;
    }

    // The nodes the selection may touch: each field once per parent, times
    // the page size of a field with a `first` argument for what is below it.
    double cost(const SelectionSet &set, const Type &parent, double times)
    {
        double total = 0;
        for (const Selection &s : set) {
            if (!result.error.isEmpty() || exhausted(s))
                return total;
            if (s.kind == Selection::Kind::InlineFragment) {
                total += cost(s.selections, parent, times);
                continue;
            }
            if (s.kind == Selection::Kind::FragmentSpread) {
                if (const Fragment *f = fragments.value(s.name))
                    total += cost(f->selections, parent, times);
                continue;
            }
            const Field *def = parent.field(s.name);
            if (!def) { // __typename and introspection: __schema at its price, others a node
                total += times * (s.name == QLatin1String("__schema") ? limits.schemaCost : 1);
                continue;
            }
            double below = times;
            const QJsonObject args = arguments(s, *def);
            double self = def->weigh ? def->weigh(root, args) : 1;
            // A list argument is read element by element (a filter's types):
            // each one is paid for, so its length has a price.
            for (const QJsonValue &v : args)
                self += v.isArray() ? static_cast<double>(v.toArray().size()) : 0;
            if (const InputValue *first = def->arg(QStringLiteral("first"))) {
                int n = limits.defaultFirst;
                for (const Argument &a : s.arguments) {
                    if (a.name != QLatin1String("first"))
                        continue;
                    QString why;
                    const auto v = coerceLiteral(schema, a.value, first->type, &variables, &why);
                    if (v && v->isDouble())
                        n = v->toInt();
                }
                if (n < 1 || n > limits.maxFirst) {
                    result.error = QStringLiteral("Argument \"first\" of field \"%1\" is %2: the "
                                                  "first limit is 1 to %3.")
                                       .arg(s.name)
                                       .arg(n)
                                       .arg(limits.maxFirst);
                    result.at = {s.at};
                    return total;
                }
                below = times * n;
            }
            total += times * self;
            if (const Type *child = schema.namedType(def->type); child && !child->isLeaf())
                total += cost(s.selections, *child, below);
        }
        return total;
    }
};
} // namespace

LimitCheck checkLimits(const Schema &schema, const Document &doc, const Operation &op,
                       const QJsonObject &variables, const Limits &limits, const std::any &root)
{
    QHash<QString, const Fragment *> fragments;
    for (const Fragment &f : doc.fragments)
        fragments.insert(f.name, &f);
    LimitWalk walk{schema, fragments, variables, limits, root, {}};
    std::set<QString> path;
    QStringList roots;
    walk.rootNames(op.selections, path, &roots);
    if (!walk.result.error.isEmpty())
        return walk.result;
    if (const auto asked = roots.count(QStringLiteral("__schema")); asked > limits.maxSchemaFields)
        return {QStringLiteral("The query asks for __schema %1 times; at most %2 per query.")
                    .arg(asked)
                    .arg(limits.maxSchemaFields),
                {op.at}};
    const bool introspectionOnly =
        !roots.isEmpty() && std::all_of(roots.begin(), roots.end(), [](const QString &name) {
            return name == QLatin1String("__schema") || name == QLatin1String("__type") ||
                   name == QLatin1String("__typename");
        });
    path.clear();
    const int depth = walk.depth(op.selections, path);
    if (!walk.result.error.isEmpty())
        return walk.result;
    if (depth > limits.maxDepth)
        return {QStringLiteral("The query is %1 fields deep, over the depth limit of %2.")
                    .arg(depth)
                    .arg(limits.maxDepth),
                {op.at}};
    // Introspection is exempt up to a depth the standard query (13) is far
    // below, not without bound.
    path.clear();
    const int full = walk.depth(op.selections, path, true);
    if (full > kIntrospectionDepth)
        return {QStringLiteral("The query is %1 fields deep with introspection, over the depth "
                               "limit of %2 for it.")
                    .arg(full)
                    .arg(kIntrospectionDepth),
                {op.at}};
    const double cost = walk.cost(op.selections, *schema.queryType(), 1);
    if (!walk.result.error.isEmpty())
        return walk.result;
    if (cost > limits.maxCost)
        return {QStringLiteral("The query may touch %1 nodes, over the cost limit of %2.")
                    .arg(static_cast<qint64>(cost))
                    .arg(limits.maxCost),
                {op.at}};
    return {{}, {}, cost, introspectionOnly};
}

} // namespace gifscan::server::graphql
