#pragma once

#include <QString>
#include <boost/outcome/basic_result.hpp>
#include <boost/outcome/policy/terminate.hpp>
#include <utility>

namespace gifscan {

// Why one of the node's own steps did not happen (opening its store,
// starting its servers, its webhooks): what kind of trouble, and the words
// for its log, its exit message or an error body. A node's answers as the
// explorer receives them carry a ClientError instead (core/client/).
struct Failure
{
    enum class Kind {
        // What was given is not what it should be: an option, a block, a
        // file of another kind or version, a height or content not held.
        Invalid,
        // A database of ours could not be read or written, or is damaged.
        Storage,
        // A server, database, port or data folder could not be reached or
        // taken (another node holds it), or a replica is behind what was
        // answered: asking again later may work.
        Unavailable,
        // A database that is there holds nothing yet (no tables, no
        // genesis): what writes it has not begun. A reader waits for it,
        // where it gives up on the kinds above.
        NotYet,
    };
    Kind kind = Kind::Invalid;
    QString message;

    static Failure invalid(QString why) { return {Kind::Invalid, std::move(why)}; }
    static Failure storage(QString why) { return {Kind::Storage, std::move(why)}; }
    static Failure unavailable(QString why) { return {Kind::Unavailable, std::move(why)}; }
    static Failure notYet(QString why) { return {Kind::NotYet, std::move(why)}; }
};

// A step's value, or the Failure that says why there is none: the node's
// way of failing, in place of a bool and a QString out-parameter. It is
// Boost.Outcome's result; reading the value of a failure terminates, as
// the bug it is. Outcome<> is a step with no value: success() or a Failure.
template <typename T = void>
using Outcome = boost::outcome_v2::basic_result<T, Failure, boost::outcome_v2::policy::terminate>;

inline auto success()
{
    return boost::outcome_v2::success();
}

} // namespace gifscan
