#pragma once

#include <QCoreApplication>
#include <QString>

// The chain's vocabulary (event types, transaction kinds, certificate
// checks) in the reader's
// language. The protocol's own words stay in exports, filters and links;
// an unknown word is shown as it came.
class ChainWords
{
    Q_DECLARE_TR_FUNCTIONS(ChainWords)
public:
    static QString eventType(const QString &type);
    static QString txKind(const QString &kind);
    // A check of an ownership certificate (core's names: "header-hash", …).
    static QString certificateCheck(const QString &name);
};
