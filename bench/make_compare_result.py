#!/usr/bin/env python3
"""Large compare results for the hostile-input figures of docs/RELIABILITY.md (issue #30):

    make_compare_result.py --rows 2000000 --out /tmp/rows2m.csv      # msprobe statistics-mode CSV
    make_compare_result.py --rows 2000000 --out /tmp/rows2m.xlsx     # the same as .xlsx (inline strings)

then `/usr/bin/time -f '%e s %U user %M KB' twinscope-cli dumps FILE`. Every row names the same tensor on
both sides and passes; what is measured is reading, not judging. Files go where --out says, never into
the repository.
"""
import argparse
import zipfile

CSV_HEADER = ("NPU Name,Bench Name,NPU Dtype,Bench Dtype,NPU Tensor Shape,Bench Tensor Shape,Max diff,"
              "Min diff,Mean diff,L2norm diff,MaxRelativeErr,MinRelativeErr,MeanRelativeErr,"
              "NormRelativeErr,NPU max,NPU min,NPU mean,NPU l2norm,Bench max,Bench min,Bench mean,"
              "Bench l2norm,Requires_grad Consistent,Result,Err_message\n")
XLSX_COLUMNS = ["NPU Name", "Bench Name", "NPU Dtype", "Bench Dtype", "Max diff", "Min diff",
                "Mean diff", "L2norm diff", "Result"]


def write_csv(rows, out):
    with open(out, "w") as f:
        f.write(CSV_HEADER)
        for i in range(rows):
            name = "Functional.linear.%d.forward.output.0" % i
            f.write('%s,%s,torch.float32,torch.float32,"[8, 1024]","[8, 1024]",0.0,0.0,0.0,0.0,'
                    '0.0%%,0.0%%,0.0%%,0.0%%,1.25,-1.25,0.0125,32.5,1.25,-1.25,0.0125,32.5,True,pass,\n'
                    % (name, name))


def cell(ref, value):
    if isinstance(value, str):
        return '<c r="%s" t="inlineStr"><is><t>%s</t></is></c>' % (ref, value)
    return '<c r="%s"><v>%s</v></c>' % (ref, value)


def write_xlsx(rows, out):
    letters = "ABCDEFGHI"
    ns = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
    rel = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("[Content_Types].xml", '<?xml version="1.0"?><Types xmlns='
                   '"http://schemas.openxmlformats.org/package/2006/content-types"/>')
        z.writestr("xl/workbook.xml", '<?xml version="1.0"?><workbook xmlns="%s" xmlns:r="%s"><sheets>'
                   '<sheet name="Sheet" sheetId="1" r:id="rId1"/></sheets></workbook>' % (ns, rel))
        z.writestr("xl/_rels/workbook.xml.rels", '<?xml version="1.0"?><Relationships xmlns='
                   '"http://schemas.openxmlformats.org/package/2006/relationships"><Relationship '
                   'Id="rId1" Type="%s/worksheet" Target="worksheets/sheet1.xml"/></Relationships>' % rel)
        with z.open("xl/worksheets/sheet1.xml", "w", force_zip64=True) as f:
            f.write(('<?xml version="1.0"?><worksheet xmlns="%s"><sheetData>' % ns).encode())
            f.write(('<row r="1">' + "".join(cell(letters[i] + "1", c) for i, c in enumerate(XLSX_COLUMNS))
                     + "</row>").encode())
            chunk = []
            for r in range(2, rows + 2):
                name = "Functional.linear.%d.forward.output.0" % r
                values = [name, name, "torch.float32", "torch.float32", 0.0, 0.0, 0.0, 0.0, "pass"]
                chunk.append('<row r="%d">' % r + "".join(cell(letters[i] + str(r), v)
                                                          for i, v in enumerate(values)) + "</row>")
                if len(chunk) == 10000:
                    f.write("".join(chunk).encode())
                    chunk = []
            f.write("".join(chunk).encode())
            f.write(b"</sheetData></worksheet>")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--rows", type=int, required=True)
    ap.add_argument("--out", required=True, help="a .csv or .xlsx path")
    args = ap.parse_args()
    (write_xlsx if args.out.endswith(".xlsx") else write_csv)(args.rows, args.out)


if __name__ == "__main__":
    main()
