#pragma once

#include <QFile>
#include <QList>
#include <QStringList>
#include <QXmlStreamReader>

namespace gifscan::test {

// One message of a Qt Linguist .ts file.
struct TsMessage
{
    QString context;
    QString source;
    QString comment;
    bool numerus = false;
    QStringList translations; // one, or one per plural form
    bool finished = true;     // no type="unfinished" / "vanished" / "obsolete"
};

// The messages of a .ts file, in file order; empty if it cannot be read.
inline QList<TsMessage> readTs(const QString &path)
{
    QList<TsMessage> out;
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return out;
    QXmlStreamReader xml(&f);
    QString context;
    TsMessage m;
    while (!xml.atEnd()) {
        if (xml.readNext() != QXmlStreamReader::StartElement)
            continue;
        const auto name = xml.name();
        if (name == QLatin1String("name")) {
            context = xml.readElementText();
        } else if (name == QLatin1String("message")) {
            m = TsMessage{};
            m.context = context;
            m.numerus = xml.attributes().value(QLatin1String("numerus")) == QLatin1String("yes");
        } else if (name == QLatin1String("source")) {
            m.source = xml.readElementText();
        } else if (name == QLatin1String("comment")) {
            m.comment = xml.readElementText();
        } else if (name == QLatin1String("translation")) {
            m.finished = xml.attributes().value(QLatin1String("type")).isEmpty();
            if (m.numerus) {
                while (xml.readNextStartElement())
                    m.translations.append(xml.readElementText());
            } else {
                m.translations.append(xml.readElementText());
            }
            out.append(m);
        }
    }
    return out;
}

} // namespace gifscan::test
