// The GraphQL executor over a small schema of its own: selections,
// fragments, variables, directives, errors with paths, null propagation,
// validation, limits and introspection, as October 2021's §4–§7 say.
#include "server/graphql/executor.h"
#include "server/graphql/introspection.h"
#include "tests/support/manualclock.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <gtest/gtest.h>

using namespace gifscan::server::graphql;
using gifscan::test::ManualClock;

namespace {

struct Person
{
    QString name;
    int age = 0;
};

Value intLiteral(int n)
{
    Value v;
    v.kind = Value::Kind::Int;
    v.text = QString::number(n);
    return v;
}

// Query { person(name: String!): Person, people(first: Int = 2): [Person!]!,
//         numbers(first: Int = 3): [Int!]!, echo(input: EchoInput, color: Color): String,
//         broken: String, brokenNonNull: String! }
// Person { name: String!, age: Int, friends(first: Int = 2): [Person!]!, boss: Person! }
const Schema &schema()
{
    static const Schema built = [] {
        Schema s;
        Type color;
        color.kind = Type::Kind::Enum;
        color.name = QStringLiteral("Color");
        color.enumValues = {{QStringLiteral("RED"), {}, {}}, {QStringLiteral("BLUE"), {}, {}}};
        s.add(color);
        Type echo;
        echo.kind = Type::Kind::InputObject;
        echo.name = QStringLiteral("EchoInput");
        echo.inputFields = {
            InputValue{QStringLiteral("text"), {}, nonNull(named(QStringLiteral("String"))), {}},
            InputValue{QStringLiteral("times"), {}, named(QStringLiteral("Int")), intLiteral(1)}};
        s.add(echo);
        auto person = [](const std::any &p) { return std::any_cast<const Person &>(p); };
        Type personType;
        personType.name = QStringLiteral("Person");
        personType.fields = {
            field(QStringLiteral("name"), nonNull(named(QStringLiteral("String"))),
                  [person](const std::any &p, const Arguments &) {
                      return Resolved::leaf(person(p).name);
                  }),
            field(QStringLiteral("age"), named(QStringLiteral("Int")),
                  [person](const std::any &p, const Arguments &) {
                      return person(p).age ? Resolved::leaf(person(p).age) : Resolved();
                  }),
            field(QStringLiteral("friends"),
                  nonNull(listOf(nonNull(named(QStringLiteral("Person"))))),
                  [person](const std::any &p, const Arguments &args) {
                      std::vector<Resolved> out;
                      for (int i = 0; i < args.value(QStringLiteral("first")).toInt(); ++i)
                          out.push_back(Resolved::object(
                              Person{person(p).name + QStringLiteral("'s friend %1").arg(i), 0}));
                      return Resolved::list(std::move(out));
                  },
                  {InputValue{
                      QStringLiteral("first"), {}, named(QStringLiteral("Int")), intLiteral(2)}}),
            field(QStringLiteral("boss"), nonNull(named(QStringLiteral("Person"))),
                  [](const std::any &, const Arguments &) -> Resolved {
                      throw FieldError(QStringLiteral("nobody is the boss"));
                  }),
        };
        s.add(personType);
        Type query;
        query.name = QStringLiteral("Query");
        query.fields = {
            field(QStringLiteral("person"), named(QStringLiteral("Person")),
                  [](const std::any &, const Arguments &args) {
                      const QString name = args.value(QStringLiteral("name")).toString();
                      return name == QLatin1String("nobody") ? Resolved()
                                                             : Resolved::object(Person{name, 42});
                  },
                  {InputValue{
                      QStringLiteral("name"), {}, nonNull(named(QStringLiteral("String"))), {}}}),
            field(QStringLiteral("numbers"), nonNull(listOf(nonNull(named(QStringLiteral("Int"))))),
                  [](const std::any &, const Arguments &args) {
                      std::vector<Resolved> out;
                      for (int i = 0; i < args.value(QStringLiteral("first")).toInt(); ++i)
                          out.push_back(i == 2 ? Resolved() : Resolved::leaf(i));
                      return Resolved::list(std::move(out));
                  },
                  {InputValue{
                      QStringLiteral("first"), {}, named(QStringLiteral("Int")), intLiteral(2)}}),
            field(QStringLiteral("echo"), named(QStringLiteral("String")),
                  [](const std::any &, const Arguments &args) {
                      return Resolved::leaf(
                          QString::fromUtf8(QJsonDocument(args).toJson(QJsonDocument::Compact)));
                  },
                  {InputValue{QStringLiteral("input"), {}, named(QStringLiteral("EchoInput")), {}},
                   InputValue{QStringLiteral("color"), {}, named(QStringLiteral("Color")), {}}}),
            field(QStringLiteral("broken"), named(QStringLiteral("String")),
                  [](const std::any &, const Arguments &) -> Resolved {
                      throw FieldError(QStringLiteral("broken on purpose"));
                  }),
            field(QStringLiteral("brokenNonNull"), nonNull(named(QStringLiteral("String"))),
                  [](const std::any &, const Arguments &) { return Resolved(); }),
        };
        s.add(query);
        s.setQueryType(QStringLiteral("Query"));
        return s;
    }();
    return built;
}

QJsonObject run(const QString &query, const QJsonObject &variables = {},
                const QString &operation = {}, Limits limits = {})
{
    const Executor executor(schema(), limits);
    return executor.execute({query, variables, operation}, std::any()).toJson();
}

QJsonObject json(const char *text)
{
    return QJsonDocument::fromJson(text).object();
}

QString messages(const QJsonObject &response)
{
    QStringList out;
    for (const auto &e : response.value(QStringLiteral("errors")).toArray())
        out.append(e[QStringLiteral("message")].toString());
    return out.join(u'\n');
}

} // namespace

