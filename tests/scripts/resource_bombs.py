#!/usr/bin/env python3
"""Resource bombs: small files that once took the machine's memory or minutes of CPU (issue 30).

Usage: resource_bombs.py ONNX_REF PROTOC [WORK_DIR]

Each case's file is generated here (a text ModelProto encoded by protoc, or the raw bytes of an
image), then run by onnx-ref under `ulimit -v` (RLIMIT_AS) of 3 GiB and --max-memory 256 (MiB),
both well below this machine's memory. A case passes when onnx-ref ends with exit 1 and exactly one
line on stderr holding the expected words (or, for the cases that must simply run, exit 0). Every
case also has a wall-clock cap (a subprocess timeout far above its expected time), so that a
regression shows as a failure rather than a hung test.
"""
import os
import resource
import struct
import subprocess
import sys
import tempfile
import time
import zlib
from xml.etree import ElementTree

ONNX_REF, PROTOC = sys.argv[1], sys.argv[2]
WORK = sys.argv[3] if len(sys.argv) > 3 else tempfile.mkdtemp(prefix="resource_bombs.")
ADDRESS_SPACE = 3 << 30
BUDGET = ["--max-memory", "256"]
failures = []


def encode(message, text, path):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "wb") as out:
        done = subprocess.run([PROTOC, "--encode=onnx." + message, "-I", "/usr/include", "onnx/onnx.proto"],
                              input=text.encode(), stdout=out)
    if done.returncode != 0:
        sys.exit("the script's own text proto for %s does not encode" % path)
    return path


def model(name, graph, opset=18, extra=""):
    return encode("ModelProto", 'ir_version: 8 opset_import { domain: "" version: %d } %s graph { name: "g" %s }'
                  % (opset, extra, graph), os.path.join(WORK, name, "model.onnx"))


def limit_address_space():
    resource.setrlimit(resource.RLIMIT_AS, (ADDRESS_SPACE, ADDRESS_SPACE))


def run(args, timeout):
    start = time.monotonic()
    try:
        done = subprocess.run([ONNX_REF] + args, capture_output=True, timeout=timeout, preexec_fn=limit_address_space)
    except subprocess.TimeoutExpired:
        return None, "", "", timeout
    return done.returncode, done.stdout.decode(errors="replace"), done.stderr.decode(errors="replace"), time.monotonic() - start


def expect_error(case, args, words, timeout=120):
    code, _, err, seconds = run(args, timeout)
    lines = err.splitlines()
    ok = code == 1 and len(lines) == 1 and lines[0].startswith("onnx-ref: ") and all(w in lines[0] for w in words)
    print("%s  %-34s exit %s in %.1f s: %s" % ("ok  " if ok else "FAIL", case, code, seconds, err.strip()[:300]))
    if not ok:
        failures.append(case)


def expect_success(case, args, timeout=120, stdout_words=()):
    code, out, err, seconds = run(args, timeout)
    ok = code == 0 and all(w in out for w in stdout_words)
    print("%s  %-34s exit %s in %.1f s %s" % ("ok  " if ok else "FAIL", case, code, seconds, err.strip()[:300]))
    if not ok:
        failures.append(case)
    return seconds


def tensor_out(name, elem=1):
    return 'output { name: "%s" type { tensor_type { elem_type: %d } } }' % (name, elem)


def tensor_in(name, elem, dims):
    shape = "".join("dim { dim_value: %d }" % d for d in dims)
    return 'input { name: "%s" type { tensor_type { elem_type: %d shape { %s } } } }' % (name, elem, shape)


def int64s(name, values):
    return 'initializer { name: "%s" data_type: 7 dims: %d %s }' % (
        name, len(values), " ".join("int64_data: %d" % v for v in values))


def scalar(name, elem, field, value):
    return 'initializer { name: "%s" data_type: %d %s: %s }' % (name, elem, field, value)


# --- 1. Function expansion: F_k calls F_{k-1} twice, 21 functions, 2^20 bodies if each call were
# instantiated separately. `check` must answer at once; the node cap refuses a small model too.
functions = ""
for k in range(21):
    if k == 0:
        body = 'node { input: "x" output: "y" op_type: "Identity" }'
    else:
        body = ('node { input: "x" output: "t" op_type: "F%d" domain: "local" } '
                'node { input: "t" output: "y" op_type: "F%d" domain: "local" }' % (k - 1, k - 1))
    functions += ('functions { name: "F%d" domain: "local" input: "x" output: "y" %s '
                  'opset_import { domain: "" version: 18 } opset_import { domain: "local" version: 1 } } ' % (k, body))
