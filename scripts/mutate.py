#!/usr/bin/env python3
"""Mutation testing of onnx-ref with damaged copies of the official node tests.

Copies backend-test folders, damages model.onnx / node.pb and the input_K.pb / output_K.pb files
with random byte flips, truncations, insertions and splices (seeded, so every run makes the same
mutants), and runs `onnx-ref test` over batches of them, plus `onnx-ref run` on some. A damaged
test may pass, fail or be skipped; what must never happen is a crash (a signal, a sanitizer
abort), a hang, an internal error (exit 3, or a test failing with "internal error: ..."), or an
error message that spans lines.
"""
import argparse
import concurrent.futures
import json
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile

INTERESTING_BYTES = [0x00, 0x01, 0x02, 0x07, 0x08, 0x0A, 0x10, 0x12, 0x1A, 0x22, 0x3A, 0x7F, 0x80, 0xFE, 0xFF]
# A damaged shape can ask a kernel for gigabytes (Expand, Tile, ConstantOfShape): refused past this,
# so that the run measures robustness, not memory bandwidth.
MAX_TENSOR_MIB = "512"
SUMMARY = re.compile(r"^(\d+) passed, (\d+) failed, (\d+) skipped$", re.M)


def find_tests(root):
    tests = []
    for dirpath, dirnames, filenames in os.walk(root):
        if "model.onnx" in filenames or "node.pb" in filenames:
            tests.append(dirpath)
            dirnames[:] = []
        dirnames.sort()
    return sorted(tests)


def protobuf_files(folder):
    found = []
    for dirpath, _, filenames in os.walk(folder):
        for name in sorted(filenames):
            if name.endswith(".onnx") or name.endswith(".pb"):
                found.append(os.path.join(dirpath, name))
    return sorted(found)


def varint(value):
    out = bytearray()
    while True:
        byte = value & 0x7F
        value >>= 7
        if value:
            out.append(byte | 0x80)
        else:
            out.append(byte)
            return bytes(out)


# ---- Protobuf-aware changes: the file still parses, but a value, a name or a field count is off.

def read_varint(data, pos):
    value = shift = 0
    while pos < len(data) and shift < 70:
        byte = data[pos]
        pos += 1
        value |= (byte & 0x7F) << shift
        shift += 7
        if not byte & 0x80:
            return value, pos
    raise ValueError("bad varint")


def parse_message(data):
    """[(field number, wire type, value)] for the whole of `data`, or None when it is not a message."""
    fields, pos = [], 0
    try:
        while pos < len(data):
            tag, pos = read_varint(data, pos)
            number, wire = tag >> 3, tag & 7
            if number == 0:
                return None
            if wire == 0:
                value, pos = read_varint(data, pos)
            elif wire == 1 or wire == 5:
                width = 8 if wire == 1 else 4
                value, pos = data[pos:pos + width], pos + width
            elif wire == 2:
                length, pos = read_varint(data, pos)
                value, pos = data[pos:pos + length], pos + length
            else:
                return None
            if pos > len(data):
                return None
            fields.append((number, wire, value))
    except ValueError:
        return None
    return fields


def serialize_message(fields):
    out = bytearray()
    for number, wire, value in fields:
        out += varint(number << 3 | wire)
        if wire == 0:
            out += varint(value)
        elif wire == 2:
            out += varint(len(value)) + value
        else:
            out += value
    return bytes(out)


INTERESTING_VARINTS = [0, 1, 2, 3, 7, 8, 9, 13, 16, 17, 21, 25, 26, 27, 100, 255, 256, 65535, 2**31 - 1, 2**31,
                       2**32, 2**53 + 1, 2**62, 2**63 - 1, 2**63, 2**64 - 1, 2**64 - 2]
INTERESTING_STRINGS = [b"", b"x", b"data", b"shape", b"reshaped", b"Reshape", b"Flatten", b"ai.onnx",
                       b"org.openvinotoolkit", b"com.microsoft", b"axis", b"allowzero", b"location", b"a\nb", b"\xff\xfe",
                       b"\x00", b"../x", b"/etc/passwd", b"y" * 300]


