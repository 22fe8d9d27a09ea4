#pragma once

#include <QObject>
#include <QString>
#include <QThread>
#include <atomic>
#include <memory>

namespace gifscan::chain {

// PRAGMA integrity_check of the chain database on a connection of its own,
// in a thread of its own: every page, and every index against its table,
// which the node's reads cannot see (a damaged index entry reads as another
// row). It takes minutes on a long chain, so the node starts and serves
// while it runs; damage found stops the node with the file named.
//
// The object lives on the thread that created it (the node thread), where
// finished() is emitted; the check runs on m_thread, which the destructor
// interrupts and joins.
class IntegrityCheck : public QObject
{
    Q_OBJECT
public:
    explicit IntegrityCheck(QObject *parent = nullptr);
    ~IntegrityCheck() override;

    void start(const QString &path);
    bool isRunning() const { return m_thread && m_thread->isRunning(); }

    // The check, run here and now. Both empty: the file is whole. `damage`:
    // what is wrong, naming the file. `unchecked`: why the check could not
    // be made (no memory, the disk gone), which says nothing of the file.
    struct Verdict
    {
        QString damage;
        QString unchecked;
    };
    static Verdict run(const QString &path, const std::atomic<bool> *cancel = nullptr);

Q_SIGNALS:
    void finished(const QString &damage, const QString &unchecked);

private:
    std::unique_ptr<QThread> m_thread;
    std::atomic<bool> m_cancel{false};
};

} // namespace gifscan::chain
