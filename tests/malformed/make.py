#!/usr/bin/env python3
"""tests/malformed/make.py — writes the small hand-made inputs of
tests/verify.bats into this directory (the outputs are committed too; rerun
this after changing it).

Names say what symcheck must answer:
  bad-*.bin   unreadable: exit 2, one `symcheck: PATH: reason` line
  ok-*.bin    readable, every slice as expected: exit 0
  fail-*.bin  readable, some slice falls short: exit 1

Everything is built from scratch here (no real binaries): a minimal 64-bit or
32-bit Mach-O with a __gopclntab in the 1.16, 1.18 or 1.20+ layout, a
__go_buildinfo, an optional symbol table, wrapped in fat files and Darwin ar
archives, then broken one field at a time. The same for Android: minimal ELF
files (32/64-bit, little- and big-endian, .gopclntab, .go.buildinfo with
GOOS, .symtab) and zip
archives laid out as an .aar or .apk (*-elf-*, *-zip-*), written by the zip
writer below so every byte is fixed."""
import os
import struct
import zlib

HERE = os.path.dirname(os.path.abspath(__file__))

ARM64 = 0x0100000C
X86_64 = 0x01000007
ARMV7 = 12
PLAT_IOS, PLAT_MACOS, PLAT_IOSSIM = 2, 1, 7
MARKER = "internal/cpu.gowrapMarkerV1"


def pclntab(names, layout=120, ptr=8, be=False):
    """A Go pclntab whose function table names `names`, in the target's byte
    order (be: big-endian, as Go's linker writes it for ppc64, s390x, mips)."""
    E = ">" if be else "<"
    W = E + ("Q" if ptr == 8 else "I")
    nt = b"".join(n.encode() + b"\0" for n in names)
    nwords = 7 if layout == 116 else 8
    hdr_len = 8 + nwords * ptr
    funcname = hdr_len
    cu = filetab = pctab = funcname + len(nt)
    pcln = (pctab + 7) & ~7
    n = len(names)
    offs = [0]
    for nm in names[:-1]:
        offs.append(offs[-1] + len(nm) + 1)
    if layout == 116:
        field = ptr
        ftab_len = (2 * n + 1) * field
        funcs = b""
        ftab = b""
        for i in range(n):
            funcoff = ftab_len + len(funcs)
            ftab += struct.pack(W, 0x1000 + 16 * i) + struct.pack(W, funcoff)
            funcs += struct.pack(W, 0x1000 + 16 * i) + struct.pack(E + "i", offs[i]) + b"\0" * 4
        ftab += struct.pack(W, 0x1000 + 16 * n)
    else:
        ftab_len = (2 * n + 1) * 4
        funcs = b""
        ftab = b""
        for i in range(n):
            funcoff = ftab_len + len(funcs)
            ftab += struct.pack(E + "II", 16 * i, funcoff)
            funcs += struct.pack(E + "Ii", 16 * i, offs[i]) + b"\0" * 8
        ftab += struct.pack(E + "I", 16 * n)
    magic = {116: 0xFFFFFFFA, 118: 0xFFFFFFF0, 120: 0xFFFFFFF1}[layout]
    words = [n, 0] + ([] if layout == 116 else [0x1000]) + [funcname, cu, filetab, pctab, pcln]
    hdr = struct.pack(E + "IBBBB", magic, 0, 0, 4, ptr) + b"".join(struct.pack(W, w) for w in words)
    body = hdr + nt
    body += b"\0" * (pcln - len(body))
    return body + ftab + funcs


def buildinfo_inline(version="go1.20.14"):
    v = version.encode()
    return b"\xff Go buildinf:" + bytes([8, 2]) + b"\0" * 16 + bytes([len(v)]) + v + b"\0"


def buildinfo_pointer(addr, version="go1.17.13", ptr=8):
    """Go 1.16/1.17 form: pointer to a string header, all inside the section."""
    W = "<Q" if ptr == 8 else "<I"
    v = version.encode()
    hdr_at = 32
    str_at = hdr_at + 2 * ptr
    head = b"\xff Go buildinf:" + bytes([ptr, 0]) + struct.pack(W, addr + hdr_at)
    head += struct.pack(W, 0)
    head += b"\0" * (32 - len(head))
    return head + struct.pack(W, addr + str_at) + struct.pack(W, len(v)) + v


