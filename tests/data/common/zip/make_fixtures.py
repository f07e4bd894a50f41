#!/usr/bin/python3
"""Writes the zip fixtures of tests/core/common/tst_zipreader.cpp (see README.md here).

Good archives come from Python's zipfile as they are; the broken ones are good archives with one
defect each, patched into the bytes below. Fixed timestamps keep the output byte-identical.
Run with any Python 3.8+: /usr/bin/python3 tests/data/common/zip/make_fixtures.py
"""
import os
import struct
import zipfile

HERE = os.path.dirname(os.path.abspath(__file__))
GOOD = os.path.join(HERE, "good")
BROKEN = os.path.join(HERE, "broken")
os.makedirs(GOOD, exist_ok=True)
os.makedirs(BROKEN, exist_ok=True)
DATE = (2024, 1, 2, 3, 4, 6)

# 20 000 bytes of text that compresses well; the test rebuilds it from this rule.
TEXT = b"".join(b"line %05d of the zip reader fixture\n" % i for i in range(541))[:20000]
BINARY = bytes((i * 7 + 3) % 256 for i in range(300))


def info(name, method):
    z = zipfile.ZipInfo(name, DATE)
    z.compress_type = method
    z.external_attr = 0o644 << 16
    return z


def write(path, members, limit=None):
    """members: (name, bytes, method). limit patches zipfile's zip64 threshold to force zip64."""
    saved = (zipfile.ZIP64_LIMIT, zipfile.ZIP_FILECOUNT_LIMIT)
    if limit is not None:
        zipfile.ZIP64_LIMIT, zipfile.ZIP_FILECOUNT_LIMIT = limit, limit
    try:
        with zipfile.ZipFile(path, "w") as z:
            for name, data, method in members:
                z.writestr(info(name, method), data)
    finally:
        zipfile.ZIP64_LIMIT, zipfile.ZIP_FILECOUNT_LIMIT = saved
    return open(path, "rb").read()


def offsets(raw, name):
    """(local header offset, central record offset) of a member."""
    n = name.encode()
    with zipfile.ZipFile(os.path.join(HERE, "_tmp.zip")) as z:
        local = z.getinfo(name).header_offset
    central = raw.index(b"PK\x01\x02")
    while raw[central + 46:central + 46 + len(n)] != n:
        central = raw.index(b"PK\x01\x02", central + 4)
    return local, central


def patch(raw, at, fmt, value):
    return raw[:at] + struct.pack(fmt, value) + raw[at + struct.calcsize(fmt):]


S, D = zipfile.ZIP_STORED, zipfile.ZIP_DEFLATED

# Good: stored members (one empty, one in a folder), a deflated copy of a stored member, zip64.
write(os.path.join(GOOD, "stored.zip"),
      [("hello.txt", b"hello, zip\n", S), ("dir/binary.bin", BINARY, S), ("empty.txt", b"", S)])
write(os.path.join(GOOD, "deflated.zip"), [("plain.txt", TEXT, S), ("packed.txt", TEXT, D)])
# zip64: a threshold of -1 makes zipfile write every size and offset into zip64 extra fields and
# end the archive with the zip64 end-of-central-directory record and locator.
write(os.path.join(GOOD, "zip64.zip"), [("first.bin", BINARY, S), ("second.txt", TEXT, D)], limit=-1)

# Broken archives: the whole file is unusable.
deflated = open(os.path.join(GOOD, "deflated.zip"), "rb").read()
open(os.path.join(BROKEN, "truncated.zip"), "wb").write(deflated[:len(deflated) // 2])
stored = open(os.path.join(GOOD, "stored.zip"), "rb").read()
second = stored.index(b"PK\x01\x02", stored.index(b"PK\x01\x02") + 4)
open(os.path.join(BROKEN, "bad_central_directory.zip"), "wb").write(
    stored[:second] + b"XX" + stored[second + 2:])

# Broken local data: the reader checks every local header against the central directory when it
# opens an archive, so these fail the open. Sizes sit at +18/+22 (local) and +20/+24 (central).
tmp = os.path.join(HERE, "_tmp.zip")
raw = write(tmp, [("ok.txt", b"fine\n", S), ("stored_past_end.bin", BINARY, S), ("z.txt", b"z", S)])
local, central = offsets(raw, "stored_past_end.bin")
for base, off in ((local, 18), (local, 22), (central, 20), (central, 24)):
    raw = patch(raw, base + off, "<I", 10_000_000)  # 10 MB in an archive of a few hundred bytes
open(os.path.join(BROKEN, "stored_past_end.zip"), "wb").write(raw)
raw = write(tmp, [("ok.txt", b"fine\n", S), ("bad_local_header.txt", b"local\n", S)])
local, central = offsets(raw, "bad_local_header.txt")
open(os.path.join(BROKEN, "bad_local_header.zip"), "wb").write(raw[:local] + b"QQ" + raw[local + 2:])

# Broken members: the archive opens, each member has one defect that shows when it is read.
raw = write(tmp, [("ok.txt", b"fine\n", S),
                  ("deflated_short.txt", TEXT, D),
                  ("deflated_long.txt", TEXT, D),
                  ("deflated_corrupt.txt", TEXT, D),
                  ("stored_size_mismatch.bin", BINARY, S)])
local, central = offsets(raw, "deflated_short.txt")
raw = patch(raw, local + 22, "<I", len(TEXT) + 5000)  # claims more than the stream inflates to
raw = patch(raw, central + 24, "<I", len(TEXT) + 5000)
local, central = offsets(raw, "deflated_long.txt")
raw = patch(raw, local + 22, "<I", len(TEXT) - 5000)  # claims less than it inflates to
raw = patch(raw, central + 24, "<I", len(TEXT) - 5000)
local, central = offsets(raw, "deflated_corrupt.txt")
data = local + 30 + len("deflated_corrupt.txt")
raw = raw[:data + 40] + bytes(b ^ 0x5A for b in raw[data + 40:data + 80]) + raw[data + 80:]
local, central = offsets(raw, "stored_size_mismatch.bin")
raw = patch(raw, local + 22, "<I", len(BINARY) + 1)  # stored, yet the sizes differ
raw = patch(raw, central + 24, "<I", len(BINARY) + 1)
open(os.path.join(BROKEN, "bad_members.zip"), "wb").write(raw)

# Members that are never read: encrypted (flag bit 0) and LZMA-compressed (method 14).
raw = write(tmp, [("secret.txt", b"top secret\n", S), ("lzma.txt", TEXT, zipfile.ZIP_LZMA),
                  ("ok.txt", b"fine\n", S)])
local, central = offsets(raw, "secret.txt")
raw = patch(raw, local + 6, "<H", 1)
raw = patch(raw, central + 8, "<H", 1)
open(os.path.join(BROKEN, "unsupported_members.zip"), "wb").write(raw)
os.remove(tmp)
