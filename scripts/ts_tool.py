#!/usr/bin/env python3
"""Small helper around Qt .ts files.

check COMMITTED FRESH   exit 1 if FRESH (lupdate output) has messages COMMITTED lacks, or if COMMITTED has
                        unfinished or empty translations
stats TS                print counts of finished / unfinished messages
apply TS TSV            fill translations from a TSV of "context<TAB>source<TAB>translation" lines
                        (\\n escapes newlines); plural forms are given as one translation
english-plurals TS      fill unfinished English plural forms from the "(s)" source text
untranslated TS         print "context<TAB>source" for every unfinished message
"""
import sys
import xml.etree.ElementTree as ET


def messages(root):
    for ctx in root.iter('context'):
        name = ctx.findtext('name')
        for msg in ctx.iter('message'):
            yield name, msg


def key(ctx, msg):
    return (ctx, msg.findtext('source'), msg.findtext('comment') or '')


def is_finished(msg):
    tr = msg.find('translation')
    if tr is None or tr.get('type') in ('unfinished', 'vanished', 'obsolete'):
        return False
    forms = tr.findall('numerusform')
    if forms:
        return all((f.text or '').strip() for f in forms)
    return bool((tr.text or '').strip())


def check(committed, fresh):
    c = ET.parse(committed).getroot()
    f = ET.parse(fresh).getroot()
    have = {key(ctx, m) for ctx, m in messages(c)}
    want = {key(ctx, m) for ctx, m in messages(f)}
    missing = sorted(want - have)
    stale = sorted(have - want)
    unfinished = [key(ctx, m) for ctx, m in messages(c) if not is_finished(m)]
    for k in missing:
        print(f'translations: not in the .ts (run scripts/update-translations.sh): [{k[0]}] {k[1]!r}')
    for k in stale:
        print(f'translations: no longer in the sources: [{k[0]}] {k[1]!r}')
    for k in unfinished:
        print(f'translations: unfinished: [{k[0]}] {k[1]!r}')
    if missing or stale or unfinished:
        print(f'translations: {len(missing)} missing, {len(stale)} stale, {len(unfinished)} unfinished')
        return 1
    print(f'translations: {len(want)} messages, all translated and current')
    return 0


def stats(path):
    root = ET.parse(path).getroot()
    done = todo = 0
    for _, m in messages(root):
        if is_finished(m):
            done += 1
        else:
            todo += 1
    print(f'{path}: {done} finished, {todo} unfinished')


def apply(path, tsv):
    table = {}
    with open(tsv, encoding='utf-8') as fh:
        for line in fh:
            line = line.rstrip('\n')
            if not line or line.startswith('#'):
                continue
            ctx, src, tr = line.split('\t')
            table[(ctx, src.replace('\\n', '\n'))] = tr.replace('\\n', '\n')
    tree = ET.parse(path)
    root = tree.getroot()
    n = 0
    for ctx, m in messages(root):
        k = (ctx, m.findtext('source'))
        if k not in table:
            k = ('*', m.findtext('source'))
        if k not in table:
            continue
        tr = m.find('translation')
        forms = tr.findall('numerusform')
        if m.get('numerus') == 'yes':
            for f in forms:
                tr.remove(f)
            f = ET.SubElement(tr, 'numerusform')
            f.text = table[k]
        else:
            tr.text = table[k]
        if 'type' in tr.attrib:
            del tr.attrib['type']
        n += 1
    write(tree, path)
    print(f'applied {n} translations')


def english_plurals(path):
    """Fills unfinished English plural forms from the source: "(s)" dropped, then "(s)" -> "s"."""
    tree = ET.parse(path)
    root = tree.getroot()
    n = 0
    for _, m in messages(root):
        tr = m.find('translation')
        if is_finished(m):
            continue
        src = m.findtext('source')
        for f in tr.findall('numerusform'):
            tr.remove(f)
        one = ET.SubElement(tr, 'numerusform')
        one.text = src.replace('(s)', '').replace('(es)', '')
        many = ET.SubElement(tr, 'numerusform')
        many.text = src.replace('(s)', 's').replace('(es)', 'es')
        if 'type' in tr.attrib:
            del tr.attrib['type']
        n += 1
    write(tree, path)
    print(f'filled {n} English plural entries')


def write(tree, path):
    tree.write(path, encoding='utf-8', xml_declaration=True)
    # lupdate writes <!DOCTYPE TS>; keep it so later lupdate runs produce small diffs.
    text = open(path, encoding='utf-8').read()
    text = text.replace("<?xml version='1.0' encoding='utf-8'?>", '<?xml version="1.0" encoding="utf-8"?>\n<!DOCTYPE TS>', 1)
    open(path, 'w', encoding='utf-8').write(text)


def untranslated(path):
    root = ET.parse(path).getroot()
    for ctx, m in messages(root):
        if not is_finished(m):
            print(f"{ctx}\t{m.findtext('source')!s}".replace('\n', '\\n'))


if __name__ == '__main__':
    cmd = sys.argv[1]
    if cmd == 'check':
        sys.exit(check(sys.argv[2], sys.argv[3]))
    elif cmd == 'stats':
        stats(sys.argv[2])
    elif cmd == 'apply':
        apply(sys.argv[2], sys.argv[3])
    elif cmd == 'english-plurals':
        english_plurals(sys.argv[2])
    elif cmd == 'untranslated':
        untranslated(sys.argv[2])
    else:
        print(__doc__)
        sys.exit(2)
