#include "filesview.h"

#include "core/common/plaintooltip.h"
#include "core/models/profiletablemodel.h"

#include <QDir>
#include <QFileInfo>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QSplitter>
#include <QTableView>
#include <QTreeWidget>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;
using namespace Twinscope::Core;

namespace Twinscope::Widgets {

FilesView::FilesView(LoadController *loads, QWidget *parent)
    : QWidget(parent)
    , m_model(new ProfileTableModel(this))
    , m_job(loads, this)
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    m_list = new QTreeWidget(this);
    m_list->setRootIsDecorated(false);
    m_list->setUniformRowHeights(true);
    m_list->setTextElideMode(Qt::ElideMiddle); // a folder's end names the rank
    m_list->setHeaderLabels({tr("File"), tr("Format"), tr("Records"), tr("Status"), tr("Folder")});
    m_status = new QLabel(this);
    m_status->setTextFormat(Qt::PlainText); // file names and messages quoting files (issue #31)
    m_status->setWordWrap(true);
    m_table = new QTableView(this);
    m_table->setModel(m_model);
    m_table->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    m_table->verticalHeader()->setDefaultSectionSize(m_table->fontMetrics().height() + 6);
    m_table->setWordWrap(false);
    auto *bottom = new QWidget(this);
    auto *bottomLayout = new QVBoxLayout(bottom);
    bottomLayout->setContentsMargins(0, 0, 0, 0);
    bottomLayout->addWidget(m_status);
    bottomLayout->addWidget(m_table, 1);
    auto *split = new QSplitter(Qt::Vertical, this);
    split->addWidget(m_list);
    split->addWidget(bottom);
    split->setStretchFactor(0, 1);
    split->setStretchFactor(1, 1);
    split->setSizes({300, 300});
    layout->addWidget(split, 1);
    connect(m_list, &QTreeWidget::currentItemChanged, this, [this](QTreeWidgetItem *item) {
        if (item)
            showFile(item->data(0, Qt::UserRole).toString());
    });
}

void FilesView::setFiles(const std::vector<ProfileFile> &files)
{
    m_list->clear();
    m_model->setTable(nullptr);
    m_status->setText(files.empty() ? QString()
                                    : tr("Choose a file above to see every column as written."));
    const QLocale loc;
    // Folders are shown below the folder all files share, so a cluster's rows name their rank
    // folder, not the same long prefix (the full path is the tool tip).
    QString common = files.empty() ? QString() : QFileInfo(files.front().path).absolutePath();
    for (const ProfileFile &f : files) {
        const QString dir = QFileInfo(f.path).absolutePath();
        while (!common.isEmpty() && dir != common && !dir.startsWith(common + u'/'))
            common = QFileInfo(common).path() == common ? QString() : QFileInfo(common).path();
    }
    const QDir root(common);
    for (const ProfileFile &f : files) {
        const QFileInfo info(f.path);
        QString status = tr("read");
        if (f.error)
            status = f.error->message;
        else if (f.diagnostics.count(u"file_not_read"_s) > 0) // a timeline, an L2 cache table…
            status = f.diagnostics.entries().front().message;
        else if (f.diagnostics.totalCount() > 0)
            status = tr("read, %n warning(s)", "", int(f.diagnostics.totalCount()));
        auto *item = new QTreeWidgetItem(
            m_list,
            {info.fileName(),
             f.format,
             loc.toString(f.rows),
             status,
             QDir::toNativeSeparators(root.relativeFilePath(info.absolutePath()))});
        item->setData(0, Qt::UserRole, f.path);
        item->setToolTip(0, Core::plainToolTip(f.path));
        item->setToolTip(4, Core::plainToolTip(QDir::toNativeSeparators(info.absolutePath())));
        item->setToolTip(3, Core::plainToolTip(f.error ? f.error->toString() : status));
        item->setTextAlignment(2, Qt::AlignRight | Qt::AlignVCenter);
        if (f.error)
            item->setForeground(3, QColor(0xd9, 0x5f, 0x02));
    }
    for (int c = 0; c < 4; ++c)
        m_list->resizeColumnToContents(c);
}

void FilesView::showFile(const QString &path)
{
    m_status->setText(tr("Reading %1…").arg(QFileInfo(path).fileName()));
    m_job.start(
        tr("Reading %1").arg(QFileInfo(path).fileName()),
        [path](ProgressSink &progress, const CancelToken &cancel) {
            return readProfileTable(path, MaxRows, progress, cancel);
        },
        [this](const Result<ProfileTable> &r) {
            if (r.isOk()) {
                m_model->setTable(r.value());
                const ProfileTable &t = *r.value();
                m_status->setText(
                    t.truncated
                        ? tr("%1: the first %2 of %3 rows.")
                              .arg(QFileInfo(t.path).fileName(),
                                   QLocale().toString(qint64(t.rows.size())),
                                   QLocale().toString(t.totalRows))
                        : tr("%1: %n row(s), every column as written.", "", int(t.rows.size()))
                              .arg(QFileInfo(t.path).fileName()));
            } else if (r.isFailed()) {
                m_model->setTable(nullptr);
                m_status->setText(r.error().message);
            }
        });
}

} // namespace Twinscope::Widgets
