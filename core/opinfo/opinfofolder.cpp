#include "core/common/constants.h"
#include "core/common/filesniffer.h"
#include "core/common/inputfile.h"
#include "mindsporeopinfo.h"
#include "opinfoloader.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>

using namespace Qt::StringLiterals;

namespace Twinscope::Core {

QStringList opInfoFilesInFolder(const QString &folder)
{
    QStringList files;
    const int baseDepth = QDir::cleanPath(folder).count(u'/');
    QDirIterator it(
        folder, QDir::Files | QDir::Readable | QDir::NoDotAndDotDot, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString file = it.next();
        if (QDir::cleanPath(file).count(u'/') - baseDepth > 4)
            continue;
        const QString name = it.fileName();
        const bool byName = name.startsWith(u"plog-"_s) &&
                            (name.endsWith(u".log"_s) || name.endsWith(u".log.gz"_s));
        if (byName || name == u"ascend_op_info_summary.txt"_s) {
            files.append(file);
            continue;
        }
        const SniffResult s = sniffPath(file);
        if (s.kind != FileKind::OpInfo)
            continue;
        if (s.producer == u"ascend_plog"_s || s.producer == u"ascend_op_info_summary"_s) {
            files.append(file);
        } else if (s.producer == u"mindspore"_s) {
            QFile f;
            Error error;
            const QByteArray head =
                openInputFile(&f, file, &error) ? f.read(SniffBytes) : QByteArray();
            const MindSporeTable t =
                mindSporeTable(std::string_view(head.constData(), size_t(head.size())));
            if (t == MindSporeTable::FrameworkRaw || t == MindSporeTable::DynamicShape)
                files.append(file);
        }
    }
    files.sort();
    return files;
}

} // namespace Twinscope::Core
