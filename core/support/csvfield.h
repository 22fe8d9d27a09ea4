#pragma once

#include <QString>

namespace gifscan {

// One CSV cell as RFC 4180 quotes it, with chain-controlled text made inert
// for spreadsheets: a cell that begins with = + - @, a tab or a carriage
// return would be read as a formula, so it gets a leading apostrophe, as
// OWASP's CSV-injection advice says. Names, traits and keys come from
// strangers; nothing they write may run on an auditor's machine.
QString csvField(const QString &text);

} // namespace gifscan
