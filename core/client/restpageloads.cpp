#include "core/client/restpageloads.h"

#include "core/protocol/commitments.h"

namespace gifscan {

namespace {
// Several answers gathered into one: `done` runs once all parts have said,
// or at the first failure of a part the page cannot do without.
template <typename T> struct Gather
{
    Result<T> result;
    int outstanding = 0;
    bool answered = false;
    NodeIndex::Done<T> done;

    void fail(const ClientError &error)
    {
        if (answered)
            return;
        answered = true;
        Result<T> out;
        out.error = error;
        done(out);
    }
    void partDone()
    {
        if (--outstanding > 0 || answered)
            return;
        answered = true;
        done(result);
    }
};
} // namespace

void RestPageLoads::objectPage(NodeIndex &index, const QString &slug, std::uint64_t tokenId,
                               std::optional<std::uint64_t> height, QObject *context,
                               NodeIndex::Done<ObjectPageRecords> done)
{
    NodeIndex *node = &index;
    node->object(slug, tokenId, height, context,
                 [node, slug, tokenId, height, context, done](const Result<ObjectRecord> &r) {
                     if (!r.ok()) {
                         Result<ObjectPageRecords> out;
                         out.error = r.error;
                         return done(out);
                     }
                     auto g = std::make_shared<Gather<ObjectPageRecords>>();
                     g->done = done;
                     g->result.value.emplace();
                     g->result.value->object = *r.value;
                     g->result.height = r.height;
                     g->outstanding = 2;
                     // The counts are a nicety: a node without them leaves the shares out.
                     node->traitCounts(slug, height, context,
                                       [g](const Result<TraitCounts> &counts) {
                                           if (counts.ok())
                                               g->result.value->traitCounts = *counts.value;
                                           g->partDone();
                                       });
                     NodeIndex::ActivityQuery q;
                     q.collection = slug;
                     const QString key = displayKey(slug, tokenId);
                     auto pages = std::make_shared<int>(0);
                     NodeIndex::walk<ActivityEntry>(
                         [node, q, context](const QString &cursor,
                                            NodeIndex::Done<Page<ActivityEntry>> pageDone) {
                             node->activity(q, cursor, 100, context, std::move(pageDone));
                         },
                         [g, key, height, pages](const Page<ActivityEntry> &page) {
                             for (const auto &e : page.data) {
                                 if (e.key == key && (!height || e.height <= *height))
                                     g->result.value->history.append(e);
                             }
                             if (++*pages < kHistoryPages)
                                 return true;
                             g->result.value->historyComplete = page.cursor.isEmpty();
                             return false;
                         },
                         [g](const ClientError &e) {
                             // A walk cut short (a 429, a lost connection) left entries out.
                             if (!e.ok())
                                 g->result.value->historyComplete = false;
                             g->partDone();
                         });
                 });
}

void RestPageLoads::collectionPage(NodeIndex &index, const QString &slug,
                                   std::optional<std::uint64_t> height, QObject *context,
                                   NodeIndex::Done<CollectionPageRecords> done)
{
    index.traitCounts(slug, height, context, [done](const Result<TraitCounts> &r) {
        Result<CollectionPageRecords> out;
        out.error = r.error;
        out.height = r.height;
        if (r.ok()) {
            out.value.emplace();
            out.value->traitCounts = *r.value;
        }
        done(out);
    });
}

void RestPageLoads::addressPage(NodeIndex &index, const Address &address, int pageSize,
                                QObject *context, NodeIndex::Done<AddressPageRecords> done)
{
    auto g = std::make_shared<Gather<AddressPageRecords>>();
    g->done = std::move(done);
    g->result.value.emplace();
    g->outstanding = 3;
    index.wallet(address, std::nullopt, context, [g](const Result<Wallet> &r) {
        if (!r.ok())
            return g->fail(r.error);
        g->result.value->wallet = *r.value;
        g->result.height = r.height;
        g->partDone();
    });
    NodeIndex::ObjectQuery objects;
    objects.owner = address;
    index.objects(objects, {}, pageSize, context, [g](const Result<Page<ObjectRecord>> &r) {
        if (r.ok())
            g->result.value->holdings = *r.value;
        else
            g->result.value->holdingsError = r.error;
        g->partDone();
    });
    NodeIndex::ActivityQuery activity;
    activity.address = address;
    index.activity(activity, {}, pageSize, context, [g](const Result<Page<ActivityEntry>> &r) {
        if (r.ok())
            g->result.value->activity = *r.value;
        else
            g->result.value->activityError = r.error;
        g->partDone();
    });
}

} // namespace gifscan
