#pragma once

#include <QObject>
#include <functional>

class QSocketNotifier;

namespace gifscan {

// SIGINT and SIGTERM end the event loop the way quitting it from the
// program would, so objects are destroyed in order (a node closes its
// database, a child process is stopped). The handler only writes a byte to
// a socket pair; the event loop does the rest. One per process, made in
// main() before exec(); lives on the main thread.
class QuitOnSignal : public QObject
{
    Q_OBJECT
public:
    explicit QuitOnSignal(QObject *parent = nullptr);
    ~QuitOnSignal() override;

    // False when the socket pair cannot be made: the signals then keep their
    // default action (the process ends at once).
    bool installed() const { return m_notifier != nullptr; }
    // The first signal calls `first` instead (a server finishing what it
    // owes before it quits); a second quits at once.
    void onFirstSignal(std::function<void()> first) { m_first = std::move(first); }

private:
    QSocketNotifier *m_notifier = nullptr;
    std::function<void()> m_first;
};

} // namespace gifscan
