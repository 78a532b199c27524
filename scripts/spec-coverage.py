#!/usr/bin/env python3
"""The ONNX 1.22.0 text, sentence by sentence: which tests cite each normative sentence.

Reads ../shared/onnx-spec/Changelog.md and Changelog-ml.md (every operator version) and IR.md,
extracts the normative sentences of each operator version (and of IR.md's rules), and finds the
tests that cite them. Writes docs/spec-coverage.md; with --check, fails (exit 1) when the committed
table differs from what the sources give now; with --uncited, prints the sentences no test cites nor
docs/spec-untestable.txt excuses, grouped by operator family (the family column of docs/operators.md),
the largest group first.

Citation form, in any file under tests/ (a comment, one per line, the words quoted from the text):

    // spec: Clip-13: "They default to numeric_limits::lowest() and numeric_limits::max()"
    // spec: IR.md: "The list of nodes defining the top-level computation graph MUST be ordered topologically"
    # spec: DFT-20: "..."            (the same in shell and Python tests)

Several versions: `// spec: Reshape-5,13,14: "..."`; every version whose text has the sentence (for a
test that runs each of them): `// spec: Reshape-*: "..."`.

A citation covers a sentence of that operator version (or of IR.md) when its words, normalised
(lower case, whitespace collapsed, Markdown and HTML markup and quotes dropped), are a substring of the
sentence or the sentence of the words. A version is named as in the text's headings, without the
domain (TreeEnsembleRegressor-5, Gradient-1). Citations that match no sentence are listed too, so
that a quote that drifted from the text shows.

A sentence is normative when it states a rule: it says must, only, should, required, shall, cannot,
not allowed, invalid, scalar, 0-D, 1-D, empty, default(s), range, "the same", at least, at most,
exactly, one of, or an error. Attribute headings ("axis : int (default is 1)") and type
constraints are rules too; tests/test_schema.cpp checks every one of them against the 1.22.0 schemas
for every version, so they are counted as cited by it.
"""
import argparse
import collections
import html
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SPEC = os.path.join(ROOT, "..", "shared", "onnx-spec")
OUTPUT = os.path.join(ROOT, "docs", "spec-coverage.md")
SCHEMA_TEST = "tests/test_schema.cpp"
# Sentences no test can check, each with the reason: lines `Version: "words" -- reason` (IR.md and
# onnx.proto as the version for theirs; `Op-*` for every version of Op).
UNTESTABLE = os.path.join(ROOT, "docs", "spec-untestable.txt")
UNTESTABLE_LINE = re.compile(r'^([A-Za-z0-9_.]+)(?:-([0-9,]+|\*))?:\s*"(.*)"\s*--\s*(.+)$')

NORMATIVE = re.compile(
    r"\b(must|mustn't|only|should|required|requires?|shall|cannot|can not|not allowed|not supported|invalid|"
    r"scalar|0-d|1-d|empty|defaults?|range|the same|at least|at most|exactly|one of|error|undefined|"
    r"not be|expected to|is supposed to|has to|have to|deprecated|assumed|accepts?|defined to be|ignored|"
    r"clamped|truncated|saturated?|highest|supported|unsupported)\b",
    re.IGNORECASE)
HEADING = re.compile(r'^### <a name="([^"]+)"></a>')
CITATION = re.compile(r'(?://|#)\s*spec:\s*([A-Za-z0-9_.]+)(?:-([0-9,]+|\*))?:\s*"(.*)"\s*$')


def normalise(text):
    text = html.unescape(text)
    text = re.sub(r"<[^>]+>", " ", text)
    text = text.replace("`", "").replace("*", "").replace('"', "").replace("'", "")
    text = text.replace("\u2019", "").replace("\u2018", "")
    return re.sub(r"\s+", " ", text).strip().lower()


def split_sentences(paragraph):
    paragraph = re.sub(r"\s+", " ", paragraph).strip()
    if not paragraph:
        return []
    # A sentence ends at . ! ? followed by a space and a capital, a quote, a backtick or a digit.
    parts = re.split(r"(?<=[.!?])\s+(?=[A-Z`\"'(0-9])", paragraph)
    return [p.strip() for p in parts if len(p.strip()) > 3]


