// The window in German and in Spanish speaks no English on its main pages.
// Every visible label, button, tab, column header, menu entry, placeholder,
// chart title and detail text is held against the English source strings
// whose translation differs, and against English function words that only
// text never passed through tr() would bring.
#include "core/settings/profilestore.h"
#include "models/appsettings.h"
#include "models/auditmodel.h"
#include "models/broadcastmodel.h"
#include "models/watchlist.h"
#include "tests/support/testpaths.h"
#include "tests/support/tsfile.h"
#include "tests/support/txfactory.h"
#include "tests/views/explorer.h"
#include "translations/translations.h"
#include "views/addresspage.h"
#include "views/broadcastdialog.h"
#include "views/settingsdialog.h"

#include <QAbstractButton>
#include <QAbstractItemView>
#include <QChartView>
#include <QComboBox>
#include <QGroupBox>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QMenuBar>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QRegularExpression>
#include <QSettings>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTabBar>
#include <QTemporaryDir>
#include <QTest>
#include <QTextDocument>
#include <QTextEdit>
#include <gtest/gtest.h>

using namespace gifscan;
using namespace gifscan::test;

namespace {

// The English a window in `language` must not show.
class English
{
public:
    explicit English(const QString &language)
    {
        for (const TsMessage &m : readTs(gifscan::test::translationsDir() +
                                         QStringLiteral("/gifscan_%1.ts").arg(language))) {
            // A rich text is seen cell by cell; a cell the translation keeps
            // ("Nonce", "Hash") is no English to find.
            QSet<QString> kept;
            for (const QString &t : m.translations)
                kept.unite(fragments(t));
            for (const QString &f : fragments(m.source)) {
                if (!kept.contains(f) && letters(f) >= 2)
                    m_phrases.append({f, pattern(f)});
            }
        }
    }
    // The English source `text` shows, or empty.
    QString in(const QString &text) const
    {
        for (const auto &[source, re] : m_phrases) {
            if (re.match(text).hasMatch())
                return source;
        }
        // Words no German or Spanish sentence has (not "was": German "what"),
        // that untranslated text would.
        static const QRegularExpression functionWords(
            QStringLiteral("\\b(the|of|and|is|are|with|from|to|at|by|for|not|this|that|there|yet|"
                           "you|your|has|have|on)\\b"),
            QRegularExpression::CaseInsensitiveOption);
        const auto word = functionWords.match(text);
        return word.hasMatch() ? QStringLiteral("the word \"%1\"").arg(word.captured()) : QString();
    }
    int size() const { return static_cast<int>(m_phrases.size()); }

private:
    static QSet<QString> fragments(const QString &text)
    {
        QSet<QString> out;
        for (const QString &f : QString(text).split(QRegularExpression(QStringLiteral("<[^>]*>")),
                                                    Qt::SkipEmptyParts)) {
            if (!f.trimmed().isEmpty())
                out.insert(f.trimmed());
        }
        return out;
    }
    static int letters(const QString &fragment)
    {
        const QString bare =
            QString(fragment).remove(QRegularExpression(QStringLiteral("%L?(\\d+|n)")));
        return static_cast<int>(
            std::count_if(bare.begin(), bare.end(), [](QChar c) { return c.isLetter(); }));
    }
    // The fragment with its placeholders filled by anything.
    static QRegularExpression pattern(const QString &fragment)
    {
        QStringList parts;
        for (const QString &p : fragment.split(QRegularExpression(QStringLiteral("%L?(\\d+|n)"))))
            parts.append(QRegularExpression::escape(p));
        return QRegularExpression(QStringLiteral("^") + parts.join(QStringLiteral(".*")) +
                                      QStringLiteral("$"),
                                  QRegularExpression::DotMatchesEverythingOption);
    }
    QList<std::pair<QString, QRegularExpression>> m_phrases;
};

QStringList linesOf(const QString &text)
{
    QString plain = text;
    if (Qt::mightBeRichText(text)) {
        QTextDocument doc;
        doc.setHtml(text);
        plain = doc.toPlainText();
    }
    QStringList out;
    for (const QString &line :
         plain.split(QRegularExpression(QStringLiteral("[\\n\\x{2029}\\t]")), Qt::SkipEmptyParts)) {
        const QString t =
            QString(line).remove(QRegularExpression(QStringLiteral("&(?=\\S)"))).trimmed();
        if (!t.isEmpty())
            out.append(t);
    }
    return out;
}

// What a person sees of `root` now: the words of every visible widget.
QStringList visibleTexts(QWidget *root)
{
    QStringList out = linesOf(root->windowTitle());
    auto add = [&](const QString &text) { out += linesOf(text); };
    for (QWidget *w : root->findChildren<QWidget *>()) {
        if (!w->isVisibleTo(root))
            continue;
        if (auto *l = qobject_cast<QLabel *>(w)) {
            add(l->text());
        } else if (auto *b = qobject_cast<QAbstractButton *>(w)) {
            add(b->text());
        } else if (auto *g = qobject_cast<QGroupBox *>(w)) {
            add(g->title());
        } else if (auto *e = qobject_cast<QLineEdit *>(w)) {
            add(e->placeholderText());
        } else if (auto *c = qobject_cast<QComboBox *>(w)) {
            for (int i = 0; i < c->count(); ++i)
                add(c->itemText(i));
        } else if (auto *t = qobject_cast<QTabBar *>(w)) {
            for (int i = 0; i < t->count(); ++i)
                add(t->tabText(i));
        } else if (auto *s = qobject_cast<QSpinBox *>(w)) {
            add(s->specialValueText());
            add(s->suffix());
        } else if (auto *x = qobject_cast<QTextEdit *>(w)) {
            add(x->toHtml());
        } else if (auto *chart = qobject_cast<QChartView *>(w)) {
            add(chart->chart()->title());
            for (QAbstractAxis *axis : chart->chart()->axes())
                add(axis->titleText());
        } else if (auto *v = qobject_cast<QAbstractItemView *>(w)) {
            QAbstractItemModel *m = v->model();
            if (!m)
                continue;
            for (int column = 0; column < m->columnCount(); ++column)
                add(m->headerData(column, Qt::Horizontal).toString());
            for (int r = 0; r < std::min(m->rowCount(), 30); ++r) {
                for (int column = 0; column < m->columnCount(); ++column) {
                    const QModelIndex i = m->index(r, column);
                    add(i.data().toString());
                    for (int k = 0; k < std::min(m->rowCount(i), 30); ++k)
                        add(m->index(k, 0, i).data().toString());
                }
            }
        } else if (auto *bar = qobject_cast<QMenuBar *>(w)) {
            for (QAction *a : bar->actions()) {
                add(a->text());
                if (a->menu()) {
                    for (QAction *item : a->menu()->actions())
                        add(item->text());
                }
            }
        }
    }
    return out;
}

// The English found on `root`, one line each: where, what, and which source.
// The chain's own names (a collection called "Block Heads") are data, not
// interface.
QStringList englishOn(QWidget *root, const English &english, const QString &where,
                      const QSet<QString> &data = {})
{
    QStringList found;
    for (const QString &text : visibleTexts(root)) {
        const QString source = data.contains(text) ? QString() : english.in(text);
        if (!source.isEmpty())
            found.append(QStringLiteral("%1: \"%2\" (%3)").arg(where, text, source));
    }
    return found;
}

void expectNoEnglish(const QString &language)
{
    Translations translations;
    translations.apply(language);
    const English english(language);
    ASSERT_GT(english.size(), 250);

    // An indexer that lies about every other owner, so the audit has
    // something to say.
    auto config = DevnetHarness::fastConfig(40, 0.1, false);
    config.lieEvery = 2;
    DevnetHarness d(config);
    ASSERT_TRUE(d.ok());
    TxFactory f;
    const QJsonObject paid = d.sendAndWait(f.transfer(3, TxFactory::dev(4), 12345));
    const QString txHash = paid[QStringLiteral("transaction")][QStringLiteral("hash")].toString();
    QTemporaryDir dir;
    QSettings settings(dir.filePath(QStringLiteral("s.ini")), QSettings::IniFormat);
    Watchlist watchlist(&settings);
    watchlist.setWatched(Watchlist::Kind::Object, QStringLiteral("pixel-cats#1"), true);
    watchlist.setWatched(Watchlist::Kind::Collection, QStringLiteral("neon-waves"), true);
    Explorer e(d, &watchlist);
    e.session.start();
    MainWindow &window = e.window;
    ASSERT_TRUE(QTest::qWaitFor(
        [&] {
            return e.session.pages().status->state() == LiveFeed::Connection::Live &&
                   e.session.pages().collections->rowCount() >= 8;
        },
        10000));

    QSet<QString> names;
    for (int r = 0; r < e.session.pages().collections->rowCount(); ++r)
        names.insert(e.session.pages()
                         .collections->index(r, CollectionListModel::NameColumn)
                         .data()
                         .toString());
    QStringList found;
    const std::pair<Location::Kind, const char *> lists[] = {
        {Location::Kind::Live, "live"},
        {Location::Kind::Blocks, "blocks"},
        {Location::Kind::Collections, "collections"},
        {Location::Kind::Activity, "activity"},
        {Location::Kind::Watchlist, "watchlist"}};
    // A list page is scanned once every list it shows has rows.
    auto loaded = [&] {
        const auto views = window.findChildren<QAbstractItemView *>();
        return std::all_of(views.begin(), views.end(), [](QAbstractItemView *v) {
            return !v->isVisible() || (v->model() && v->model()->rowCount() > 0);
        });
    };
    for (const auto &[page, name] : lists) {
        window.open(Location::list(page));
        ASSERT_TRUE(QTest::qWaitFor(loaded, 5000)) << name;
        found += englishOn(&window, english, QLatin1String(name), names);
    }
    // Detail pages, each once its data is in.
    ASSERT_TRUE(window.search(QStringLiteral("pixel-cats")));
    ASSERT_TRUE(QTest::qWaitFor(
        [&] {
            return e.session.pages().collection->objects()->rowCount() > 0 &&
                   !e.session.pages().collection->traitNames().isEmpty();
        },
        5000))
        << e.session.pages().collection->objects()->rowCount();
    // Trait names and values are the chain's words, not the window's: a
    // trait called "Speed" is no untranslated label.
    for (const QString &trait : e.session.pages().collection->traitNames()) {
        names.insert(trait);
        for (const auto &v : e.session.pages().collection->values(trait))
            names.insert(v.trait.value);
    }
    found += englishOn(&window, english, QStringLiteral("collection"), names);
    ASSERT_TRUE(window.search(QStringLiteral("pixel-cats#1")));
    ASSERT_TRUE(QTest::qWaitFor(
        [&] {
            return e.session.pages().object->record().has_value() &&
                   !e.session.pages().object->frames().isEmpty();
        },
        5000));
    // Verify: the proof, step by step.
    e.session.pages().object->verify();
    ASSERT_TRUE(
        QTest::qWaitFor([&] { return e.session.pages().object->report().has_value(); }, 10000));
    found += englishOn(&window, english, QStringLiteral("object"), names);
    ASSERT_TRUE(window.search(QStringLiteral("1")));
    ASSERT_TRUE(
        QTest::qWaitFor([&] { return e.session.pages().block->block().has_value(); }, 5000));
    found += englishOn(&window, english, QStringLiteral("block"), names);
    ASSERT_TRUE(window.search(txHash));
    ASSERT_TRUE(QTest::qWaitFor(
        [&] { return e.session.pages().transaction->transaction().has_value(); }, 5000));
    found += englishOn(&window, english, QStringLiteral("transaction"), names);
    ASSERT_TRUE(window.search(toHexString(e.session.pages().object->record()->owner)));
    ASSERT_TRUE(QTest::qWaitFor(
        [&] {
            return e.session.pages().address->wallet().has_value() &&
                   e.session.pages().address->holdings()->rowCount() > 0;
        },
        5000));
    QSignalSpy audited(e.session.pages().audit, &AuditModel::finished);
    window.page<AddressPage>()->startAudit(0);
    ASSERT_TRUE(audited.wait(20000));
    ASSERT_FALSE(e.session.pages().audit->report()->holds()) << "the lies are found";
    found += englishOn(&window, english, QStringLiteral("address"), names);
    // Every page has been shown with its data: in this language the window
    // still fits a 1024×700 screen (the stack is as wide as its widest page).
    auto pageSizes = [&] {
        std::string out;
        for (const auto *page : window.findChildren<RoutedPage *>())
            out += page->metaObject()->className() + std::string(" ") +
                   std::to_string(page->minimumSizeHint().width()) + "x" +
                   std::to_string(page->minimumSizeHint().height()) + "; ";
        return out;
    };
    EXPECT_LE(window.minimumSizeHint().width(), 1024)
        << language.toStdString() << ": " << pageSizes();
    EXPECT_LE(window.minimumSizeHint().height(), 700)
        << language.toStdString() << ": " << pageSizes();
    // A transaction explained, sent and followed to its receipt.
    e.session.pages().broadcast->setFollowInterval(100);
    BroadcastDialog *broadcast = window.openBroadcast();
    broadcast->input()->setPlainText(toHexString(f.transfer(2, TxFactory::dev(3), 5)));
    broadcast->sendButton()->click();
    ASSERT_TRUE(QTest::qWaitFor(
        [&] { return e.session.pages().broadcast->state() == BroadcastModel::State::Included; },
        10000));
    found += englishOn(broadcast, english, QStringLiteral("broadcast"));
    broadcast->close();
    // Where the language is chosen.
    ProfileStore store(&settings);
    AppSettings preferences(&settings);
    SettingsDialog dialog(&store, store.last(), &preferences, &window);
    dialog.show();
    found += englishOn(&dialog, english, QStringLiteral("settings"));

    found.removeDuplicates();
    EXPECT_TRUE(found.isEmpty()) << found.join(u'\n').toStdString();
}

} // namespace

TEST(Languages, GermanShowsNoEnglishOnTheMainPages)
{
    expectNoEnglish(QStringLiteral("de"));
}

TEST(Languages, SpanishShowsNoEnglishOnTheMainPages)
{
    expectNoEnglish(QStringLiteral("es"));
}
