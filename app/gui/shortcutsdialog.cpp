#include "shortcutsdialog.h"

#include <QAction>
#include <QDialogButtonBox>
#include <QHeaderView>
#include <QTableWidget>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace Twinscope::App {

ShortcutsDialog::ShortcutsDialog(const QList<QAction *> &actions, QWidget *parent)
    : QDialog(parent)
{
    setWindowTitle(tr("Keyboard Shortcuts"));
    auto *table = new QTableWidget(this);
    table->setColumnCount(2);
    table->setHorizontalHeaderLabels({tr("Action"), tr("Keys")});
    table->verticalHeader()->hide();
    table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    table->setSelectionBehavior(QAbstractItemView::SelectRows);
    table->horizontalHeader()->setStretchLastSection(true);

    QList<QPair<QString, QString>> rows;
    for (QAction *a : actions) {
        if (a->shortcut().isEmpty())
            continue;
        QString text = a->text();
        text.remove(u'&');
        text.remove(u"..."_s);
        text.remove(u'…');
        rows.append({text, a->shortcut().toString(QKeySequence::NativeText)});
    }
    // Timeline keys act inside the view, not through window actions (DESIGN.md §5, issue #3).
    rows.append({tr("Timeline: zoom in / out at the cursor"), tr("W / S, Ctrl+wheel")});
    rows.append({tr("Timeline: pan left / right"), tr("A / D, drag")});
    rows.append({tr("Timeline: box zoom"), tr("Shift+drag")});
    rows.append({tr("Timeline: fit the selection"), tr("F")});
    rows.append({tr("Timeline: undo zoom / reset"), tr("Backspace / Ctrl+0")});
    rows.append({tr("Timeline: next / previous slice on the track"), tr(". / ,")});
    rows.append({tr("Search"), tr("Ctrl+F, Enter / Shift+Enter for next / previous hit")});

    table->setRowCount(int(rows.size()));
    for (int i = 0; i < rows.size(); ++i) {
        table->setItem(i, 0, new QTableWidgetItem(rows[i].first));
        table->setItem(i, 1, new QTableWidgetItem(rows[i].second));
    }
    table->resizeColumnToContents(0);

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::close);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(table);
    layout->addWidget(buttons);
    resize(560, 480);
}

} // namespace Twinscope::App