def macho(cpu=ARM64, sub=0, platform=PLAT_IOS, pcln=None, bi=None, syms=(),
          is64=True, filetype=2, bi_pointer_version=None, versionmin=None,
          extra_cmds=b"", tweak=None):
    """A minimal Mach-O. tweak(dict) may change computed fields before packing."""
    f = {}
    hdr_size = 32 if is64 else 28
    sect_size = 80 if is64 else 68
    seg_size = 72 if is64 else 56
    sects = []
    if pcln is not None:
        sects.append(("__gopclntab", pcln))
    if bi is not None or bi_pointer_version:
        sects.append(("__go_buildinfo", bi))
    strtab = b"\0" + b"".join(b"_" + s.encode() + b"\0" for s in syms)
    cmds_len = seg_size + sect_size * len(sects)
    cmds_len += 24  # build version or version min (16) padded
    if syms:
        cmds_len += 24
    cmds_len += len(extra_cmds)
    data_at = (hdr_size + cmds_len + 15) & ~15
    f.update(cpu=cpu, sub=sub, filetype=filetype, ncmds=2 + (1 if syms else 0) + (1 if extra_cmds else 0),
             sizeofcmds=cmds_len, nsects=len(sects), platform=platform)
    addr = 0x100000000 if is64 else 0x4000
    blobs = b""
    layout = []
    for name, blob in sects:
        off = data_at + len(blobs)
        if blob is None:  # pointer-form build info needs its own address
            blob = buildinfo_pointer(addr + len(blobs), bi_pointer_version, 8 if is64 else 4)
        layout.append((name, off, len(blob), addr + len(blobs)))
        blobs += blob + b"\0" * ((-len(blob)) % 8)
    sym_at = data_at + len(blobs)
    nl = 16 if is64 else 12
    symtab = b""
    strx = 1
    for s in syms:
        if is64:
            symtab += struct.pack("<IBBHQ", strx, 0x0E, 1, 0, 0x1000)
        else:
            symtab += struct.pack("<IBBHI", strx, 0x0E, 1, 0, 0x1000)
        strx += len(s) + 2
    str_at = sym_at + len(symtab)
    f.update(sym_at=sym_at, nsyms=len(syms), str_at=str_at, strsize=len(strtab), layout=layout)
    if tweak:
        tweak(f)
    magic = 0xFEEDFACF if is64 else 0xFEEDFACE
    out = struct.pack("<IiiIIII", magic, f["cpu"], f["sub"], f["filetype"], f["ncmds"], f["sizeofcmds"], 0)
    if is64:
        out += b"\0" * 4
    segcmd = 0x19 if is64 else 0x1
    segname = b"__DATA_CONST".ljust(16, b"\0")
    segsz = seg_size + sect_size * len(sects)
    if is64:
        out += struct.pack("<II16sQQQQiiII", f.get("segcmd", segcmd), f.get("segsize", segsz), segname,
                           addr, len(blobs), data_at, len(blobs), 3, 3, f["nsects"], 0)
    else:
        out += struct.pack("<II16sIIIIiiII", f.get("segcmd", segcmd), f.get("segsize", segsz), segname,
                           addr, len(blobs), data_at, len(blobs), 3, 3, f["nsects"], 0)
    for name, off, size, a in f["layout"]:
        nm = name.encode().ljust(16, b"\0")
        if is64:
            out += struct.pack("<16s16sQQIIIIIIII", nm, segname, a, size, off, 3, 0, 0, 0, 0, 0, 0)
        else:
            out += struct.pack("<16s16sIIIIIIIII", nm, segname, a, size, off, 2, 0, 0, 0, 0, 0)
    if versionmin:
        out += struct.pack("<IIII", versionmin, 16, 0x000F0000, 0) + b"\0" * 8
    else:
        out += struct.pack("<IIIIII", 0x32, f.get("bvsize", 24), f["platform"], 0x000F0000, 0, 0)
    if syms:
        out += struct.pack("<IIIIII", 0x2, f.get("symsize", 24), f["sym_at"], f["nsyms"], f["str_at"], f["strsize"])
    out += extra_cmds
    out += b"\0" * (data_at - len(out))
    out += blobs + symtab + strtab
    return out


def fat(slices, is64=False, n=None, hidden=0, align=12, override=None):
    """slices: list of (cputype, subtype, bytes), laid out in order and
    aligned. hidden: how many trailing entries sit after nfat_arch (lipo
    -hideARM64). override(entries) may then lie about offsets, sizes and
    alignments without moving the bytes."""
    ent = 32 if is64 else 20
    hdr = 8 + ent * len(slices)
    pos = hdr
    entries = []
    img = bytearray()
    for cpu, sub, data in slices:
        pos = (pos + (1 << align) - 1) & ~((1 << align) - 1)
        entries.append([cpu, sub, pos, len(data), align])
        img += b"\0" * (pos - len(img)) if pos > len(img) else b""
        img[pos:pos + len(data)] = data
        pos += len(data)
    if override:
        override(entries)
    out = struct.pack(">II", 0xCAFEBABF if is64 else 0xCAFEBABE, n if n is not None else len(slices) - hidden)
    for cpu, sub, off, size, al in entries:
        if is64:
            out += struct.pack(">iiQQII", cpu, sub, off, size, al, 0)
        else:
            out += struct.pack(">iiIIi", cpu, sub, off, size, al)
    img[0:len(out)] = out
    return bytes(img)


def ar(members, symdef=True, bad=None):
    """Darwin ar with #1/N names, like llvm-ar --format=darwin."""
    out = b"!<arch>\n"
    if symdef:
        members = [("__.SYMDEF SORTED", b"\0" * 8)] + list(members)
    for name, data in members:
        nm = name.encode()
        pad = (-len(nm)) % 8 + 4
        nm_field = nm + b"\0" * pad
        size = len(nm_field) + len(data)
        hdr = ("#1/%-13d" % len(nm_field)).encode() + b"0".ljust(12) + b"0".ljust(6) + b"0".ljust(6) \
            + b"644".ljust(8) + str(size).encode().ljust(10) + b"`\n"
        if bad:
            hdr, nm_field, data = bad(name, hdr, nm_field, data)
        out += hdr + nm_field + data
        if len(out) % 2:
            out += b"\n"
    return out


def write(name, data):
    with open(os.path.join(HERE, name), "wb") as fh:
        fh.write(data)


def go(cpu=ARM64, platform=PLAT_IOS, names=("runtime.main", MARKER, "main.main"), layout=120,
       syms=(), version="go1.26.8", **kw):
    return macho(cpu=cpu, platform=platform, pcln=pclntab(list(names), layout),
                 bi=buildinfo_inline(version), syms=syms, **kw)


