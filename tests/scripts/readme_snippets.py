"""Runs every ```python block of README.md and docs/*.md as written, from the checkout's root, each
in a fresh interpreter (this one), and fails on the first that raises. A block that builds backend
test cases (`backend_test(__name__)`) is a pytest module, as the README says to use it: it is run
under pytest, which must report no failure.

usage: readme_snippets.py SOURCE_DIR     (exit 77, skipped, when numpy, onnx or pytest is missing)
"""
import glob
import importlib.util
import os
import re
import subprocess
import sys
import tempfile

source = os.path.abspath(sys.argv[1])
missing = [m for m in ("numpy", "onnx", "pytest") if importlib.util.find_spec(m) is None]
if missing:
    print(f"skipped: {sys.executable} lacks {', '.join(missing)}")
    sys.exit(77)

documents = [os.path.join(source, "README.md")] + sorted(glob.glob(os.path.join(source, "docs", "*.md")))
failures = 0
count = 0
with tempfile.TemporaryDirectory() as scratch:
    for document in documents:
        with open(document, encoding="utf-8") as f:
            text = f.read()
        for match in re.finditer(r"^```python\n(.*?)^```", text, re.S | re.M):
            count += 1
            line = text.count("\n", 0, match.start()) + 1
            where = f"{os.path.relpath(document, source)}:{line}"
            code = match.group(1)
            if "backend_test(" in code:
                module = os.path.join(scratch, f"test_snippet_{count}.py")
                with open(module, "w", encoding="utf-8") as f:
                    f.write(code)
                command = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-rfE", module]
            else:
                command = [sys.executable, "-c", code]
            result = subprocess.run(command, cwd=source, capture_output=True, text=True)
            tail = (result.stdout + result.stderr).strip().splitlines()[-1:] or [""]
            if result.returncode != 0:
                failures += 1
                print(f"FAIL: {where}: exit {result.returncode}\n{result.stdout}{result.stderr}")
            else:
                print(f"ok: {where} ({tail[0]})" if command[1] == "-m" else f"ok: {where}")
print(f"{count} snippet(s), {failures} failed")
if count == 0:
    print("FAIL: no ```python block found")
    sys.exit(1)
sys.exit(1 if failures else 0)
