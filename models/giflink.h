#pragma once

#include <QString>
#include <QUrl>

// gif:// links, as the desktop hands them to gifscan:
// gif://6464/<slug>#<id>[@height], gif://6464/<address>, gif://6464/<hash>,
// gif://6464/<height>, gif://6464/<slug>. Pure: any thread.
class GifLink
{
public:
    // What the link names, in the search box's words; empty with `error` set
    // when it is not a link gifscan can open.
    static QString target(const QString &link, QString *error);
    // The same for a link that went through QUrl (a clicked anchor): QUrl has
    // read the chain id as a host and everything after "#" as a fragment.
    static QString target(const QUrl &url, QString *error);
    static QString make(const QString &target);
};
