#include "shortcutsdialog.h"

#include <QAction>
#include <QDialogButtonBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QTableWidget>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace Twinscope::App {

namespace {

using Rows = QList<QPair<QString, QString>>;

// A table exactly as tall as its rows: the dialog shows everything at once, no scroll bar.
QTableWidget *makeTable(const QString &title, const Rows &rows, QWidget *parent)
{
    auto *table = new QTableWidget(int(rows.size()), 2, parent);
    table->setHorizontalHeaderLabels({title, ShortcutsDialog::tr("Keys and mouse")});
    table->verticalHeader()->hide();
    table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    table->setSelectionBehavior(QAbstractItemView::SelectRows);
    table->setWordWrap(false);
    table->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    table->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    table->verticalHeader()->setDefaultSectionSize(table->fontMetrics().height() + 6);
    for (int i = 0; i < rows.size(); ++i) {
        table->setItem(i, 0, new QTableWidgetItem(rows[i].first));
        table->setItem(i, 1, new QTableWidgetItem(rows[i].second));
    }
    table->resizeColumnsToContents(); // a few dozen rows: cheap, and nothing is cut off
    const int width = table->columnWidth(0) + table->columnWidth(1) + 2 * table->frameWidth();
    const int height = table->horizontalHeader()->sizeHint().height() +
                       int(rows.size()) * table->verticalHeader()->defaultSectionSize() +
                       2 * table->frameWidth();
    table->setMinimumSize(width, height);
    table->setMaximumHeight(height);
    table->horizontalHeader()->setStretchLastSection(true);
    return table;
}

} // namespace

ShortcutsDialog::ShortcutsDialog(const QList<QAction *> &actions, QWidget *parent)
    : QDialog(parent)
{
    setWindowTitle(tr("Keyboard Shortcuts"));
    Rows window;
    for (QAction *a : actions) {
        if (a->shortcut().isEmpty())
            continue;
        QString text = a->text();
        text.remove(u'&');
        text.remove(u"..."_s);
        text.remove(u'…');
        window.append({text, a->shortcut().toString(QKeySequence::NativeText)});
    }
    // Keys and gestures inside the views (docs/DESIGN.md §5), which are not window actions.
    window.append({tr("Loss curves: zoom / pan"), tr("Wheel / drag")});
    window.append({tr("Loss curves: hide or show a run"), tr("Click its legend entry")});
    window.append({tr("Dumps: show a tensor pair"), tr("Click a heatmap cell or a table row")});
    const Rows timeline = {
        {tr("Zoom in / out at the cursor"), tr("W / S, Ctrl+wheel")},
        {tr("Pan left / right"), tr("A / D, Shift+wheel")},
        {tr("Pan (and scroll the tracks)"), tr("Ctrl+drag, middle-drag")},
        {tr("Scroll the tracks"), tr("Wheel")},
        {tr("Select an area; its statistics open below"), tr("Drag")},
        {tr("Zoom to a range"), tr("Shift+drag")},
        {tr("Select a slice; fold a process"), tr("Click")},
        {tr("Name, duration and self time"), tr("Hover")},
        {tr("Clear the area, then the selection"), tr("Esc")},
        {tr("Fit the selection"), tr("F")},
        {tr("Undo zoom / show everything"), tr("Backspace / Ctrl+0")},
        {tr("Next / previous slice on the track"), tr(". / ,")},
        {tr("Mark the selected slice as base"), tr("L")},
        {tr("Align the selected slice's file to the base"), tr("R")},
        {tr("Search; next / previous hit"), tr("Ctrl+F; Enter / Shift+Enter")},
        {tr("This list in the timeline"), tr("?")},
    };
    m_window = makeTable(tr("Window"), window, this);
    m_timeline = makeTable(tr("Timeline"), timeline, this);

    auto *tables = new QHBoxLayout;
    auto *left = new QVBoxLayout;
    left->addWidget(m_window);
    left->addStretch(1);
    tables->addLayout(left);
    auto *right = new QVBoxLayout;
    right->addWidget(m_timeline);
    right->addStretch(1);
    tables->addLayout(right);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::close);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(tables);
    layout->addWidget(buttons);
    layout->setSizeConstraint(QLayout::SetMinimumSize);
}

} // namespace Twinscope::App
