#pragma once

#include "server/graphql/schema.h"

#include <QHash>
#include <set>

namespace gifscan::server::graphql {

struct ValidationError
{
    QString message;
    std::vector<SourceLocation> at;
};

// The validation rules of October 2021's §5 that a client meets, with
// graphql-js's wording: operations (unique names, a lone anonymous one),
// fields (defined on their type, leaves without and objects with a
// selection, same-named fields the same field), arguments (known, unique,
// required ones given, literals of their type), fragments (unique, known,
// used, on object types, possible where spread, no cycles), directives
// (known, where they may be, once each) and variables (unique, of input
// types, defined, used, in positions their type allows). Any thread.
class Validator
{
public:
    explicit Validator(const Schema &schema) : m_schema(schema) {}
    std::vector<ValidationError> validate(const Document &doc);

private:
    void operation(const Operation &op);
    void fragment(const Fragment &f);
    void selections(const SelectionSet &set, const Type &parent, const QString &location);
    void fieldSelection(const Selection &s, const Type &parent);
    void arguments(const std::vector<Argument> &given, const std::vector<InputValue> &defined,
                   const QString &owner, SourceLocation at, bool isDirective);
    void directives(const std::vector<Directive> &given, const QString &location);
    void overlapping(const SelectionSet &set, const Type &parent);
    void collectForOverlap(const SelectionSet &set, const Type &parent,
                           std::vector<std::pair<const Selection *, const Type *>> *out,
                           std::set<QString> *visited);
    bool cycles(const Fragment &f, std::vector<QString> *path, std::set<QString> *done);
    void variableUsages(const SelectionSet &set, const Type &parent,
                        std::vector<std::tuple<QString, TypeRef, bool, SourceLocation>> *out,
                        std::set<QString> *visited);
    void valueUsages(const Value &v, const TypeRef &type, bool hasDefault,
                     std::vector<std::tuple<QString, TypeRef, bool, SourceLocation>> *out);
    void error(const QString &message, std::vector<SourceLocation> at);
    // __schema and __type, on the query type only.
    const Field *introspectionField(const Type &parent, const QString &name) const;

    // Fragments spread within fragments expand exponentially: what the
    // overlap rule looks at is counted, and a query past this many fields
    // is refused (as over the cost limit) instead of taking its time.
    static constexpr int kMaxVisits = 100000;
    int m_visits = 0;
    bool m_exhausted = false;

    const Schema &m_schema;
    QHash<QString, const Fragment *> m_fragments;
    std::set<QString> m_spread; // fragments spread anywhere
    std::vector<ValidationError> m_errors;
};

} // namespace gifscan::server::graphql
