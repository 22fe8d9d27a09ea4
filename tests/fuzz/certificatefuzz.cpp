// Ownership certificates (PROTOCOL §11) arrive as files from anyone: any
// JSON is a certificate or an error, a certificate reads back as itself,
// and checking it against the devnet's set gives a verdict.
#include "core/protocol/validatorset.h"
#include "core/verify/ownershipcertificate.h"
#include "tests/fuzz/fuzztarget.h"

#include <QJsonDocument>

GIFSCAN_FUZZ_TARGET(certificate)
{
    QJsonDocument doc;
    if (!gifscan::fuzz::parseJson(input, &doc))
        return;
    gifscan::DecodeError error;
    const auto certificate = gifscan::OwnershipCertificate::fromJson(doc, &error);
    if (!certificate) {
        FUZZ_ASSERT(!error.message.isEmpty());
        return;
    }
    const QJsonObject written = certificate->toJson();
    gifscan::DecodeError again;
    const auto reread = gifscan::OwnershipCertificate::fromJson(QJsonDocument(written), &again);
    FUZZ_ASSERT(reread.has_value());
    FUZZ_ASSERT(reread->toJson() == written);
    static const gifscan::TrustedSets trusted{gifscan::ValidatorSet::devnet()};
    const gifscan::CertificateCheck check = gifscan::checkCertificate(*certificate, trusted);
    FUZZ_ASSERT(check.valid == check.failedCheck.isEmpty());
    (void)check.summary();
}
