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
 * The ONNX protobuf is encoded with protobufjs from a hand-written subset of `onnx.proto` (field numbers
 * from https://github.com/onnx/onnx/blob/main/onnx/onnx.proto).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import protobuf from 'protobufjs';

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
}

const ONNX_SUBSET = `
syntax = "proto3";
package onnx;
message OperatorSetIdProto { string domain = 1; int64 version = 2; }
message TensorShapeProto {
  message Dimension { oneof value { int64 dim_value = 1; string dim_param = 2; } }
  repeated Dimension dim = 1;
}
message TypeProto {
  message Tensor { int32 elem_type = 1; TensorShapeProto shape = 2; }
  oneof value { Tensor tensor_type = 1; }
}
message ValueInfoProto { string name = 1; TypeProto type = 2; }
message TensorProto {
  repeated int64 dims = 1;
  int32 data_type = 2;
  repeated float float_data = 4;
  repeated int64 int64_data = 7;
  string name = 8;
}
message AttributeProto {
  string name = 1;
  int64 i = 3;
  int32 type = 20;
}
message NodeProto {
  repeated string input = 1;
  repeated string output = 2;
  string name = 3;
  string op_type = 4;
  repeated AttributeProto attribute = 5;
}
message GraphProto {
  repeated NodeProto node = 1;
  string name = 2;
  repeated TensorProto initializer = 5;
  repeated ValueInfoProto input = 11;
  repeated ValueInfoProto output = 12;
}
message ModelProto {
  int64 ir_version = 1;
  string producer_name = 2;
  GraphProto graph = 7;
  repeated OperatorSetIdProto opset_import = 8;
}
`;

const FLOAT = 1;
const INT64 = 7;
const ATTR_INT = 2;

function floatTensor(name: string, dims: number[], values: number[]) {
  return { name, dims, dataType: FLOAT, floatData: values };
}

function int64Tensor(name: string, dims: number[], values: number[]) {
  return { name, dims, dataType: INT64, int64Data: values };
}

function valueInfo(name: string, elemType: number, dims: (number | string)[]) {
  return {
    name,
    type: {
      tensorType: {
        elemType,
        shape: {
          dim: dims.map((d) => (typeof d === 'number' ? { dimValue: d } : { dimParam: d })),
        },
      },
    },
  };
}

/** Encodes the tiny model graph as ONNX protobuf bytes. */
export function encodeTinyOnnx(): Uint8Array {
  const root = protobuf.parse(ONNX_SUBSET).root;
  const ModelProto = root.lookupType('onnx.ModelProto');
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
      floatTensor('word_embeddings', [TINY_VOCAB.length, TINY_HIDDEN], words),
      floatTensor('position_embeddings', [TINY_MAX_POSITIONS, TINY_HIDDEN], positions),
      int64Tensor('zero', [], [0]),
      int64Tensor('one', [], [1]),
      int64Tensor('last_axis', [1], [-1]),
      int64Tensor('seq_axis', [1], [1]),
      floatTensor('eighth', [], [0.125]),
    ],
    node: [
      { name: 'tok', opType: 'Gather', input: ['word_embeddings', 'input_ids'], output: ['tok'] },
      {
        name: 'cast',
        opType: 'Cast',
        input: ['attention_mask'],
        output: ['mask_f'],
        attribute: [{ name: 'to', i: FLOAT, type: ATTR_INT }],
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
        attribute: [{ name: 'axis', i: 0, type: ATTR_INT }],
      },
      { name: 'range', opType: 'Range', input: ['zero', 'seq_len', 'one'], output: ['pos_ids'] },
      { name: 'pos', opType: 'Gather', input: ['position_embeddings', 'pos_ids'], output: ['pos'] },
      { name: 'tok_pos', opType: 'Add', input: ['tok', 'pos'], output: ['tok_pos'] },
      { name: 'sum', opType: 'Add', input: ['tok_pos', 'ctx'], output: ['summed'] },
      { name: 'mul', opType: 'Mul', input: ['summed', 'mask_3d'], output: ['last_hidden_state'] },
    ],
    input: [
      valueInfo('input_ids', INT64, ['batch', 'sequence']),
      valueInfo('attention_mask', INT64, ['batch', 'sequence']),
    ],
    output: [valueInfo('last_hidden_state', FLOAT, ['batch', 'sequence', TINY_HIDDEN])],
  };
  const model = {
    irVersion: 7,
    producerName: 'execret-make-tiny-model',
    opsetImport: [{ domain: '', version: 13 }],
    graph,
  };
  const problem = ModelProto.verify(model);
  if (problem) throw new Error(`tiny model: invalid ModelProto: ${problem}`);
  return ModelProto.encode(ModelProto.fromObject(model)).finish();
}

function tokenizerJson(): unknown {
  const vocab: Record<string, number> = {};
  TINY_VOCAB.forEach((token, id) => {
    vocab[token] = id;
  });
  const special = (id: number) => ({
    id,
    content: TINY_VOCAB[id],
    single_word: false,
    lstrip: false,
    rstrip: false,
    normalized: false,
    special: true,
  });
  return {
    version: '1.0',
    truncation: null,
    padding: null,
    added_tokens: [special(0), special(1), special(2), special(3)],
    normalizer: {
      type: 'BertNormalizer',
      clean_text: true,
      handle_chinese_chars: true,
      strip_accents: null,
      lowercase: true,
    },
    pre_tokenizer: { type: 'BertPreTokenizer' },
    post_processor: {
      type: 'TemplateProcessing',
      single: [
        { SpecialToken: { id: '[CLS]', type_id: 0 } },
        { Sequence: { id: 'A', type_id: 0 } },
        { SpecialToken: { id: '[SEP]', type_id: 0 } },
      ],
      pair: [
        { SpecialToken: { id: '[CLS]', type_id: 0 } },
        { Sequence: { id: 'A', type_id: 0 } },
        { SpecialToken: { id: '[SEP]', type_id: 0 } },
        { Sequence: { id: 'B', type_id: 1 } },
        { SpecialToken: { id: '[SEP]', type_id: 1 } },
      ],
      special_tokens: {
        '[CLS]': { id: '[CLS]', ids: [2], tokens: ['[CLS]'] },
        '[SEP]': { id: '[SEP]', ids: [3], tokens: ['[SEP]'] },
      },
    },
    decoder: { type: 'WordPiece', prefix: '##', cleanup: true },
    model: {
      type: 'WordPiece',
      unk_token: '[UNK]',
      continuing_subword_prefix: '##',
      max_input_chars_per_word: 100,
      vocab,
    },
  };
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
  await writeFile(join(dir, 'tokenizer.json'), `${JSON.stringify(tokenizerJson(), null, 2)}\n`);
  await writeFile(join(dir, 'tokenizer_config.json'), `${JSON.stringify(tokenizerConfig, null, 2)}\n`);
  await writeFile(join(dir, 'onnx', 'model.onnx'), encodeTinyOnnx());
  return dir;
}