def main():
    for f in os.listdir(HERE):
        if f.endswith(".bin"):
            os.remove(os.path.join(HERE, f))
    nomark = ("runtime.main", "main.main")
    good = go()
    # Readable inputs with known verdicts.
    write("ok-pcln120-marker.bin", good)
    write("ok-pcln118-marker.bin", go(layout=118, version="go1.19.13"))
    write("ok-pcln116-marker.bin", macho(pcln=pclntab(["runtime.main", MARKER], 116),
                                         bi_pointer_version="go1.17.13"))
    write("ok-pcln116-ptr4-armv7.bin", macho(cpu=ARMV7, sub=9, is64=False, pcln=pclntab(["runtime.main"], 116, 4),
                                             bi_pointer_version="go1.16.15"))
    write("ok-symtab-marker.bin", go(names=nomark, syms=("runtime.main", MARKER)))
    write("ok-versionmin-sim-x86.bin", go(cpu=X86_64, names=nomark, versionmin=0x25))
    write("ok-upstream-detection.bin", go(names=("runtime.main", "internal/cpu.sysctlbynameInt32")))
    write("ok-not-go.bin", macho(syms=("main",)))
    write("fail-pcln120-nomarker.bin", go(names=nomark))
    write("fail-macos-marker.bin", go(platform=PLAT_MACOS))
    write("ok-fat-hidden-arm64.bin", fat([(X86_64, 3, go(cpu=X86_64, platform=PLAT_IOSSIM, names=nomark)),
                                          (ARM64, 0, good)], hidden=1))
    write("fail-fat-hidden-arm64-nomarker.bin", fat([(X86_64, 3, go(cpu=X86_64, platform=PLAT_IOSSIM, names=nomark)),
                                                     (ARM64, 0, go(names=nomark))], hidden=1))
    write("ok-ar-marker.bin", ar([("go.o", good), ("000000.o", macho(syms=("x",)))]))
    write("ok-fat64-ar.bin", fat([(ARM64, 0, ar([("go.o", good)]))], is64=True))

    # Truncations.
    write("bad-empty.bin", b"")
    write("bad-short.bin", b"\xcf\xfa")
    write("bad-not-macho.bin", b"hello, this is not a Mach-O file\n")
    write("bad-trunc-header.bin", good[:20])
    write("bad-trunc-loadcmds.bin", good[:60])
    write("bad-trunc-pclntab.bin", good[:300])
    write("bad-bigendian.bin", struct.pack(">I", 0xFEEDFACF) + good[4:])

    # Load commands.
    write("bad-huge-ncmds.bin", macho(pcln=pclntab(list(nomark)), tweak=lambda f: f.update(ncmds=0xFFFFFFFF)))
    write("bad-huge-sizeofcmds.bin", macho(pcln=pclntab(list(nomark)), tweak=lambda f: f.update(sizeofcmds=0xFFFFFFF0)))
    write("bad-cmdsize-0.bin", macho(pcln=pclntab(list(nomark)), tweak=lambda f: f.update(segsize=0)))
    write("bad-cmdsize-past-table.bin", macho(pcln=pclntab(list(nomark)), tweak=lambda f: f.update(bvsize=0x10000)))
    write("bad-huge-nsects.bin", macho(pcln=pclntab(list(nomark)), tweak=lambda f: f.update(nsects=0x7FFFFFFF)))
    write("bad-segment-kind.bin", macho(pcln=pclntab(list(nomark)), tweak=lambda f: f.update(segcmd=0x1)))

    def past_end(f):
        name, off, size, a = f["layout"][0]
        f["layout"][0] = (name, off, size + 0x100000, a)
    write("bad-section-past-end.bin", macho(pcln=pclntab(list(nomark)), tweak=past_end))

    def off_huge(f):
        name, off, size, a = f["layout"][0]
        f["layout"][0] = (name, 0xFFFFFFF0, size, a)
    write("bad-section-offset-huge.bin", macho(pcln=pclntab(list(nomark)), tweak=off_huge))
    write("bad-huge-nsyms.bin", go(names=nomark, syms=("a",), tweak=lambda f: f.update(nsyms=0xFFFFFFFF)))
    write("bad-strtab-past-end.bin", go(names=nomark, syms=("a",), tweak=lambda f: f.update(strsize=0x7FFFFFFF)))

    def strx_bad(f):
        f["strsize"] = 2  # names point past it
    write("bad-strx-past-strtab.bin", go(names=nomark, syms=("abc", "defgh"), tweak=strx_bad))
    two_symtab = struct.pack("<IIIIII", 0x2, 24, 0, 0, 0, 0)
    write("bad-two-symtabs.bin", go(names=nomark, syms=("a",), extra_cmds=two_symtab))

    # pclntab.
    def pcln_mut(fn):
        p = bytearray(pclntab(list(nomark)))
        fn(p)
        return macho(pcln=bytes(p), bi=buildinfo_inline())
    write("bad-pcln-magic.bin", pcln_mut(lambda p: p.__setitem__(slice(0, 4), b"\x01\x02\x03\x04")))
    write("bad-pcln-ptrsize.bin", pcln_mut(lambda p: p.__setitem__(7, 3)))
    write("bad-pcln-huge-nfunc.bin", pcln_mut(lambda p: p.__setitem__(slice(8, 16), struct.pack("<Q", 1 << 60))))
    write("bad-pcln-offset-past-end.bin", pcln_mut(lambda p: p.__setitem__(slice(64, 72), struct.pack("<Q", 0x7FFFFFFF))))
    write("bad-pcln-offsets-unordered.bin", pcln_mut(lambda p: p.__setitem__(slice(32, 40), struct.pack("<Q", 0x7000))))

    def funcoff_out(p):
        pcln = struct.unpack_from("<Q", p, 64)[0]
        struct.pack_into("<I", p, pcln + 4, 0x7FFFFFF0)
    write("bad-pcln-funcoff-out.bin", pcln_mut(funcoff_out))

    def nameoff(v):
        def fn(p):
            pcln = struct.unpack_from("<Q", p, 64)[0]
            funcoff = struct.unpack_from("<I", p, pcln + 4)[0]
            struct.pack_into("<i", p, pcln + funcoff + 4, v)
        return fn
    write("bad-pcln-nameoff-out.bin", pcln_mut(nameoff(0x100000)))
    write("bad-pcln-nameoff-negative.bin", pcln_mut(nameoff(-8)))
    write("bad-pcln-trunc-header.bin", macho(pcln=pclntab(list(nomark))[:20]))

    # Fat.
    sl = [(ARM64, 0, good), (X86_64, 3, go(cpu=X86_64, platform=PLAT_IOSSIM, names=nomark))]
    write("bad-fat-huge-nfat.bin", fat(sl, is64=True, n=0xFFFFFFFF))
    write("bad-fat-java-count.bin", fat(sl, n=50))
    write("bad-fat-zero.bin", fat(sl, n=0))
    write("bad-fat-trunc-entries.bin", fat(sl, n=40)[:300])
    write("bad-fat-overlap.bin", fat(sl, override=lambda e: e[1].__setitem__(slice(2, 5), [e[0][2] + 64, e[1][3], 0])))
    write("bad-fat-self.bin", fat(sl, override=lambda e: e[0].__setitem__(2, 0)))
    write("bad-fat-covers-header.bin", fat(sl, override=lambda e: e[0].__setitem__(2, 16), align=4))
    write("bad-fat-past-end.bin", fat(sl, override=lambda e: e[1].__setitem__(3, 0x7FFFFFFF)))
    write("bad-fat-misaligned.bin", fat(sl, override=lambda e: e[0].__setitem__(4, 13)))
    write("bad-fat-align-huge.bin", fat(sl, override=lambda e: e[0].__setitem__(4, 40)))
    write("bad-fat-dup-arch.bin", fat([sl[0], (ARM64, 0, good)]))
    write("bad-fat-nested.bin", fat([(ARM64, 0, fat([sl[0]]))]))
    write("bad-fat-cpu-mismatch.bin", fat([(X86_64, 3, good)]))
    write("bad-fat-slice-garbage.bin", fat([(ARM64, 0, b"garbage!" * 8)]))

    # Archives.
    write("bad-ar-empty.bin", b"!<arch>\n")
    write("bad-ar-trunc-header.bin", ar([("go.o", good)])[:40])

    def size_field(v):
        def fn(name, hdr, nm, data):
            if name == "go.o":
                hdr = hdr[:48] + v.ljust(10) + hdr[58:]
            return hdr, nm, data
        return fn
    write("bad-ar-size-alpha.bin", ar([("go.o", good)], bad=size_field(b"12a")))
    write("bad-ar-size-negative.bin", ar([("go.o", good)], bad=size_field(b"-5")))
    write("bad-ar-size-past-end.bin", ar([("go.o", good)], bad=size_field(b"9999999999")))
    write("bad-ar-size-blank.bin", ar([("go.o", good)], bad=size_field(b"")))

    def fmag(name, hdr, nm, data):
        return (hdr[:58] + b"XX" if name == "go.o" else hdr), nm, data
    write("bad-ar-fmag.bin", ar([("go.o", good)], bad=fmag))

    def longname(name, hdr, nm, data):
        if name == "go.o":
            hdr = b"#1/99999999999".ljust(16) + hdr[16:]
        return hdr, nm, data
    write("bad-ar-longname-huge.bin", ar([("go.o", good)], bad=longname))

    def longname_alpha(name, hdr, nm, data):
        if name == "go.o":
            hdr = b"#1/1x".ljust(16) + hdr[16:]
        return hdr, nm, data
    write("bad-ar-longname-alpha.bin", ar([("go.o", good)], bad=longname_alpha))
    write("bad-ar-member-trunc-macho.bin", ar([("go.o", good[:100])]))
    write("bad-ar-nested-ar.bin", ar([("inner.a", ar([("go.o", good)]))]))
    write("bad-ar-nested-fat.bin", ar([("fat.o", fat([sl[0]]))]))
    write("bad-ar-no-objects.bin", ar([("README", b"just text\n")]))
    write("bad-fat-ar-bad-member.bin", fat([(ARM64, 0, ar([("go.o", pcln_mut(nameoff(-8)))]))]))
    android(good)