TEST(GraphqlExecutor, SelectsWithAliasesFragmentsVariablesAndDirectives)
{
    const QJsonObject r = run(QStringLiteral(R"(
        query Q($who: String! = "ada", $more: Boolean = false, $n: Int) {
          me: person(name: $who) { ...Card friends(first: $n) { name } }
          other: person(name: "bob") { name ... on Person { age } ... @include(if: $more) { age } }
          person(name: "nobody") { name }
          __typename
          skipped: numbers @skip(if: true)
          numbersIfMore: numbers(first: 1) @include(if: $more)
        }
        fragment Card on Person { name age __typename })"),
                              QJsonObject{{QStringLiteral("n"), 1}});
    EXPECT_FALSE(r.contains(QStringLiteral("errors"))) << messages(r).toStdString();
    EXPECT_EQ(r.value(QStringLiteral("data")).toObject(), json(R"({
        "me": {"name": "ada", "age": 42, "__typename": "Person",
               "friends": [{"name": "ada's friend 0"}]},
        "other": {"name": "bob", "age": 42},
        "person": null,
        "__typename": "Query"})"));
}

TEST(GraphqlExecutor, ErrorsCarryPathAndLocationAndNullsPropagate)
{
    const QJsonObject r = run(QStringLiteral(
        "{\n  broken\n  person(name: \"ada\") { name boss { name } }\n  n: numbers(first: 3)\n}"));
    // The broken nullable field is null; boss is non-null, so person is;
    // the list's null item is non-null, so the list is, and numbers is
    // non-null, so the whole data is null.
    EXPECT_TRUE(r.value(QStringLiteral("data")).isNull()) << QJsonDocument(r).toJson().constData();
    const QJsonArray errors = r.value(QStringLiteral("errors")).toArray();
    ASSERT_EQ(errors.size(), 3) << QJsonDocument(r).toJson().constData();
    EXPECT_EQ(errors[0].toObject(), json(R"({"message": "broken on purpose",
        "locations": [{"line": 2, "column": 3}], "path": ["broken"]})"));
    EXPECT_EQ(errors[1][QStringLiteral("path")].toArray(),
              (QJsonArray{QStringLiteral("person"), QStringLiteral("boss")}));
    EXPECT_EQ(errors[2][QStringLiteral("path")].toArray(), (QJsonArray{QStringLiteral("n"), 2}));

    // Where nothing non-null fails, the rest of the data stays.
    const QJsonObject partial =
        run(QStringLiteral("{ broken person(name: \"ada\") { name boss { name } } }"));
    EXPECT_EQ(partial.value(QStringLiteral("data")).toObject(),
              json(R"({"broken": null, "person": null})"));
}

