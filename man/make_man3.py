#!/usr/bin/env python3
"""make_man3.py - writes libshelf(3) from the /** */ comments of the headers.

The headers are the one place the API is documented; this turns them into
one manual page, so the two cannot say different things. It is run by hand
after a header changes, and by a CTest test that fails when the committed
man/man3/libshelf.3 is not what it would write:

    python3 man/make_man3.py include/shelf.h include/shelf_*.h \
        -o man/man3/libshelf.3
    python3 man/make_man3.py include/shelf.h include/shelf_*.h \
        -o build/libshelf.3 --check man/man3/libshelf.3

shelf.h comes first: its opening comment (the conventions) becomes
DESCRIPTION; each other header's opening comment opens its part. What it
reads in each header, in order: one `/* MARK: - Name (Public) */`
banner per section; and each `/** ... */` comment with the declaration that
follows it: a function (a static inline definition shown as its
prototype), a typedef (with `/**< ... */` comments on members), or a
#define; and each SHELF_ENUM_NAMES(type, LIST) line, whose two functions
(type_name, type_from_name) are named under the list's entry and in the
synopsis. A plain comment directly above a run of #defines documents
them too (the version numbers). A SHELF_API function without a /** */
comment is an error: every public function must be documented.

Python 3 standard library only.
"""

import argparse
import difflib
import os
import re
import sys

# ==== Reading the header ====


class Item:
    """One documented declaration."""

    def __init__(self, doc, decl, kind, names):
        self.doc = doc      # comment lines, markers stripped
        self.decl = decl    # declaration lines, as in the header
        self.kind = kind    # "function", "type" or "macro"
        self.names = names  # the names it declares
        self.enum_names = None  # (type, list) of its SHELF_ENUM_NAMES


class Section:
    def __init__(self, title):
        self.title = title
        self.items = []


def comment_lines(block):
    """The text of a /* */ or /** */ comment, one string a line, without the
    markers and the leading ' * ', keeping indentation beyond it."""
    text = block.strip()
    text = re.sub(r"^/\*\*?<?", "", text)
    text = re.sub(r"\*/$", "", text)
    out = []
    for line in text.split("\n"):
        line = line.rstrip()
        m = re.match(r"^\s*\* ?(.*)$", line)
        if m:
            line = m.group(1)
        elif out:
            line = line.strip() if not line.startswith("  ") else line
        out.append(line.rstrip())
    # Drop blank lines at either end; dedent the first line, which follows
    # the opening marker.
    while out and not out[0].strip():
        out.pop(0)
    while out and not out[-1].strip():
        out.pop()
    if out:
        out[0] = out[0].strip()
    return out


def declaration_end(lines, i):
    """The index after the declaration starting at lines[i]."""
    first = lines[i]
    if first.startswith("#define"):
        while lines[i].rstrip().endswith("\\"):
            i += 1
        return i + 1
    depth, opened = 0, False
    while i < len(lines):
        code = re.sub(r"/\*.*?\*/", "", lines[i])
        depth += code.count("{") - code.count("}")
        opened = opened or "{" in code
        if depth == 0 and code.rstrip().endswith(";"):
            return i + 1
        # A static inline function's definition ends with its body.
        if depth == 0 and opened and code.rstrip().endswith("}"):
            return i + 1
        i += 1
    raise SystemExit("make_man3: unterminated declaration: " + first)


def declared_names(decl):
    """The names a declaration introduces, and its kind."""
    text = "\n".join(decl)
    if text.startswith("#define"):
        return "macro", [re.match(r"#define\s+(\w+)", text).group(1)]
    code = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    if re.search(r"\btypedef\b", code):
        # A function pointer type is named inside its parentheses.
        pointer = re.search(r"\(\s*\*\s*(\w+)\s*\)\s*\(", code)
        if pointer and "{" not in code:
            return "type", [pointer.group(1)]
        names = [re.search(r"(\w+)\s*;\s*$", code).group(1)]
        body = re.search(r"\{(.*)\}", code, re.S)
        if body and re.search(r"\benum\b", code):
            names += re.findall(r"\b(SHELF_\w+)\s*=", body.group(1))
        return "type", names
    m = re.search(r"(\w+)\s*\(", code)
    if m is None:
        raise SystemExit("make_man3: cannot read declaration: " + text)
    return "function", [m.group(1)]


