#include "models/chainwords.h"

QString ChainWords::eventType(const QString &type)
{
    if (type == QLatin1String("mint"))
        return tr("mint", "event");
    if (type == QLatin1String("transfer"))
        return tr("transfer", "event");
    if (type == QLatin1String("list"))
        return tr("list", "event");
    if (type == QLatin1String("delist"))
        return tr("delist", "event");
    if (type == QLatin1String("sale"))
        return tr("sale", "event");
    if (type == QLatin1String("payment"))
        return tr("payment", "event");
    return type;
}

QString ChainWords::txKind(const QString &kind)
{
    if (kind == QLatin1String("transfer"))
        return tr("transfer", "transaction kind");
    if (kind == QLatin1String("createCollection"))
        return tr("create collection", "transaction kind");
    if (kind == QLatin1String("mint"))
        return tr("mint", "transaction kind");
    if (kind == QLatin1String("transferObject"))
        return tr("transfer object", "transaction kind");
    if (kind == QLatin1String("list"))
        return tr("list", "transaction kind");
    if (kind == QLatin1String("delist"))
        return tr("delist", "transaction kind");
    if (kind == QLatin1String("buy"))
        return tr("buy", "transaction kind");
    return kind;
}

QString ChainWords::certificateCheck(const QString &name)
{
    if (name == QLatin1String("version"))
        return tr("version", "certificate check");
    if (name == QLatin1String("chain"))
        return tr("chain", "certificate check");
    if (name == QLatin1String("header-hash"))
        return tr("header hash", "certificate check");
    if (name == QLatin1String("key"))
        return tr("object key", "certificate check");
    if (name == QLatin1String("height"))
        return tr("height", "certificate check");
    if (name == QLatin1String("proof"))
        return tr("proof", "certificate check");
    if (name == QLatin1String("content"))
        return tr("content", "certificate check");
    return name;
}
