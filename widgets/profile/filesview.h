#pragma once

#include "core/profile/profiletable.h"
#include "core/profile/rankprofile.h"
#include "widgets/common/jobslot.h"

#include <QWidget>

class QLabel;
class QTableView;
class QTreeWidget;

namespace Twinscope::Core {
class ProfileTableModel;
}

namespace Twinscope::Widgets {

// Every file the Profile tab read, with its format, records and problems; a table selected is
// shown whole (all its columns, the ones the summaries use and the ones they do not), loaded off
// the GUI thread.
class FilesView : public QWidget
{
    Q_OBJECT

public:
    FilesView(LoadController *loads, QWidget *parent = nullptr);

    void setFiles(const std::vector<Core::ProfileFile> &files);
    void showFile(const QString &path);

    QTreeWidget *list() const { return m_list; }
    Core::ProfileTableModel *model() const { return m_model; }
    QTableView *table() const { return m_table; }
    QLabel *status() const { return m_status; }

    // Rows read into the view at most; the file's own count is shown beside.
    static constexpr qint64 MaxRows = 200000;

private:
    QTreeWidget *m_list;
    QLabel *m_status;
    Core::ProfileTableModel *m_model;
    QTableView *m_table;
    JobSlot<Core::ProfileTable> m_job;
};

} // namespace Twinscope::Widgets
