#include "server/net/requesthead.h"

#include <algorithm>
#include <limits>

namespace gifscan::server {

namespace {

// RFC 9110 §5.6.2: the characters a token (a method, a field name) may use.
bool isTokenChar(char c)
{
    if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9'))
        return true;
    return QByteArrayView("!#$%&'*+-.^_`|~").contains(c);
}

bool isToken(QByteArrayView text)
{
    return !text.isEmpty() && std::all_of(text.begin(), text.end(), isTokenChar);
}

QByteArrayView trimmed(QByteArrayView text)
{
    while (!text.isEmpty() && (text.front() == ' ' || text.front() == '\t'))
        text = text.sliced(1);
    while (!text.isEmpty() && (text.back() == ' ' || text.back() == '\t'))
        text.chop(1);
    return text;
}

// Digits only and within 63 bits: anything else makes the framing unknown.
std::optional<qint64> parseLength(QByteArrayView text)
{
    if (text.isEmpty() || text.size() > 18)
        return std::nullopt;
    qint64 value = 0;
    for (char c : text) {
        if (c < '0' || c > '9')
            return std::nullopt;
        value = value * 10 + (c - '0');
    }
    return value;
}

// Keeps a field that may appear once (RFC 9110 §7.2: Host; RFC 6454 §7:
// Origin); false when it comes a second time.
bool keepOnce(QByteArrayView name, QByteArrayView value, const char *field,
              std::optional<QByteArray> &kept)
{
    if (name.compare(field, Qt::CaseInsensitive) != 0)
        return true;
    if (kept)
        return false;
    kept = value.toByteArray();
    return true;
}

} // namespace

RequestHead RequestHead::scan(QByteArrayView bytes, qsizetype maxHeadBytes)
{
    RequestHead head;
    // RFC 9112 §2.2: a server should ignore empty lines before the request line.
    qsizetype pos = 0;
    while (pos + 1 < bytes.size() && bytes[pos] == '\r' && bytes[pos + 1] == '\n')
        pos += 2;
    bool requestLine = true;
    for (;;) {
        const qsizetype eol = bytes.indexOf('\n', pos);
        if (eol < 0) {
            head.state = bytes.size() > maxHeadBytes ? State::TooLarge : State::Incomplete;
            return head;
        }
        if (eol + 1 > maxHeadBytes) {
            head.state = State::TooLarge;
            return head;
        }
        QByteArrayView line = bytes.sliced(pos, eol - pos);
        if (line.endsWith('\r'))
            line.chop(1);
        pos = eol + 1;
        if (requestLine) {
            // method SP request-target SP HTTP-version
            const qsizetype sp1 = line.indexOf(' ');
            const qsizetype sp2 = line.lastIndexOf(' ');
            if (sp1 <= 0 || sp2 <= sp1 + 1 || !isToken(line.first(sp1)) ||
                !line.sliced(sp2 + 1).startsWith("HTTP/1.")) {
                head.state = State::Malformed;
                return head;
            }
            head.method = line.first(sp1).toByteArray();
            head.target = line.sliced(sp1 + 1, sp2 - sp1 - 1).toByteArray();
            requestLine = false;
            continue;
        }
        if (line.isEmpty())
            break;
        const qsizetype colon = line.indexOf(':');
        // A field name is a token with no space before the colon (RFC 9112 §5.1);
        // obsolete line folding is refused (§5.2).
        if (colon <= 0 || !isToken(line.first(colon))) {
            head.state = State::Malformed;
            return head;
        }
        const QByteArrayView name = line.first(colon);
        const QByteArrayView value = trimmed(line.sliced(colon + 1));
        if (name.compare("Content-Length", Qt::CaseInsensitive) == 0) {
            // One field of digits: Qt's server reads the first field as a
            // number, so a second one or a list ("40, 40") would have it
            // read the body's end elsewhere than the guard (a smuggled
            // request behind it).
            const auto length = parseLength(value);
            if (!length || head.contentLength) {
                head.state = State::Malformed;
                return head;
            }
            head.contentLength = length;
        } else if (name.compare("Transfer-Encoding", Qt::CaseInsensitive) == 0) {
            // Any at all: Qt reads every such field joined, and takes the body
            // as chunked when "chunked" is anywhere in them.
            head.chunked = true;
        } else if (!keepOnce(name, value, "Host", head.host) ||
                   !keepOnce(name, value, "Origin", head.origin)) {
            head.state = State::Malformed;
            return head;
        } else if (name.compare("Sec-Fetch-Site", Qt::CaseInsensitive) == 0) {
            head.fetchSite = value.toByteArray().toLower();
        } else if (name.compare("Referer", Qt::CaseInsensitive) == 0) {
            head.referer = value.toByteArray();
        }
    }
    head.headBytes = pos;
    head.state = State::Complete;
    return head;
}

} // namespace gifscan::server