def read_header(text):
    """Returns (the opening comment's lines, the sections)."""
    lines = text.split("\n")
    m = re.match(r"\s*(/\*.*?\*/)", text, re.S)
    intro = comment_lines(m.group(1)) if m else []
    sections = []
    public = False
    i = 0
    pending = None  # (doc lines, is it a /** */ comment)
    while i < len(lines):
        line = lines[i]
        stripped = line.strip()
        banner = re.match(r"/\* MARK: - (.*?) \((Public|Private)\) \*/$",
                          stripped)
        if banner:
            public = banner.group(2) == "Public"
            if public:
                sections.append(Section(banner.group(1)))
            pending = None
            i += 1
            continue
        if stripped.startswith("/*") and not stripped.startswith("/**<"):
            j = i
            while "*/" not in lines[j]:
                j += 1
            block = "\n".join(lines[i:j + 1])
            pending = (comment_lines(block), stripped.startswith("/**"))
            i = j + 1
            continue
        if not public or not stripped:
            pending = None
            i += 1
            continue
        # Preprocessor lines and the extern "C" wrapper declare nothing.
        if (stripped.startswith("#") and not stripped.startswith("#define")) \
                or stripped in ("}", 'extern "C" {'):
            pending = None
            i += 1
            continue
        # SHELF_ENUM_NAMES(type, LIST) defines the two names of an enum
        # declared above: its entry says so.
        names_of = re.match(r"SHELF_ENUM_NAMES\((\w+),\s*(\w+)\)$", stripped)
        if names_of:
            owner = [it for s in sections for it in s.items
                     if names_of.group(2) in it.names or
                     "%s(SHELF_ENUMERATOR_)" % names_of.group(2)
                     in "\n".join(it.decl)]
            if not owner:
                raise SystemExit("make_man3: %s before its enum" % stripped)
            owner[-1].enum_names = names_of.groups()
            owner[-1].names += [names_of.group(1) + "_name",
                                names_of.group(1) + "_from_name"]
            pending = None
            i += 1
            continue
        end = declaration_end(lines, i)
        decl = lines[i:end]
        kind, names = declared_names(decl)
        documented = pending is not None and (pending[1] or kind == "macro")
        if documented:
            sections[-1].items.append(Item(pending[0], decl, kind, names))
            # A plain comment covers the run of #defines right after it.
            if kind == "macro" and not pending[1]:
                while end < len(lines) and lines[end].startswith("#define"):
                    more = declaration_end(lines, end)
                    sections[-1].items[-1].decl += lines[end:more]
                    sections[-1].items[-1].names += declared_names(
                        lines[end:more])[1]
                    end = more
        elif kind == "function" and "SHELF_API" in "\n".join(decl):
            raise SystemExit("make_man3: %s has no /** */ comment; every "
                             "public function must be documented" % names[0])
        pending = None
        i = end
    return intro, sections


def status_list(text):
    """The entries of SHELF_STATUS_LIST: (name, value, message, example),
    with None standing for a group heading such as "parse errors"."""
    m = re.search(r"#define SHELF_STATUS_LIST\(X\)(.*?)\n\n", text, re.S)
    if m is None:
        return []
    out = []
    for line in m.group(1).split("\n"):
        line = line.rstrip("\\").strip()
        entry = re.match(
            r'X\((\w+),\s*(\d+),\s*"([^"]*)"\)\s*(?:/\*\s*(.*?)\s*\*/)?', line)
        heading = re.match(r"/\*\s*(.*?)\s*\*/$", line)
        if entry:
            out.append(entry.groups())
        elif heading:
            out.append((None, None, heading.group(1), None))
    return out


