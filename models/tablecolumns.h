#pragma once

#include <QAbstractItemModel>
#include <QCoreApplication>
#include <array>

// A table model's columns described once: each one's heading, in column
// order, marked for translation in the model's context. headerData() and
// columnCount() answer from it, and CsvExport takes its headings from
// headerData(), so a column added here is shown and exported under its
// heading with nothing else to keep in step. Pure: any thread.
template <std::size_t N> struct TableColumns
{
    const char *context; // the model's class name, as tr() would use
    std::array<const char *, N> headings;

    static constexpr int count() { return static_cast<int>(N); }
    // Every column has its heading (an array left short is filled with nulls).
    constexpr bool complete() const
    {
        for (const char *h : headings) {
            if (!h)
                return false;
        }
        return true;
    }

    // The heading of `section`, translated; nothing for what is not a
    // horizontal heading of this table.
    QVariant heading(int section, Qt::Orientation orientation, int role) const
    {
        if (orientation != Qt::Horizontal || role != Qt::DisplayRole || section < 0 ||
            section >= count())
            return {};
        return QCoreApplication::translate(context, headings[static_cast<std::size_t>(section)]);
    }
    // A model's whole headerData(): this table's headings, and for what they
    // do not cover (vertical headers, other roles) what `model`'s base class
    // answers.
    QVariant headerData(const QAbstractItemModel &model, int section, Qt::Orientation orientation,
                        int role) const
    {
        const QVariant h = heading(section, orientation, role);
        return h.isValid() ? h : model.QAbstractItemModel::headerData(section, orientation, role);
    }
};
