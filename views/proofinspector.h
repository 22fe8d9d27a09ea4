#pragma once

#include <QTreeWidget>
#include <optional>

namespace gifscan {
struct ProofWalk;
struct VerificationReport;
class ValidatorSet;
} // namespace gifscan

// Every step of an object's verification, as a tree an auditor reads down:
// the header (hash, each validator's signature, the quorum, the set), the
// proof walked from the leaf to the root, the content and the indexer's
// word. Values are elided in the middle to fit and copy in full (Ctrl+C or
// the menu); the tooltip shows them whole. Lives on the GUI thread.
class ProofInspector : public QTreeWidget
{
    Q_OBJECT
public:
    explicit ProofInspector(QWidget *parent = nullptr);

    // The checks of `report`; `walk` when the proof walks, `trusted` the
    // set the header was checked against.
    void showReport(const gifscan::VerificationReport &report,
                    const std::optional<gifscan::ProofWalk> &walk,
                    const gifscan::ValidatorSet &trusted);
    // One line per row, "check: value": what a test reads.
    QString text() const;

private:
    QTreeWidgetItem *item(QTreeWidgetItem *parent, const QString &check, const QString &value,
                          std::optional<bool> ok = std::nullopt);
    void listHeaderChecks(const gifscan::VerificationReport &r,
                          const gifscan::ValidatorSet &trusted);
    void listProofChecks(const gifscan::VerificationReport &r,
                         const std::optional<gifscan::ProofWalk> &walk);
    void listContentAndIndexer(const gifscan::VerificationReport &r);
};
