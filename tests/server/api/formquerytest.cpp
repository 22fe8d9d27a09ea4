#include "server/api/formquery.h"

#include "server/api/pagecursor.h"

#include <cctype>
#include <gtest/gtest.h>
#include <random>

using gifscan::server::formValue;
using gifscan::server::PageCursor;

namespace {
QUrl withQuery(const char *query)
{
    QUrl url(QStringLiteral("http://127.0.0.1/graphql"));
    url.setQuery(QString::fromLatin1(query), QUrl::TolerantMode);
    return url;
}

// How a form (and URLSearchParams) encodes a value: spaces as '+', every
// other byte outside the unreserved set as %XX, a plus among them.
QByteArray formEncoded(const QString &value)
{
    QByteArray out;
    for (const char c : value.toUtf8()) {
        const auto b = static_cast<unsigned char>(c);
        if (c == ' ')
            out += '+';
        else if (std::isalnum(b) || c == '-' || c == '_' || c == '.' || c == '*')
            out += c;
        else
            out += '%' + QByteArray::number(b, 16).rightJustified(2, '0').toUpper();
    }
    return out;
}
} // namespace

TEST(FormQuery, PlusIsASpaceAndAnEncodedPlusIsAPlus)
{
    EXPECT_EQ(formValue(withQuery("query={+head+{+height+}+}"), u"query"),
              QStringLiteral("{ head { height } }"));
    EXPECT_EQ(formValue(withQuery("a=1&variables=%7B%22h%22%3A1%2B0%7D"), u"variables"),
              QStringLiteral("{\"h\":1+0}"));
    EXPECT_EQ(formValue(withQuery("q=x&q=y"), u"q"), QStringLiteral("x")) << "the first value";
    EXPECT_EQ(formValue(withQuery("flag&q="), u"flag"), QString());
    EXPECT_EQ(formValue(withQuery("q=1"), u"query"), std::nullopt);
    EXPECT_EQ(formValue(withQuery("my+key=v"), u"my key"), QStringLiteral("v"));
}

TEST(FormQuery, AnyValueSurvivesAFormsEncoding)
{
    // Property: whatever a client puts in a form field, the node reads back.
    std::mt19937 rng(29);
    const QString alphabet = QStringLiteral("{}()$:!+ %&=#?\"',ab09é€\t\n");
    for (int n = 0; n < 2000; ++n) {
        QString value;
        const int length = static_cast<int>(rng() % 24);
        for (int i = 0; i < length; ++i)
            value += alphabet.at(static_cast<qsizetype>(rng() % alphabet.size()));
        QUrl url(QStringLiteral("http://127.0.0.1/graphql"));
        url.setQuery(QString::fromLatin1(QByteArrayLiteral("other=1&query=") + formEncoded(value)),
                     QUrl::StrictMode);
        ASSERT_EQ(formValue(url, u"query"), value) << url.toString().toStdString();
    }
}

TEST(PageCursorStrictness, OnlyWhatEncodeWritesIsACursor)
{
    const PageCursor c = PageCursor::at(7, 3);
    const auto back = PageCursor::decode(c.encode());
    ASSERT_TRUE(back);
    EXPECT_EQ(back->height, 7u);
    EXPECT_EQ(back->offset, 3u);
    auto cursorOf = [](const char *plain) {
        return QString::fromLatin1(QByteArray(plain).toBase64(QByteArray::Base64UrlEncoding |
                                                              QByteArray::OmitTrailingEquals));
    };
    for (const char *forged : {"p1:+5:0", "p1: 5:0", "p1:5 :0", "p1:05:0", "p1:5:-0", "p1::0",
                               "p1:18446744073709551616:0", "p1:0x5:0"})
        EXPECT_FALSE(PageCursor::decode(cursorOf(forged))) << forged;
    EXPECT_TRUE(PageCursor::decode(cursorOf("p1:0:0")));
    EXPECT_TRUE(PageCursor::decode(cursorOf("p1:18446744073709551615:10")));
}
