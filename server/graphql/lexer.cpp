#include "server/graphql/lexer.h"

#include <QStringList>

namespace gifscan::server::graphql {

namespace {
bool isNameStart(QChar c)
{
    const char16_t u = c.unicode();
    return u == u'_' || (u >= u'A' && u <= u'Z') || (u >= u'a' && u <= u'z');
}
bool isNameContinue(QChar c)
{
    return isNameStart(c) || (c.unicode() >= u'0' && c.unicode() <= u'9');
}
bool isDigit(QChar c)
{
    return c.unicode() >= u'0' && c.unicode() <= u'9';
}
int hexValue(QChar c)
{
    const char16_t u = c.unicode();
    if (u >= u'0' && u <= u'9')
        return u - u'0';
    if (u >= u'a' && u <= u'f')
        return u - u'a' + 10;
    if (u >= u'A' && u <= u'F')
        return u - u'A' + 10;
    return -1;
}
// §2.1.1: SourceCharacter is tab, line feed, carriage return and U+0020
// upwards; other control characters are no part of any document.
bool isSourceCharacter(QChar c)
{
    const char16_t u = c.unicode();
    return u == 0x09 || u == 0x0A || u == 0x0D || u >= 0x20;
}
QString describe(QChar c)
{
    if (c.unicode() < 0x20 || c.unicode() == 0x7F)
        return QStringLiteral("U+%1").arg(c.unicode(), 4, 16, QLatin1Char('0')).toUpper();
    return QStringLiteral("\"%1\"").arg(c);
}
} // namespace

QChar Lexer::peek(qsizetype ahead) const
{
    const qsizetype at = m_pos + ahead;
    return at < m_source.size() ? m_source[at] : QChar();
}

void Lexer::advance(qsizetype n)
{
    m_pos += n;
}

bool Lexer::fail(const QString &message, SourceLocation at)
{
    m_error = message;
    m_errorAt = at;
    return false;
}

void Lexer::skipIgnored()
{
    while (m_pos < m_source.size()) {
        const char16_t c = peek().unicode();
        if (c == 0xFEFF || c == u' ' || c == u'\t' || c == u',') {
            advance();
        } else if (c == u'\n' || c == u'\r') {
            advance(c == u'\r' && peek(1) == u'\n' ? 2 : 1);
            ++m_line;
            m_lineStart = m_pos;
        } else if (c == u'#') {
            while (m_pos < m_source.size() && peek() != u'\n' && peek() != u'\r')
                advance();
        } else {
            return;
        }
    }
}

bool Lexer::next(Token *token)
{
    skipIgnored();
    token->at = here();
    token->text.clear();
    if (m_pos >= m_source.size()) {
        token->kind = Token::Kind::End;
        return true;
    }
    const QChar c = peek();
    if (!isSourceCharacter(c))
        return fail(QStringLiteral("Syntax Error: Invalid character: %1.").arg(describe(c)),
                    token->at);
    static const QString kSingle = QStringLiteral("!$&():=@[]{|}");
    if (c == u'.') {
        if (peek(1) == u'.' && peek(2) == u'.') {
            advance(3);
            token->kind = Token::Kind::Punctuator;
            token->text = QStringLiteral("...");
            return true;
        }
        return fail(QStringLiteral("Syntax Error: Unexpected \".\"."), token->at);
    }
    if (kSingle.contains(c)) {
        advance();
        token->kind = Token::Kind::Punctuator;
        token->text = c;
        return true;
    }
    if (isNameStart(c)) {
        const qsizetype start = m_pos;
        while (m_pos < m_source.size() && isNameContinue(peek()))
            advance();
        token->kind = Token::Kind::Name;
        token->text = m_source.mid(start, m_pos - start).toString();
        return true;
    }
    if (c == u'-' || isDigit(c))
        return readNumber(token);
    if (c == u'"')
        return peek(1) == u'"' && peek(2) == u'"' ? readBlockString(token) : readString(token);
    return fail(QStringLiteral("Syntax Error: Unexpected character: %1.").arg(describe(c)),
                token->at);
}

bool Lexer::expectedDigit()
{
    return fail(QStringLiteral("Syntax Error: Invalid number, expected digit but got: %1.")
                    .arg(m_pos < m_source.size() ? describe(peek()) : QStringLiteral("<EOF>")),
                here());
}

bool Lexer::readNumber(Token *token)
{
    const qsizetype start = m_pos;
    const SourceLocation at = here();
    bool isFloat = false;
    if (peek() == u'-')
        advance();
    if (peek() == u'0') {
        advance();
        if (isDigit(peek()))
            return fail(
                QStringLiteral("Syntax Error: Invalid number, unexpected digit after 0: %1.")
                    .arg(describe(peek())),
                here());
    } else if (isDigit(peek())) {
        while (isDigit(peek()))
            advance();
    } else {
        return expectedDigit();
    }
    if (peek() == u'.') {
        isFloat = true;
        advance();
        if (!isDigit(peek()))
            return expectedDigit();
        while (isDigit(peek()))
            advance();
    }
    if (peek() == u'e' || peek() == u'E') {
        isFloat = true;
        advance();
        if (peek() == u'+' || peek() == u'-')
            advance();
        if (!isDigit(peek()))
            return expectedDigit();
        while (isDigit(peek()))
            advance();
    }
    // §2.9.1: a number is not followed at once by a name or a dot.
    if (peek() == u'.' || isNameStart(peek()))
        return expectedDigit();
    token->kind = isFloat ? Token::Kind::Float : Token::Kind::Int;
    token->text = m_source.mid(start, m_pos - start).toString();
    token->at = at;
    return true;
}

bool Lexer::readString(Token *token)
{
    advance(); // the opening quote
    QString value;
    while (m_pos < m_source.size()) {
        const QChar c = peek();
        if (c == u'"') {
            advance();
            token->kind = Token::Kind::String;
            token->text = value;
            return true;
        }
        if (c == u'\n' || c == u'\r')
            break;
        if (!isSourceCharacter(c))
            return fail(QStringLiteral("Syntax Error: Invalid character within String: %1.")
                            .arg(describe(c)),
                        here());
        if (c != u'\\') {
            value += c;
            advance();
            continue;
        }
        const SourceLocation escapeAt = here();
        const QChar e = peek(1);
        switch (e.unicode()) {
        case u'"':
            value += u'"';
            break;
        case u'\\':
            value += u'\\';
            break;
        case u'/':
            value += u'/';
            break;
        case u'b':
            value += u'\b';
            break;
        case u'f':
            value += u'\f';
            break;
        case u'n':
            value += u'\n';
            break;
        case u'r':
            value += u'\r';
            break;
        case u't':
            value += u'\t';
            break;
        case u'u': {
            int code = 0;
            for (int i = 2; i < 6; ++i) {
                const int h = hexValue(peek(i));
                if (h < 0)
                    return fail(
                        QStringLiteral("Syntax Error: Invalid Unicode escape sequence: "
                                       "\"%1\".")
                            .arg(
                                m_source.mid(m_pos, std::min<qsizetype>(6, m_source.size() - m_pos))
                                    .toString()),
                        escapeAt);
                code = code * 16 + h;
            }
            value += QChar(static_cast<char16_t>(code));
            advance(4);
            break;
        }
        default:
            return fail(
                QStringLiteral("Syntax Error: Invalid character escape sequence: \"\\%1\".").arg(e),
                escapeAt);
        }
        advance(2);
    }
    return fail(QStringLiteral("Syntax Error: Unterminated string."), here());
}

bool Lexer::readBlockString(Token *token)
{
    advance(3);
    QString raw;
    while (m_pos < m_source.size()) {
        const QChar c = peek();
        if (c == u'"' && peek(1) == u'"' && peek(2) == u'"') {
            advance(3);
            token->kind = Token::Kind::String;
            token->text = blockStringValue(raw);
            return true;
        }
        if (c == u'\\' && peek(1) == u'"' && peek(2) == u'"' && peek(3) == u'"') {
            raw += QStringLiteral("\"\"\"");
            advance(4);
            continue;
        }
        if (!isSourceCharacter(c))
            return fail(QStringLiteral("Syntax Error: Invalid character within String: %1.")
                            .arg(describe(c)),
                        here());
        if (c == u'\n' || c == u'\r') {
            const bool crlf = c == u'\r' && peek(1) == u'\n';
            raw += crlf ? QStringLiteral("\r\n") : QString(c);
            advance(crlf ? 2 : 1);
            ++m_line;
            m_lineStart = m_pos;
            continue;
        }
        raw += c;
        advance();
    }
    return fail(QStringLiteral("Syntax Error: Unterminated string."), here());
}

QString Lexer::blockStringValue(QStringView raw)
{
    // Lines split at \r\n, \n or \r.
    QStringList lines;
    qsizetype start = 0;
    for (qsizetype i = 0; i < raw.size(); ++i) {
        if (raw[i] == u'\n' || raw[i] == u'\r') {
            lines.append(raw.mid(start, i - start).toString());
            if (raw[i] == u'\r' && i + 1 < raw.size() && raw[i + 1] == u'\n')
                ++i;
            start = i + 1;
        }
    }
    lines.append(raw.mid(start).toString());
    auto indentOf = [](const QString &line) {
        qsizetype n = 0;
        while (n < line.size() && (line[n] == u' ' || line[n] == u'\t'))
            ++n;
        return n;
    };
    std::optional<qsizetype> common;
    for (qsizetype i = 1; i < lines.size(); ++i) {
        const qsizetype indent = indentOf(lines[i]);
        if (indent < lines[i].size() && (!common || indent < *common))
            common = indent;
    }
    if (common) {
        for (qsizetype i = 1; i < lines.size(); ++i)
            lines[i].remove(0, std::min(*common, lines[i].size()));
    }
    auto blank = [&](const QString &line) { return indentOf(line) == line.size(); };
    while (!lines.isEmpty() && blank(lines.first()))
        lines.removeFirst();
    while (!lines.isEmpty() && blank(lines.last()))
        lines.removeLast();
    return lines.join(u'\n');
}

} // namespace gifscan::server::graphql
