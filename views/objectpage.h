#pragma once

#include "views/routedpage.h"

#include <optional>

class DetailBrowser;
class GifPlayer;
class PriceHistoryChart;
class ObjectPageModel;
class ViewPreferences;
class QLabel;
class QLayout;
class QPushButton;
class ProofInspector;
class QTabWidget;

// One object: its animation, what the chain says about it, and Verify, which
// proves the owner against a header and shows every step (ProofInspector).
// Lives on the GUI thread.
class ObjectPage : public RoutedPage
{
    Q_OBJECT
public:
    // Reduced motion in `preferences` stops the player until it is asked to play.
    ObjectPage(ObjectPageModel *model, ViewPreferences *preferences, QWidget *parent = nullptr);
    void open(const Location &where) override;
    void reload(const Location &where) override;
    void restyle() override;

    QString badgeText() const;
    QString detailsText() const;
    QString ownerText() const;
    // Whether the player shows a frame (of the object named, or none).
    bool showsPicture() const;
    // Why the height asked for was not shown, as the page says it; empty when it was.
    QString travelNoteText() const;
    // The proof inspector's rows, one line each: what a test reads.
    QString inspectorText() const;
    DetailBrowser *history() const { return m_history; }
    PriceHistoryChart *prices() const { return m_prices; }
    // Details, Proof, History: the tabs beside the player.
    enum Tab { kDetailsTab, kProofTab, kHistoryTab };
    QTabWidget *tabs() const { return m_tabs; }
    GifPlayer *player() const { return m_player; }

protected:
    void showEvent(QShowEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;

private:
    // The constructor's parts, in its order.
    void setUpDetails();
    void travel(std::optional<std::uint64_t> height);
    void layOut();
    void fitPlayer();
    void connectModel();

    // Empties everything shown of an object: before another is shown, and
    // when the one asked for cannot be.
    void clearShown();
    void showRecord();
    void showDetails(); // the facts table, its name tags as they are now
    // Everything the model holds, drawn: a page made over a loaded model.
    void showHeld();
    void showVerification();
    bool showBadge();
    void showHistory();
    void showTravelNote();

    ObjectPageModel *m_model;
    Location m_where;
    QLabel *m_title;
    class CopyButton *m_copy; // the key, whole or as a link
    GifPlayer *m_player;
    QWidget *m_playerColumn = nullptr; // the player and the travel row
    class TravelRow *m_travel;         // At height [n] Go Now, and why a height was refused
    QLabel *m_details;
    DetailBrowser *m_history;
    QPushButton *m_verify;
    QLabel *m_badge;
    ProofInspector *m_inspector;
    PriceHistoryChart *m_prices;
    QTabWidget *m_tabs;
    bool m_redirecting = false;   // while the window is told the place shown
    bool m_followsLabels = false; // redraws when a name tag changes
};