nested = model("function_2_20", 'node { input: "x" output: "y" op_type: "F20" domain: "local" } '
               + tensor_in("x", 1, [1]) + tensor_out("y"),
               extra='opset_import { domain: "local" version: 1 } ' + functions)
seconds = expect_success("check_2_20_function_expansion", ["check", nested], timeout=60,
                         stdout_words=["the model is valid"])
print("      check of the 2^20-expansion model: %.2f s (issue 30 asks under 1 s)" % seconds)
expect_error("max_nodes_cap", ["--max-nodes", "30", "run", nested], ["more than 30 nodes", "--max-nodes"])

# --- 2. The live total: three 100 MiB values (float[26214400]) held at once under a 256 MiB budget.
three = model("three_live_values",
              'node { input: "s" output: "a" op_type: "ConstantOfShape" } '
              'node { input: "s" output: "b" op_type: "ConstantOfShape" } '
              'node { input: "s" output: "c" op_type: "ConstantOfShape" } ' + int64s("s", [25 << 20])
              + tensor_out("a", 1) + tensor_out("b", 1) + tensor_out("c", 1))
expect_error("three_live_values", ["run", "--max-memory", "256", "--output-dir", os.path.join(WORK, "out3"), three],
             ["node #2 (ConstantOfShape-9)", "float[26214400] needs 104857600 bytes, and the run holds 2097152",
              "the limit of 268435456 bytes (--max-memory)"])

# --- 3. Outputs of 5e9 elements, refused before anything is computed.
big = 5_000_000_000
expect_error("constant_of_shape_5e9", ["run"] + BUDGET + [model("cos", 'node { input: "s" output: "y" op_type: "ConstantOfShape" } '
                                                                 + int64s("s", [big]) + tensor_out("y"))],
             ["ConstantOfShape-9", "needs 20000000000 bytes"])
expect_error("expand_5e9", ["run"] + BUDGET + [model("expand", 'node { input: "x" input: "s" output: "y" op_type: "Expand" } '
                                                        + scalar("x", 1, "float_data", "1") + int64s("s", [big])
                                                        + tensor_out("y"))],
             ["Expand-13", "needs 20000000000 bytes"])
expect_error("tile_5e9", ["run"] + BUDGET + [model("tile", 'node { input: "x" input: "r" output: "y" op_type: "Tile" } '
                                                      'initializer { name: "x" data_type: 1 dims: 1 float_data: 1 } '
                                                      + int64s("r", [big]) + tensor_out("y"))],
             ["Tile-13", "needs 20000000000 bytes"])

# The default budget (no --max-memory) follows ulimit -v, not the machine's RAM: 4 GB of floats,
# less than this machine's memory, more than the 3 GiB address space the run is given.
expect_error("default_budget_follows_ulimit", ["run", model("cos_4gb", 'node { input: "s" output: "y" op_type: "ConstantOfShape" } '
                                                                + int64s("s", [1_000_000_000]) + tensor_out("y"))],
             ["ConstantOfShape-9", "float[1000000000] needs 4000000000 bytes", "more than this machine's"])

# --- 4. Multinomial with sample_size 2^31 - 1.
expect_error("multinomial_2_31", ["run"] + BUDGET + [model(
    "multinomial", 'node { input: "x" output: "y" op_type: "Multinomial" '
                   'attribute { name: "sample_size" type: INT i: 2147483647 } } '
                   'initializer { name: "x" data_type: 1 dims: 1 dims: 2 float_data: 0 float_data: 0 } ' + tensor_out("y", 6))],
    ["Multinomial-7", "needs 8589934588 bytes"])

# --- 5. A Loop whose state doubles every iteration.
doubling_body = ('name: "b" node { input: "v" input: "v" output: "w" op_type: "Concat" '
                 'attribute { name: "axis" type: INT i: 0 } } node { input: "c" output: "c2" op_type: "Identity" } '
                 'input { name: "i" type { tensor_type { elem_type: 7 shape { } } } } '
                 'input { name: "c" type { tensor_type { elem_type: 9 shape { } } } } '
                 'input { name: "v" type { tensor_type { elem_type: 1 } } } '
                 'output { name: "c2" type { tensor_type { elem_type: 9 shape { } } } } '
                 'output { name: "w" type { tensor_type { elem_type: 1 } } }')
