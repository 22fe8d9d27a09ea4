#pragma once

#include "server/graphql/ast.h"
#include "server/graphql/lexer.h"

#include <optional>

namespace gifscan::server::graphql {

// A GraphQL request's query text to an executable Document (October 2021,
// §2: operations and fragments; type system definitions are refused, as
// a service executes only executable definitions, §5.1.1). Recursive
// descent, one token of look-ahead, with a bound on nesting so that hostile
// text ("[[[[…" or "{a{a{a…") is refused instead of exhausting the stack.
// Any thread; one source at a time.
class Parser
{
public:
    // Far deeper than the depth limit executes (PROTOCOL.md): only a bound
    // on the parser's own recursion.
    static constexpr int kMaxNesting = 128;

    explicit Parser(QStringView source) : m_lexer(source) {}

    std::optional<Document> parseDocument();
    const QString &error() const { return m_error; }
    SourceLocation errorAt() const { return m_errorAt; }

private:
    bool advance();
    bool expect(QStringView punctuator);
    bool expectName(QString *name);
    bool expectKeyword(QStringView keyword);
    bool fail(const QString &message, SourceLocation at);
    bool unexpected();
    bool enter();
    void leave() { --m_nesting; }

    bool parseOperation(Operation *op);
    bool parseFragment(Fragment *fragment);
    bool parseVariableDefinitions(std::vector<VariableDefinition> *out);
    bool parseType(TypeRef *type);
    bool parseSelectionSet(SelectionSet *out);
    bool parseSelection(Selection *out);
    bool parseArguments(std::vector<Argument> *out, bool isConst);
    bool parseDirectives(std::vector<Directive> *out, bool isConst);
    bool parseValue(Value *out, bool isConst);

    Lexer m_lexer;
    Token m_token; // the look-ahead
    QString m_error;
    SourceLocation m_errorAt;
    int m_nesting = 0;
};

} // namespace gifscan::server::graphql