def name_lists(texts):
    """The entries of every other list of names, SHELF_<ENUM>_LIST, whose
    entries are X(NAME, value, "name", "words"): {list: [(NAME, value,
    name, words)]}."""
    out = {}
    for text in texts:
        for m in re.finditer(r"#define (SHELF_\w+_LIST)\(X\)(.*?)\n(?=\S)",
                             text, re.S):
            if m.group(1) == "SHELF_STATUS_LIST":
                continue
            body = re.sub(r"/\*.*?\*/", " ", m.group(2).replace("\\\n", " "),
                          flags=re.S)
            entries = []
            for e in re.finditer(r'X\((\w+),\s*(\d+),\s*"([^"]*)",\s*'
                                 r'((?:"[^"]*"\s*)+)\)', body):
                words = "".join(re.findall(r'"([^"]*)"', e.group(4)))
                entries.append((e.group(1), e.group(2), e.group(3), words))
            out[m.group(1)] = entries
    return out


# ==== Writing roff ====


def escape(text):
    """Text made safe for roff: backslashes, and a minus sign where a
    hyphen would be wrong (before a digit)."""
    text = text.replace("\\", "\\e")
    text = re.sub(r"(?<![\w-])-(?=[\d])", r"\\-", text)
    return text


def code(text):
    """Verbatim code: every '-' is a minus sign."""
    return escape(text).replace("-", "\\-")


def safe_line(line):
    """A text line that roff will not take for a request."""
    return "\\&" + line if line[:1] in (".", "'") else line


class Style:
    """Marks names in running text: bold for the API, italic for the
    parameters of the item at hand."""

    def __init__(self, api_names, params=()):
        self.api = set(api_names)
        self.params = set(params)

    def word(self, w):
        # \\% keeps roff from hyphenating inside an identifier.
        nohy = "\\%" if "_" in w else ""
        if w in self.params:
            return "\\fI%s%s\\fP" % (nohy, w)
        if w in self.api or re.match(r"SHELF_[A-Z0-9_]+$", w):
            return "\\fB%s%s\\fP" % (nohy, w)
        return nohy + code(w)

    def inline(self, text):
        out = []
        # `code` spans, then bare API names (shelf_x(), SHELF_X).
        for k, part in enumerate(re.split(r"`([^`]*)`", text)):
            if k % 2 == 1:
                out.append(self.word(part) if re.match(r"\w+$", part)
                           else "\\f(CR%s\\fP" % code(part))
                continue
            pieces = re.split(r"\b((?:shelf|SHELF)_\w+)\b", part)
            for n, piece in enumerate(pieces):
                out.append(self.word(piece) if n % 2 == 1 else escape(piece))
        return "".join(out)


def blocks(lines):
    """Splits doc lines into blocks: ("para", text), ("item", bullet text),
    ("tag", tag, name, text) for @param and @return."""
    out = []
    cur = None
    for line in lines + [""]:
        if not line.strip():
            if cur:
                out.append(cur)
            cur = None
            continue
        indent = len(line) - len(line.lstrip())
        body = line.strip()
        param = re.match(r"@param\s+(\w+)\s+(.*)$", body)
        ret = re.match(r"@return\s+(.*)$", body)
        bullet = re.match(r"- (.*)$", body)
        if param or ret or bullet:
            if cur:
                out.append(cur)
            if param:
                cur = ["tag", "param", param.group(1), param.group(2), indent]
            elif ret:
                cur = ["tag", "return", None, ret.group(1), indent]
            else:
                cur = ["item", bullet.group(1), indent]
            continue
        if cur and cur[0] in ("tag", "item") and indent > cur[-1]:
            cur[-2] += " " + body
            continue
        if cur and cur[0] == "para":
            cur[1] += " " + body
            continue
        if cur:
            out.append(cur)
        cur = ["para", body]
    return out


