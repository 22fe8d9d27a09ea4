#pragma once

#include <QObject>
#include <memory>

namespace gifscan {

// The one way an object drops answers to a question it no longer asks.
// Clients call back only while a request's context lives: requests asked
// with context() are forgotten, callbacks and all, when renew() starts the
// next question. Work that comes back from another thread cannot hold the
// context, so it carries a ticket() and is dropped unless isCurrent(). Lives
// on its owner's thread.
class RequestScope
{
public:
    using Ticket = quint64;

    RequestScope() : m_context(std::make_unique<QObject>()) {}

    // The context for requests of the current question.
    QObject *context() const { return m_context.get(); }
    Ticket ticket() const { return m_ticket; }
    bool isCurrent(Ticket ticket) const { return ticket == m_ticket; }
    // A new question: every request asked before is dropped unanswered.
    QObject *renew()
    {
        m_context = std::make_unique<QObject>();
        ++m_ticket;
        return m_context.get();
    }

private:
    std::unique_ptr<QObject> m_context;
    Ticket m_ticket = 0;
};

} // namespace gifscan
