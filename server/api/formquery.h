#pragma once

#include <QString>
#include <QUrl>
#include <optional>

namespace gifscan::server {

// A value of a URL's query as an HTML form (application/x-www-form-urlencoded,
// as URLSearchParams writes it) means it: '+' is a space and %2B a plus.
// QUrlQuery keeps '+' as it is, which turned `{+head+{+height+}+}` into a
// syntax error. The first value of `name`; nullopt when there is none.
std::optional<QString> formValue(const QUrl &url, QStringView name);

} // namespace gifscan::server