def mutate_structure(data, rng, depth=0):
    """Changes one field somewhere in the message tree; None when `data` is not a message."""
    fields = parse_message(data)
    if not fields:
        return None
    i = rng.randrange(len(fields))
    number, wire, value = fields[i]
    if wire == 2 and depth < 8 and rng.random() < 0.6:
        inner = mutate_structure(value, rng, depth + 1)
        if inner is not None:
            fields[i] = (number, wire, inner)
            return serialize_message(fields)
    op = rng.randrange(5)
    if op == 0:  # drop the field
        del fields[i]
    elif op == 1:  # repeat it
        fields.insert(i, fields[i])
    elif op == 2 and len(fields) > 1:  # move it
        fields.insert(rng.randrange(len(fields)), fields.pop(i))
    elif wire == 0:  # another integer: dims, types, versions, attribute values
        choices = INTERESTING_VARINTS + [value + 1, max(value - 1, 0), (2**64 - value) % 2**64]
        fields[i] = (number, wire, rng.choice(choices) % 2**64)
    elif wire == 2:  # another string or blob
        if rng.random() < 0.5:
            fields[i] = (number, wire, rng.choice(INTERESTING_STRINGS))
        else:
            cut = rng.randrange(len(value) + 1)
            fields[i] = (number, wire, value[:cut] + bytes(rng.randrange(256) for _ in range(rng.randint(0, 8))))
    else:
        fields[i] = (number, wire, bytes(rng.randrange(256) for _ in range(len(value))))
    return serialize_message(fields)


def mutate_bytes(data, rng, other):
    """One random change to `data`; `other` is another file of the same test, for splices."""
    data = bytearray(data)
    size = len(data)
    # Mostly changes that keep the protobuf readable, so that the checks behind the parser run.
    if rng.random() < 0.75:
        structured = mutate_structure(bytes(data), rng)
        if structured is not None:
            return structured
    op = rng.randrange(10)
    pos = rng.randrange(size + 1) if size else 0
    if op == 0 and size:  # flip one bit
        data[rng.randrange(size)] ^= 1 << rng.randrange(8)
    elif op == 1 and size:  # an interesting byte value
        data[rng.randrange(size)] = rng.choice(INTERESTING_BYTES)
    elif op == 2:  # truncate
        del data[pos:]
    elif op == 3:  # insert random bytes
        data[pos:pos] = bytes(rng.randrange(256) for _ in range(rng.randint(1, 16)))
    elif op == 4 and size:  # delete a chunk
        del data[pos:pos + rng.randint(1, 32)]
    elif op == 5 and size:  # copy a chunk to another place
        start = rng.randrange(size)
        chunk = data[start:start + rng.randint(1, 64)]
        data[pos:pos] = chunk
    elif op == 6:  # a large or negative varint (sizes, dims, types, lengths)
        value = rng.choice([2**31 - 1, 2**32, 2**63 - 1, 2**64 - 1, 2**62, 1 << rng.randrange(64)])
        data[pos:pos + rng.randint(0, 3)] = varint(value)
    elif op == 7:  # append a copy of itself: protobuf merges, repeated fields double
        data.extend(bytes(data))
    elif op == 8 and other is not None:  # splice in part of another file of the test
        start = rng.randrange(len(other) + 1)
        data[pos:] = other[start:]
    else:  # overwrite a few bytes at random
        for _ in range(rng.randint(1, 4)):
            if data:
                data[rng.randrange(len(data))] = rng.randrange(256)
    return bytes(data)


def make_mutant(source, dest, rng):
    shutil.copytree(source, dest)
    files = protobuf_files(dest)
    contents = {f: open(f, "rb").read() for f in files}
    models = [f for f in files if f.endswith((".onnx", "node.pb"))]
    # The model is the most interesting file: damage it in most mutants.
    chosen = set()
    if models and rng.random() < 0.6:
        chosen.add(rng.choice(models))
    while not chosen or rng.random() < 0.3:
        chosen.add(rng.choice(files))
    for f in sorted(chosen):
        data = contents[f]
        others = [contents[o] for o in files if o != f]
        for _ in range(rng.choice([1, 1, 1, 2, 3, 5])):
            data = mutate_bytes(data, rng, rng.choice(others) if others else None)
        with open(f, "wb") as out:
            out.write(data)


