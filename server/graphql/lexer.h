#pragma once

#include "server/graphql/ast.h"

#include <QString>
#include <QStringView>

namespace gifscan::server::graphql {

struct Token
{
    enum class Kind { End, Punctuator, Name, Int, Float, String };
    Kind kind = Kind::End;
    QString text; // the punctuator, the name, the number as written, the string's value
    SourceLocation at;
    bool is(Kind k, QStringView t) const { return kind == k && text == t; }
    bool isPunctuator(QStringView t) const { return is(Kind::Punctuator, t); }
};

// GraphQL's lexical grammar (October 2021, §2.1): ignored tokens (the byte
// order mark, white space, line terminators, comments and commas),
// punctuators, names, numbers and strings, block strings with their common
// indentation removed. Any thread; one source at a time.
class Lexer
{
public:
    explicit Lexer(QStringView source) : m_source(source) {}

    // The next token; false with error() and errorAt() set for source that
    // is no token.
    bool next(Token *token);
    const QString &error() const { return m_error; }
    SourceLocation errorAt() const { return m_errorAt; }

    // §2.9.4: a block string's raw value as its value (common indentation
    // and blank first and last lines removed).
    static QString blockStringValue(QStringView raw);

private:
    QChar peek(qsizetype ahead = 0) const;
    void advance(qsizetype n = 1);
    SourceLocation here() const { return {m_line, static_cast<int>(m_pos - m_lineStart) + 1}; }
    bool fail(const QString &message, SourceLocation at);
    void skipIgnored();
    bool readNumber(Token *token);
    // A number that stops where a digit must come (at the character, or the end).
    bool expectedDigit();
    bool readString(Token *token);
    bool readBlockString(Token *token);

    QStringView m_source;
    qsizetype m_pos = 0;
    qsizetype m_lineStart = 0;
    int m_line = 1;
    QString m_error;
    SourceLocation m_errorAt;
};

} // namespace gifscan::server::graphql
