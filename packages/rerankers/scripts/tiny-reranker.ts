/**
 * Writes a tiny, valid transformers.js sequence-classification model folder (a BERT-style WordPiece tokenizer
 * with a pair template, and an ONNX graph) so the cross-encoder backend can be tested end to end without weights.
 *
 * For token ids `t`, token type ids `y` and attention mask `m` (shape [batch, seq]) the graph computes
 *
 *     pooled[b, :] = Σ_s m[b, s] · (W[t[b, s], :] + T[y[b, s], :])
 *     logits[b, 0] = Σ_h tanh(pooled[b, h]) · C[h] + bias
 *
 * with a word table `W` (vocab × 8), a token-type table `T` (2 × 8), a classifier `C` (8) and `bias` = 1/8.
 * Padding is masked out, so a pair's logit does not depend on the batch it is in; `tanh` makes the query and
 * document interact, so different pairs get different logits. Entries are multiples of 1/8 (exact in float32).
 *
 * The ONNX protobuf is encoded with protobufjs from a hand-written subset of `onnx.proto` (field numbers from
 * https://github.com/onnx/onnx/blob/main/onnx/onnx.proto).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  encodeOnnxModel,
  ONNX_ATTR_INT,
  ONNX_FLOAT,
  ONNX_INT64,
  onnxValueInfo,
  wordPieceTokenizerJson,
} from '@execret/test-kit';

/** Vocabulary of the tiny tokenizer, in id order. */
export const TINY_RERANKER_VOCAB: readonly string[] = [
  '[PAD]',
  '[UNK]',
  '[CLS]',
  '[SEP]',
  'sort',
  'a',
  'list',
  'of',
  'numbers',
  'def',
  'return',
  'sorted',
  'x',
  'reverse',
  'the',
  'string',
  'add',
  'two',
  'y',
  'is',
  'even',
  'count',
  'words',
  'in',
  'text',
  'split',
  'len',
  'max',
  'min',
  'merge',
  'lists',
  'binary',
  'search',
];

/** Hidden size of the tiny model. */
export const TINY_RERANKER_HIDDEN = 8;
/** The tokenizer's `model_max_length`. */
export const TINY_RERANKER_MAX_LENGTH = 64;

/** Word-embedding entry W[v][h]. */
export function tinyRerankerWord(v: number, h: number): number {
  return (((v * 5 + h * 3 + 1) % 17) - 8) / 8;
}

/** Token-type entry T[y][h] (zero for type 0). */
export function tinyRerankerType(y: number, h: number): number {
  return y === 0 ? 0 : (((h * 7 + 3) % 5) - 2) / 4;
}

/** Classifier weight C[h]. */
export function tinyRerankerClassifier(h: number): number {
  return (((h * 3 + 2) % 7) - 3) / 4;
}

/** Classifier bias. */
export const TINY_RERANKER_BIAS = 0.125;

