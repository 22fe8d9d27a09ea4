#include "server/graphql/parser.h"

namespace gifscan::server::graphql {

namespace {
QString tokenDescription(const Token &t)
{
    switch (t.kind) {
    case Token::Kind::End:
        return QStringLiteral("<EOF>");
    case Token::Kind::Punctuator:
        return QStringLiteral("\"%1\"").arg(t.text);
    case Token::Kind::Name:
        return QStringLiteral("Name \"%1\"").arg(t.text);
    case Token::Kind::Int:
        return QStringLiteral("Int \"%1\"").arg(t.text);
    case Token::Kind::Float:
        return QStringLiteral("Float \"%1\"").arg(t.text);
    case Token::Kind::String:
        return QStringLiteral("String");
    }
    return {};
}
} // namespace

QString TypeRef::toString() const
{
    switch (kind) {
    case Kind::Named:
        return name;
    case Kind::List:
        return QLatin1Char('[') + (of ? of->toString() : QString()) + QLatin1Char(']');
    case Kind::NonNull:
        return (of ? of->toString() : QString()) + QLatin1Char('!');
    }
    return name;
}

bool Parser::fail(const QString &message, SourceLocation at)
{
    if (m_error.isEmpty()) {
        m_error = message;
        m_errorAt = at;
    }
    return false;
}

bool Parser::unexpected()
{
    return fail(QStringLiteral("Syntax Error: Unexpected %1.").arg(tokenDescription(m_token)),
                m_token.at);
}

bool Parser::advance()
{
    if (!m_lexer.next(&m_token))
        return fail(m_lexer.error(), m_lexer.errorAt());
    return true;
}

bool Parser::enter()
{
    if (++m_nesting > kMaxNesting)
        return fail(QStringLiteral("Syntax Error: The document nests deeper than %1 levels.")
                        .arg(kMaxNesting),
                    m_token.at);
    return true;
}

bool Parser::expect(QStringView punctuator)
{
    if (!m_token.isPunctuator(punctuator))
        return fail(QStringLiteral("Syntax Error: Expected \"%1\", found %2.")
                        .arg(punctuator.toString(), tokenDescription(m_token)),
                    m_token.at);
    return advance();
}

bool Parser::expectName(QString *name)
{
    if (m_token.kind != Token::Kind::Name)
        return fail(
            QStringLiteral("Syntax Error: Expected Name, found %1.").arg(tokenDescription(m_token)),
            m_token.at);
    *name = m_token.text;
    return advance();
}

bool Parser::expectKeyword(QStringView keyword)
{
    if (!m_token.is(Token::Kind::Name, keyword))
        return fail(QStringLiteral("Syntax Error: Expected \"%1\", found %2.")
                        .arg(keyword.toString(), tokenDescription(m_token)),
                    m_token.at);
    return advance();
}

std::optional<Document> Parser::parseDocument()
{
    Document doc;
    if (!advance())
        return std::nullopt;
    if (m_token.kind == Token::Kind::End) {
        fail(QStringLiteral("Syntax Error: Unexpected <EOF>."), m_token.at);
        return std::nullopt;
    }
    while (m_token.kind != Token::Kind::End) {
        if (m_token.isPunctuator(u"{") || m_token.is(Token::Kind::Name, u"query") ||
            m_token.is(Token::Kind::Name, u"mutation") ||
            m_token.is(Token::Kind::Name, u"subscription")) {
            Operation op;
            if (!parseOperation(&op))
                return std::nullopt;
            doc.operations.push_back(std::move(op));
        } else if (m_token.is(Token::Kind::Name, u"fragment")) {
            Fragment f;
            if (!parseFragment(&f))
                return std::nullopt;
            doc.fragments.push_back(std::move(f));
        } else if (m_token.kind == Token::Kind::Name || m_token.kind == Token::Kind::String) {
            // schema, type, directive, extend …: a type system definition
            // (or a description before one), which a service does not execute.
            fail(QStringLiteral("The document holds a type system definition; only operations "
                                "and fragments can be executed."),
                 m_token.at);
            return std::nullopt;
        } else {
            unexpected();
            return std::nullopt;
        }
    }
    return doc;
}

bool Parser::parseOperation(Operation *op)
{
    op->at = m_token.at;
    if (m_token.isPunctuator(u"{")) // the query shorthand
        return parseSelectionSet(&op->selections);
    const QString type = m_token.text;
    op->type = type == QLatin1String("mutation")       ? Operation::Type::Mutation
               : type == QLatin1String("subscription") ? Operation::Type::Subscription
                                                       : Operation::Type::Query;
    if (!advance())
        return false;
    if (m_token.kind == Token::Kind::Name && !expectName(&op->name))
        return false;
    if (m_token.isPunctuator(u"(") && !parseVariableDefinitions(&op->variables))
        return false;
    return parseDirectives(&op->directives, false) && parseSelectionSet(&op->selections);
}

bool Parser::parseFragment(Fragment *fragment)
{
    fragment->at = m_token.at;
    if (!advance())
        return false;
    if (m_token.is(Token::Kind::Name, u"on"))
        return fail(QStringLiteral("Syntax Error: Unexpected Name \"on\"."), m_token.at);
    return expectName(&fragment->name) && expectKeyword(u"on") &&
           expectName(&fragment->typeCondition) && parseDirectives(&fragment->directives, false) &&
           parseSelectionSet(&fragment->selections);
}

bool Parser::parseVariableDefinitions(std::vector<VariableDefinition> *out)
{
    if (!expect(u"("))
        return false;
    if (m_token.isPunctuator(u")"))
        return unexpected(); // at least one definition between the parentheses
    while (!m_token.isPunctuator(u")")) {
        VariableDefinition v;
        v.at = m_token.at;
        if (!expect(u"$") || !expectName(&v.name) || !expect(u":") || !parseType(&v.type))
            return false;
        if (m_token.isPunctuator(u"=")) {
            if (!advance())
                return false;
            Value value;
            if (!parseValue(&value, true))
                return false;
            v.defaultValue = std::move(value);
        }
        if (!parseDirectives(&v.directives, true))
            return false;
        out->push_back(std::move(v));
    }
    return advance();
}

bool Parser::parseType(TypeRef *type)
{
    if (!enter())
        return false;
    if (m_token.isPunctuator(u"[")) {
        if (!advance())
            return false;
        auto inner = std::make_shared<TypeRef>();
        if (!parseType(inner.get()) || !expect(u"]"))
            return false;
        type->kind = TypeRef::Kind::List;
        type->of = std::move(inner);
    } else {
        type->kind = TypeRef::Kind::Named;
        if (!expectName(&type->name))
            return false;
    }
    if (m_token.isPunctuator(u"!")) {
        auto inner = std::make_shared<TypeRef>(*type);
        *type = TypeRef{TypeRef::Kind::NonNull, {}, std::move(inner)};
        if (!advance())
            return false;
    }
    leave();
    return true;
}

bool Parser::parseSelectionSet(SelectionSet *out)
{
    if (!enter() || !expect(u"{"))
        return false;
    if (m_token.isPunctuator(u"}"))
        return unexpected(); // a selection set selects something
    while (!m_token.isPunctuator(u"}")) {
        Selection s;
        if (!parseSelection(&s))
            return false;
        out->push_back(std::move(s));
    }
    leave();
    return advance();
}

bool Parser::parseSelection(Selection *out)
{
    out->at = m_token.at;
    if (m_token.isPunctuator(u"...")) {
        if (!advance())
            return false;
        if (m_token.kind == Token::Kind::Name && m_token.text != QLatin1String("on")) {
            out->kind = Selection::Kind::FragmentSpread;
            return expectName(&out->name) && parseDirectives(&out->directives, false);
        }
        out->kind = Selection::Kind::InlineFragment;
        if (m_token.is(Token::Kind::Name, u"on") &&
            (!advance() || !expectName(&out->typeCondition)))
            return false;
        return parseDirectives(&out->directives, false) && parseSelectionSet(&out->selections);
    }
    out->kind = Selection::Kind::Field;
    QString first;
    if (!expectName(&first))
        return false;
    if (m_token.isPunctuator(u":")) {
        out->alias = first;
        if (!advance() || !expectName(&out->name))
            return false;
    } else {
        out->name = first;
    }
    if (m_token.isPunctuator(u"(") && !parseArguments(&out->arguments, false))
        return false;
    if (!parseDirectives(&out->directives, false))
        return false;
    if (m_token.isPunctuator(u"{"))
        return parseSelectionSet(&out->selections);
    return true;
}

bool Parser::parseArguments(std::vector<Argument> *out, bool isConst)
{
    if (!expect(u"("))
        return false;
    if (m_token.isPunctuator(u")"))
        return unexpected();
    while (!m_token.isPunctuator(u")")) {
        Argument a;
        a.at = m_token.at;
        if (!expectName(&a.name) || !expect(u":") || !parseValue(&a.value, isConst))
            return false;
        out->push_back(std::move(a));
    }
    return advance();
}

bool Parser::parseDirectives(std::vector<Directive> *out, bool isConst)
{
    while (m_token.isPunctuator(u"@")) {
        Directive d;
        d.at = m_token.at;
        if (!advance() || !expectName(&d.name))
            return false;
        if (m_token.isPunctuator(u"(") && !parseArguments(&d.arguments, isConst))
            return false;
        out->push_back(std::move(d));
    }
    return true;
}

bool Parser::parseValue(Value *out, bool isConst)
{
    if (!enter())
        return false;
    out->at = m_token.at;
    switch (m_token.kind) {
    case Token::Kind::Int:
        out->kind = Value::Kind::Int;
        out->text = m_token.text;
        break;
    case Token::Kind::Float:
        out->kind = Value::Kind::Float;
        out->text = m_token.text;
        break;
    case Token::Kind::String:
        out->kind = Value::Kind::String;
        out->text = m_token.text;
        break;
    case Token::Kind::Name:
        if (m_token.text == QLatin1String("true") || m_token.text == QLatin1String("false")) {
            out->kind = Value::Kind::Boolean;
            out->boolean = m_token.text == QLatin1String("true");
        } else if (m_token.text == QLatin1String("null")) {
            out->kind = Value::Kind::Null;
        } else {
            out->kind = Value::Kind::Enum;
            out->text = m_token.text;
        }
        break;
    case Token::Kind::Punctuator:
        if (m_token.text == QLatin1String("$") && !isConst) {
            out->kind = Value::Kind::Variable;
            if (!advance() || !expectName(&out->text))
                return false;
            leave();
            return true;
        }
        if (m_token.text == QLatin1String("[")) {
            out->kind = Value::Kind::List;
            if (!advance())
                return false;
            while (!m_token.isPunctuator(u"]")) {
                Value item;
                if (!parseValue(&item, isConst))
                    return false;
                out->list.push_back(std::move(item));
            }
            break;
        }
        if (m_token.text == QLatin1String("{")) {
            out->kind = Value::Kind::Object;
            if (!advance())
                return false;
            while (!m_token.isPunctuator(u"}")) {
                QString name;
                Value field;
                if (!expectName(&name) || !expect(u":") || !parseValue(&field, isConst))
                    return false;
                out->fields.push_back({std::move(name), std::move(field)});
            }
            break;
        }
        return unexpected();
    case Token::Kind::End:
        return unexpected();
    }
    leave();
    return advance();
}

} // namespace gifscan::server::graphql