expect_error("loop_doubling", ["run"] + BUDGET + [model(
    "loop_doubling", 'node { input: "m" input: "" input: "v0" output: "v" op_type: "Loop" '
                     'attribute { name: "body" type: GRAPH g { %s } } } ' % doubling_body
    + scalar("m", 7, "int64_data", "64") + 'initializer { name: "v0" data_type: 1 dims: 1 float_data: 1 } ' + tensor_out("v"))],
    ["Concat-13", "Loop-16", "--max-memory"])

# --- 6. A Loop's scan outputs: a 1 KiB piece (the same tensor every time) for 10^6 iterations.
scan_body = ('name: "b" node { input: "k" output: "piece" op_type: "Identity" } '
             'node { input: "c" output: "c2" op_type: "Identity" } '
             'input { name: "i" type { tensor_type { elem_type: 7 shape { } } } } '
             'input { name: "c" type { tensor_type { elem_type: 9 shape { } } } } '
             'output { name: "c2" type { tensor_type { elem_type: 9 shape { } } } } '
             'output { name: "piece" type { tensor_type { elem_type: 1 } } }')
expect_error("loop_scan_outputs", ["run"] + BUDGET + [model(
    "loop_scan", 'node { input: "k0" output: "k" op_type: "Identity" } '
                 'node { input: "m" input: "" output: "stacked" op_type: "Loop" attribute { name: "body" type: GRAPH g { %s } } } '
                 % scan_body + scalar("m", 7, "int64_data", "1000000")
                 + 'initializer { name: "k0" data_type: 1 dims: 256 raw_data: "%s" } ' % ("\\000" * 1024) + tensor_out("stacked"))],
    ["Loop-16", "scan output 0", "--max-memory"])

# --- 7. MelWeightMatrix with 2^39 bins: refused before the bins are allocated or computed.
expect_error("mel_weight_matrix_bins", ["run"] + BUDGET + [model(
    "mel", 'node { input: "n" input: "d" input: "r" input: "lo" input: "hi" output: "y" op_type: "MelWeightMatrix" } '
           + scalar("n", 7, "int64_data", str(1 << 39)) + scalar("d", 7, "int64_data", "16")
           + scalar("r", 7, "int64_data", "16000") + scalar("lo", 1, "float_data", "0") + scalar("hi", 1, "float_data", "8000")
           + tensor_out("y"))],
    ["MelWeightMatrix-17", "--max-memory"])

# --- 8. Pad to 5e9 elements (its output and its index table are checked before use).
expect_error("pad_5e9", ["run"] + BUDGET + [model(
    "pad", 'node { input: "x" input: "p" output: "y" op_type: "Pad" } '
           'initializer { name: "x" data_type: 1 dims: 1 float_data: 1 } ' + int64s("p", [0, big]) + tensor_out("y"))],
    ["Pad-18", "--max-memory"])


# --- 8b. Kernel scratch and string characters beyond what any tensor's own size shows: an empty
# [10^9, 0] tensor split into 10^9 pieces (their list once took 8 GB before a piece existed), and a
# string of 100,000 characters broadcast against 100,000 empty strings (10^10 characters, while the
# output's std::string objects take 3.2 MB).
expect_error("split_to_sequence_empty_1e9", ["run"] + BUDGET + [model(
    "split_empty", 'node { input: "s" output: "x" op_type: "ConstantOfShape" } '
                   'node { input: "x" output: "q" op_type: "SplitToSequence" } ' + int64s("s", [10 ** 9, 0])
                   + 'output { name: "q" type { sequence_type { elem_type { tensor_type { elem_type: 1 } } } } }')],
    ["SplitToSequence-11", "SplitToSequence's pieces needs", "--max-memory"])
expect_error("string_concat_1e10_characters", ["run"] + BUDGET + [model(
    "string_concat", 'node { input: "e" input: "n" output: "b" op_type: "Expand" } '
                     'node { input: "a" input: "b" output: "y" op_type: "StringConcat" } '
                     'initializer { name: "a" data_type: 8 dims: 1 string_data: "%s" } '
                     'initializer { name: "e" data_type: 8 string_data: "" } ' % ("a" * 100000)
                     + int64s("n", [100000]) + tensor_out("y", 8), opset=20)],
    ["StringConcat-20", "StringConcat's characters needs 10000000000 bytes", "--max-memory"])