/** Encodes the tiny sequence-classification graph as ONNX protobuf bytes. */
export function encodeTinyRerankerOnnx(): Uint8Array {
  const H = TINY_RERANKER_HIDDEN;
  const words: number[] = [];
  for (let v = 0; v < TINY_RERANKER_VOCAB.length; v++) for (let h = 0; h < H; h++) words.push(tinyRerankerWord(v, h));
  const types: number[] = [];
  for (let y = 0; y < 2; y++) for (let h = 0; h < H; h++) types.push(tinyRerankerType(y, h));
  const classifier = Array.from({ length: H }, (_, h) => tinyRerankerClassifier(h));
  const graph = {
    name: 'execret_tiny_cross_encoder',
    initializer: [
      { name: 'word_embeddings', dims: [TINY_RERANKER_VOCAB.length, H], dataType: ONNX_FLOAT, floatData: words },
      { name: 'type_embeddings', dims: [2, H], dataType: ONNX_FLOAT, floatData: types },
      { name: 'classifier_weight', dims: [H, 1], dataType: ONNX_FLOAT, floatData: classifier },
      { name: 'classifier_bias', dims: [1], dataType: ONNX_FLOAT, floatData: [TINY_RERANKER_BIAS] },
      { name: 'last_axis', dims: [1], dataType: ONNX_INT64, int64Data: [-1] },
      { name: 'seq_axis', dims: [1], dataType: ONNX_INT64, int64Data: [1] },
    ],
    node: [
      { name: 'tok', opType: 'Gather', input: ['word_embeddings', 'input_ids'], output: ['tok'] },
      { name: 'typ', opType: 'Gather', input: ['type_embeddings', 'token_type_ids'], output: ['typ'] },
      { name: 'emb', opType: 'Add', input: ['tok', 'typ'], output: ['emb'] },
      {
        name: 'cast',
        opType: 'Cast',
        input: ['attention_mask'],
        output: ['mask_f'],
        attribute: [{ name: 'to', i: ONNX_FLOAT, type: ONNX_ATTR_INT }],
      },
      { name: 'unsq', opType: 'Unsqueeze', input: ['mask_f', 'last_axis'], output: ['mask_3d'] },
      { name: 'masked', opType: 'Mul', input: ['emb', 'mask_3d'], output: ['masked'] },
      {
        name: 'pool',
        opType: 'ReduceSum',
        input: ['masked', 'seq_axis'],
        output: ['pooled'],
        attribute: [{ name: 'keepdims', i: 0, type: ONNX_ATTR_INT }],
      },
      { name: 'act', opType: 'Tanh', input: ['pooled'], output: ['act'] },
      { name: 'proj', opType: 'MatMul', input: ['act', 'classifier_weight'], output: ['proj'] },
      { name: 'bias', opType: 'Add', input: ['proj', 'classifier_bias'], output: ['logits'] },
    ],
    input: [
      onnxValueInfo('input_ids', ONNX_INT64, ['batch', 'sequence']),
      onnxValueInfo('attention_mask', ONNX_INT64, ['batch', 'sequence']),
      onnxValueInfo('token_type_ids', ONNX_INT64, ['batch', 'sequence']),
    ],
    output: [onnxValueInfo('logits', ONNX_FLOAT, ['batch', 1])],
  };
  return encodeOnnxModel(graph, 'execret-make-tiny-reranker');
}

/**
 * Writes the tiny cross-encoder folder: `config.json`, `tokenizer.json`, `tokenizer_config.json`, `onnx/model.onnx`.
 *
 * @example
 * await writeTinyReranker('/tmp/models/execret/tiny-cross-encoder');
 * // localModelPath = '/tmp/models', model 'execret/tiny-cross-encoder'
 */
export async function writeTinyReranker(dir: string): Promise<string> {
  await mkdir(join(dir, 'onnx'), { recursive: true });
  const config = {
    architectures: ['BertForSequenceClassification'],
    model_type: 'bert',
    hidden_size: TINY_RERANKER_HIDDEN,
    num_attention_heads: 1,
    num_hidden_layers: 1,
    intermediate_size: TINY_RERANKER_HIDDEN,
    max_position_embeddings: TINY_RERANKER_MAX_LENGTH,
    vocab_size: TINY_RERANKER_VOCAB.length,
    type_vocab_size: 2,
    pad_token_id: 0,
    id2label: { '0': 'LABEL_0' },
    label2id: { LABEL_0: 0 },
  };
  const tokenizerConfig = {
    tokenizer_class: 'BertTokenizer',
    do_lower_case: true,
    model_max_length: TINY_RERANKER_MAX_LENGTH,
    padding_side: 'right',
    pad_token: '[PAD]',
    unk_token: '[UNK]',
    cls_token: '[CLS]',
    sep_token: '[SEP]',
    clean_up_tokenization_spaces: true,
  };
  await writeFile(join(dir, 'config.json'), `${JSON.stringify(config, null, 2)}\n`);
  await writeFile(
    join(dir, 'tokenizer.json'),
    `${JSON.stringify(wordPieceTokenizerJson(TINY_RERANKER_VOCAB), null, 2)}\n`,
  );
  await writeFile(join(dir, 'tokenizer_config.json'), `${JSON.stringify(tokenizerConfig, null, 2)}\n`);
  await writeFile(join(dir, 'onnx', 'model.onnx'), encodeTinyRerankerOnnx());
  return dir;
}
