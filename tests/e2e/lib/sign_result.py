#!/usr/bin/env python3
"""sign_result.py KEY FILE... — signs gradebox.result/1 files in place with an
Ed25519 private key (PEM), the way docs/lms.md#signed-results says a result is
signed: over the document without its "signature" member, serialised
compactly, members in document order.

A test that posts a result it wrote by hand signs it with this, as `grader
check` would have; it is written from the docs, not from the grader's C, so a
result it signs that `grader post` refuses means the two disagree on what is
signed.  Numbers must be written as cJSON prints them (integers without ".0").
"""
import base64
import hashlib
import json
import sys

from cryptography.hazmat.primitives import serialization


def main():
    if len(sys.argv) < 3:
        sys.exit("usage: sign_result.py KEY FILE...")
    with open(sys.argv[1], "rb") as f:
        key = serialization.load_pem_private_key(f.read(), password=None)
    raw = key.public_key().public_bytes(serialization.Encoding.Raw,
                                        serialization.PublicFormat.Raw)
    key_id = hashlib.sha256(raw).hexdigest()[:16]
    for path in sys.argv[2:]:
        with open(path, encoding="utf-8") as f:
            doc = json.load(f)
        doc.pop("signature", None)
        msg = json.dumps(doc, separators=(",", ":"), ensure_ascii=False).encode()
        doc["signature"] = {"alg": "Ed25519", "key_id": key_id,
                            "value": base64.b64encode(key.sign(msg)).decode()}
        with open(path, "w", encoding="utf-8") as f:
            json.dump(doc, f, separators=(",", ":"), ensure_ascii=False)


main()
