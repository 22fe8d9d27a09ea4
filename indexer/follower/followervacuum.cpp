// Follower, continued: its tables vacuumed and analyzed after a catch-up.
// Same object and thread as indexer/follower/follower.cpp; apart for that
// file's length.
#include "chain/store/postgresvacuum.h"
#include "indexer/follower/follower.h"

#include <QLoggingCategory>

Q_DECLARE_LOGGING_CATEGORY(lcFollower)

namespace gifscan::indexer {

void Follower::vacuumAfterCatchUp()
{
    const auto head = storedHead();
    if (m_vacuum || m_options.vacuumAfter <= 0 || m_storedSinceVacuum < m_options.vacuumAfter ||
        !head || *head < m_target)
        return;
    const int stored = std::exchange(m_storedSinceVacuum, 0);
    m_vacuum = std::make_unique<chain::PostgresVacuum>();
    connect(m_vacuum.get(), &chain::PostgresVacuum::finished, this,
            [this, stored](int tables, const QString &error, qint64 ms) {
                m_vacuum.release()->deleteLater();
                if (!error.isEmpty())
                    qCWarning(lcFollower).noquote()
                        << QStringLiteral("the tables were not vacuumed after %1 blocks: %2")
                               .arg(stored)
                               .arg(error);
                else
                    qCInfo(lcFollower).noquote()
                        << QStringLiteral("vacuumed and analyzed %1 tables after a catch-up of %2 "
                                          "blocks, in %3 ms")
                               .arg(tables)
                               .arg(stored)
                               .arg(ms);
            });
    m_vacuum->start(m_options.database);
}

} // namespace gifscan::indexer