def section_sentences(lines):
    """The sentences of one operator version's section, each tagged 'text' or 'schema'."""
    out = []
    paragraph = []
    in_code = False

    def flush():
        if paragraph:
            for s in split_sentences(" ".join(paragraph)):
                out.append(("text", s))
            paragraph.clear()

    for raw in lines:
        line = raw.rstrip("\n")
        if line.strip().startswith("```"):
            flush()
            in_code = not in_code
            continue
        if in_code:
            continue
        stripped = line.strip()
        if stripped.startswith("#### ") or stripped in ("<dl>", "</dl>"):
            flush()
            continue
        if stripped.startswith("This version of the operator has been available"):
            flush()
            continue
        if stripped.startswith("<dt>"):
            flush()
            out.append(("schema", re.sub(r"<[^>]+>", "", stripped).strip()))
            continue
        if stripped.startswith("<dd>") or stripped.endswith("</dd>"):
            paragraph.append(stripped)
            if stripped.endswith("</dd>"):
                flush()
            continue
        if not stripped:
            flush()
            continue
        paragraph.append(stripped)
    flush()
    return out


def read_changelog(path, domain_label):
    versions = collections.OrderedDict()
    current = None
    body = []
    with open(path, encoding="utf-8") as f:
        lines = f.readlines()
    for line in lines:
        m = HEADING.match(line)
        if m or line.startswith("## "):
            if current:
                versions[current] = body
            current, body = None, []
            if m:
                name = m.group(1)
                # ai.onnx.ml.TreeEnsemble-5 -> TreeEnsemble-5
                current = name.rsplit(".", 1)[-1] if "." in name.split("-")[0] else name
                current = (current, name)
            continue
        if current:
            body.append(line)
    if current:
        versions[current] = body
    result = collections.OrderedDict()
    for (short, full), body in versions.items():
        sentences = []
        for kind, s in section_sentences(body):
            if kind == "schema":
                sentences.append(("schema", s))
            else:
                sentences.append(("text" if NORMATIVE.search(s) else "other", s))
        result[short] = {"full": full, "domain": domain_label, "sentences": sentences}
    return result


IR_NORMATIVE = re.compile(r"\b(MUST|SHOULD|MAY NOT|must|should|required|only|cannot|not allowed|unique|shall|HIGHEST)\b")


def read_proto():
    """onnx.proto's comments, as sentences, the normative ones marked."""
    sentences = []
    paragraph = []
    with open(os.path.join(SPEC, "onnx.proto"), encoding="utf-8") as f:
        for line in f:
            s = line.strip()
            if s.startswith("//"):
                text = s[2:].strip()
                if text:
                    paragraph.append(text)
                    continue
            for sentence in split_sentences(" ".join(paragraph)):
                sentences.append(("onnx.proto", sentence, bool(IR_NORMATIVE.search(sentence))))
            paragraph = []
    return sentences


def read_ir():
    """IR.md's normative sentences (MUST, SHOULD, ... and the rules' tables), by section."""
    sentences = []
    section = ""
    in_code = False
    with open(os.path.join(SPEC, "IR.md"), encoding="utf-8") as f:
        for line in f:
            s = line.strip()
            if s.startswith("```"):
                in_code = not in_code
                continue
            if in_code:
                continue
            if s.startswith("#"):
                section = s.lstrip("#").strip()
                continue
            if s.startswith("|"):
                cells = [c.strip() for c in s.strip("|").split("|")]
                s = " ".join(cells[-1:]) if len(cells) > 1 else s
                if set(s) <= set("-: "):
                    continue
            for sentence in split_sentences(s):
                sentences.append((section, sentence, bool(IR_NORMATIVE.search(sentence))))
    return sentences


def read_citations():
    citations = collections.defaultdict(list)  # version -> [(words, file:line)]
    for base, dirs, files in os.walk(os.path.join(ROOT, "tests")):
        dirs.sort()
        for name in sorted(files):
            if not name.endswith((".cpp", ".h", ".sh", ".py")):
                continue
            path = os.path.join(base, name)
            rel = os.path.relpath(path, ROOT)
            with open(path, encoding="utf-8", errors="replace") as f:
                for number, line in enumerate(f, 1):
                    m = CITATION.search(line)
                    if not m:
                        continue
                    name, versions, words = m.group(1), m.group(2), m.group(3)
                    if versions is None:  # IR.md, onnx.proto
                        citations[name].append((words, f"{rel}:{number}"))
                    elif versions == "*":  # every version whose text has the sentence
                        citations[name + "-*"].append((words, f"{rel}:{number}"))
                    else:
                        for v in versions.split(","):
                            citations[f"{name}-{v}"].append((words, f"{rel}:{number}"))
    return citations


