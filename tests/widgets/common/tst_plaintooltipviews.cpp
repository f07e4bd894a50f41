// Issue #31: views that show input text in tooltips show it as text. A slice, file or message
// holding <img src=...>, <b> or <a href> must appear literally when hovered, so no tooltip may
// carry markup of the input's own: rendered as Qt renders a tooltip, its text is the input's.
#include "core/common/plaintooltip.h"
#include "core/trace/chrometraceloader.h"
#include "widgets/common/diagnosticspanel.h"
#include "widgets/timeline/slicedetailswidget.h"

#include <QTest>
#include <QTextDocument>
#include <QTreeWidget>

using namespace Qt::StringLiterals;
using namespace Twinscope;

namespace {

const QString Image = u"<img src=\"/tmp/twinscope-canary.png\">"_s;
const QString Bold = u"<b>bold</b><a href=\"file:///etc/passwd\">x</a>"_s;

// What a tooltip shows: Qt renders it as rich text when mightBeRichText() says so.
QString shown(const QString &tip)
{
    if (!Qt::mightBeRichText(tip))
        return tip;
    QTextDocument doc;
    doc.setHtml(tip);
    return doc.toPlainText();
}

// No image or link the text brought is in the rendered tooltip.
bool inert(const QString &tip)
{
    if (!Qt::mightBeRichText(tip))
        return true;
    QTextDocument doc;
    doc.setHtml(tip);
    const QString html = doc.toHtml();
    return !html.contains(u"<img"_s) && !html.contains(u"<a "_s) &&
           !html.contains(u"font-weight:700"_s) && !html.contains(u"font-weight:600"_s);
}

} // namespace

class tst_PlainToolTipViews : public QObject
{
    Q_OBJECT

private slots:
    void helperRendersAsTheText()
    {
        for (const QString &text : {Image, Bold, u"a\n  <b>b</b>"_s, u"&lt;x&gt;"_s}) {
            const QString tip = Core::plainToolTip(text);
            QCOMPARE(shown(tip), text);
            QVERIFY(inert(tip));
        }
    }

    void diagnosticsPanel()
    {
        Widgets::DiagnosticsPanel panel;
        const QString file = u"/data/"_s + Image + u".log"_s;
        Core::Diagnostics d;
        d.add(u"kind"_s, u"bad line "_s + Bold, Core::Location{});
        panel.setDiagnostics(file, d);
        QTreeWidgetItem *top = panel.tree()->topLevelItem(0);
        QVERIFY(top);
        QCOMPARE(shown(top->toolTip(0)), file);
        QVERIFY(inert(top->toolTip(0)));
        const QTreeWidgetItem *row = top->child(0);
        bool found = false;
        for (int c = 0; c < panel.tree()->columnCount(); ++c) {
            if (row->text(c).contains(Bold)) {
                QCOMPARE(shown(row->toolTip(c)), row->text(c));
                QVERIFY(inert(row->toolTip(c)));
                found = true;
            }
        }
        QVERIFY(found);
    }

    void sliceDetails()
    {
        // The JSON as plain literals: moc does not follow raw strings.
        const QByteArray json =
            "{\"traceEvents\":[{\"name\":\"<img src=\\\"/tmp/twinscope-canary.png\\\">\","
            "\"cat\":\"<b>cat</b>\",\"ph\":\"X\",\"ts\":1,\"dur\":2,\"pid\":1,\"tid\":1,"
            "\"args\":{\"<b>k</b>\":\"<a href=\\\"file:///etc/passwd\\\">v</a>\"}}]}";
        Core::ProgressSink progress;
        const auto r = Core::loadChromeTrace(Core::Source::fromBytes(json, u"t.json"_s),
                                             Core::ChromeTraceOptions(),
                                             progress,
                                             Core::CancelToken());
        QVERIFY(r.isOk());
        Widgets::SliceDetailsWidget details;
        details.showSlice(r.value(), 0, 0, 0);
        int checked = 0;
        for (int i = 0; i < details.topLevelItemCount(); ++i) {
            const QTreeWidgetItem *item = details.topLevelItem(i);
            if (item->toolTip(1).isEmpty())
                continue;
            QCOMPARE(shown(item->toolTip(1)), item->text(1));
            QVERIFY(inert(item->toolTip(1)));
            ++checked;
        }
        QVERIFY(checked >= 2); // the name and the category at least
        QCOMPARE(details.topLevelItem(0)->text(1), Image);
    }
};

QTEST_MAIN(tst_PlainToolTipViews)
#include "tst_plaintooltipviews.moc"