def tag_width(names):
    """The indent of a tagged list: the longest tag fits beside its text,
    unless it is very long."""
    return min(max(len(n) for n in names) + 2, 16) if names else 8


def render_doc(lines, style, out):
    """Writes doc lines as paragraphs, bullet lists and tagged entries."""
    previous = None
    bs = blocks(lines)
    width = tag_width([b[2] or "Returns" for b in bs if b[0] == "tag"])
    for b in bs:
        if b[0] == "para":
            if previous is not None:
                out.append(".PP")
            out.append(safe_line(style.inline(b[1])))
        elif b[0] == "item":
            out.append(".IP \\(bu 2")
            out.append(safe_line(style.inline(b[1])))
        else:
            _, tag, name, text, _ = b
            out.append(".TP %d" % width)
            out.append("\\fI\\%%%s\\fP" % name if tag == "param"
                       else "Returns")
            out.append(safe_line(style.inline(text)))
        previous = b[0]


def decl_for_display(item, statuses, lists=None):
    """The declaration as the page shows it: without SHELF_API and without
    member comments (listed below it instead)."""
    text = "\n".join(item.decl)
    if item.kind == "macro":
        out = []
        for line in item.decl:
            if line.startswith("#define"):
                if line.rstrip().endswith("\\"):
                    name = re.match(r"#define\s+(\w+(?:\([^)]*\))?)", line)
                    out.append("#define %s ..." % name.group(1))
                else:
                    out.append(re.sub(r"\s+", " ", line.strip()))
        return out
    if item.kind == "function":
        lines = []
        if "{" in text:
            # A static inline definition is shown as its prototype, its
            # parameters without the underscore that keeps them from
            # shadowing a caller's names.
            head = re.sub(r"\s+", " ", text[:text.index("{")]).strip()
            return wrapped(re.sub(r"\b(\w+)_(?=[,)])", r"\1", head) + ";")
        for k, line in enumerate(item.decl):
            if k == 0:
                lines.append(line.replace("SHELF_API ", "", 1))
            else:
                lines.append(line[len("SHELF_API "):] if line.startswith(
                    " " * len("SHELF_API ")) else line)
        # A return type alone on the first line joins the name below it.
        if len(lines) > 1 and "(" not in lines[0]:
            first = lines[0].rstrip()
            space = "" if first.endswith("*") else " "
            lines = [first + space + lines[1].lstrip()] + lines[2:]
        return lines
    # A type: drop the member comments, keep the layout.
    text = re.sub(r"\s*/\*\*<.*?\*/", "", text, flags=re.S)
    if "SHELF_STATUS_LIST" in text and statuses:
        body = ["typedef enum shelf_status {"]
        body += ["  SHELF_%s = %s," % (n, v) for n, v, _, _ in statuses if n]
        body.append("} shelf_status;")
        return body
    m = re.search(r"(SHELF_\w+_LIST)\(SHELF_ENUMERATOR_\)", text)
    if m and lists and m.group(1) in lists:
        name = re.search(r"typedef enum (\w+)", text).group(1)
        body = ["typedef enum %s {" % name]
        body += ["  SHELF_%s = %s," % (n, v) for n, v, _, _ in lists[m.group(1)]]
        body.append("} %s;" % name)
        return body
    return [line.rstrip() for line in text.split("\n")]


def members(item):
    """(name, doc) for each member with a /**< */ comment."""
    text = "\n".join(item.decl)
    out = []
    for m in re.finditer(r"(\w+)(?:\[\w*\])?\s*(?:=\s*\w+)?\s*[;,]?\s*"
                         r"/\*\*<\s*(.*?)\s*\*/", text, re.S):
        doc = re.sub(r"\s+", " ", m.group(2))
        out.append((m.group(1), doc))
    return out