TEST(GraphqlExecutor, InputValuesAreCoercedFromLiteralsAndVariables)
{
    QJsonObject r = run(QStringLiteral(R"({ echo(input: {text: "hi"}, color: RED) })"));
    EXPECT_EQ(r[QStringLiteral("data")][QStringLiteral("echo")].toString(),
              QStringLiteral(R"({"color":"RED","input":{"text":"hi","times":1}})"));
    r = run(QStringLiteral("query($i: EchoInput, $c: Color) { echo(input: $i, color: $c) }"),
            json(R"({"i": {"text": "yo", "times": 3}, "c": "BLUE"})"));
    EXPECT_EQ(r[QStringLiteral("data")][QStringLiteral("echo")].toString(),
              QStringLiteral(R"({"color":"BLUE","input":{"text":"yo","times":3}})"));
    // A variable of the wrong type: a request error, no data at all.
    r = run(QStringLiteral("query($n: Int!) { numbers(first: $n) }"), json(R"({"n": "three"})"));
    EXPECT_FALSE(r.contains(QStringLiteral("data")));
    EXPECT_TRUE(messages(r).startsWith(QStringLiteral("Variable \"$n\" got invalid value")))
        << messages(r).toStdString();
    r = run(QStringLiteral("query($n: Int!) { numbers(first: $n) }"));
    EXPECT_EQ(messages(r),
              QStringLiteral("Variable \"$n\" of required type \"Int!\" was not provided."));
    r = run(QStringLiteral("query($c: Color) { echo(color: $c) }"), json(R"({"c": "GREEN"})"));
    EXPECT_TRUE(messages(r).contains(QStringLiteral("does not exist in \"Color\" enum")));
}

TEST(GraphqlExecutor, ValidationRefusesWhatTheSpecificationRefuses)
{
    const std::pair<const char *, const char *> cases[] = {
        {"{ nope }", "Cannot query field \"nope\" on type \"Query\"."},
        {"{ person { name } }",
         "Field \"person\" argument \"name\" of type \"String!\" is required, but it was not "
         "provided."},
        {"{ person(name: \"a\") }", "must have a selection of subfields"},
        {"{ broken { x } }", "must not have a selection since type \"String\" has no subfields"},
        {"{ numbers(first: \"x\") }", "Int cannot represent"},
        {"{ numbers(last: 1) }", "Unknown argument \"last\" on field \"Query.numbers\"."},
        {"query($v: Int) { broken }", "Variable \"$v\" is never used."},
        {"{ numbers(first: $v) }", "Variable \"$v\" is not defined."},
        {"query($v: String) { numbers(first: $v) }",
         "Variable \"$v\" of type \"String\" used in position expecting type \"Int\"."},
        {"query($v: Person) { broken }", "cannot be non-input type"},
        {"{ ...A } fragment A on Query { ...B } fragment B on Query { ...A }",
         "Cannot spread fragment"},
        {"{ ...Missing }", "Unknown fragment \"Missing\"."},
        {"{ broken } fragment Unused on Query { broken }", "Fragment \"Unused\" is never used."},
        {"{ ...P } fragment P on Person { name }", "can never be of type"},
        {"{ broken @nope }", "Unknown directive \"@nope\"."},
        {"query @skip(if: true) { broken }", "may not be used on QUERY"},
        {"{ a: broken a: brokenNonNull }", "are different fields"},
        {"{ n: numbers(first: 1) n: numbers(first: 2) }", "differing arguments"},
        {"query A { broken } query A { broken }", "There can be only one operation named \"A\"."},
        {"{ broken } query B { broken }", "anonymous operation must be the only"},
        {"mutation { broken }", "Schema is not configured for mutations."},
        {"{ echo(color: GREEN) }", "does not exist in \"Color\" enum"},
        {"{ echo(input: {times: 2}) }", "Field \"EchoInput.text\" of required type"},
    };
    for (const auto &[query, expected] : cases) {
        const QJsonObject r = run(QString::fromUtf8(query));
        EXPECT_FALSE(r.contains(QStringLiteral("data"))) << query;
        EXPECT_TRUE(messages(r).contains(QString::fromUtf8(expected)))
            << query << "\n  got: " << messages(r).toStdString();
        EXPECT_TRUE(r[QStringLiteral("errors")][0].toObject().contains(QStringLiteral("locations")))
            << query;
    }
}

