#include "chain/store/statecodec.h"

#include <QDataStream>
#include <QIODevice>

namespace gifscan::chain::StateCodec {

namespace {
constexpr QDataStream::Version kVersion = QDataStream::Qt_6_0;

template <std::size_t N> void put(QDataStream &s, const std::array<std::uint8_t, N> &a)
{
    s.writeRawData(reinterpret_cast<const char *>(a.data()), static_cast<int>(N));
}

template <std::size_t N> void get(QDataStream &s, std::array<std::uint8_t, N> &a)
{
    if (s.readRawData(reinterpret_cast<char *>(a.data()), static_cast<int>(N)) !=
        static_cast<int>(N))
        s.setStatus(QDataStream::ReadPastEnd);
}

void put(QDataStream &s, const Amount &a)
{
    put(s, amountToBigEndian(a));
}
void get(QDataStream &s, Amount &a)
{
    std::array<std::uint8_t, 32> b{};
    get(s, b);
    a = amountFromBigEndian(b);
}

template <typename T> void putOptional(QDataStream &s, const std::optional<T> &v)
{
    s << static_cast<quint8>(v.has_value());
    if (v)
        put(s, *v);
}

template <typename T> void getOptional(QDataStream &s, std::optional<T> &v)
{
    quint8 has = 0;
    s >> has;
    if (has > 1)
        s.setStatus(QDataStream::ReadCorruptData);
    if (has == 1) {
        T value{};
        get(s, value);
        v = value;
    }
}

// Writes with `write`, or reads with `read` and succeeds only when every
// byte was taken and nothing was out of range.
template <typename F> QByteArray written(F &&write)
{
    QByteArray out;
    QDataStream s(&out, QIODevice::WriteOnly);
    s.setVersion(kVersion);
    write(s);
    return out;
}

template <typename T, typename F> std::optional<T> read(const QByteArray &bytes, F &&readInto)
{
    QDataStream s(bytes);
    s.setVersion(kVersion);
    T value{};
    readInto(s, value);
    if (s.status() != QDataStream::Ok || !s.atEnd())
        return std::nullopt;
    return value;
}
} // namespace

QByteArray amount(const Amount &value)
{
    const auto b = amountToBigEndian(value);
    return QByteArray(reinterpret_cast<const char *>(b.data()), 32);
}

std::optional<Amount> amount(const void *data, int size)
{
    if (size != 32)
        return std::nullopt;
    return amountFromBigEndian(
        std::span<const std::uint8_t, 32>(static_cast<const std::uint8_t *>(data), 32));
}

QByteArray traits(const QList<Trait> &traits)
{
    return written([&](QDataStream &s) {
        s << static_cast<quint32>(traits.size());
        for (const Trait &t : traits)
            s << t.trait << t.value;
    });
}

std::optional<QList<Trait>> traits(const QByteArray &bytes)
{
    return read<QList<Trait>>(bytes, [](QDataStream &s, QList<Trait> &out) {
        quint32 n = 0;
        s >> n;
        for (quint32 i = 0; i < n && s.status() == QDataStream::Ok; ++i) {
            Trait t;
            s >> t.trait >> t.value;
            out.append(t);
        }
    });
}

QByteArray listing(const Listing &l)
{
    return written([&](QDataStream &s) {
        put(s, l.seller);
        put(s, l.escrow);
        put(s, l.price);
        s << static_cast<quint64>(l.listedAt);
        put(s, l.txHash);
    });
}

std::optional<Listing> listing(const QByteArray &bytes)
{
    return read<Listing>(bytes, [](QDataStream &s, Listing &l) {
        quint64 at = 0;
        get(s, l.seller);
        get(s, l.escrow);
        get(s, l.price);
        s >> at;
        get(s, l.txHash);
        l.listedAt = at;
    });
}

QByteArray sale(const Sale &sale)
{
    return written([&](QDataStream &s) {
        put(s, sale.price);
        s << static_cast<quint64>(sale.height);
        put(s, sale.txHash);
    });
}

std::optional<Sale> sale(const QByteArray &bytes)
{
    return read<Sale>(bytes, [](QDataStream &s, Sale &out) {
        quint64 h = 0;
        get(s, out.price);
        s >> h;
        get(s, out.txHash);
        out.height = h;
    });
}

QByteArray events(const std::vector<ReceiptEvent> &events)
{
    return written([&](QDataStream &s) {
        s << static_cast<quint32>(events.size());
        for (const ReceiptEvent &e : events) {
            s << e.type << e.key;
            putOptional(s, e.from);
            putOptional(s, e.to);
            putOptional(s, e.price);
        }
    });
}

std::optional<std::vector<ReceiptEvent>> events(const QByteArray &bytes)
{
    return read<std::vector<ReceiptEvent>>(
        bytes, [](QDataStream &s, std::vector<ReceiptEvent> &out) {
            quint32 n = 0;
            s >> n;
            for (quint32 i = 0; i < n && s.status() == QDataStream::Ok; ++i) {
                ReceiptEvent e;
                s >> e.type >> e.key;
                getOptional(s, e.from);
                getOptional(s, e.to);
                getOptional(s, e.price);
                out.push_back(std::move(e));
            }
        });
}

QByteArray counters(const AccountCounters &c)
{
    return written([&](QDataStream &s) {
        s << static_cast<quint64>(c.txCount) << static_cast<quint64>(c.minted)
          << static_cast<quint64>(c.bought) << static_cast<quint64>(c.sold)
          << static_cast<quint64>(c.transfersIn) << static_cast<quint64>(c.transfersOut);
    });
}

std::optional<AccountCounters> counters(const QByteArray &bytes)
{
    return read<AccountCounters>(bytes, [](QDataStream &s, AccountCounters &c) {
        quint64 v[6] = {};
        for (quint64 &x : v)
            s >> x;
        c = {v[0], v[1], v[2], v[3], v[4], v[5]};
    });
}

} // namespace gifscan::chain::StateCodec
