"""Seeds a libFuzzer corpus folder: each file named on stdin (NUL-separated) is copied in under the
SHA-1 of its content, so seeding twice adds nothing twice. With --prefixes, each file is copied once
per prefix byte, that byte first (fuzz_json's first byte picks the declared element type).

One process instead of four per file: the node tests hold some 18,000 small .pb files.
"""
import argparse
import hashlib
import os
import sys


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("corpus")
    parser.add_argument("--prefixes", type=int, nargs="*", default=None)
    args = parser.parse_args()
    os.makedirs(args.corpus, exist_ok=True)
    names = [n for n in sys.stdin.buffer.read().split(b"\0") if n]
    for name in names:
        with open(name, "rb") as f:
            content = f.read()
        for prefix in args.prefixes if args.prefixes is not None else [None]:
            data = content if prefix is None else bytes([prefix]) + content
            digest = hashlib.sha1(data).hexdigest()
            with open(os.path.join(args.corpus, digest), "wb") as out:
                out.write(data)


if __name__ == "__main__":
    main()
