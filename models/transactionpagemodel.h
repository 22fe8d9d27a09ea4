#pragma once

#include "core/records.h"
#include "core/requestscope.h"

#include <QObject>

namespace gifscan {
class NodeIndex;
}

// One transaction with its receipt (or pending). A hash that names no
// transaction may name a block: then `blockFound` says so and the page hands
// over. Lives on the GUI thread.
class TransactionPageModel : public QObject
{
    Q_OBJECT
public:
    explicit TransactionPageModel(gifscan::NodeIndex *rest, QObject *parent = nullptr);

    void load(const gifscan::Hash32 &hash);
    const std::optional<gifscan::TransactionWithReceipt> &transaction() const { return m_tx; }

Q_SIGNALS:
    void loaded();
    void blockFound(quint64 height);
    void loadFailed(const QString &message);

private:
    gifscan::NodeIndex *m_rest;
    std::optional<gifscan::TransactionWithReceipt> m_tx;
    gifscan::RequestScope m_scope; // one transaction at a time
};