# --- Android: ELF and zip (symcheck's elfslice.c, zipin.c) -----------------

EM_AARCH64, EM_X86_64, EM_ARM, EM_386 = 183, 62, 40, 3
EM_MIPS, EM_PPC64, EM_S390, EM_RISCV, EM_LOONGARCH = 8, 21, 22, 243, 258
UTLS = "github.com/metacubex/utls/internal/cpu"
MCCPU = "github.com/metacubex/cpu"
XSYS = "golang.org/x/sys/cpu"


def uvarint(n):
    out = b""
    while True:
        b = n & 0x7F
        n >>= 7
        out += bytes([b | (0x80 if n else 0)])
        if not n:
            return out


def buildinfo_goos(goos, version="go1.26.8", mods=""):
    """Go 1.18+ inline build info whose module info names GOOS, after the
    module lines mods (runtime/debug's `mod`, `dep` and `=>` lines)."""
    v = version.encode()
    mod = b"0w\xaf\x0c\x92t\x08\x02A\xe1\xc1\x07\xe6\xd6\x18\xe6"
    mod += ("path\tx\n%sbuild\t-buildmode=c-shared\nbuild\tGOOS=%s\n" % (mods, goos)).encode()
    mod += b"\xf92C1\x86\x18 r\x00\x82B\x10A\x16\xd8\xf2"
    return b"\xff Go buildinf:" + bytes([8, 2]) + b"\0" * 16 + uvarint(len(v)) + v + uvarint(len(mod)) + mod


