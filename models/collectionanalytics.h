#pragma once

#include "core/client/nodeindex.h"
#include "core/client/requestscope.h"
#include "core/protocol/records.h"

#include <QAbstractTableModel>
#include <QHash>
#include <array>
#include <memory>
#include <optional>

// A collection's market and holders, as a collector reads them beside its
// grid: the floor and the volume over a range of time, the sales in it, how
// many hold the collection and how its objects are spread among them. Every
// figure is at one height: the objects are read at the first page's height
// (the cursor pins the rest), the activity at or below it. Computed from the
// protocol's lists alone, so any node answers it:
// - holders: every object's owner, counted (a listed one's seller, not the
//   escrow holding it for them);
// - floor: the listings at that height (exact), walked back through the
//   range's list, delist and sale events to what was listed when the range
//   began, then forward, one point per event; a listing older than the
//   range that was taken down within it has no known price and is left out.
// The holders' table is this model (rank, holder, objects, share): its
// holder cells lead to the address. Lives on the GUI thread.
class CollectionAnalytics : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column { RankColumn, HolderColumn, ObjectsColumn, ShareColumn, ColumnCount };
    // Time ranges, in blocks of 5 s (PROTOCOL's "24h" is 17280 blocks).
    enum class Range { Day, Week, Month, All };
    Q_ENUM(Range)

    // The most the model pages through, so a collection far larger than the
    // devnet's cannot keep it asking: what it read is shown, and said.
    static constexpr int kMaxObjectPages = 40;
    static constexpr int kMaxActivityPages = 50;

    struct Point
    {
        std::uint64_t timestamp = 0; // Unix seconds
        std::optional<gifscan::Amount> value;
    };

    explicit CollectionAnalytics(gifscan::NodeIndex *index, QObject *parent = nullptr);

    // Reads `slug` over `range`; what was shown stays until the new figures come.
    void load(const QString &slug, Range range);
    void reload() { load(m_slug, m_range); }
    const QString &slug() const { return m_slug; }
    Range range() const { return m_range; }
    bool loading() const { return m_loading; }
    bool hasFigures() const { return m_height.has_value(); }
    // The collection the figures shown are of (the last load that finished).
    const QString &figuresSlug() const { return m_figuresSlug; }
    std::optional<std::uint64_t> height() const { return m_height; }

    std::uint64_t items() const { return m_items; }
    int holderCount() const { return static_cast<int>(m_holders.size()); }
    // How many holders hold 1, 2–5, 6–20 and over 20 of its objects.
    std::array<int, 4> spread() const;
    // The floor after each list, delist and sale, oldest first, from the
    // range's start; none while nothing is listed.
    const QList<Point> &floor() const { return m_floor; }
    // Sales summed per bucket of the range (about 24 buckets), oldest first.
    const QList<Point> &volume() const { return m_volume; }
    int sales() const { return m_sales; }
    gifscan::Amount volumeTotal() const { return m_volumeTotal; }
    std::optional<gifscan::Amount> floorNow() const;
    // The lists ended before their end (kMax… pages): the figures are of what was read.
    bool truncated() const { return m_truncated; }
    // Since when the range's events were read (the range's first block).
    std::uint64_t since() const { return m_since; }

    // The floor from what is listed now (key -> price) back through the
    // events (newest first) to `startTime`, then forward: a point at the
    // start and one after each event. Pure.
    static QList<Point> floorSeries(const QHash<QString, gifscan::Amount> &listedNow,
                                    const QList<gifscan::ActivityEntry> &newestFirst,
                                    std::uint64_t startTime);
    // Sales summed into `buckets` equal spans of [from, to), oldest first. Pure.
    static QList<Point> volumeSeries(const QList<gifscan::ActivityEntry> &events,
                                     std::uint64_t from, std::uint64_t to, int buckets);

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

Q_SIGNALS:
    void loaded();
    void loadFailed(const QString &message);

private:
    struct Holder
    {
        gifscan::Address address{};
        int objects = 0;
    };
    struct Reading; // one load's pages, gathered until the last

    void askObjects(std::shared_ptr<Reading> r, const QString &cursor, int page);
    void askActivity(std::shared_ptr<Reading> r, const QString &cursor, int page);
    void finish(const Reading &r);
    static std::uint64_t blocksOf(Range range);

    gifscan::NodeIndex *m_index;
    gifscan::RequestScope m_scope;
    QString m_slug;
    QString m_figuresSlug;
    Range m_range = Range::Week;
    bool m_loading = false;
    std::optional<std::uint64_t> m_height;
    std::uint64_t m_items = 0;
    std::uint64_t m_since = 0;
    QList<Holder> m_holders; // most objects first
    QList<Point> m_floor;
    QList<Point> m_volume;
    int m_sales = 0;
    gifscan::Amount m_volumeTotal = 0;
    bool m_truncated = false;
};
