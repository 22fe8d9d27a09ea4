#pragma once

// A devnet on loopback with the clients a verifier needs, and the three
// things the verification tests ask of it: verify an object, audit an
// address, make a certificate (tests/core/verify/verificationtest.cpp and
// certificatetest.cpp).
#include "core/client/awaitresult.h"
#include "core/client/restclient.h"
#include "core/client/rpcclient.h"
#include "core/verify/objectverifier.h"
#include "core/verify/ownershipcertificate.h"
#include "core/verify/walletaudit.h"
#include "tests/support/devnetharness.h"

#include <QSignalSpy>
#include <gtest/gtest.h>

namespace gifscan::test {

struct Rig
{
    explicit Rig(const server::ServerConfig &config)
        : d(config), rest(QUrl(d.endpoints().baseUrl), &http),
          rpc(QUrl(d.endpoints().rpcUrl), &http)
    {
    }
    DevnetHarness d;
    HttpClient http;
    RestClient rest;
    RpcClient rpc;

    VerificationReport verify(const QString &key,
                              std::optional<std::uint64_t> height = std::nullopt,
                              bool content = true)
    {
        ObjectVerifier verifier(&rest, &rpc, HeaderVerifier(TrustAnchor::devnet()));
        return awaitResult<VerificationReport>(
            [&](QObject *c, auto done) { verifier.verify(key, height, content, c, done); });
    }
    AuditReport audit(const Address &a, std::optional<std::uint64_t> height = std::nullopt)
    {
        WalletAudit audit(&rest, &rpc, HeaderVerifier(TrustAnchor::devnet()));
        QSignalSpy finished(&audit, &WalletAudit::finished);
        audit.run(a, height);
        EXPECT_TRUE(finished.wait(20000));
        return finished.isEmpty() ? AuditReport{} : finished.first().first().value<AuditReport>();
    }
    OwnershipCertificate certificate(const QString &key, std::uint64_t height, bool content)
    {
        return verify(key, height, content).certificate(ValidatorSet::devnet(), content);
    }
};

} // namespace gifscan::test

Q_DECLARE_METATYPE(gifscan::AuditReport)