def elf(machine=EM_AARCH64, is64=True, names=("runtime.main", "main.main"), syms=(), goos="android",
        tweak=None, extra=(), be=False, mods=""):
    """A minimal ELF shared object: .gopclntab (names), .go.buildinfo (goos;
    None: none; its module lines: mods), .symtab/.strtab (syms), .shstrtab, in the byte order be
    says (headers, symbols and pclntab alike). tweak(dict) may change the
    header fields or the section table before packing; extra adds sections."""
    ptr = 8 if is64 else 4
    E = ">" if be else "<"
    secs = [("", 0, b"", 0)]
    if names is not None:
        secs.append((".gopclntab", 1, pclntab(list(names), 120, ptr, be), 0))
    if goos is not None:
        secs.append((".go.buildinfo", 1, buildinfo_goos(goos, mods=mods), 0))
    if syms:
        esz = 24 if is64 else 16
        tab, strs = b"\0" * esz, b"\0"
        for nm in syms:
            tab += struct.pack(E + "I", len(strs)) + b"\0" * (esz - 4)
            strs += nm.encode() + b"\0"
        secs.append((".symtab", 2, tab, len(secs) + 1))
        secs.append((".strtab", 3, strs, 0))
    secs += list(extra)
    shstr = b"\0"
    name_off = []
    for nm, _, _, _ in secs + [(".shstrtab", 3, b"", 0)]:
        name_off.append(len(shstr) if nm else 0)
        if nm:
            shstr += nm.encode() + b"\0"
    secs.append((".shstrtab", 3, shstr, 0))
    ehsize = 64 if is64 else 52
    body, table = b"", []
    for (nm, typ, data, link), no in zip(secs, name_off):
        off = ehsize + len(body) if data else 0
        table.append([no, typ, off, len(data), link])
        body += data + b"\0" * ((-len(data)) % 8)
    f = dict(cls=2 if is64 else 1, data=2 if be else 1, machine=machine, shoff=ehsize + len(body),
             shentsize=64 if is64 else 40, shnum=len(secs), shstrndx=len(secs) - 1, table=table)
    if tweak:
        tweak(f)
    ident = b"\x7fELF" + bytes([f["cls"], f["data"], 1]) + b"\0" * 9
    if is64:
        hdr = ident + struct.pack(E + "HHIQQQIHHHHHH", 3, f["machine"], 1, 0, 0, f["shoff"], 0, 64, 56, 0,
                                  f["shentsize"], f["shnum"], f["shstrndx"])
    else:
        hdr = ident + struct.pack(E + "HHIIIIIHHHHHH", 3, f["machine"], 1, 0, 0, f["shoff"] & 0xFFFFFFFF, 0,
                                  52, 32, 0, f["shentsize"], f["shnum"], f["shstrndx"])
    out = hdr + body
    for no, typ, off, size, link in f["table"]:
        if is64:
            out += struct.pack(E + "IIQQQQIIQQ", no, typ, 0, 0, off, size, link, 0, 1, 0)
        else:
            out += struct.pack(E + "IIIIIIIIII", no, typ, 0, 0, off, size, link, 0, 1, 0)
    return out


def android_xsys():
    """golang.org/x/sys/cpu in android arm64 libraries: asked by its
    module's version, read from the build info's module lines (policy.c)."""
    xsys = ("runtime.main", XSYS + ".init.0", XSYS + ".processOptions", "main.main")
    fixed = xsys + (XSYS + ".gowrapMarkerV1",)

    def dep(v, sub=""):
        return "dep\tgolang.org/x/sys\t%s\th1:x=\n%s" % (v, sub)
    for tag, mods, ok in (("v0.29.0", dep("v0.29.0"), False), ("v0.41.9", dep("v0.41.9"), False),
                          ("v0.42.0", dep("v0.42.0"), True), ("v1.0.0", dep("v1.0.0"), True),
                          # a pre-release comes before its release; a
                          # pseudo-version past v0.42.0 after it
                          ("v0.42.0-rc.1", dep("v0.42.0-rc.1"), False),
                          ("pseudo-past", dep("v0.42.1-0.20260301000000-0123456789ab"), True),
                          # what names no version of x/sys itself
                          ("devel", "mod\tgolang.org/x/sys\t(devel)\t\n", False),
                          ("absent", "", False),
                          ("twice", dep("v0.47.0") + dep("v0.29.0"), False),
                          ("dir", "dep\tgolang.org/x/sys\tv0.47.0\n=>\t../sys\t(devel)\t\n", False),
                          ("fork", "dep\tgolang.org/x/sys\tv0.29.0\n=>\texample.com/sys\tv0.50.0\th1:x=\n", False),
                          ("long", dep("v0.42.0-" + "a" * 60), False),
                          ("digits", dep("v0.4200000000.0"), False),
                          ("replaced-v0.47.0", "dep\tgolang.org/x/sys\tv0.29.0\n=>\tgolang.org/x/sys\tv0.47.0\th1:x=\n",
                           True),
                          # a line that only starts like the module's
                          ("lookalike", dep("v0.47.0").replace("x/sys", "x/sysx"), False)):
        write("%s-elf-android-xsys-%s.bin" % ("ok" if ok else "fail", tag), elf(names=xsys, mods=mods))
    write("ok-elf-android-xsys-v0.29.0-fixed.bin", elf(names=fixed, mods=dep("v0.29.0")))
    write("fail-elf-nogoos-xsys.bin", elf(names=xsys, goos=None))
    # asked on android arm64 only: linux reads the auxiliary vector, android
    # arm's doinit runs on every GOOS
    write("ok-elf-linux-xsys-v0.29.0.bin", elf(names=xsys, goos="linux", mods=dep("v0.29.0")))
    write("ok-elf-android-armv7-xsys-v0.29.0.bin", elf(machine=EM_ARM, is64=False, names=xsys, mods=dep("v0.29.0")))