# --- 9. ImageDecoder: declared dimensions checked against the stream and the budget first.
def png_chunk(kind, data):
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)


png = (b"\x89PNG\r\n\x1a\n" + png_chunk(b"IHDR", struct.pack(">IIBBBBB", 50000, 50000, 8, 2, 0, 0, 0))
       + png_chunk(b"IDAT", zlib.compress(b"\0" * 16)) + png_chunk(b"IEND", b""))


def tiff_32_by(length):
    # Little-endian baseline TIFF, 8-bit grey, uncompressed, one strip of 32 x 32 bytes.
    entries = [(256, 3, 1, 32), (257, 4, 1, length), (258, 3, 1, 8), (259, 3, 1, 1), (262, 3, 1, 1),
               (273, 4, 1, 8 + 2 + 12 * 11 + 4), (277, 3, 1, 1), (278, 4, 1, length), (279, 4, 1, 32 * 32),
               (284, 3, 1, 1), (296, 3, 1, 1)]
    ifd = struct.pack("<H", len(entries)) + b"".join(struct.pack("<HHII", *e) for e in entries) + struct.pack("<I", 0)
    return b"II*\0" + struct.pack("<I", 8) + ifd + bytes(32 * 32)


def image_model(name, stream):
    raw = "".join("\\%03o" % b for b in stream)
    return model(name, 'node { input: "s" output: "y" op_type: "ImageDecoder" } '
                       'initializer { name: "s" data_type: 2 dims: %d raw_data: "%s" } ' % (len(stream), raw)
                 + tensor_out("y", 2), opset=20)


expect_error("image_png_50000_squared", ["run"] + BUDGET + [image_model("png", png)],
             ["ImageDecoder-20", "PNG stream: a 50000 x 50000 image"], timeout=30)
expect_error("image_tiff_32_by_16711712", ["run"] + BUDGET + [image_model("tiff", tiff_32_by(16711712))],
             ["ImageDecoder-20", "TIFF stream"], timeout=30)

# --- 10. SequenceInsert on a Loop-carried sequence: 40,000 appends run (they took 97 s when each
# copied the sequence).
seq_body = ('name: "b" node { input: "s" input: "k" output: "s2" op_type: "SequenceInsert" } '
            'node { input: "c" output: "c2" op_type: "Identity" } '
            'input { name: "i" type { tensor_type { elem_type: 7 shape { } } } } '
            'input { name: "c" type { tensor_type { elem_type: 9 shape { } } } } '
            'input { name: "s" type { sequence_type { elem_type { tensor_type { elem_type: 1 } } } } } '
            'output { name: "c2" type { tensor_type { elem_type: 9 shape { } } } } '
            'output { name: "s2" type { sequence_type { elem_type { tensor_type { elem_type: 1 } } } } }')
seq_model = model("sequence_insert_loop",
                  'node { output: "s0" op_type: "SequenceEmpty" } '
                  'node { input: "m" input: "" input: "s0" output: "s" op_type: "Loop" attribute { name: "body" type: GRAPH g { %s } } } '
                  'node { input: "s" output: "n" op_type: "SequenceLength" } ' % seq_body
                  + scalar("m", 7, "int64_data", "40000") + 'initializer { name: "k" data_type: 1 dims: 1 float_data: 1 } '
                  + tensor_out("n", 7))
seconds = expect_success("sequence_insert_40000", ["run"] + BUDGET + [seq_model], timeout=60, stdout_words=["40000"])
print("      40,000 SequenceInserts in a Loop: %.2f s (97 s when each copied the sequence)" % seconds)

# --- 11. Time limits: a no-op Loop of 10^7 iterations and an exact 200 x 200 double Det.
noop_body = ('name: "b" node { input: "c" output: "c2" op_type: "Identity" } '
             'node { input: "v" output: "v2" op_type: "Identity" } '
             'input { name: "i" type { tensor_type { elem_type: 7 shape { } } } } '
             'input { name: "c" type { tensor_type { elem_type: 9 shape { } } } } '
             'input { name: "v" type { tensor_type { elem_type: 1 } } } '
             'output { name: "c2" type { tensor_type { elem_type: 9 shape { } } } } '
             'output { name: "v2" type { tensor_type { elem_type: 1 } } }')