def parameters(item):
    if item.kind != "function":
        return []
    code_text = " ".join(item.decl)
    inside = code_text[code_text.index("(") + 1:code_text.rindex(")")]
    names = []
    for p in inside.split(","):
        m = re.search(r"(\w+)\s*(?:\[\w*\])?\s*$", p.strip())
        if m and m.group(1) != "void":
            names.append(m.group(1))
    return names


def title_case(title):
    return title[0].upper() + title[1:]


def render(headers):
    """headers: (file name, text) pairs, shelf.h first."""
    intro, sections = read_header(headers[0][1])
    for s in sections:
        s.header, s.intro = headers[0][0], None
    for name, text in headers[1:]:
        part_intro, part = read_header(text)
        for k, s in enumerate(part):
            s.header = name
            s.intro = part_intro if k == 0 else None
        sections += part
    statuses = status_list(headers[0][1])
    lists = name_lists(text for _, text in headers)
    api = [n for s in sections for it in s.items for n in it.names]
    functions = [it for s in sections for it in s.items
                 if it.kind == "function"]
    out = []
    w = out.append
    w('.\\" libshelf.3 - generated by man/make_man3.py from include/shelf*.h;')
    w('.\\" do not edit: change a header and run the script again.')
    w('.TH LIBSHELF 3 "" libshelf "Library Functions Manual"')
    w(".SH NAME")
    w("libshelf \\- solve the ripening\\-shelf game exactly, from C")
    w(".SH SYNOPSIS")
    w(".nf")
    header = None
    for s in sections:
        fs = [it for it in s.items if it.kind == "function"]
        if fs and s.header != header:
            header = s.header
            w(".PP")
            w(".B #include <%s>" % header)
        if fs:
            w(".PP")
        for it in fs:
            for line in decl_for_display(it, statuses, lists):
                w(safe_line(code(line)))
        for it in s.items:
            for line in enum_name_prototypes(it):
                w(safe_line(code(line)))
    w(".fi")
    w(".PP")
    w("Compile and link with")
    w(".BR \"cc prog.c $(pkg\\-config \\-\\-cflags \\-\\-libs shelf)\" ,")
    w("or in CMake with")
    w(".B find_package(shelf)")
    w("and")
    w(".BR \"target_link_libraries(prog PRIVATE shelf::shelf)\" ;")
    w("for the static library use")
    w(".B shelf::shelf_static")
    w("or")
    w(".BR \"pkg\\-config \\-\\-static\" ,")
    w("which define")
    w(".BR SHELF_STATIC_DEFINE .")
    w(".SH DESCRIPTION")
    style = Style(api)
    # The opening comment minus its first line ("shelf.h - ...").
    body = intro[1:] if intro and " - " in intro[0] else intro
    render_doc(body, style, out)
    for s in sections:
        if s.intro:
            # A part in a header of its own: its opening comment, minus
            # its first line ("shelf_judge.h - ..."), says what it is for.
            w(".SS \"<%s>\"" % s.header)
            first = s.intro[0].split(" - ", 1)
            render_doc(([title_case(first[1])] if len(first) == 2 else [])
                       + s.intro[1:], style, out)
        if not s.items:
            continue
        w(".SS \"%s\"" % title_case(s.title))
        for it in s.items:
            w(".PP")
            w(".EX")
            for line in decl_for_display(it, statuses, lists):
                w(safe_line(code(line)))
            w(".EE")
            w(".RS 4")
            w(".PP")
            render_doc(it.doc, Style(api, parameters(it)), out)
            mem = members(it)
            width = tag_width([name for name, _ in mem])
            for name, doc in mem:
                w(".TP %d" % width)
                w("\\fB\\%%%s\\fP" % name)
                w(safe_line(style.inline(doc)))
            if "SHELF_STATUS_LIST" in it.names and statuses:
                render_statuses(statuses, style, out)
            for name in it.names:
                if lists.get(name):
                    render_names(lists[name], style, out)
            if it.enum_names:
                w(".PP")
                w(safe_line(style.inline(
                    "Its names, both ways, from the list (SHELF_ENUM_NAMES, "
                    "static inline): %s_name() and %s_from_name()." % (
                        it.enum_names[0], it.enum_names[0]))))
            w(".RE")
    w(".SH \"SEE ALSO\"")
    w(".BR shelf (1),")
    w("the command built on this library;")
    w(".I examples/play.c")
    w("in the source, a short program that embeds a perfect opponent;")
    w(".I docs/algorithm.md")
    w("for why the linear engine is right.")
    page = "\n".join(out) + "\n"
    check_complete(sections, page)
    return page


