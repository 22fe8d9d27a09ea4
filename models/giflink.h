#pragma once

#include "core/base/outcome.h"

#include <QString>
#include <QUrl>

// gif:// links, as the desktop hands them to gifscan:
// gif://6464/<slug>#<id>[@height], gif://6464/<address>, gif://6464/<hash>,
// gif://6464/<height>, gif://6464/<slug>. Pure: any thread.
class GifLink
{
public:
    // What the link names, in the search box's words; or, when it is not a
    // link gifscan can open, a Failure (Invalid) whose message says why, in
    // the user's language.
    static gifscan::Outcome<QString> target(const QString &link);
    // The same for a link that went through QUrl (a clicked anchor): QUrl has
    // read the chain id as a host and everything after "#" as a fragment.
    static gifscan::Outcome<QString> target(const QUrl &url);
    static QString make(const QString &target);
};