def read_untestable():
    """{version: [(words, reason)]} from docs/spec-untestable.txt."""
    out = collections.defaultdict(list)
    if not os.path.exists(UNTESTABLE):
        return out
    with open(UNTESTABLE, encoding="utf-8") as f:
        for line in f:
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            m = UNTESTABLE_LINE.match(line)
            if not m:
                raise SystemExit(f"docs/spec-untestable.txt: cannot read {line!r}")
            name, versions, words, reason = m.groups()
            keys = [name] if versions is None else [f"{name}-{v}" for v in versions.split(",")] if versions != "*" else [name + "-*"]
            for k in keys:
                out[k].append((words, reason))
    return out


def matches(words, sentence):
    w, s = normalise(words), normalise(sentence)
    return bool(w) and (w in s or s in w)


def build():
    ops = collections.OrderedDict()
    ops.update(read_changelog(os.path.join(SPEC, "Changelog.md"), "ai.onnx"))
    for k, v in read_changelog(os.path.join(SPEC, "Changelog-ml.md"), "ai.onnx.ml").items():
        ops[k if k not in ops else v["full"]] = v
    ir = read_ir()
    citations = read_citations()
    untestable = read_untestable()

    lines = []
    used = set()
    total = cited = schema_total = 0
    rows = []
    detail = []
    found_by_version = {}
    for version, info in ops.items():
        schema_count = sum(1 for kind, _ in info["sentences"] if kind == "schema")
        schema_total += schema_count
        op = version.rsplit("-", 1)[0]
        cites = citations.get(version, []) + citations.get(op + "-*", [])
        excused = untestable.get(version, []) + untestable.get(op + "-*", [])
        found = []
        for kind, s in info["sentences"]:
            hits = [where for words, where in cites if matches(words, s)]
            hits += [f"untestable: {reason}:0" for words, reason in excused if matches(words, s)]
            used.update(where for where in hits)
            # A sentence is listed when it is normative, or when a test cites it as a rule.
            if kind == "text" or (kind == "other" and hits):
                found.append((s, sorted({where.rsplit(":", 1)[0] for where in hits})))
        found_by_version[version] = found
        n_cited = sum(1 for _, files in found if files)
        total += len(found)
        cited += n_cited
        rows.append((version, info["domain"], len(found), n_cited, schema_count))
        if found:
            detail.append(f"### {version}")
            detail.append("")
            for s, files in found:
                mark = ", ".join(f"`{f}`" for f in files) if files else "**uncited**"
                detail.append(f"- {s.replace('|', '&#124;')} — {mark}")
            detail.append("")

    ir_found = []
    for source, sentences in (("IR.md", ir), ("onnx.proto", read_proto())):
        cites = citations.get(source, [])
        excused = untestable.get(source, [])
        for section, s, normative in sentences:
            hits = [where for words, where in cites if matches(words, s)]
            hits += [f"untestable: {reason}:0" for words, reason in excused if matches(words, s)]
            used.update(where for where in hits)
            if normative or hits:
                label = section if source == "IR.md" else "onnx.proto"
                ir_found.append((label, s, sorted({where.rsplit(":", 1)[0] for where in hits})))
    ir_cited = sum(1 for *_, files in ir_found if files)

    unmatched = [(v, words, where) for v, lst in citations.items() for words, where in lst if where not in used]

    lines.append("# The ONNX 1.22.0 text: normative sentences and the tests that cite them")
    lines.append("")
    lines.append("Generated by `scripts/spec-coverage.py` from `../shared/onnx-spec/` (Changelog.md, Changelog-ml.md,")
    lines.append("IR.md) and the `spec:` citations in `tests/`; `scripts/spec-coverage.py --check` (the ctest test")
    lines.append("`docs.spec_coverage`) fails when this file is stale. Do not edit it by hand.")
    lines.append("")
    lines.append("A test cites a sentence with a comment `// spec: <Operator>-<version>: \"<words of the sentence>\"`")
    lines.append("(or `// spec: IR.md: \"...\"`, `// spec: onnx.proto: \"...\"`). Attribute headings and type constraints (the `schema` column) are")
    lines.append(f"checked for every version by `{SCHEMA_TEST}` against ONNX 1.22.0's schemas. A sentence no test can")
    lines.append("check is listed in `docs/spec-untestable.txt` with the reason, and counts as accounted for.")
    lines.append("")
    lines.append("## Summary")
    lines.append("")
    lines.append(f"- operator versions: {len(ops)}")
    lines.append(f"- normative sentences of the operator texts: {total}, cited by a test (or listed as untestable): {cited}, uncited: {total - cited}")
    lines.append(f"- attribute and type-constraint rules: {schema_total}, all checked by `{SCHEMA_TEST}`")
    lines.append(f"- IR.md and onnx.proto normative sentences: {len(ir_found)}, cited: {ir_cited}")
    lines.append(f"- citations that match no sentence: {len(unmatched)}")
    lines.append("")
    lines.append("## Per operator version")
    lines.append("")
    lines.append("| version | domain | sentences | cited | schema rules |")
    lines.append("|---|---|---|---|---|")
    for version, domain, n, c, sc in rows:
        lines.append(f"| {version} | {domain} | {n} | {c} | {sc} |")
    lines.append("")
    if unmatched:
        lines.append("## Citations that match no sentence")
        lines.append("")
        for v, words, where in sorted(unmatched, key=lambda t: t[2]):
            lines.append(f"- `{where}` {v}: \"{words.replace('|', '&#124;')}\"")
        lines.append("")
    lines.append("## IR.md and onnx.proto")
    lines.append("")
    for section, s, files in ir_found:
        mark = ", ".join(f"`{f}`" for f in files) if files else "**uncited**"
        lines.append(f"- ({section}) {s.replace('|', '&#124;')} — {mark}")
    lines.append("")
    lines.append("## Sentences per operator version")
    lines.append("")
    lines.extend(detail)
    uncited = [(version, s) for version, _, _, _, _ in rows for s, files in found_by_version[version] if not files]
    uncited += [(label if label == "onnx.proto" else "IR.md", s) for label, s, files in ir_found if not files]
    text = "\n".join(lines).rstrip("\n") + "\n"
    return text, (total, cited, len(ir_found), ir_cited, len(unmatched)), uncited