TEST(GraphqlExecutor, LimitsAreCheckedBeforeAnythingRunsAndNamed)
{
    Limits limits;
    limits.maxDepth = 3;
    limits.maxCost = 50;
    limits.maxFirst = 10;
    limits.maxQueryBytes = 200;
    QJsonObject r = run(QStringLiteral("{ person(name: \"a\") { friends { friends { name } } } }"),
                        {}, {}, limits);
    EXPECT_TRUE(messages(r).contains(QStringLiteral("depth"))) << messages(r).toStdString();
    EXPECT_FALSE(r.contains(QStringLiteral("data")));
    r = run(QStringLiteral("{ person(name: \"a\") { friends(first: 11) { name } } }"), {}, {},
            limits);
    EXPECT_TRUE(messages(r).contains(QStringLiteral("first limit"))) << messages(r).toStdString();
    r = run(QStringLiteral("query($n: Int) { numbers(first: $n) }"), json(R"({"n": 0})"), {},
            limits);
    EXPECT_TRUE(messages(r).contains(QStringLiteral("first limit"))) << messages(r).toStdString();
    // 1 person + 10 friends + 10×10 of theirs: over 50.
    r = run(QStringLiteral(
                "{ person(name: \"a\") { friends(first: 10) { friends(first: 10) { name } } } }"),
            {}, {}, [&] {
                Limits l = limits;
                l.maxDepth = 12;
                return l;
            }());
    EXPECT_TRUE(messages(r).contains(QStringLiteral("cost limit"))) << messages(r).toStdString();
    r = run(QStringLiteral("{ broken }") + QString(300, u' '), {}, {}, limits);
    EXPECT_TRUE(messages(r).contains(QStringLiteral("size limit"))) << messages(r).toStdString();
    // Introspection is exempt from the depth limit.
    r = run(QStringLiteral(
                "{ __type(name: \"Person\") { fields { type { ofType { ofType { name } } } } } }"),
            {}, {}, limits);
    EXPECT_FALSE(r.contains(QStringLiteral("errors"))) << messages(r).toStdString();
}

TEST(GraphqlExecutor, IntrospectionDescribesTheSchema)
{
    const QJsonObject r = run(QStringLiteral(R"({
        __schema { queryType { name } mutationType { name } directives { name locations } }
        __type(name: "Person") {
          kind name
          fields { name args { name defaultValue } type { kind name ofType { kind name ofType { kind name } } } }
        }
        enum: __type(name: "Color") { kind enumValues { name } }
        input: __type(name: "EchoInput") { inputFields { name defaultValue type { kind } } }
        missing: __type(name: "Nope") { name }
    })"));
    ASSERT_FALSE(r.contains(QStringLiteral("errors"))) << messages(r).toStdString();
    const QJsonObject data = r[QStringLiteral("data")].toObject();
    EXPECT_EQ(data[QStringLiteral("__schema")][QStringLiteral("queryType")].toObject(),
              json(R"({"name": "Query"})"));
    EXPECT_TRUE(data[QStringLiteral("__schema")][QStringLiteral("mutationType")].isNull());
    const QJsonObject person = data[QStringLiteral("__type")].toObject();
    EXPECT_EQ(person[QStringLiteral("kind")].toString(), QStringLiteral("OBJECT"));
    const QJsonObject friends = person[QStringLiteral("fields")].toArray()[2].toObject();
    EXPECT_EQ(friends, json(R"({"name": "friends", "args": [{"name": "first", "defaultValue": "2"}],
        "type": {"kind": "NON_NULL", "name": null, "ofType": {"kind": "LIST", "name": null,
                 "ofType": {"kind": "NON_NULL", "name": null}}}})"));
    EXPECT_EQ(data[QStringLiteral("enum")].toObject(),
              json(R"({"kind": "ENUM", "enumValues": [{"name": "RED"}, {"name": "BLUE"}]})"));
    EXPECT_EQ(data[QStringLiteral("input")][QStringLiteral("inputFields")][1].toObject(),
              json(R"({"name": "times", "defaultValue": "1", "type": {"kind": "SCALAR"}})"));
    EXPECT_TRUE(data[QStringLiteral("missing")].isNull());
}

// The query GraphiQL and graphql-js's buildClientSchema send, whole.
TEST(GraphqlExecutor, TheStandardIntrospectionQueryPassesValidationAndLimits)
{
    const QJsonObject r =
        run(QString::fromLatin1(gifscan::server::graphql::standardIntrospectionQuery()));
    ASSERT_FALSE(r.contains(QStringLiteral("errors"))) << messages(r).toStdString();
    QStringList names;
    for (const auto &t :
         r[QStringLiteral("data")][QStringLiteral("__schema")][QStringLiteral("types")].toArray())
        names.append(t[QStringLiteral("name")].toString());
    for (const char *expected : {"Query", "Person", "Color", "EchoInput", "String", "Int",
                                 "Boolean", "__Schema", "__Type", "__TypeKind"})
        EXPECT_TRUE(names.contains(QLatin1String(expected))) << expected;
}

