#pragma once

#include "core/protocol/jsonfields.h"
#include "core/protocol/records.h"
#include "core/protocol/trustanchor.h"
#include "core/verify/holdingsproof.h"
#include "core/verify/objectproof.h"

#include <QJsonDocument>

namespace gifscan {

// The portable proofs of PROTOCOL §10, version 2: a signed header, the set
// that signed it, and either one object's proof (optionally with its
// content) or an address's complete holdings. Checkable offline by anyone
// who knows which validator sets to trust.
struct OwnershipCertificate
{
    enum class Kind { Object, Holdings, Unknown };

    int version = 2;
    Kind kind = Kind::Object;
    QString kindName; // as written
    bool kindGiven =
        false; // absent means an object certificate; any other word but the two does not hold
    std::uint64_t chainId = 6464;
    QString network;
    BlockHeader header;
    ValidatorSet validators;
    // Object certificates
    QString displayKey;
    bool displayKeyGiven = false; // a holdings certificate carries none at all
    std::optional<ObjectProof> proof;
    std::optional<QByteArray> content;
    // Holdings certificates
    std::optional<HoldingsProof> holdings;

    // An address's holdings at `header`, signed by `validators`: the
    // certificate the CLI and an audit both hand out.
    static OwnershipCertificate forHoldings(const BlockHeader &header,
                                            const ValidatorSet &validators,
                                            const HoldingsProof &holdings);

    QJsonObject toJson() const;
    // A version 1 file decodes to version 1 and nothing more, so the check
    // can say why it does not hold instead of a parse error.
    static std::optional<OwnershipCertificate> fromJson(const QJsonDocument &doc,
                                                        DecodeError *error);
};

struct CertificateCheck
{
    bool valid = false;
    QString failedCheck; // the first check that failed, by machine name
    QString detail;      // why, in words
    QStringList passed;  // the checks that held, in order
    OwnershipCertificate::Kind kind = OwnershipCertificate::Kind::Object;
    bool exists = false; // object: membership (owned by `owner`) or absence
    Address owner{};
    QStringList objects; // holdings: exactly what the address held
    QString fingerprint; // of the set that signed
    // Signed by a devnet set, whose keys are public (PROTOCOL §8): every
    // check holds, but it proves nothing of value. Readers are told.
    bool devnetKeys = false;

    QString summary() const;
    // A check's name in English words, as the explorer shows it
    // (ChainWords translates the same): "header hash" for header-hash.
    static QString title(const QString &check);
};

// The sets a checker trusts: built-in, saved profiles, --trust files.
using TrustedSets = std::vector<ValidatorSet>;

// Checks in order (§10): version, chain, header-hash, validators, commit,
// trusted, then kind, height, key, proof, content (or holdings).
CertificateCheck checkCertificate(const OwnershipCertificate &certificate,
                                  const TrustedSets &trusted);

QJsonObject headerToJson(const BlockHeader &header);
QJsonArray commitToJson(const std::vector<CommitSignature> &commit);
QJsonObject proofToJson(const ObjectProof &proof);
QJsonObject holdingsToJson(const HoldingsProof &proof);

} // namespace gifscan
