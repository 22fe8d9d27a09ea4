#pragma once

#include "core/client/clienterror.h"
#include "core/client/requestscope.h"
#include "core/protocol/records.h"
#include "core/verify/headerverifier.h"
#include "models/livefeed.h"

#include <QObject>

namespace gifscan {
class NodeIndex;
class NodeProver;
} // namespace gifscan

// One block as its page shows it, with its header checked here rather than
// trusted: the hash recomputes from the fields, the transaction root and
// count from the transactions, and the parent hash names the block below.
// Lives on the GUI thread.
class BlockPageModel : public QObject
{
    Q_OBJECT
public:
    struct HeaderCheck
    {
        gifscan::HeaderVerdict
            signatures; // §2.4 against the trusted anchor, the parent link included
        bool txRootOk = false;
        bool txCountOk = false;
        std::optional<bool> parentOk; // unknown until the parent is read; genesis has none
        bool verified() const
        {
            return signatures.verified() && txRootOk && txCountOk && parentOk.value_or(false);
        }
    };

    BlockPageModel(gifscan::NodeIndex *nodeIndex, gifscan::NodeProver *prover,
                   QObject *parent = nullptr);

    void setHeaderVerifier(const gifscan::HeaderVerifier &headers) { m_headers = headers; }
    void load(std::uint64_t height);
    void loadByHash(const gifscan::Hash32 &hash);
    const std::optional<gifscan::Block> &block() const { return m_block; }
    const HeaderCheck &check() const { return m_check; }
    // Confirmations are counted from this head as it advances. The feed is
    // read later, so it must outlive the model.
    void follow(const LiveFeed &feed);
    std::uint64_t confirmations() const;
    // The block's time and confirmations in words; empty before a block.
    QString whenText() const;

Q_SIGNALS:
    void loaded();
    // The head moved: the "when" line changed.
    void whenChanged();
    void loadFailed(const QString &message);
    void checked();

private:
    void received(const gifscan::Result<gifscan::Block> &r);

    gifscan::NodeIndex *m_index;
    gifscan::NodeProver *m_prover;
    std::optional<gifscan::Block> m_block;
    HeaderCheck m_check;
    const LiveFeed *m_feed = nullptr;
    gifscan::HeaderVerifier m_headers;
    gifscan::RequestScope m_scope; // one block at a time
};
