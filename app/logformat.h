#pragma once

#include <QString>

namespace gifscan {

// How a server program's log lines look (--log-format): "text", each line
// its time (to the ms, with its zone), level and category before the
// message, or "json" (the time in UTC),
// one object a line ({time, level, category, message}) for a log
// collector. Lines went out with no time or level, and "damaged" for a
// lost connection. Installed once, at start, on the main thread; the
// handler is safe from any thread.
// False when `format` is neither.
bool installLogFormat(const QString &format);

} // namespace gifscan
