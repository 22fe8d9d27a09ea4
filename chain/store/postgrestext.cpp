// PostgresDatabase, continued: the text it rewrites, SQLite's SQL into
// PostgreSQL's and a connection string into one fit for a log. Same class
// as chain/store/postgresdatabase.cpp; apart for that file's length. Any
// thread: these are pure functions of their text.
#include "chain/store/postgresdatabase.h"

#include <QRegularExpression>
#include <charconv>
#include <regex>

namespace gifscan::chain {

QString PostgresDatabase::redacted(const QString &url)
{
    static const QRegularExpression keyword(
        QStringLiteral("(password\\s*=\\s*)('(?:[^'\\\\]|\\\\.)*'|[^\\s&]+)"),
        QRegularExpression::CaseInsensitiveOption);
    QString out = url;
    out.replace(keyword, QStringLiteral("\\1***"));
    // postgresql://user:secret@host/db
    static const QRegularExpression userInfo(
        QStringLiteral("^(postgres(?:ql)?://[^:/@?]*):[^@/?]*@"));
    out.replace(userInfo, QStringLiteral("\\1:***@"));
    return out;
}

namespace {
// Where a quoted string ('…', "…") or a comment starting at `i` ends (its
// last character), or npos when none starts there.
std::size_t quotedEnd(const std::string &sql, std::size_t i)
{
    const char c = sql[i];
    std::size_t end = std::string::npos;
    if (c == '\'' || c == '"')
        end = sql.find(c, i + 1);
    else if (sql.compare(i, 2, "--") == 0)
        end = sql.find('\n', i);
    else if (sql.compare(i, 2, "/*") == 0)
        end = sql.find("*/", i + 2) + 1; // npos + 1: 0, an unclosed comment
    else
        return std::string::npos;
    return end == std::string::npos || end == 0 ? sql.size() - 1 : end;
}
} // namespace

std::string PostgresDatabase::numbered(const std::string &sql, int *parameters)
{
    // As SQLite numbers them: `?N` is N, a bare `?` one past the largest so
    // far. Nothing inside quotes or comments is a parameter.
    std::string out;
    out.reserve(sql.size() + 16);
    int most = 0;
    for (std::size_t i = 0; i < sql.size(); ++i) {
        if (const std::size_t end = quotedEnd(sql, i); end != std::string::npos) {
            out.append(sql, i, end - i + 1);
            i = end;
            continue;
        }
        if (sql[i] != '?') {
            out += sql[i];
            continue;
        }
        std::size_t end = i + 1;
        while (end < sql.size() && std::isdigit(static_cast<unsigned char>(sql[end])))
            ++end;
        int n = most + 1;
        if (end > i + 1 &&
            std::from_chars(sql.data() + i + 1, sql.data() + end, n).ec != std::errc())
            throw SqlError(SqlError::Kind::Other, "a parameter number out of range: " + sql);
        most = std::max(most, n);
        out += '$' + std::to_string(n);
        i = end - 1;
    }
    *parameters = most;
    return out;
}

std::string PostgresDatabase::schema(const std::string &sqliteSchema) const
{
    // SQLite's INTEGER is 64 bits. Its text is any bytes, a NUL included
    // (a collection's name may hold one), compared byte by byte: BYTEA, as
    // PostgreSQL's TEXT refuses a NUL and would halt the follower on a
    // valid block.
    std::string s =
        std::regex_replace(sqliteSchema, std::regex(R"(\bINTEGER PRIMARY KEY AUTOINCREMENT\b)"),
                           "BIGSERIAL PRIMARY KEY");
    s = std::regex_replace(s, std::regex(R"(\bINTEGER\b)"), "BIGINT");
    s = std::regex_replace(s, std::regex(R"(\b(BLOB|TEXT)\b)"), "BYTEA");
    return std::regex_replace(s, std::regex(R"(\s*WITHOUT ROWID)"), "");
}

} // namespace gifscan::chain
