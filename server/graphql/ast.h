#pragma once

#include <QString>
#include <memory>
#include <optional>
#include <utility>
#include <vector>

// An executable GraphQL document as the October 2021 specification's
// grammar (§2) describes it: operations and fragments, their selections,
// arguments, directives and literal values, each with where it began in the
// source (for errors' "locations"). Plain values: any thread may copy them.
namespace gifscan::server::graphql {

// 1-based, in UTF-16 code units as graphql-js counts them.
struct SourceLocation
{
    int line = 0;
    int column = 0;
    friend bool operator==(const SourceLocation &, const SourceLocation &) = default;
};

struct ObjectField;

struct Value
{
    enum class Kind { Variable, Int, Float, String, Boolean, Null, Enum, List, Object };
    Kind kind = Kind::Null;
    QString text; // the variable's or enum's name, the number as written, the string's value
    bool boolean = false;
    std::vector<Value> list;
    std::vector<ObjectField> fields; // an input object, in source order
    SourceLocation at;
};

// One field of an input object literal (a struct, not a std::pair: a pair
// of a type still being defined is not allowed).
struct ObjectField
{
    QString name;
    Value value;
};

// Named, [of] or of! : what a variable is declared as.
struct TypeRef
{
    enum class Kind { Named, List, NonNull };
    Kind kind = Kind::Named;
    QString name; // Named only
    std::shared_ptr<const TypeRef> of;
    QString toString() const;
};

struct Argument
{
    QString name;
    Value value;
    SourceLocation at;
};

struct Directive
{
    QString name;
    std::vector<Argument> arguments;
    SourceLocation at;
};

struct Selection;
using SelectionSet = std::vector<Selection>;

struct Selection
{
    enum class Kind { Field, FragmentSpread, InlineFragment };
    Kind kind = Kind::Field;
    QString alias;         // a field's, when given
    QString name;          // the field's, or the spread fragment's
    QString typeCondition; // an inline fragment's "on Type" (may be empty)
    std::vector<Argument> arguments;
    std::vector<Directive> directives;
    SelectionSet selections;
    SourceLocation at;

    const QString &responseKey() const { return alias.isEmpty() ? name : alias; }
};

struct VariableDefinition
{
    QString name;
    TypeRef type;
    std::optional<Value> defaultValue;
    std::vector<Directive> directives;
    SourceLocation at;
};

struct Operation
{
    enum class Type { Query, Mutation, Subscription };
    Type type = Type::Query;
    QString name; // empty: anonymous
    std::vector<VariableDefinition> variables;
    std::vector<Directive> directives;
    SelectionSet selections;
    SourceLocation at;
};

struct Fragment
{
    QString name;
    QString typeCondition;
    std::vector<Directive> directives;
    SelectionSet selections;
    SourceLocation at;
};

struct Document
{
    std::vector<Operation> operations;
    std::vector<Fragment> fragments;
};

} // namespace gifscan::server::graphql
