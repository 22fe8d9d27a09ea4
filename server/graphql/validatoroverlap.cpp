// The validator's overlap rule (§5.3.2, "field selection merging"), apart
// from the rest of validator.cpp for its length.
#include "server/graphql/introspection.h"
#include "server/graphql/validator.h"

#include <QStringList>

namespace gifscan::server::graphql {

namespace {
QString argumentsKey(const std::vector<Argument> &args)
{
    QStringList parts;
    for (const Argument &a : args)
        parts.append(a.name + QLatin1Char(':') + printValue(a.value));
    parts.sort();
    return parts.join(u',');
}
} // namespace

// §5.3.2, for a schema of object types only: fields under one response key
// at one level are the same field with the same arguments.
void Validator::overlapping(const SelectionSet &set, const Type &parent)
{
    if (m_exhausted)
        return;
    std::vector<std::pair<const Selection *, const Type *>> fields;
    std::set<QString> visited;
    collectForOverlap(set, parent, &fields, &visited);
    // By response key, each compared with the first of its key: equality is
    // transitive, and a query of thousands of fields stays linear.
    QHash<QString, std::vector<std::pair<const Selection *, const Type *>>> byKey;
    QStringList order;
    for (const auto &f : fields) {
        auto &bucket = byKey[f.first->responseKey()];
        if (bucket.empty())
            order.append(f.first->responseKey());
        bucket.push_back(f);
    }
    for (const QString &key : order) {
        const auto &bucket = byKey[key];
        const Selection &a = *bucket.front().first;
        const QString aArguments = bucket.size() > 1 ? argumentsKey(a.arguments) : QString();
        for (std::size_t j = 1; j < bucket.size(); ++j) {
            const Selection &b = *bucket[j].first;
            if (a.name != b.name)
                error(QStringLiteral("Fields \"%1\" conflict because \"%2\" and \"%3\" are "
                                     "different fields. Use different aliases on the fields to "
                                     "fetch both if this was intentional.")
                          .arg(key, a.name, b.name),
                      {a.at, b.at});
            else if (aArguments != argumentsKey(b.arguments))
                error(QStringLiteral("Fields \"%1\" conflict because they have differing "
                                     "arguments. Use different aliases on the fields to fetch "
                                     "both if this was intentional.")
                          .arg(key),
                      {a.at, b.at});
        }
        // And the field's own sub-selections, merged across the key.
        const Type &type = *bucket.front().second;
        const Field *def = type.field(a.name);
        if (!def)
            def = introspectionField(type, a.name);
        const Type *child = def ? m_schema.namedType(def->type) : nullptr;
        if (!child || child->isLeaf())
            continue;
        SelectionSet merged;
        for (const auto &[other, otherType] : bucket)
            merged.insert(merged.end(), other->selections.begin(), other->selections.end());
        overlapping(merged, *child);
    }
}

void Validator::collectForOverlap(const SelectionSet &set, const Type &parent,
                                  std::vector<std::pair<const Selection *, const Type *>> *out,
                                  std::set<QString> *visited)
{
    for (const Selection &s : set) {
        if (m_exhausted)
            return;
        if (++m_visits > kMaxVisits) {
            m_exhausted = true;
            error(QStringLiteral("The query expands to more than %1 fields, over the cost limit.")
                      .arg(kMaxVisits),
                  {s.at});
            return;
        }
        if (s.kind == Selection::Kind::Field) {
            out->emplace_back(&s, &parent);
        } else if (s.kind == Selection::Kind::InlineFragment) {
            collectForOverlap(s.selections, parent, out, visited);
        } else if (visited->insert(s.name).second) {
            if (const Fragment *f = m_fragments.value(s.name))
                collectForOverlap(f->selections, parent, out, visited);
        }
    }
}

} // namespace gifscan::server::graphql
