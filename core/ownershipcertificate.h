#pragma once

#include "core/jsonfields.h"
#include "core/objectproof.h"
#include "core/records.h"

#include <QJsonDocument>

namespace gifscan {

// The portable proof of PROTOCOL §10: a header, a proof against its root and
// optionally the content, checkable offline by anyone.
struct OwnershipCertificate
{
    int version = 1;
    std::uint64_t chainId = 6464;
    QString displayKey;
    BlockHeader header;
    ObjectProof proof;
    std::optional<QByteArray> content;

    QJsonObject toJson() const;
    static std::optional<OwnershipCertificate> fromJson(const QJsonDocument &doc, DecodeError *error);
};

struct CertificateCheck
{
    bool valid = false;
    QString failedCheck; // the first check that failed, by name
    QString detail;      // why, in words
    QStringList passed;  // the checks that held, in order
    bool exists = false; // membership (owned by `owner`) or absence
    Address owner{};

    QString summary() const;
};

// Checks in order: format, chain, header hash, key, height, proof, content.
CertificateCheck checkCertificate(const OwnershipCertificate &certificate);

QJsonObject headerToJson(const BlockHeader &header);
QJsonObject proofToJson(const ObjectProof &proof);

} // namespace gifscan
