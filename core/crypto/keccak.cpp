#include "core/crypto/keccak.h"

#include <QCryptographicHash>

namespace gifscan {

Hash32 keccak256(std::span<const std::uint8_t> data)
{
    const QByteArray digest =
        QCryptographicHash::hash(QByteArrayView(reinterpret_cast<const char *>(data.data()),
                                                static_cast<qsizetype>(data.size())),
                                 QCryptographicHash::Keccak_256);
    Hash32 out{};
    std::copy(digest.begin(), digest.end(), out.begin());
    return out;
}

Hash32 keccak256(const QByteArray &data)
{
    return keccak256(asBytes(data));
}

} // namespace gifscan
