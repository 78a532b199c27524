"""The PEP 517 build backend of the onnx_ref Python package (`pip install .`).

It needs nothing downloaded: no setuptools, no scikit-build-core (Debian 12 has none). It builds
the pybind11 module with the project's own CMake build, for the interpreter pip runs it with (a
venv's python included), and zips the package into a wheel by hand (the wheel format is a zip file
with three small metadata files).

Environment:
  ONNX_REF_BUILD_DIR   an existing CMake build tree of this checkout to build in (default:
                       build-wheel/ in the checkout, configured on first use)
  ONNX_REF_CMAKE_ARGS  extra configure arguments, split on spaces
"""
import base64
import io
import hashlib
import os
import pathlib
import re
import shlex
import shutil
import subprocess
import sys
import sysconfig
import tarfile
import zipfile

ROOT = pathlib.Path(__file__).resolve().parents[2]
DIST_NAME = "onnx_ref"
SUMMARY = "A reference interpreter for ONNX: every floating result is the exact result rounded once"


def _version():
    text = (ROOT / "CMakeLists.txt").read_text()
    match = re.search(r"project\(\s*onnx_ref\s+VERSION\s+([0-9.]+)", text)
    if not match:
        raise RuntimeError("CMakeLists.txt names no project VERSION")
    return match.group(1)


def _wheel_tag():
    python = f"cp{sys.version_info.major}{sys.version_info.minor}"
    platform = sysconfig.get_platform().replace("-", "_").replace(".", "_")
    return f"{python}-{python}-{platform}"


def _metadata():
    return (
        "Metadata-Version: 2.1\n"
        f"Name: {DIST_NAME}\n"
        f"Version: {_version()}\n"
        f"Summary: {SUMMARY}\n"
        "Requires-Python: >=3.9\n"
        "Requires-Dist: numpy\n"
    )


def _wheel_file():
    return f"Wheel-Version: 1.0\nGenerator: onnx_ref_build\nRoot-Is-Purelib: false\nTag: {_wheel_tag()}\n"


def _dist_info():
    return f"{DIST_NAME}-{_version()}.dist-info"


def _run(command):
    print("onnx_ref_build: " + " ".join(str(c) for c in command), file=sys.stderr, flush=True)
    subprocess.run([str(c) for c in command], check=True)


def _build_package():
    """Builds the module and returns the folder holding the importable package onnx_ref/."""
    build = pathlib.Path(os.environ.get("ONNX_REF_BUILD_DIR") or ROOT / "build-wheel").resolve()
    if not (build / "CMakeCache.txt").exists():
        configure = ["cmake", "-S", ROOT, "-B", build, "-DCMAKE_BUILD_TYPE=Release", "-DONNX_REF_UNITY_BUILD=ON",
                     "-DONNX_REF_PYTHON=ON", f"-DPYTHON={sys.executable}"]
        if shutil.which("ccache"):
            configure.append("-DCMAKE_CXX_COMPILER_LAUNCHER=ccache")
        configure += shlex.split(os.environ.get("ONNX_REF_CMAKE_ARGS", ""))
        _run(configure)
    _run(["cmake", "--build", build, "-j", str(os.cpu_count() or 1), "--target", "onnx_ref_python"])
    package = build / "python" / "onnx_ref"
    suffix = sysconfig.get_config_var("EXT_SUFFIX")
    if not (package / f"_core{suffix}").exists():
        raise RuntimeError(f"{build} holds no _core{suffix}: it was configured for another Python than {sys.executable}")
    return package


def _record_line(name, data):
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{name},sha256={digest},{len(data)}"


# ---- The PEP 517 hooks ----

def get_requires_for_build_wheel(config_settings=None):
    return []


def get_requires_for_build_sdist(config_settings=None):
    return []


def prepare_metadata_for_build_wheel(metadata_directory, config_settings=None):
    info = pathlib.Path(metadata_directory) / _dist_info()
    info.mkdir(parents=True, exist_ok=True)
    (info / "METADATA").write_text(_metadata())
    (info / "WHEEL").write_text(_wheel_file())
    return info.name


def build_wheel(wheel_directory, config_settings=None, metadata_directory=None):
    package = _build_package()
    suffix = sysconfig.get_config_var("EXT_SUFFIX")
    files = {}
    for path in sorted(package.iterdir()):
        if path.suffix in (".py", ".pyi") or path.name == "py.typed" or path.name == f"_core{suffix}":
            files[f"onnx_ref/{path.name}"] = path.read_bytes()
    info = _dist_info()
    files[f"{info}/METADATA"] = _metadata().encode()
    files[f"{info}/WHEEL"] = _wheel_file().encode()
    files[f"{info}/top_level.txt"] = b"onnx_ref\n"
    record = [_record_line(name, data) for name, data in files.items()] + [f"{info}/RECORD,,"]
    files[f"{info}/RECORD"] = ("\n".join(record) + "\n").encode()
    name = f"{DIST_NAME}-{_version()}-{_wheel_tag()}.whl"
    with zipfile.ZipFile(pathlib.Path(wheel_directory) / name, "w", zipfile.ZIP_DEFLATED) as wheel:
        for member, data in files.items():
            entry = zipfile.ZipInfo(member, date_time=(2026, 1, 1, 0, 0, 0))
            entry.external_attr = (0o755 if member.endswith(suffix) else 0o644) << 16
            wheel.writestr(entry, data, zipfile.ZIP_DEFLATED)
    return name


def build_sdist(sdist_directory, config_settings=None):
    """The files git tracks in this checkout, under onnx_ref-VERSION/."""
    listed = subprocess.run(["git", "-C", ROOT, "ls-files", "-z"], check=True, capture_output=True).stdout
    base = f"{DIST_NAME}-{_version()}"
    name = f"{base}.tar.gz"
    with tarfile.open(pathlib.Path(sdist_directory) / name, "w:gz") as sdist:
        for relative in sorted(p for p in listed.decode().split("\0") if p):
            sdist.add(ROOT / relative, arcname=f"{base}/{relative}", recursive=False)
        info = tarfile.TarInfo(f"{base}/PKG-INFO")
        data = _metadata().encode()
        info.size = len(data)
        sdist.addfile(info, io.BytesIO(data))
    return name