expect_error("timeout_noop_loop", ["--timeout", "1", "run", model(
    "noop_loop", 'node { input: "m" input: "" input: "x" output: "y" op_type: "Loop" attribute { name: "body" type: GRAPH g { %s } } } '
                 % noop_body
    + scalar("m", 7, "int64_data", "9999999") + 'initializer { name: "x" data_type: 1 dims: 1 float_data: 1 } ' + tensor_out("y"))],
    ["Loop-16", "time limit of 1 s", "--timeout"], timeout=30)
expect_error("timeout_det_200", ["--timeout", "1", "run", model(
    "det", 'node { output: "a" op_type: "RandomNormal" attribute { name: "shape" type: INTS ints: 200 ints: 200 } '
           'attribute { name: "dtype" type: INT i: 11 } attribute { name: "seed" type: FLOAT f: 1 } } '
           'node { input: "a" output: "d" op_type: "Det" } ' + tensor_out("d", 11))],
    ["Det-", "time limit of 1 s"], timeout=30)

# --- 12. The test harness: a symlink loop, an over-long path, --expect of a device, and JUnit of
# names that are not UTF-8.
suite = os.path.join(WORK, "suite")
good_test = os.path.join(suite, "ok", "test_identity")
os.makedirs(os.path.join(good_test, "test_data_set_0"), exist_ok=True)
encode("ModelProto", 'ir_version: 8 opset_import { domain: "" version: 18 } graph { name: "g" '
       'node { input: "x" output: "y" op_type: "Identity" } ' + tensor_in("x", 1, [1]) + tensor_out("y") + ' }',
       os.path.join(good_test, "model.onnx"))
encode("TensorProto", 'name: "x" data_type: 1 dims: 1 float_data: 1', os.path.join(good_test, "test_data_set_0", "input_0.pb"))
encode("TensorProto", 'name: "y" data_type: 1 dims: 1 float_data: 1', os.path.join(good_test, "test_data_set_0", "output_0.pb"))
odd_name = os.path.join(os.fsencode(suite), b"odd", b"test_\xff\xfe<&>\x01")
os.makedirs(os.path.dirname(odd_name), exist_ok=True)
if not os.path.exists(odd_name):
    os.symlink(os.fsencode(good_test), odd_name + b".link")  # a symlinked test folder: not followed
    subprocess.run(["cp", "-r", good_test, os.fsdecode(odd_name)], check=True)
loop_dir = os.path.join(suite, "loops")
os.makedirs(loop_dir, exist_ok=True)
if not os.path.lexists(os.path.join(loop_dir, "a")):
    os.symlink("b", os.path.join(loop_dir, "a"))
    os.symlink("a", os.path.join(loop_dir, "b"))
deep = os.path.join(suite, "deep")
os.makedirs(deep, exist_ok=True)
fd = os.open(deep, os.O_RDONLY)
for _ in range(25):  # 25 levels of 200 bytes: past PATH_MAX (4096), made relative to stay creatable
    os.mkdir("d" * 200, dir_fd=fd)
    next_fd = os.open("d" * 200, os.O_RDONLY, dir_fd=fd)
    os.close(fd)
    fd = next_fd
os.close(fd)
junit = os.path.join(WORK, "junit.xml")
code, out, err, _ = run(["test", "--no-scoreboard", "--junit", junit, suite], 120)
ok = code == 1 and "is a symlink loop" in out and "longer than PATH_MAX" in out and "2 passed" in out
print("%s  %-34s exit %s: %s" % ("ok  " if ok else "FAIL", "harness_problems_listed", code, out.strip().replace("\n", " | ")[:400]))
if not ok:
    failures.append("harness_problems_listed")
try:
    root = ElementTree.parse(junit).getroot()
    names = [case.get("name") for case in root.iter("testcase")]
    ok = any("\\xff\\xfe<&>\\x01" in (n or "") for n in names)
except ElementTree.ParseError as e:
    ok, names = False, str(e)
print("%s  %-34s %s" % ("ok  " if ok else "FAIL", "junit_well_formed_utf8", names))
if not ok:
    failures.append("junit_well_formed_utf8")
expect_error("expect_dev_zero", ["test", "--expect", "/dev/zero", good_test], ["not a regular file"], timeout=30)

print("%d case(s) failed: %s" % (len(failures), ", ".join(failures)) if failures else "all cases passed")
sys.exit(1 if failures else 0)