def zipf(members, eocd=None):
    """A zip archive. members: (name, data) or dicts with name, data and
    optional method (0 stored, 8 deflate), comp (the stored bytes), size and
    crc (what the headers declare), flags. eocd(dict) may lie in the end
    record."""
    out, cdir = b"", b""
    for m in members:
        if not isinstance(m, dict):
            m = {"name": m[0], "data": m[1]}
        data, method = m["data"], m.get("method", 0)
        comp = m.get("comp", data if method == 0 else zlib.compress(data, 9)[2:-4])
        crc = m.get("crc", zlib.crc32(data))
        size = m.get("size", len(data))
        nm, fl = m["name"].encode(), m.get("flags", 0)
        fields = struct.pack("<HHHHHIII", 20, fl, method, 0, 0x21, crc, len(comp), size)
        cdir += struct.pack("<IH", 0x02014B50, 20) + fields + struct.pack("<HHHHHII", len(nm), 0, 0, 0, 0, 0,
                                                                          len(out)) + nm
        out += struct.pack("<I", 0x04034B50) + fields + struct.pack("<HH", len(nm), 0) + nm + comp
    e = dict(n=len(members), size=len(cdir), off=len(out))
    if eocd:
        eocd(e)
    return out + cdir + struct.pack("<IHHHHIIH", 0x06054B50, 0, 0, e["n"], e["n"], e["size"], e["off"], 0)


def aar(lib, name="jni/arm64-v8a/libgojni.so", more=()):
    """gomobile's .aar layout around one native library."""
    return zipf([("AndroidManifest.xml", b'<manifest package="go.probe"/>\n'),
                 ("classes.jar", zipf([("META-INF/MANIFEST.MF", b"Manifest-Version: 1.0\n")])),
                 ("R.txt", b""), (name, lib)] + list(more))


def patch_sizes(z, old, new):
    """Make both headers of every member declare `new` uncompressed bytes
    where they said `old` (local header +22, central directory +24)."""
    z = bytearray(z)
    for sig, at in ((b"PK\x03\x04", 22), (b"PK\x01\x02", 24)):
        i = z.find(sig)
        while i >= 0:
            if struct.unpack_from("<I", z, i + at)[0] == old:
                struct.pack_into("<I", z, i + at, new)
            i = z.find(sig, i + 4)
    return bytes(z)