def run(command, timeout):
    """(exit code, stdout, stderr); exit 124 on timeout, -N for a signal, as `timeout` reports."""
    try:
        p = subprocess.run(command, capture_output=True, timeout=timeout)
        return p.returncode, p.stdout.decode("utf-8", "replace"), p.stderr.decode("utf-8", "replace")
    except subprocess.TimeoutExpired:
        return 124, "", ""


class Tally:
    def __init__(self):
        self.mutants = self.passed = self.failed = self.skipped = 0
        self.crashes = self.hangs = self.internal = self.bad_messages = 0
        self.runs = self.runs_ok = self.runs_refused = 0
        self.findings = []

    def finding(self, kind, path, detail):
        self.findings.append((kind, path, detail))
        print(f"FINDING {kind}: {path}: {detail}", file=sys.stderr, flush=True)

    def bad(self):
        return self.crashes + self.hangs + self.internal + self.bad_messages


def classify_exit(code):
    if code == 124:
        return "hang"
    if code < 0 or code >= 128:
        return "crash"
    if code == 3:
        return "internal"
    if code not in (0, 1):
        return "crash"
    return None


def stderr_problem(stderr):
    """Every stderr line must be one `onnx-ref: ...` error."""
    for line in stderr.splitlines():
        if not line.startswith("onnx-ref: "):
            return "stderr line that is not an onnx-ref error: " + line[:200]
    return None


def count_finding(tally, kind, path, detail):
    if kind == "hang":
        tally.hangs += 1
    elif kind == "crash":
        tally.crashes += 1
    elif kind == "internal":
        tally.internal += 1
    else:
        tally.bad_messages += 1
    tally.finding(kind, path, detail)


def account(tally, results):
    """Counts test results from a JSON report; internal errors and multi-line messages are findings."""
    for r in results:
        tally.mutants += 1
        status, message = r["status"], r["message"]
        setattr(tally, status, getattr(tally, status) + 1)
        if "internal error" in message:
            count_finding(tally, "internal", r["path"], message[:300])
        elif "\n" in message or "\r" in message:
            count_finding(tally, "message", r["path"], "multi-line message: " + repr(message[:300]))


def test_folders(onnx_ref, folder, report, timeout):
    """Runs `onnx-ref test` over `folder`: (problem or None, results)."""
    code, stdout, stderr = run([onnx_ref, "--max-tensor-mib", MAX_TENSOR_MIB, "test", "-j", "2", "--no-scoreboard", "--report", report, folder], timeout)
    problem = classify_exit(code)
    if problem:
        return problem, f"onnx-ref test exited {code}: {stderr.strip()[-300:]}", []
    if stderr_problem(stderr):
        return "message", stderr_problem(stderr), []
    if not SUMMARY.search(stdout) or not os.path.exists(report):
        return "message", "no summary line or no report", []
    with open(report) as f:
        return None, None, json.load(f)["tests"]


def test_batch(onnx_ref, batch_dir, mutants, timeout, tally):
    kind, detail, results = test_folders(onnx_ref, batch_dir, os.path.join(batch_dir, "report.json"), timeout)
    if kind is None and len(results) == len(mutants):
        account(tally, results)
        return
    # Something went wrong for the batch: one process per mutant finds the mutant(s) responsible.
    before = len(tally.findings)
    for m in mutants:
        k, d, r = test_folders(onnx_ref, m, m + ".report.json", timeout)
        if k:
            count_finding(tally, k, m, d)
        account(tally, r)
    if len(tally.findings) == before:
        count_finding(tally, kind or "message", batch_dir, f"the batch failed ({detail}) but no single mutant does")


