# patch/mutations.py — mutations of GOWRAP_PATCHES (patch/, and what the
# shim and common/ do with a patch list) for tools/mutants.py (data only).
# Each must make a test of SUITE (narrowed by the filter) fail. The applier
# and the path rules are caught by the unit tests ("patch:", no go build, a
# few seconds); the markers by go list over gowrap's overlay (no build);
# the memo, the list's entries and a set's two patches on one file through
# the shim, with one package (container/list) compiled.
SUITE = "tests/patches.bats"
TARGETS = ["build/gowrap", "build/shim/go", "build/shim/gowrap-toolexec", "build/symcheck",
           "build/unit/patchcheck"]
MUTATIONS = [
    # The applier (apply.c): no fuzz, offsets reported, already-in found.
    # GNU patch's fuzz: a hunk placed where one of its lines differs.
    ("fuzz-one-line-allowed", "patch/apply.c",
     ["\tfor (size_t i = 0; i < s->n; i++) {\n\t\tconst struct ln *a = &img->v[pos + i], *b = &s->v[i];",
      "\t\tif (a->h != b->h || a->len != b->len || a->nl != b->nl || memcmp(a->p, b->p, a->len) != 0)\n\t\t\treturn 0;"],
     ["\tint fuzz = 0;\n\tfor (size_t i = 0; i < s->n; i++) {\n\t\tconst struct ln *a = &img->v[pos + i], *b = &s->v[i];",
      "\t\tif ((a->h != b->h || a->len != b->len || a->nl != b->nl || memcmp(a->p, b->p, a->len) != 0) && fuzz++)\n\t\t\treturn 0;"],
     "^patch: exact, at an offset"),
    ("offset-reported-exact", "patch/apply.c",
     "\t\tif (at != base) {\n\t\t\tif (!ps->moved)",
     "\t\tif (0) {\n\t\t\tif (!ps->moved)",
     "^patch: exact, at an offset"),
    ("offset-value-zero", "patch/apply.c",
     "\t\tr->offset = fw.first_off;",
     "\t\tr->offset = 0;",
     "^patch: exact, at an offset"),
    ("already-in-never-checked", "patch/apply.c",
     "int rok = fok && !fw.moved ? 0 : place(p, f, &img, 1, &rv) == 0;",
     "int rok = 0;",
     "^patch: exact, at an offset"),
    # The path rules (parse.c).
    ("dotdot-accepted", "patch/parse.c",
     "if (n == 0 || (n == 1 && c[0] == '.') || (n == 2 && c[0] == '.' && c[1] == '.'))",
     "if (n == 0 || (n == 1 && c[0] == '.'))",
     "^patch: every malformed"),
    ("src-cmd-accepted", "patch/parse.c",
     'if (strncmp(s, "src/cmd/", 8) == 0)',
     "if (0)",
     "^patch: every malformed"),
    ("internal-cpu-accepted", "patch/parse.c",
     'if (strncmp(s, "src/internal/cpu/", 17) == 0)',
     "if (0)",
     "^patch: every malformed"),
    # The markers (marker.c): one where a changed file compiles, only there.
    ("marker-constraint-dropped", "patch/marker.c",
     '\tif (expr->len)\n\t\tsb_addf(c, "//go:build %s\\n\\n", expr->buf);',
     '\tif (0)\n\t\tsb_addf(c, "//go:build %s\\n\\n", expr->buf);',
     "^patch: each marker compiles"),
    ("marker-suffix-negated", "patch/marker.c",
     '\t\tsb_addf(out, "%.*s", (int)wl[k - 1], w[k - 1]);',
     '\t\tsb_addf(out, "!%.*s", (int)wl[k - 1], w[k - 1]);',
     "^patch: each marker compiles"),
    ("marker-files-anded", "patch/marker.c",
     'sb_addf(&expr, "%s%s", expr.len ? " || " : "", x.buf);',
     'sb_addf(&expr, "%s%s", expr.len ? " && " : "", x.buf);',
     "^patch: each marker compiles"),
    ("marker-cgo-term-dropped", "patch/marker.c",
     '\tif (strcmp(dot, ".go") && strcmp(dot, ".s"))\n\t\tsb_adds(expr, "cgo");',
     '\tif (0)\n\t\tsb_adds(expr, "cgo");',
     "^patch: each marker compiles"),
    ("marker-offset-patch-unmarked", "patch/marker.c",
     "if (it->state != PP_EXACT && it->state != PP_OFFSET && it->state != PP_ALREADY)",
     "if (it->state != PP_EXACT && it->state != PP_ALREADY)",
     "^patch: each marker compiles"),
    ("marker-last-package-dropped", "patch/marker.c",
     "\t\tfor (size_t j = 0; j < nd; j++) {\n\t\t\tstruct pt_mark m;",
     "\t\tfor (size_t j = 0; j < nd - (nd > 1); j++) {\n\t\t\tstruct pt_mark m;",
     "^patch: each marker compiles"),
    # The set (set.c): each patch applies to what the ones before it left.
    ("set-earlier-patches-unseen", "patch/set.c",
     "\tsb_add(&st->b, s->files[g].cur.buf, s->files[g].cur.len);",
     "\tsb_add(&st->b, s->files[g].orig.buf, s->files[g].orig.len);",
     "two patches of a set"),
    ("set-conflict-unnamed", "patch/set.c",
     "\tif (by >= 0)\n\t\tafter_note(&why, &fix, s->items[by].path);",
     "\tif (0)\n\t\tafter_note(&why, &fix, s->items[by].path);",
     "two patches of a set"),
    # The shim's memo of the overlay (shim/memo.c) keyed on the patch's path.
    ("memo-keyed-on-path", "shim/memo.c",
     'sb_addf(key, "patch\\t%s\\t%s\\n", v[i], hex);',
     'sb_addf(key, "patch\\t%s\\n", v[i]);',
     "edited between two builds"),
    # The list's entries (common/patchlist.c): refused at once, never waited on.
    ("patch-open-blocks-on-fifo", "common/patchlist.c",
     "int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);",
     "int fd = open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY);",
     "is missing, unreadable"),
    ("patch-device-read", "common/patchlist.c",
     ["\telse if (S_ISCHR(st.st_mode) || S_ISBLK(st.st_mode))", "\telse if (!S_ISREG(st.st_mode))"],
     ["\telse if (S_ISBLK(st.st_mode))", "\telse if (!S_ISREG(st.st_mode) && !S_ISCHR(st.st_mode))"],
     "is missing, unreadable"),
    # an already-in patch's content ships: it carries its marker too
    ("marker-already-in-unmarked", "patch/marker.c",
     "if (it->state != PP_EXACT && it->state != PP_OFFSET && it->state != PP_ALREADY)",
     "if (it->state != PP_EXACT && it->state != PP_OFFSET)",
     "markers exactly where a changed file compiles|two patches of a set"),
]