def android(good_macho):
    fixed = ("runtime.main", UTLS + ".doinit", UTLS + ".gowrapMarkerV1", "main.main")
    unfixed = ("runtime.main", UTLS + ".doinit", UTLS + ".hwcapInit", "main.main")
    ok_so, bad_so = elf(names=fixed), elf(names=unfixed)
    write("ok-elf-android-fixed.bin", ok_so)
    write("fail-elf-android-unfixed.bin", bad_so)
    write("fail-elf-android-cpu-marker.bin", elf(names=("runtime.main", MARKER)))
    write("ok-elf-android-x86_64-unfixed.bin", elf(machine=EM_X86_64, names=unfixed))
    # 32-bit arm's copy reads HWCap too (cpu_arm.go): asked like arm64.
    write("fail-elf-android-armv7-unfixed.bin", elf(machine=EM_ARM, is64=False, names=unfixed))
    write("ok-elf-android-armv7-fixed.bin", elf(machine=EM_ARM, is64=False, names=fixed))
    # Every class and byte order Go emits as ELF (elf.c, pclntab.c): the
    # copy's fix asked where its internal/cpu reads HWCap, not elsewhere.
    mc_unfixed = ("runtime.main", MCCPU + ".doinit", "main.main")
    mc_fixed = mc_unfixed + (MCCPU + ".gowrapMarkerV1",)
    for arch, m, is64, be, asked in (("s390x", EM_S390, True, True, True), ("ppc64", EM_PPC64, True, True, True),
                                     ("ppc64le", EM_PPC64, True, False, True),
                                     ("mips64", EM_MIPS, True, True, True), ("mips64le", EM_MIPS, True, False, True),
                                     ("loong64", EM_LOONGARCH, True, False, True),
                                     ("mips", EM_MIPS, False, True, False), ("mipsle", EM_MIPS, False, False, False),
                                     ("riscv64", EM_RISCV, True, False, False)):
        write("%s-elf-linux-%s-unfixed.bin" % ("fail" if asked else "ok", arch),
              elf(machine=m, is64=is64, be=be, goos="linux", names=mc_unfixed))
        if asked:
            write("ok-elf-linux-%s-fixed.bin" % arch, elf(machine=m, is64=is64, be=be, goos="linux", names=mc_fixed))
    write("fail-elf-linux-s390x-mccpu-symtab.bin", elf(machine=EM_S390, be=True, goos="linux",
                                                      syms=(MCCPU + ".doinit",)))
    write("ok-elf-linux-mips-mccpu-fixed-symtab.bin", elf(machine=EM_MIPS, is64=False, be=True, goos="linux",
                                                         syms=(MCCPU + ".doinit", MCCPU + ".gowrapMarkerV1")))
    write("fail-elf-linux-mccpu-symtab.bin", elf(goos="linux", syms=(MCCPU + ".doinit",)))
    write("ok-elf-linux-mccpu-fixed-symtab.bin",
          elf(goos="linux", syms=(MCCPU + ".doinit", MCCPU + ".gowrapMarkerV1")))
    write("fail-elf-nogoos-unfixed.bin", elf(goos=None, names=unfixed))
    write("ok-elf-freebsd-unfixed.bin", elf(goos="freebsd", names=unfixed))
    write("ok-elf-not-go.bin", elf(names=None, goos=None, syms=("main", "printf")))
    # Names that only start like a copy's: another package's marker is not
    # the copy's fix, and packages whose paths extend a copy's are not it.
    write("fail-elf-android-lookalike-marker.bin", elf(names=("runtime.main", UTLS + ".doinit",
                                                              UTLS + "x.gowrapMarkerV1", "main.main")))
    write("ok-elf-android-lookalike-pkgs.bin", elf(names=("runtime.main", UTLS + "x.doinit", MCCPU + "/sub.init",
                                                          MCCPU + "2.doinit", "main.main")))

    android_xsys()

    write("bad-elf-trunc.bin", ok_so[:20])
    write("bad-elf-class.bin", elf(tweak=lambda f: f.update(cls=3)))
    write("bad-elf-data3.bin", elf(tweak=lambda f: f.update(data=3)))
    # Headers packed in one byte order, e_ident claiming the other.
    write("bad-elf-byteorder-lie.bin", elf(tweak=lambda f: f.update(data=2)))
    write("bad-elf-be64-byteorder-lie.bin", elf(machine=EM_S390, be=True, tweak=lambda f: f.update(data=1)))
    # Big-endian (64- and 32-bit) and 32-bit little-endian files broken one
    # field at a time, as the little-endian 64-bit ones above.
    for tag, m, is64, be in (("be64", EM_S390, True, True), ("be32", EM_MIPS, False, True),
                             ("le32", EM_ARM, False, False)):
        def mk(**kw):
            return elf(machine=m, is64=is64, be=be, goos="linux", **kw)
        whole = mk(names=mc_unfixed, syms=("a",))
        write("bad-elf-%s-trunc-ehdr.bin" % tag, whole[:40 if is64 else 30])
        write("bad-elf-%s-trunc-shdrs.bin" % tag, whole[:-10])
        write("bad-elf-%s-shoff-past-end.bin" % tag, mk(tweak=lambda f: f.update(shoff=0xFFFFFFF0)))
        write("bad-elf-%s-shentsize.bin" % tag, mk(tweak=lambda f: f.update(shentsize=12)))
        write("bad-elf-%s-shstrndx.bin" % tag, mk(tweak=lambda f: f.update(shstrndx=0xFFFF)))
        write("bad-elf-%s-section-past-end.bin" % tag, mk(tweak=lambda f: f["table"][1].__setitem__(3, 0x7FFFFFFF)))
        write("bad-elf-%s-section-name.bin" % tag, mk(tweak=lambda f: f["table"][1].__setitem__(0, 0x7FFFFFF0)))
        write("bad-elf-%s-symtab-link.bin" % tag, mk(syms=("a",), tweak=lambda f: f["table"][3].__setitem__(4, 99)))
        write("bad-elf-%s-pclntab.bin" % tag, mk(tweak=lambda f: f["table"][1].__setitem__(3, 12)))
        # the pclntab's function count past its table, in its byte order
        p = bytearray(pclntab(list(mc_unfixed), 120, 8 if is64 else 4, be))
        struct.pack_into((">" if be else "<") + ("Q" if is64 else "I"), p, 8, 0x7FFFFFFF)
        write("bad-elf-%s-pclntab-nfunc.bin" % tag, mk(names=None, extra=[(".gopclntab", 1, bytes(p), 0)]))
        # a magic that is no layout's in either byte order
        p = bytearray(pclntab(list(mc_unfixed), 120, 8 if is64 else 4, be))
        p[0:4] = b"\xf1\xff\xfe\xff"
        write("bad-elf-%s-pclntab-magic.bin" % tag, mk(names=None, extra=[(".gopclntab", 1, bytes(p), 0)]))
    write("bad-elf-no-sections.bin", elf(tweak=lambda f: f.update(shnum=0, shoff=0)))
    write("bad-elf-shoff-past-end.bin", elf(tweak=lambda f: f.update(shoff=0xFFFFFFFF0)))
    write("bad-elf-shentsize.bin", elf(tweak=lambda f: f.update(shentsize=32)))
    write("bad-elf-shstrndx.bin", elf(tweak=lambda f: f.update(shstrndx=200)))
    write("bad-elf-section-past-end.bin", elf(tweak=lambda f: f["table"][1].__setitem__(3, 0x7FFFFFFF)))
    write("bad-elf-section-name.bin", elf(tweak=lambda f: f["table"][1].__setitem__(0, 0x7FFFFFF0)))
    write("bad-elf-symtab-link.bin", elf(syms=("a",), tweak=lambda f: f["table"][3].__setitem__(4, 99)))
    write("bad-elf-two-pclntabs.bin", elf(extra=[(".gopclntab", 1, pclntab(["x"]), 0)]))
    write("bad-elf-pclntab.bin", elf(tweak=lambda f: f["table"][1].__setitem__(3, 12)))

    write("ok-zip-aar-fixed.bin", aar(ok_so))
    write("fail-zip-aar-unfixed.bin", aar(bad_so))
    write("ok-zip-apk-fixed.bin", zipf([("AndroidManifest.xml", b"\x03\x00\x08\x00"), ("classes.dex", b"dex\n035\0"),
                                        ("lib/arm64-v8a/libgojni.so", ok_so)]))
    write("ok-zip-aar-four-abis.bin", aar(ok_so, more=[
        ("jni/armeabi-v7a/libgojni.so", elf(machine=EM_ARM, is64=False, names=fixed)),
        ("jni/x86/libgojni.so", elf(machine=EM_386, is64=False)),
        ("jni/x86_64/libgojni.so", elf(machine=EM_X86_64, names=unfixed)),
        ("jni/arm64-v8a/sub/libignored.so", b"not loaded from here"),
        ("assets/libnot-a-lib.so", b"not loaded from here")]))
    write("fail-zip-second-lib-unfixed.bin", aar(elf(machine=EM_X86_64, names=unfixed),
                                                 name="jni/x86_64/libgojni.so",
                                                 more=[("jni/arm64-v8a/libgojni.so", bad_so)]))
    write("ok-zip-deflated.bin", zipf([{"name": "jni/arm64-v8a/libgojni.so", "data": ok_so, "method": 8}]))

    write("bad-zip-trunc.bin", aar(ok_so)[:len(aar(ok_so)) // 2])
    write("bad-zip-cdir-offset.bin", zipf([("jni/arm64-v8a/libgojni.so", ok_so)],
                                          eocd=lambda e: e.update(off=e["off"] + 4096)))
    write("bad-zip-cdir-count.bin", zipf([("jni/arm64-v8a/libgojni.so", ok_so)],
                                         eocd=lambda e: e.update(n=e["n"] + 1)))
    z = bytearray(zipf([("jni/arm64-v8a/libgojni.so", ok_so)]))
    i = z.find(b"PK\x01\x02")
    z[i:i + 2] = b"XX"
    write("bad-zip-cdir-garbage.bin", bytes(z))
    # Larger than declared: a deflate stream of ok_so and 64 KiB more, whose
    # headers say only len(ok_so) bytes (and ok_so's CRC): read to what it
    # declares and no further, it would pass.
    big = ok_so + b"\0" * 65536
    write("bad-zip-member-larger.bin", patch_sizes(
        zipf([{"name": "jni/arm64-v8a/libgojni.so", "data": big, "method": 8, "crc": zlib.crc32(ok_so)}]),
        len(big), len(ok_so)))
    write("bad-zip-member-smaller.bin", zipf([{"name": "jni/arm64-v8a/libgojni.so", "data": ok_so, "method": 8,
                                               "size": len(ok_so) + 100}]))
    write("bad-zip-declared-huge.bin", zipf([{"name": "jni/arm64-v8a/libgojni.so", "data": ok_so, "method": 8,
                                              "size": 0xFFFFFFF0}]))
    write("bad-zip-bomb.bin", zipf([{"name": "jni/arm64-v8a/libgojni.so", "data": b"\0" * (8 << 20),
                                     "method": 8}]))
    write("bad-zip-traversal.bin", aar(ok_so, name="jni/../../jni/arm64-v8a/libgojni.so"))
    write("bad-zip-absolute.bin", aar(ok_so, name="/jni/arm64-v8a/libgojni.so"))
    write("bad-zip-backslash.bin", aar(ok_so, name="jni\\arm64-v8a\\libgojni.so"))
    write("bad-zip-nested.bin", aar(aar(ok_so)))
    write("bad-zip-not-elf.bin", aar(b"just text, not a library\n"))
    write("bad-zip-macho-lib.bin", aar(good_macho))
    write("bad-zip-no-libs.bin", zipf([("AndroidManifest.xml", b"<manifest/>\n"), ("classes.jar", b"PK")]))
    write("bad-zip-dup-lib.bin", aar(ok_so, more=[("jni/arm64-v8a/libgojni.so", bad_so)]))
    write("bad-zip-abi-mismatch.bin", aar(elf(machine=EM_X86_64, names=unfixed)))
    z = bytearray(aar(ok_so))
    z[z.find(ok_so) + 100] ^= 0xFF
    write("bad-zip-crc.bin", bytes(z))
    write("bad-zip-encrypted.bin", zipf([{"name": "jni/arm64-v8a/libgojni.so", "data": ok_so, "flags": 1}]))
    write("bad-zip-empty.bin", struct.pack("<IHHHHIIH", 0x06054B50, 0, 0, 0, 0, 0, 0, 0))
    write("bad-zip-bad-elf.bin", aar(elf(tweak=lambda f: f.update(shnum=0, shoff=0))))


if __name__ == "__main__":
    main()
