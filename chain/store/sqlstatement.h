#pragma once

#include "core/base/outcome.h"

#include <QString>
#include <concepts>
#include <cstdint>
#include <memory>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>

namespace gifscan::chain {

class SqlDatabase;

// What a database refused, in the words of the engine behind it (SQLite or
// PostgreSQL), with the few kinds the store acts on told apart.
class SqlError : public std::runtime_error
{
public:
    enum class Kind {
        Other,
        Interrupted,    // cut at the reader's deadline
        Corrupt,        // the engine found its own files damaged
        Constraint,     // a key already there, a NOT NULL missing
        ConnectionLost, // a server that went away (PostgreSQL)
        NotADatabase,   // a file of another kind where a database was expected
        Busy,           // a file another connection holds locked past the wait (SQLite)
    };
    SqlError(Kind kind, const std::string &what) : std::runtime_error(what), m_kind(kind) {}
    Kind kind() const { return m_kind; }

private:
    Kind m_kind;
};

// How a database's exception reads as the node's Failure: a server gone,
// a file locked or a read cut at its deadline is Unavailable (asking later
// may work), a file of another kind Invalid, anything else the store's.
inline Failure failureOf(const std::exception &e, const QString &words)
{
    const auto *sql = dynamic_cast<const SqlError *>(&e);
    switch (sql ? sql->kind() : SqlError::Kind::Other) {
    case SqlError::Kind::ConnectionLost:
    case SqlError::Kind::Interrupted:
    case SqlError::Kind::Busy:
        return Failure::unavailable(words);
    case SqlError::Kind::NotADatabase:
        return Failure::invalid(words);
    default:
        return Failure::storage(words);
    }
}

// failureOf's way back, for code that reports by exception: a Failure
// thrown on keeps its kind where it matters, a lost connection still one
// where it is caught (the follower then waits for its database; thrown as
// plain words, it stopped as if the block were wrong). The rest reads as
// the store's, as before.
[[noreturn]] inline void throwFailure(const Failure &failure)
{
    throw SqlError(failure.kind == Failure::Kind::Unavailable ? SqlError::Kind::ConnectionLost
                                                              : SqlError::Kind::Other,
                   failure.message.toStdString());
}

// One prepared statement of a backend: its parameters (1-based) and, after a
// step, the current row's columns (0-based). Used by one thread, that of
// its database.
class SqlCursor
{
public:
    virtual ~SqlCursor() = default;
    virtual void bindNull(int index) = 0;
    virtual void bindInt64(int index, std::int64_t value) = 0;
    virtual void bindText(int index, std::string_view value) = 0;
    virtual void bindBlob(int index, const void *data, std::size_t size) = 0;
    virtual void clearBindings() = 0;
    // The next row (the statement runs on the first call); false after the last.
    virtual bool step() = 0;
    // Runs it to its end; the rows it changed.
    virtual std::int64_t exec() = 0;
    // Back to before its first step, its bindings kept.
    virtual void reset() = 0;

    virtual bool isNull(int column) const = 0;
    virtual std::int64_t int64At(int column) const = 0;
    // Valid until the next step or reset.
    virtual std::string_view textAt(int column) const = 0;
    virtual std::span<const std::uint8_t> blobAt(int column) const = 0;
};

// A column of the current row, read as the caller expects it to be.
class SqlColumn
{
public:
    SqlColumn(const SqlCursor &cursor, int index) : m_cursor(cursor), m_index(index) {}
    bool isNull() const { return m_cursor.isNull(m_index); }
    std::int64_t getInt64() const { return m_cursor.int64At(m_index); }
    int getInt() const { return static_cast<int>(m_cursor.int64At(m_index)); }
    // A text's or a blob's bytes; a blob's size is what getBytes() says.
    const char *getText() const { return m_cursor.textAt(m_index).data(); }
    const void *getBlob() const { return m_cursor.blobAt(m_index).data(); }
    int getBytes() const;
    std::span<const std::uint8_t> blob() const { return m_cursor.blobAt(m_index); }
    std::string_view text() const { return m_cursor.textAt(m_index); }

private:
    const SqlCursor &m_cursor;
    int m_index;
};

// A statement prepared on a database (SQLite or PostgreSQL), with the calls
// the store's code is written in; `?` and `?N` are its parameters in either.
// Throws SqlError.
class SqlStatement
{
public:
    SqlStatement(SqlDatabase &db, const std::string &sql);
    ~SqlStatement();
    SqlStatement(const SqlStatement &) = delete;
    SqlStatement &operator=(const SqlStatement &) = delete;

    template <std::integral T> void bind(int index, T value)
    {
        m_cursor->bindInt64(index, static_cast<std::int64_t>(value));
    }
    void bind(int index, const std::string &text) { m_cursor->bindText(index, text); }
    void bind(int index, const char *text) { m_cursor->bindText(index, text); }
    void bind(int index, const QString &text);
    void bind(int index, const void *data, int size)
    {
        m_cursor->bindBlob(index, data, static_cast<std::size_t>(size));
    }
    void bind(int index) { m_cursor->bindNull(index); }
    void clearBindings() { m_cursor->clearBindings(); }

    bool executeStep() { return m_cursor->step(); }
    std::int64_t exec() { return m_cursor->exec(); }
    void reset() { m_cursor->reset(); }
    // reset() for a destructor's path: never throws.
    void tryReset() noexcept;
    SqlColumn getColumn(int index) const { return {*m_cursor, index}; }

private:
    std::unique_ptr<SqlCursor> m_cursor;
};

// A kept statement reset when its read's scope ends, which releases its
// read of the file. It runs while an exception from a damaged page may be
// on its way out, and reports that same error again: a destructor must not
// throw it a second time.
struct StatementReset
{
    SqlStatement &q;
    ~StatementReset() { q.tryReset(); }
};

} // namespace gifscan::chain
