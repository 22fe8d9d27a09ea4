#pragma once

#include "server/api/restreply.h"

#include <QLoggingCategory>
#include <QUrl>
#include <exception>

namespace gifscan::server {

// REST's log: what a request met that is a bug (answered 500).
Q_DECLARE_LOGGING_CATEGORY(lcRest)

// A REST read that could not be answered, as its answer; the same on the
// node thread (RestServer) and a reader's (ReaderPool).
namespace readfailure {

// 503 "unavailable", with Retry-After: the database cannot be read now.
RestReply unavailable(const QString &why, std::uint64_t head);
// A read that threw: past the deadline a 503 "timeout", the database away
// unavailable(), anything else (a bug) a 500, said on the log.
RestReply of(const std::exception &e, bool timedOut, qint64 budgetMs, std::uint64_t head,
             const QUrl &url);

} // namespace readfailure

} // namespace gifscan::server
