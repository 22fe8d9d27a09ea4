// RpcDispatcher, continued: the webhook methods (PROTOCOL, "Webhooks").
#include "server/api/rpcdispatcher.h"
#include "server/webhooks/webhookservice.h"

namespace gifscan::server {

bool RpcDispatcher::callWebhooks(const QString &method, const QJsonArray &params,
                                 QJsonValue *result, Error *error)
{
    const bool create = method == QLatin1String("gif_createWebhook");
    const bool remove = method == QLatin1String("gif_deleteWebhook");
    const bool status = method == QLatin1String("gif_webhookStatus");
    const bool list = method == QLatin1String("gif_listWebhooks");
    if (!create && !remove && !status && !list)
        return false;
    auto invalid = [error](const QString &message) {
        *error = {-32602, message, QJsonValue::Undefined};
        return true;
    };
    if (!m_webhooks) {
        *error = {-32601, QStringLiteral("this node sends no webhooks"), QJsonValue::Undefined};
        return true;
    }
    WebhookService::Error failure;
    if (create) {
        if (params.size() != 1 || !params.at(0).isObject())
            return invalid(QStringLiteral("gif_createWebhook takes one object: {url, types, "
                                          "collection?, address?, key?}"));
        *result = m_webhooks->create(params.at(0).toObject(), m_caller, &failure);
    } else if (list) {
        if (!params.isEmpty())
            return invalid(QStringLiteral("gif_listWebhooks takes no parameters"));
        *result = m_webhooks->list(m_caller, &failure);
    } else if (remove && params.size() == 1 && params.at(0).isString() && m_caller.isOperator()) {
        // The operator, on this machine, removes without the secret.
        *result = m_webhooks->remove(params.at(0).toString(), {}, m_caller, &failure);
    } else {
        if (params.size() != 2 || !params.at(0).isString() || !params.at(1).isString() ||
            params.at(1).toString().isEmpty())
            return invalid(QStringLiteral("%1 takes [id, secret]").arg(method));
        const QString id = params.at(0).toString();
        const QString secret = params.at(1).toString();
        *result = remove ? QJsonValue(m_webhooks->remove(id, secret, m_caller, &failure))
                         : QJsonValue(m_webhooks->status(id, secret, &failure));
    }
    if (failure.code != 0)
        *error = {failure.code, failure.message, QJsonValue::Undefined};
    return true;
}

} // namespace gifscan::server
