#include "models/chainwords.h"

#include <span>

namespace {

struct Word
{
    const char *name; // the protocol's
    struct
    {
        const char *source; // the reader's, before translation
        const char *comment;
    } text;
};

// One word can be an event, a transaction kind or a check: the comment tells
// the translator which.
const Word kEventTypes[] = {
    {"mint", QT_TRANSLATE_NOOP3("ChainWords", "mint", "event")},
    {"transfer", QT_TRANSLATE_NOOP3("ChainWords", "transfer", "event")},
    {"list", QT_TRANSLATE_NOOP3("ChainWords", "list", "event")},
    {"delist", QT_TRANSLATE_NOOP3("ChainWords", "delist", "event")},
    {"sale", QT_TRANSLATE_NOOP3("ChainWords", "sale", "event")},
    {"payment", QT_TRANSLATE_NOOP3("ChainWords", "payment", "event")},
};
const Word kTxKinds[] = {
    {"transfer", QT_TRANSLATE_NOOP3("ChainWords", "transfer", "transaction kind")},
    {"createCollection", QT_TRANSLATE_NOOP3("ChainWords", "create collection", "transaction kind")},
    {"mint", QT_TRANSLATE_NOOP3("ChainWords", "mint", "transaction kind")},
    {"transferObject", QT_TRANSLATE_NOOP3("ChainWords", "transfer object", "transaction kind")},
    {"list", QT_TRANSLATE_NOOP3("ChainWords", "list", "transaction kind")},
    {"delist", QT_TRANSLATE_NOOP3("ChainWords", "delist", "transaction kind")},
    {"buy", QT_TRANSLATE_NOOP3("ChainWords", "buy", "transaction kind")},
};
const Word kCertificateChecks[] = {
    {"version", QT_TRANSLATE_NOOP3("ChainWords", "version", "certificate check")},
    {"chain", QT_TRANSLATE_NOOP3("ChainWords", "chain", "certificate check")},
    {"header-hash", QT_TRANSLATE_NOOP3("ChainWords", "header hash", "certificate check")},
    {"key", QT_TRANSLATE_NOOP3("ChainWords", "object key", "certificate check")},
    {"height", QT_TRANSLATE_NOOP3("ChainWords", "height", "certificate check")},
    {"proof", QT_TRANSLATE_NOOP3("ChainWords", "proof", "certificate check")},
    {"content", QT_TRANSLATE_NOOP3("ChainWords", "content", "certificate check")},
};

QString lookUp(std::span<const Word> words, const QString &name)
{
    for (const Word &w : words) {
        if (name == QLatin1String(w.name))
            return ChainWords::tr(w.text.source, w.text.comment);
    }
    return name;
}

} // namespace

QString ChainWords::eventType(const QString &type)
{
    return lookUp(kEventTypes, type);
}

QString ChainWords::txKind(const QString &kind)
{
    return lookUp(kTxKinds, kind);
}

QString ChainWords::certificateCheck(const QString &name)
{
    return lookUp(kCertificateChecks, name);
}