def operator_families():
    """{operator: family} from the operator table's family column (docs/operators.md)."""
    families = {}
    row = re.compile(r"^\| (\w+) \|.*\| `ops/([a-z_]+)/` \|$")
    with open(os.path.join(ROOT, "docs", "operators.md"), encoding="utf-8") as f:
        for line in f:
            m = row.match(line.strip())
            if m:
                families.setdefault(m.group(1), m.group(2))
    return families


def print_uncited(uncited):
    families = operator_families()
    groups = collections.defaultdict(list)
    for version, sentence in uncited:
        family = version if version in ("IR.md", "onnx.proto") else families.get(version.rsplit("-", 1)[0], "?")
        groups[family].append((version, sentence))
    for family, items in sorted(groups.items(), key=lambda kv: (-len(kv[1]), kv[0])):
        print(f"## {family}: {len(items)} uncited")
        for version, sentence in items:
            print(f"{version}: {sentence}")
        print()


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="fail when docs/spec-coverage.md is stale")
    parser.add_argument("--uncited", action="store_true",
                        help="list the uncited sentences, grouped by operator family (ops/<family>/), largest first")
    args = parser.parse_args()
    text, (total, cited, ir_total, ir_cited, unmatched), uncited = build()
    if args.uncited:
        print_uncited(uncited)
        return 0
    summary = f"{total} normative sentences, {cited} cited; IR.md {ir_total}, {ir_cited} cited; {unmatched} citations match nothing"
    if args.check:
        try:
            with open(OUTPUT, encoding="utf-8") as f:
                current = f.read()
        except FileNotFoundError:
            current = ""
        if current != text:
            print("docs/spec-coverage.md is stale: run scripts/spec-coverage.py and commit the result", file=sys.stderr)
            return 1
        print("docs/spec-coverage.md is current: " + summary)
        return 0
    with open(OUTPUT, "w", encoding="utf-8") as f:
        f.write(text)
    print("wrote docs/spec-coverage.md: " + summary)
    return 0


if __name__ == "__main__":
    sys.exit(main())
