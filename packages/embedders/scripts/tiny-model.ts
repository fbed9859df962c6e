/**
 * Writes a tiny, valid transformers.js model folder (BERT-style WordPiece tokenizer plus an ONNX graph)
 * so the local embedding path can be tested end to end without downloading weights.
 *
 * The graph computes, for token ids `t` (shape [batch, seq]) and attention mask `m`:
 *
 *     C[b, :] = (1/8) · Σ_s m[b, s] · W[t[b, s], :]                  (a context term, like attention)
 *     last_hidden_state[b, s, :] = (W[t[b, s], :] + P[s, :] + C[b, :]) · m[b, s]
 *
 * where `W` is the word-embedding table and `P` the absolute-position table (`s` counts from the left edge
 * of the padded batch, so left padding shifts the positions of real tokens — which makes the padding side
 * observable in tests). The context term makes every state, [CLS] included, depend on the whole text and
 * not on padding. Table entries are multiples of 1/8, exactly representable in float32.
 *
 * The ONNX protobuf and the tokenizer are written by `@execret/test-kit`'s tiny-model helpers.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  encodeOnnxModel,
  ONNX_ATTR_INT,
  ONNX_FLOAT,
  ONNX_INT64,
  onnxFloatTensor,
  onnxInt64Tensor,
  onnxValueInfo,
  wordPieceTokenizerJson,
} from '@execret/test-kit';

/** Vocabulary of the tiny WordPiece tokenizer, in id order. */
export const TINY_VOCAB: readonly string[] = [
  '[PAD]',
  '[UNK]',
  '[CLS]',
  '[SEP]',
  'query',
  'passage',
  ':',
  'def',
  'return',
  'sum',
  'of',
  'a',
  'list',
  'sort',
  'the',
  'numbers',
  'x',
  'y',
  '+',
  '-',
  '(',
  ')',
  ',',
  'represent',
  'this',
  'for',
  'searching',
  'relevant',
  'code',
  'instruct',
  'find',
  'add',
  'two',
  '##s',
  'is',
  'even',
];

/** Hidden size of the tiny model. */
export const TINY_HIDDEN = 8;
/** Number of absolute positions (also the tokenizer's `model_max_length`). */
export const TINY_MAX_POSITIONS = 24;

/** Word-embedding entry W[v][h], a multiple of 1/8 in [-1, 1]. */
export function tinyWordWeight(v: number, h: number): number {
  return (((v * 5 + h * 3 + 1) % 17) - 8) / 8;
}

/** Position-embedding entry P[s][h], a multiple of 1/8 in [-0.5, 0.5]. */
export function tinyPositionWeight(s: number, h: number): number {
  return (((s * 3 + h * 7) % 9) - 4) / 8;
}

/** Options of {@link writeTinyModel}. */
export interface WriteTinyModelOptions {
  /** Tokenizer padding side written into `tokenizer_config.json` (default `'right'`, as for BERT). */
  paddingSide?: 'left' | 'right';
  /**
   * The factor of the context term (default `1/8`, the committed fixture's): another value gives other weights with
   * the same configuration and tokenizer, for tests of what changes when only the weights do.
   */
  contextScale?: number;
}