// Fragments that spread the next one twice expand to 2^n fields: refused
// in a moment as over the cost limit, not validated or executed at length.
TEST(GraphqlExecutor, ExponentialFragmentsAreRefusedQuickly)
{
    QString query = QStringLiteral("{ ...F0 }\n");
    const int n = 40;
    for (int i = 0; i < n; ++i)
        query += QStringLiteral("fragment F%1 on Query { a%1: broken ...F%2 b%1: broken ...F%2 }\n")
                     .arg(i)
                     .arg(i + 1);
    query += QStringLiteral("fragment F%1 on Query { broken }\n").arg(n);
    QJsonObject r = run(query);
    EXPECT_FALSE(r.contains(QStringLiteral("data")));
    EXPECT_TRUE(messages(r).contains(QStringLiteral("cost limit"))) << messages(r).toStdString();

    // The same through objects: each level's two fields hold the next fragment.
    query = QStringLiteral("{ person(name: \"a\") { ...P0 } }\n");
    for (int i = 0; i < n; ++i)
        query +=
            QStringLiteral("fragment P%1 on Person { friends { ...P%2 } f: friends { ...P%2 } }\n")
                .arg(i)
                .arg(i + 1);
    query += QStringLiteral("fragment P%1 on Person { name }\n").arg(n);
    r = run(query);
    EXPECT_FALSE(r.contains(QStringLiteral("data")));
    EXPECT_TRUE(messages(r).contains(QStringLiteral("cost limit")) ||
                messages(r).contains(QStringLiteral("depth limit")))
        << messages(r).toStdString();
}

// §7.2.2: the response keeps the order the query asked for, not Qt's
// sorted keys.
TEST(GraphqlExecutor, TheResponseKeepsTheOrderTheQueryAsked)
{
    const Executor executor(schema(), {});
    const Response r = executor.execute(
        {QStringLiteral("{ zulu: __typename person(name: \"ada\") { name age } alpha: broken }"),
         {},
         {}},
        std::any());
    EXPECT_EQ(r.toBytes().toStdString(),
              QByteArrayLiteral("{\"errors\":[{\"locations\":[{\"column\":53,\"line\":1}],"
                                "\"message\":\"broken on purpose\",\"path\":[\"alpha\"]}],"
                                "\"data\":{\"zulu\":\"Query\",\"person\":{\"name\":\"ada\","
                                "\"age\":42},\"alpha\":null}}")
                  .toStdString());
}

// What an attacker's review found: each refused in words, quickly.
TEST(GraphqlExecutor, HostileShapesAreRefusedNotRecursedOrSpunOn)
{
    // A fragment that spreads itself below a field: a cycle, reported alone
    // (the other rules would expand it without end).
    QJsonObject r = run(QStringLiteral("{ person(name: \"a\") { ...P } } "
                                       "fragment P on Person { friends { ...P } }"));
    EXPECT_EQ(messages(r), QStringLiteral("Cannot spread fragment \"P\" within itself."));
    r = run(QStringLiteral("{ __type(name: \"Person\") { ...T } } "
                           "fragment T on __Type { ofType { ...T } }"));
    EXPECT_TRUE(messages(r).contains(QStringLiteral("within itself"))) << messages(r).toStdString();
    // __typename costs a node like any field, and takes no arguments.
    QString many = QStringLiteral("{ person(name: \"a\") { friends(first: 10) { ");
    for (int i = 0; i < 1000; ++i)
        many += QStringLiteral("t%1: __typename ").arg(i);
    many += QStringLiteral("} } }");
    r = run(many);
    EXPECT_TRUE(messages(r).contains(QStringLiteral("cost limit"))) << messages(r).toStdString();
    r = run(QStringLiteral("{ __typename(x: 1) }"));
    EXPECT_TRUE(messages(r).contains(QStringLiteral("Unknown argument \"x\"")))
        << messages(r).toStdString();
    // Introspection's own depth is bounded too.
    QString deep = QStringLiteral("{ __type(name: \"Person\") { ");
    for (int i = 0; i < 40; ++i)
        deep += QStringLiteral("ofType { ");
    deep += QStringLiteral("name") + QString(41, u'}') + QStringLiteral(" }");
    r = run(deep);
    EXPECT_TRUE(messages(r).contains(QStringLiteral("depth limit"))) << messages(r).toStdString();
    // Whatever an estimate misses, the response itself is bounded.
    Limits small;
    small.maxOutputValues = 50;
    r = run(QStringLiteral("{ __schema { types { name fields { name } } } }"), {}, {}, small);
    EXPECT_FALSE(r.contains(QStringLiteral("data")));
    EXPECT_TRUE(messages(r).contains(QStringLiteral("more than 50 values")))
        << messages(r).toStdString();
}

