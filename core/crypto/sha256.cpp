#include "core/crypto/sha256.h"

#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <stdexcept>

namespace gifscan {

namespace {
// Fetching the EVP_MD and allocating a context cost more than hashing 65
// bytes; keeping both per thread is what makes trie hashing fast.
struct ThreadDigest
{
    EVP_MD *md = EVP_MD_fetch(nullptr, "SHA256", nullptr);
    EVP_MD_CTX *ctx = EVP_MD_CTX_new();
    ThreadDigest()
    {
        if (!md || !ctx)
            throw std::runtime_error("OpenSSL SHA-256 is unavailable");
    }
    ~ThreadDigest()
    {
        EVP_MD_CTX_free(ctx);
        EVP_MD_free(md);
    }
    ThreadDigest(const ThreadDigest &) = delete;
    ThreadDigest &operator=(const ThreadDigest &) = delete;
};
} // namespace

Hash32 sha256(std::span<const std::uint8_t> data)
{
    thread_local ThreadDigest digest;
    Hash32 out{};
    unsigned int len = 0;
    if (EVP_DigestInit_ex2(digest.ctx, digest.md, nullptr) != 1 ||
        EVP_DigestUpdate(digest.ctx, data.data(), data.size()) != 1 ||
        EVP_DigestFinal_ex(digest.ctx, out.data(), &len) != 1 || len != out.size())
        throw std::runtime_error("OpenSSL SHA-256 failed");
    return out;
}

Hash32 sha256(const QByteArray &data)
{
    return sha256(asBytes(data));
}

void releaseThreadCryptoState()
{
    OPENSSL_thread_stop();
}

} // namespace gifscan
