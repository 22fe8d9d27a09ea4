// GraphQL's language (October 2021, §2) as the devnet's executor reads it:
// every construct a client sends, the spec's block-string rule, and errors
// with the locations clients show.
#include "server/graphql/introspection.h"
#include "server/graphql/parser.h"

#include <QStringList>
#include <gtest/gtest.h>

using namespace gifscan::server::graphql;

namespace {
Document parse(const QString &text)
{
    Parser p(text);
    auto doc = p.parseDocument();
    EXPECT_TRUE(doc.has_value()) << p.error().toStdString() << " at " << p.errorAt().line << ":"
                                 << p.errorAt().column;
    return doc.value_or(Document{});
}

struct Refusal
{
    QString message;
    SourceLocation at;
};
Refusal refuse(const QString &text)
{
    Parser p(text);
    EXPECT_FALSE(p.parseDocument().has_value()) << text.toStdString();
    return {p.error(), p.errorAt()};
}

} // namespace

TEST(GraphqlParser, ReadsTheIntrospectionQueryGraphiQLSends)
{
    const Document doc =
        parse(QString::fromLatin1(gifscan::server::graphql::standardIntrospectionQuery()));
    ASSERT_EQ(doc.operations.size(), 1U);
    EXPECT_EQ(doc.operations[0].name, QStringLiteral("IntrospectionQuery"));
    ASSERT_EQ(doc.fragments.size(), 3U);
    EXPECT_EQ(doc.fragments[0].name, QStringLiteral("FullType"));
    EXPECT_EQ(doc.fragments[0].typeCondition, QStringLiteral("__Type"));
    const Selection &schema = doc.operations[0].selections[0];
    EXPECT_EQ(schema.name, QStringLiteral("__schema"));
    EXPECT_EQ(schema.selections[3].selections[0].kind, Selection::Kind::FragmentSpread);
    EXPECT_EQ(schema.selections[3].selections[0].name, QStringLiteral("FullType"));
    EXPECT_EQ(doc.fragments[0].selections[3].arguments[0].value.kind, Value::Kind::Boolean);
}

TEST(GraphqlParser, EveryConstructOfAnExecutableDocument)
{
    const Document doc = parse(QStringLiteral(
        "\xFEFF# a comment, then the byte order mark's absence matters not\r\n"
        "query Objects($slug: String! = \"pixel-cats\", $first: Int = 10, $traits: [TraitInput!],\n"
        "              $height: Int @deprecated) @live {\n"
        "  head: head { height }\n"
        "  list: objects(collection: $slug, first: $first, traits: $traits,\n"
        "                where: {price: 1.5e3, ids: [1, -2, 0], name: null, sort: PRICE, on: "
        "true}) {\n"
        "    edges { node { ...Card @include(if: true) } }\n"
        "    ... on ObjectConnection { pageInfo { hasNextPage } }\n"
        "    ... @skip(if: false) { totalCount }\n"
        "  }\n"
        "}\n"
        "fragment Card on Object { key, owner }\n"
        "{ anonymous }\n"
        "mutation M { m }\n"));
    ASSERT_EQ(doc.operations.size(), 3U);
    const Operation &op = doc.operations[0];
    EXPECT_EQ(op.type, Operation::Type::Query);
    ASSERT_EQ(op.variables.size(), 4U);
    EXPECT_EQ(op.variables[0].type.toString(), QStringLiteral("String!"));
    EXPECT_EQ(op.variables[0].defaultValue->text, QStringLiteral("pixel-cats"));
    EXPECT_EQ(op.variables[2].type.toString(), QStringLiteral("[TraitInput!]"));
    EXPECT_EQ(op.variables[3].directives[0].name, QStringLiteral("deprecated"));
    EXPECT_EQ(op.directives[0].name, QStringLiteral("live"));
    EXPECT_EQ(op.at, (SourceLocation{2, 1})) << "the comment and CRLF count as a line";
    const Selection &head = op.selections[0];
    EXPECT_EQ(head.alias, QStringLiteral("head"));
    EXPECT_EQ(head.responseKey(), QStringLiteral("head"));
    const Selection &list = op.selections[1];
    EXPECT_EQ(list.alias, QStringLiteral("list"));
    EXPECT_EQ(list.name, QStringLiteral("objects"));
    ASSERT_EQ(list.arguments.size(), 4U);
    EXPECT_EQ(list.arguments[0].value.kind, Value::Kind::Variable);
    EXPECT_EQ(list.arguments[0].value.text, QStringLiteral("slug"));
    const Value &where = list.arguments[3].value;
    ASSERT_EQ(where.kind, Value::Kind::Object);
    ASSERT_EQ(where.fields.size(), 5U);
    EXPECT_EQ(where.fields[0].value.kind, Value::Kind::Float);
    EXPECT_EQ(where.fields[0].value.text, QStringLiteral("1.5e3"));
    ASSERT_EQ(where.fields[1].value.list.size(), 3U);
    EXPECT_EQ(where.fields[1].value.list[1].text, QStringLiteral("-2"));
    EXPECT_EQ(where.fields[2].value.kind, Value::Kind::Null);
    EXPECT_EQ(where.fields[3].value.kind, Value::Kind::Enum);
    EXPECT_EQ(where.fields[4].name, QStringLiteral("on")) << "keywords are names elsewhere";
    EXPECT_EQ(list.selections[1].kind, Selection::Kind::InlineFragment);
    EXPECT_EQ(list.selections[1].typeCondition, QStringLiteral("ObjectConnection"));
    EXPECT_EQ(list.selections[2].kind, Selection::Kind::InlineFragment);
    EXPECT_TRUE(list.selections[2].typeCondition.isEmpty());
    EXPECT_EQ(list.selections[2].directives[0].name, QStringLiteral("skip"));
    EXPECT_EQ(doc.operations[1].name, QString());
    EXPECT_EQ(doc.operations[2].type, Operation::Type::Mutation);
    EXPECT_EQ(doc.fragments[0].selections.size(), 2U) << "commas are ignored";
}