namespace {
// Query { scan(size: Int!): Int, slow: Int }: `scan` weighs what its size
// says; `slow` takes 100 ms of the test's clock.
Schema timedSchema(ManualClock &clock)
{
    Schema s;
    Type query;
    query.name = QStringLiteral("Query");
    query.fields = {
        field(
            QStringLiteral("scan"), named(QStringLiteral("Int")),
            [](const std::any &, const Arguments &args) {
                return Resolved::leaf(args.value(QStringLiteral("size")));
            },
            {InputValue{QStringLiteral("size"), {}, nonNull(named(QStringLiteral("Int"))), {}}}, {},
            [](const std::any &root, const Arguments &args) {
                return std::any_cast<int>(root) * args.value(QStringLiteral("size")).toDouble();
            }),
        field(QStringLiteral("slow"), named(QStringLiteral("Int")),
              [&clock](const std::any &, const Arguments &) {
                  clock.advance(100);
                  return Resolved::leaf(1);
              }),
    };
    s.add(query);
    s.setQueryType(QStringLiteral("Query"));
    return s;
}
} // namespace

// A field that reads more than itself weighs what it reads: the attacker's
// 1,400 cheap-looking scans were 2,800 nodes by field count alone.
TEST(GraphqlExecutor, AFieldWeighsWhatItReadsWithItsArgumentsAndTheRoot)
{
    ManualClock clock;
    const Schema s = timedSchema(clock);
    const Executor executor(s, {});
    const QString query = QStringLiteral("query($n: Int!) { a: scan(size: $n) b: scan(size: 10) }");
    double admitted = 0;
    auto admit = [&](double cost) {
        admitted = cost;
        return QString();
    };
    // The root is a multiplier here: the weigher sees it and the variables.
    Response r = executor.execute({query, {{QStringLiteral("n"), 2000}}, {}}, 2, admit);
    ASSERT_TRUE(r.data) << messages(r.toJson()).toStdString();
    EXPECT_EQ(admitted, 4020);
    EXPECT_EQ(r.cost, 4020);
    r = executor.execute({query, {{QStringLiteral("n"), 2500}}, {}}, 2, admit);
    EXPECT_FALSE(r.data);
    EXPECT_EQ(messages(r.toJson()),
              QStringLiteral("The query may touch 5020 nodes, over the cost limit of 5000."));
    // Admission sees the cost and may refuse in its own words.
    r = executor.execute({query, {{QStringLiteral("n"), 1}}, {}}, 1,
                         [](double cost) { return QStringLiteral("no, %1").arg(cost); });
    EXPECT_FALSE(r.data);
    EXPECT_EQ(messages(r.toJson()), QStringLiteral("no, 11"));
}

// What no estimate foresees is cut by time: execution stops at the first
// resolver due past the budget, and says so.
TEST(GraphqlExecutor, ExecutionStopsPastItsTimeBudget)
{
    ManualClock clock;
    const Schema s = timedSchema(clock);
    Limits limits;
    limits.clock = &clock;
    limits.timeBudgetMs = 250;
    const Executor executor(s, limits);
    // Resolvers start at 0, 100 and 200 ms: within the budget.
    Response r = executor.execute({QStringLiteral("{ a: slow b: slow c: slow }"), {}, {}}, 1);
    ASSERT_TRUE(r.data) << messages(r.toJson()).toStdString();
    EXPECT_EQ(r.toJson()[QStringLiteral("data")][QStringLiteral("c")].toInt(), 1);
    // The fourth would start at 300 ms.
    r = executor.execute({QStringLiteral("{ a: slow b: slow c: slow d: slow }"), {}, {}}, 1);
    EXPECT_FALSE(r.data);
    EXPECT_EQ(messages(r.toJson()), QStringLiteral("The query ran past the time limit of 250 ms; "
                                                   "ask for less in each request."));
}