def enum_name_prototypes(item):
    """The two functions SHELF_ENUM_NAMES defines for an enum, as the
    synopsis shows them."""
    if not item.enum_names:
        return []
    t = item.enum_names[0]
    return (wrapped("static inline const char *%s_name(%s value);" % (t, t))
            + wrapped("static inline shelf_status %s_from_name(const char "
                      "*name, %s *out);" % (t, t)))


def wrapped(prototype):
    """A one-line prototype, broken after a comma where it is longer than
    78 characters, the rest aligned after its opening parenthesis."""
    if len(prototype) <= 78 or ", " not in prototype:
        return [prototype]
    cut = prototype.index(", ")
    return [prototype[:cut + 1],
            " " * (prototype.index("(") + 1) + prototype[cut + 2:]]


def render_names(entries, style, out):
    out.append(".PP")
    out.append("The values, with their names and what they mean:")
    for enumerator, value, name, words in entries:
        out.append(".TP")
        out.append("\\fBSHELF_%s\\fP (%s) \\(lq%s\\(rq" % (enumerator, value,
                                                        escape(name)))
        out.append(safe_line(style.inline(words)))


def render_statuses(statuses, style, out):
    out.append(".PP")
    out.append("The statuses, with their values and messages:")
    for name, value, message, example in statuses:
        if name is None:
            out.append(".PP")
            out.append(safe_line(style.inline(title_case(message) + ":")))
            continue
        out.append(".TP")
        out.append("\\fBSHELF_%s\\fP (%s)" % (name, value))
        line = escape(message)
        if example:
            line += "; for example %s" % code(example)
        out.append(safe_line(line))


def check_complete(sections, page):
    """Every documented name must appear in the page; a name lost by a
    parsing mistake would otherwise go unnoticed."""
    plain = page.replace("\\fB", "").replace("\\fI", "").replace("\\fP", "")
    plain = plain.replace("\\-", "-")
    for s in sections:
        for it in s.items:
            for name in it.names:
                if not re.search(r"\b%s\b" % re.escape(name), plain):
                    raise SystemExit("make_man3: %s is missing from the page"
                                     % name)


# ==== Command line ====


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("headers", nargs="+",
                    help="include/shelf.h, then the other headers")
    ap.add_argument("-o", "--output", help="write here (default: stdout)")
    ap.add_argument("--check", metavar="COMMITTED",
                    help="fail if COMMITTED differs from what is written")
    args = ap.parse_args()
    headers = []
    for path in args.headers:
        with open(path, encoding="utf-8") as f:
            headers.append((os.path.basename(path), f.read()))
    page = render(headers)
    if args.output:
        with open(args.output, "w", encoding="utf-8", newline="\n") as f:
            f.write(page)
    else:
        sys.stdout.write(page)
    if args.check:
        with open(args.check, encoding="utf-8") as f:
            committed = f.read()
        if committed != page:
            sys.stderr.writelines(difflib.unified_diff(
                committed.splitlines(True), page.splitlines(True),
                args.check, "generated from the headers"))
            sys.stderr.write(
                "make_man3: %s is out of date with the headers; regenerate "
                "it with\n  python3 man/make_man3.py %s -o %s\n"
                % (args.check, " ".join(args.headers), args.check))
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
