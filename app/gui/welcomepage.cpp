#include "welcomepage.h"

#include "core/common/plaintooltip.h"

#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QListWidget>
#include <QPushButton>
#include <QVBoxLayout>

namespace Twinscope::App {

WelcomePage::WelcomePage(QWidget *parent)
    : QWidget(parent)
    , m_recent(new QListWidget(this))
{
    auto *title = new QLabel(tr("<h1>Twinscope</h1>"), this);
    auto *intro = new QLabel(
        tr("<p>Find where an NPU port first goes wrong. Drop files or folders anywhere on this "
           "window, "
           "or open them:</p>"
           "<ul>"
           "<li><b>Timelines</b>: PyTorch/Kineto, torch_npu <tt>trace_view.json</tt>, CANN msprof, "
           "MindSpore and Catapult traces (<tt>.json</tt>, <tt>.json.gz</tt>), torch_npu/CANN "
           "profiler databases (<tt>ascend_pytorch_profiler_*.db</tt>) and Nsight Systems SQLite "
           "exports; two of them side by side with <i>Compare Traces</i></li>"
           "<li><b>Profiler folders</b>: torch_npu <tt>*_ascend_pt</tt> and MindSpore "
           "<tt>*_ascend_ms</tt> rank folders (CSV, JSON or database), clusters, msprof-analyze "
           "outputs</li>"
           "<li><b>Op-info logs</b>: Ascend host plogs with <tt>aclopCompile::aclOp</tt> lines</li>"
           "<li><b>Paired dumps</b>: HDF5, <tt>.npy</tt> folders, msprobe <tt>dump.json</tt></li>"
           "<li><b>Loss logs</b>: Megatron/MindSpeed, MindSpore, LLaMA-Factory, HF trainer "
           "state</li>"
           "<li><b>Checkpoints</b>: PyTorch <tt>.pt</tt>/<tt>.pth</tt>, MindSpore <tt>.ckpt</tt>, "
           "<tt>.safetensors</tt>; two of them with <i>Compare Checkpoints</i></li>"
           "<li><b>Investigations</b>: a saved <tt>.twinscope</tt> file reopens every input, "
           "finding and note</li>"
           "</ul>"),
        this);
    intro->setWordWrap(true);
    auto *openFile = new QPushButton(tr("Open File…"), this);
    auto *openFolder = new QPushButton(tr("Open Folder…"), this);
    auto *buttons = new QHBoxLayout;
    buttons->addWidget(openFile);
    buttons->addWidget(openFolder);
    buttons->addStretch();
    auto *recentLabel = new QLabel(tr("<b>Recent</b>"), this);

    auto *column = new QVBoxLayout;
    column->addWidget(title);
    column->addWidget(intro);
    column->addLayout(buttons);
    column->addSpacing(12);
    column->addWidget(recentLabel);
    column->addWidget(m_recent);
    column->addStretch(1);
    m_recent->setMaximumHeight(260);
    auto *outer = new QHBoxLayout(this);
    outer->addStretch(1);
    outer->addLayout(column, 3);
    outer->addStretch(1);

    connect(openFile, &QPushButton::clicked, this, &WelcomePage::openFileRequested);
    connect(openFolder, &QPushButton::clicked, this, &WelcomePage::openFolderRequested);
    connect(m_recent, &QListWidget::itemActivated, this, [this](QListWidgetItem *item) {
        emit openPathRequested(item->data(Qt::UserRole).toString());
    });
}

void WelcomePage::setRecentFiles(const QStringList &paths)
{
    m_recent->clear();
    for (const QString &p : paths) {
        auto *item = new QListWidgetItem(
            tr("%1 — %2").arg(QFileInfo(p).fileName(), QFileInfo(p).absolutePath()), m_recent);
        item->setData(Qt::UserRole, p);
        item->setToolTip(Core::plainToolTip(p));
    }
    if (paths.isEmpty())
        new QListWidgetItem(tr("Nothing opened yet."), m_recent);
}

} // namespace Twinscope::App