/** Encodes the tiny model graph as ONNX protobuf bytes (`contextScale`: the context term's factor, default 1/8). */
export function encodeTinyOnnx(contextScale = 0.125): Uint8Array {
  const words: number[] = [];
  for (let v = 0; v < TINY_VOCAB.length; v++) {
    for (let h = 0; h < TINY_HIDDEN; h++) words.push(tinyWordWeight(v, h));
  }
  const positions: number[] = [];
  for (let s = 0; s < TINY_MAX_POSITIONS; s++) {
    for (let h = 0; h < TINY_HIDDEN; h++) positions.push(tinyPositionWeight(s, h));
  }
  const graph = {
    name: 'execret_tiny_bert',
    initializer: [
      onnxFloatTensor('word_embeddings', [TINY_VOCAB.length, TINY_HIDDEN], words),
      onnxFloatTensor('position_embeddings', [TINY_MAX_POSITIONS, TINY_HIDDEN], positions),
      onnxInt64Tensor('zero', [], [0]),
      onnxInt64Tensor('one', [], [1]),
      onnxInt64Tensor('last_axis', [1], [-1]),
      onnxInt64Tensor('seq_axis', [1], [1]),
      onnxFloatTensor('eighth', [], [contextScale]),
    ],
    node: [
      { name: 'tok', opType: 'Gather', input: ['word_embeddings', 'input_ids'], output: ['tok'] },
      {
        name: 'cast',
        opType: 'Cast',
        input: ['attention_mask'],
        output: ['mask_f'],
        attribute: [{ name: 'to', i: ONNX_FLOAT, type: ONNX_ATTR_INT }],
      },
      { name: 'unsq', opType: 'Unsqueeze', input: ['mask_f', 'last_axis'], output: ['mask_3d'] },
      { name: 'masked_tok', opType: 'Mul', input: ['tok', 'mask_3d'], output: ['masked_tok'] },
      { name: 'ctx_sum', opType: 'ReduceSum', input: ['masked_tok', 'seq_axis'], output: ['ctx_sum'] },
      { name: 'ctx', opType: 'Mul', input: ['ctx_sum', 'eighth'], output: ['ctx'] },
      { name: 'shape', opType: 'Shape', input: ['input_ids'], output: ['shape'] },
      {
        name: 'seq_len',
        opType: 'Gather',
        input: ['shape', 'one'],
        output: ['seq_len'],
        attribute: [{ name: 'axis', i: 0, type: ONNX_ATTR_INT }],
      },
      { name: 'range', opType: 'Range', input: ['zero', 'seq_len', 'one'], output: ['pos_ids'] },
      { name: 'pos', opType: 'Gather', input: ['position_embeddings', 'pos_ids'], output: ['pos'] },
      { name: 'tok_pos', opType: 'Add', input: ['tok', 'pos'], output: ['tok_pos'] },
      { name: 'sum', opType: 'Add', input: ['tok_pos', 'ctx'], output: ['summed'] },
      { name: 'mul', opType: 'Mul', input: ['summed', 'mask_3d'], output: ['last_hidden_state'] },
    ],
    input: [
      onnxValueInfo('input_ids', ONNX_INT64, ['batch', 'sequence']),
      onnxValueInfo('attention_mask', ONNX_INT64, ['batch', 'sequence']),
    ],
    output: [onnxValueInfo('last_hidden_state', ONNX_FLOAT, ['batch', 'sequence', TINY_HIDDEN])],
  };
  return encodeOnnxModel(graph, 'execret-make-tiny-model');
}

/**
 * Writes the tiny model folder: `config.json`, `tokenizer.json`, `tokenizer_config.json` and
 * `onnx/model.onnx` (fp32 only).
 *
 * @param dir Folder to create (parents included); existing files are overwritten.
 * @returns The folder path.
 * @example
 * await writeTinyModel('/tmp/models/execret/tiny-bert');
 * // env.localModelPath = '/tmp/models'; model id 'execret/tiny-bert'
 */
export async function writeTinyModel(dir: string, options: WriteTinyModelOptions = {}): Promise<string> {
  await mkdir(join(dir, 'onnx'), { recursive: true });
  const config = {
    architectures: ['BertModel'],
    model_type: 'bert',
    hidden_size: TINY_HIDDEN,
    num_attention_heads: 1,
    num_hidden_layers: 1,
    intermediate_size: TINY_HIDDEN,
    max_position_embeddings: TINY_MAX_POSITIONS,
    vocab_size: TINY_VOCAB.length,
    type_vocab_size: 1,
    pad_token_id: 0,
  };
  const tokenizerConfig = {
    tokenizer_class: 'BertTokenizer',
    do_lower_case: true,
    model_max_length: TINY_MAX_POSITIONS,
    padding_side: options.paddingSide ?? 'right',
    pad_token: '[PAD]',
    unk_token: '[UNK]',
    cls_token: '[CLS]',
    sep_token: '[SEP]',
    clean_up_tokenization_spaces: true,
  };
  await writeFile(join(dir, 'config.json'), `${JSON.stringify(config, null, 2)}\n`);
  await writeFile(join(dir, 'tokenizer.json'), `${JSON.stringify(wordPieceTokenizerJson(TINY_VOCAB), null, 2)}\n`);
  await writeFile(join(dir, 'tokenizer_config.json'), `${JSON.stringify(tokenizerConfig, null, 2)}\n`);
  await writeFile(join(dir, 'onnx', 'model.onnx'), encodeTinyOnnx(options.contextScale));
  return dir;
}