TEST(GraphqlParser, StringsEscapesAndBlockStringsAsTheSpecDefinesThem)
{
    const Document doc = parse(QStringLiteral(
        R"({ f(a: "tab\tquote\" slash\/ \u00e9\u20AC", b: """
            Hello,
              World!

            Yours,
              GraphQL.
        """, c: """ \""" """, d: "") })"));
    const auto &args = doc.operations[0].selections[0].arguments;
    EXPECT_EQ(args[0].value.text, QStringLiteral("tab\tquote\" slash/ \u00e9\u20AC"));
    // §2.9.4's own example: the common indentation and blank edges go.
    EXPECT_EQ(args[1].value.text, QStringLiteral("Hello,\n  World!\n\nYours,\n  GraphQL."));
    EXPECT_EQ(args[2].value.text, QStringLiteral(" \"\"\" ")) << "a first line keeps its spaces";
    EXPECT_EQ(args[3].value.text, QString());
}

TEST(GraphqlParser, ErrorsSayWhatAndWhere)
{
    auto f = refuse(QStringLiteral("{ a(b: 1"));
    EXPECT_EQ(f.message, QStringLiteral("Syntax Error: Expected Name, found <EOF>."));
    EXPECT_EQ(f.at, (SourceLocation{1, 9}));
    f = refuse(QStringLiteral("query {\n}"));
    EXPECT_EQ(f.message, QStringLiteral("Syntax Error: Unexpected \"}\"."));
    EXPECT_EQ(f.at, (SourceLocation{2, 1}));
    f = refuse(QStringLiteral("{ a(b: 012) }"));
    EXPECT_TRUE(f.message.contains(QStringLiteral("unexpected digit after 0")))
        << f.message.toStdString();
    EXPECT_EQ(f.at, (SourceLocation{1, 9}));
    f = refuse(QStringLiteral("{ a(b: 1.) }"));
    EXPECT_TRUE(f.message.startsWith(QStringLiteral("Syntax Error: Invalid number")));
    f = refuse(QStringLiteral("{ a(b: 1x) }"));
    EXPECT_TRUE(f.message.startsWith(QStringLiteral("Syntax Error: Invalid number")));
    f = refuse(QStringLiteral("{ a(b: \"open) }"));
    EXPECT_EQ(f.message, QStringLiteral("Syntax Error: Unterminated string."));
    f = refuse(QStringLiteral("{ a(b: \"\\x\") }"));
    EXPECT_TRUE(f.message.contains(QStringLiteral("escape sequence")));
    f = refuse(QStringLiteral("{ a(b: \"\\u12G4\") }"));
    EXPECT_TRUE(f.message.contains(QStringLiteral("Unicode escape")));
    f = refuse(QStringLiteral("{ a \u0007 }"));
    EXPECT_EQ(f.message, QStringLiteral("Syntax Error: Invalid character: U+0007."));
    f = refuse(QString());
    EXPECT_EQ(f.message, QStringLiteral("Syntax Error: Unexpected <EOF>."));
    f = refuse(QStringLiteral("{ a(b: $v) } query Q($v: Int = $w) { a }"));
    EXPECT_EQ(f.message, QStringLiteral("Syntax Error: Unexpected \"$\"."))
        << "defaults are constant";
    f = refuse(QStringLiteral("fragment on on T { a }"));
    EXPECT_EQ(f.message, QStringLiteral("Syntax Error: Unexpected Name \"on\"."));
    f = refuse(QStringLiteral("type Query { a: Int }"));
    EXPECT_TRUE(f.message.contains(QStringLiteral("type system definition")));
    f = refuse(QStringLiteral("{ a } ."));
    EXPECT_EQ(f.message, QStringLiteral("Syntax Error: Unexpected \".\"."));
}

// Hostile nesting is refused in words, not by the stack running out.
TEST(GraphqlParser, DeepNestingIsRefusedNotRecursedInto)
{
    const QStringList hostile{QString(QStringLiteral("{ a(b: ") + QString(20000, u'[') +
                                      QString(20000, u']') + QStringLiteral(") }")),
                              QStringLiteral("{a").repeated(20000),
                              QString(QStringLiteral("query($v: ") + QString(20000, u'['))};
    for (const QString &text : hostile) {
        const Refusal f = refuse(text);
        EXPECT_TRUE(f.message.contains(QStringLiteral("nests deeper"))) << f.message.toStdString();
    }
    // Within the bound it parses.
    const QString deep =
        QStringLiteral("{ a(b: ") + QString(100, u'[') + QString(100, u']') + QStringLiteral(") }");
    parse(deep);
}