def run_one(onnx_ref, mutant, timeout):
    """`onnx-ref run` on a mutant's model and first data set: JSON on stdout, or one error line."""
    model = os.path.join(mutant, "model.onnx")
    if not os.path.exists(model):
        return None
    inputs = os.path.join(mutant, "test_data_set_0")
    command = [onnx_ref, "--max-tensor-mib", MAX_TENSOR_MIB, "run", model] + ([inputs] if os.path.isdir(inputs) else [])
    code, stdout, stderr = run(command, timeout)
    kind = classify_exit(code)
    if kind:
        return kind, f"onnx-ref run exited {code}: {stderr.strip()[-300:]}"
    if code == 0:
        try:
            json.loads(stdout)
        except ValueError:
            return "message", "exit 0 but stdout is not JSON"
        return "ok", None
    if stdout or len(stderr.splitlines()) != 1 or stderr_problem(stderr):
        return "message", "a refusal must be one stderr line and nothing on stdout: " + repr(stderr[:300])
    return "refused", None


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--onnx-ref", default="build/onnx-ref")
    parser.add_argument("--source", default="../shared/onnx-node-tests")
    parser.add_argument("--count", type=int, default=5000, help="mutants to make")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--batch", type=int, default=250, help="mutants per onnx-ref test process")
    parser.add_argument("--run-every", type=int, default=10, help="also `onnx-ref run` every Nth mutant")
    parser.add_argument("--timeout", type=int, default=20, help="seconds per onnx-ref process")
    parser.add_argument("--keep", default="", help="folder to copy mutants with findings into")
    args = parser.parse_args()

    tests = find_tests(args.source)
    if not tests:
        sys.exit(f"no backend-test folders below {args.source}")
    tally = Tally()
    work = tempfile.mkdtemp(prefix="onnx-ref-mutants-")
    try:
        for start in range(0, args.count, args.batch):
            batch_dir = os.path.join(work, f"batch_{start // args.batch:04d}")
            os.makedirs(batch_dir)
            mutants = []
            for m in range(start, min(start + args.batch, args.count)):
                rng = random.Random(args.seed * 1_000_003 + m)
                source = rng.choice(tests)
                dest = os.path.join(batch_dir, f"m{m:06d}_{os.path.basename(source)}")
                make_mutant(source, dest, rng)
                mutants.append(dest)
            before = len(tally.findings)
            test_batch(args.onnx_ref, batch_dir, mutants, args.timeout, tally)
            picked = [m for i, m in enumerate(mutants) if (start + i) % args.run_every == 0]
            with concurrent.futures.ThreadPoolExecutor(max_workers=2) as pool:
                for m, result in zip(picked, pool.map(lambda m: run_one(args.onnx_ref, m, args.timeout), picked)):
                    if result is None:
                        continue
                    tally.runs += 1
                    kind, detail = result
                    if kind == "ok":
                        tally.runs_ok += 1
                    elif kind == "refused":
                        tally.runs_refused += 1
                    else:
                        count_finding(tally, kind, m, detail)
            if args.keep and len(tally.findings) > before:
                for _, path, _ in tally.findings[before:]:
                    if os.path.isdir(path) and path.startswith(batch_dir):
                        shutil.copytree(path, os.path.join(args.keep, os.path.basename(path)), dirs_exist_ok=True)
            shutil.rmtree(batch_dir)
            print(f"[{min(start + args.batch, args.count)}/{args.count}] mutants tested, {tally.bad()} finding(s)",
                  flush=True)
    finally:
        shutil.rmtree(work, ignore_errors=True)

    print(f"mutants: {tally.mutants}  passed: {tally.passed}  failed: {tally.failed}  skipped: {tally.skipped}")
    print(f"onnx-ref run: {tally.runs} (outputs: {tally.runs_ok}, refused: {tally.runs_refused})")
    print(f"crashes: {tally.crashes}  hangs: {tally.hangs}  internal errors: {tally.internal}  "
          f"bad messages: {tally.bad_messages}")
    sys.exit(1 if tally.bad() or tally.mutants != args.count else 0)


if __name__ == "__main__":
    main()
